//===- StructuralMatcher.h - Pair nodes by the shape of the graph -*- C++
//-*-===//
//
// Part of graph-diff.
//
// The last matcher stage, for IR that carries no ids and no usable locations
// (most real MLIR): it pairs nodes by what they are and by what surrounds
// them. It never breaks a tie arbitrarily: a node that could be one of several
// stays free (and is recorded as ambiguous in the mapping). docs/Matching.md
// explains the design.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_DIFFER_STRUCTURALMATCHER_H
#define GRAPHDIFF_DIFFER_STRUCTURALMATCHER_H

#include "GraphDiff/Differ/NodeMapping.h"
#include "llvm/ADT/Hashing.h"

#include <vector>

namespace mlir {
class Operation;
} // namespace mlir

namespace graphdiff {
class Graph;

/// What the structural stage looks at.
struct StructureOptions {
  /// Leave locations out of the hashes (they are what an optimizer rewrites
  /// most freely; the location stage already used the ones that survived).
  bool ignoreLocations = true;
  /// Leave discardable attributes (those that are not part of the op's
  /// definition, e.g. `torch.debug_name`) out of the hashes.
  bool ignoreDiscardableAttrs = false;
  /// The similarity stage considers at most this many candidates per node and
  /// skips matched neighbours with more users than this; it keeps the stage
  /// near-linear on graphs with hub nodes (constants read by hundreds of ops).
  unsigned maxCandidates = 32;
  unsigned maxFanout = 64;
  /// How many rounds of similarity + propagation to run at most.
  unsigned maxSimilarityRounds = 4;
};

/// Pairs the free nodes of `source` and `target` by structure, in stages:
/// unique exact sub-DAG matches (forward Merkle hash), unique exact matches
/// of the downstream context (backward hash over users), consensus
/// propagation from matched pairs along operands (and from the outputs) and
/// along users, and bounded neighbourhood similarity. Records
/// MatchStage::Structure on its pairs and marks as ambiguous the free nodes
/// that had more than one equally good partner. Does nothing for `lg`
/// graphs: their nodes' ids are their identity.
void matchByStructure(const Graph &source, const Graph &target,
                      NodeMapping &mapping,
                      const StructureOptions &options = {});

/// Per-node hashes of one graph, as the structural stage computes them.
/// Hashes group candidates only: equal hashes mean "should be compared",
/// never "are equal" on their own, and their values (which fold in MLIR
/// attribute and type storage addresses) never decide any output order.
struct StructureHashes {
  /// The node itself: op name, attributes/properties, result types, nested
  /// regions; operands and captured values only by position.
  std::vector<llvm::hash_code> content;
  /// The node and everything upstream of it (Merkle hash over operands;
  /// graph inputs by position).
  std::vector<llvm::hash_code> forward;
  /// The node and everything downstream of it (hash over the multiset of
  /// (user, operand slot) and output positions).
  std::vector<llvm::hash_code> backward;
  /// Longest path from a graph input (or a node with no inputs) to the node.
  std::vector<unsigned> height;
};

/// Computes the hashes of `graph` (the same computation for both sides).
StructureHashes hashStructure(const Graph &graph,
                              const StructureOptions &options = {});

/// How close a plan is to minimal; see docs/Matching.md ("Measuring").
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
/// with locations ignored and discardable attributes included.
MatchStats computeMatchStats(const Graph &source, const Graph &target,
                             const NodeMapping &mapping);

} // namespace graphdiff

#endif // GRAPHDIFF_DIFFER_STRUCTURALMATCHER_H
