//===- MemoryOrder.h - Where a plan puts the ops on buffers -----*- C++ -*-===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//
//
// Ops on buffers have no results that order them: what one writes reaches
// the next through memory (Graph/MemoryEdges.h). A plan leaves the source
// nodes it keeps or updates where they are and puts every new node at the
// end, so on buffers it must also say where the new nodes go, and move the
// kept nodes whose accesses the target runs in another order. This file
// works that out from the mapping.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_DIFFER_MEMORYORDER_H
#define GRAPHDIFF_DIFFER_MEMORYORDER_H

#include "llvm/ADT/DenseMap.h"

#include <optional>

namespace graphdiff {
class Graph;
class NodeMapping;

/// Where the plan puts the target nodes that access buffers.
struct MemoryPlacement {
  /// For each target node whose place the plan must give, the source node it
  /// goes right before, or nullopt for the end of the graph: the nodes the
  /// plan makes (inserted, replacing) and the matched nodes it moves.
  /// A matched target node listed here is one the plan moves.
  llvm::DenseMap<unsigned, std::optional<unsigned>> before;
};

/// Places the target nodes that take part in a memory edge of `target` so
/// that the applied graph accesses each buffer in the target's order. The
/// matched nodes (1:1 pairs, updated or not) that stay in place are the most
/// a greedy pass in source order can keep: a node stays unless it must come
/// before a node already kept (through SSA or memory edges of the target).
/// Every other such node goes right before the kept node that comes first
/// in the source among those that must follow it, or at the end. Empty, and
/// linear time, for a graph without memory edges.
MemoryPlacement placeMemoryAccesses(const Graph &source, const Graph &target,
                                    const NodeMapping &mapping);

} // namespace graphdiff

#endif // GRAPHDIFF_DIFFER_MEMORYORDER_H
