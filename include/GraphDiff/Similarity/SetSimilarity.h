//===- SetSimilarity.h - Interned string sets and their overlap -*- C++ -*-===//
//
// Part of graph-diff.
//
// caliper's metrics are overlaps of string sets. Comparing N versions means
// N(N-1)/2 overlaps of sets of up to ~10^5 strings, so strings are interned
// once (string -> 32-bit id) and each set is a sorted vector of ids: an
// overlap is then one merge over two integer arrays, with no hashing and no
// string compares.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_SIMILARITY_SETSIMILARITY_H
#define GRAPHDIFF_SIMILARITY_SETSIMILARITY_H

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Allocator.h"

#include <array>
#include <cstdint>
#include <mutex>
#include <string>
#include <vector>

namespace graphdiff {

/// A set of interned strings: ids, sorted ascending, without repeats.
using IdSet = std::vector<uint32_t>;

/// Maps strings to ids; intern() is safe to call from many threads at once
/// (the table is split into independently locked shards), so the ids it
/// hands out depend on timing. Once every string is in, sortByString()
/// renumbers them to their rank in string order: the ids become
/// deterministic, and a set sorted by id is sorted by string.
class StringInterner {
public:
  StringInterner() = default;
  StringInterner(const StringInterner &) = delete;
  StringInterner &operator=(const StringInterner &) = delete;

  /// Not after sortByString().
  uint32_t intern(llvm::StringRef string);
  /// Makes each id the rank of its string in byte order and returns the map
  /// from old ids to new ones (indexed by old id). Not thread-safe.
  std::vector<uint32_t> sortByString();
  /// The string of `id` (valid for the interner's lifetime). Lock-free after
  /// sortByString().
  llvm::StringRef lookup(uint32_t id) const;
  size_t size() const;

private:
  /// The strings by id, once sorted.
  std::vector<llvm::StringRef> sorted;
  bool isSorted = false;

  static constexpr unsigned shardBits = 6;
  struct Shard {
    mutable std::mutex mutex;
    llvm::StringMap<uint32_t, llvm::BumpPtrAllocator> ids;
    std::vector<llvm::StringRef> strings;
  };
  std::array<Shard, 1u << shardBits> shards;
};

/// Sorts and deduplicates `ids` into a set.
IdSet makeIdSet(std::vector<uint32_t> ids);

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

#endif // GRAPHDIFF_SIMILARITY_SETSIMILARITY_H
