//===- MatchStats.h - How close to minimal a matching is --------*- C++ -*-===//
//
// Part of graph-diff.
//
// The figures of docs/Matching.md ("Measuring"): a lower bound on what any
// plan must touch, and how many nodes with an identical counterpart a
// mapping left unpaired. graph-diff-match-stats prints them per graph pair.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_DIFFER_MATCHSTATS_H
#define GRAPHDIFF_DIFFER_MATCHSTATS_H

#include "GraphDiff/Differ/NodeMapping.h"

namespace graphdiff {
class Graph;

/// How close a mapping (and the plan made from it) is to minimal.
struct MatchStats {
  unsigned sourceNodes = 0, targetNodes = 0;
  /// Source plus target nodes that have no node of identical content in the
  /// other graph (multiset difference of content hashes).
  unsigned lowerBound = 0;
  /// Source nodes whose whole upstream cone has an identical counterpart in
  /// the target (equal forward hash, counted as a multiset) but that the
  /// mapping did not pair with such a counterpart.
  unsigned unchangedUnmatched = 0;
  /// Free nodes the mapping marks ambiguous.
  unsigned ambiguous = 0;
};

/// Measures `mapping` between `source` and `target`. Content is compared
/// with locations ignored and discardable attributes included, as the
/// structural stage hashes by default (a `dense_resource` blob by its bytes).
MatchStats computeMatchStats(const Graph &source, const Graph &target,
                             const NodeMapping &mapping);

} // namespace graphdiff

#endif // GRAPHDIFF_DIFFER_MATCHSTATS_H
