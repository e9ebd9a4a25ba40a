//===- SetSimilarity.h - Interned string sets and their overlap -*- C++ -*-===//
//
// Part of graph-diff.
//
// caliper's metrics are overlaps of string sets. Comparing N versions means
// N(N-1)/2 overlaps of sets of up to ~10^5 strings, so strings are interned
// once (string -> 32-bit id; Import/StringSets.h) and each set is a sorted
// vector of ids: an overlap is then one merge over two integer arrays, with
// no hashing and no string compares.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_SIMILARITY_DIFF_SETSIMILARITY_H
#define GRAPHDIFF_SIMILARITY_DIFF_SETSIMILARITY_H

#include "GraphDiff/Similarity/Import/StringSets.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <string>

namespace graphdiff {

/// |a ∩ b| by a linear merge (galloping through the larger set when the two
/// sizes are far apart).
size_t countCommon(llvm::ArrayRef<uint32_t> a, llvm::ArrayRef<uint32_t> b);

/// caliper's "information coefficient", the Sørensen–Dice coefficient
/// 2|A∩B| / (|A|+|B|), computed as caliper computes it (2.0 * common / total)
/// so that the doubles are bit-identical. Two empty sets are identical: 1.
double diceSimilarity(size_t sizeA, size_t sizeB, size_t common);

/// What two sets do not share, for a reader: "1.0 has 12, 1.1 has 15, 11
/// shared; only in 1.0: x, y; only in 1.1: z, w, +2 more" (`nameA` and
/// `nameB` name the sets), listing the first `examples` ids per side: after
/// sortByString(), the smallest strings. One merge over the two sets.
std::string describeSetDifference(const StringInterner &interner,
                                  llvm::ArrayRef<uint32_t> a,
                                  llvm::ArrayRef<uint32_t> b,
                                  llvm::StringRef nameA, llvm::StringRef nameB,
                                  unsigned examples = 3);

} // namespace graphdiff

#endif // GRAPHDIFF_SIMILARITY_DIFF_SETSIMILARITY_H
