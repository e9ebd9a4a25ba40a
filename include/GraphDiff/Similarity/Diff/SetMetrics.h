//===- SetMetrics.h - caliper's metrics over many versions ------*- C++ -*-===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_SIMILARITY_DIFF_SETMETRICS_H
#define GRAPHDIFF_SIMILARITY_DIFF_SETMETRICS_H

#include "GraphDiff/Similarity/Diff/SimilarityResults.h"

namespace graphdiff {

/// The results of `pairs` of `versions` (functiondb or requirements): each
/// set metric is the Dice coefficient of the two versions' sets, then
/// semver_sim of their labels. Pairs run in parallel on `pool` (here if
/// null); the results are in pair order whatever the thread count. With
/// `summaries`, each pair says what its sets do not share.
SimilarityResults computeSetSimilarity(InputKind kind,
                                       llvm::ArrayRef<VersionSets> versions,
                                       const StringInterner &interner,
                                       llvm::ArrayRef<PairIndex> pairs,
                                       llvm::ThreadPoolInterface *pool,
                                       bool summaries);

} // namespace graphdiff

#endif // GRAPHDIFF_SIMILARITY_DIFF_SETMETRICS_H
