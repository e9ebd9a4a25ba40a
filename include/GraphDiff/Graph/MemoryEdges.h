//===- MemoryEdges.h - Data flow through buffers, from memory effects -*-===//
//
// Part of graph-diff.
//
// Ops on buffers (`linalg.generic` on memrefs, `memref.copy`) have no
// results: what one writes reaches the next through memory, not through an
// SSA edge. The graph view (Graph.h) sees only SSA edges, so two bodies that
// access the same buffers in different orders look alike to it. This
// derives the missing edges from the ops' memory effects, in program order,
// for whoever needs them (the isomorphism check compares them).
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_GRAPH_MEMORYEDGES_H
#define GRAPHDIFF_GRAPH_MEMORYEDGES_H

#include "GraphDiff/Graph/Graph.h"

#include <vector>

namespace graphdiff {

/// One ordering edge between two nodes that access the same buffer: node
/// `from` comes before node `to` in the block and must stay before it.
struct MemoryEdge {
  enum Kind {
    /// `to` reads what `from` wrote (data flows through the buffer).
    Flow,
    /// `to` overwrites what `from` read.
    Anti,
    /// `to` overwrites what `from` wrote.
    Output,
  };
  unsigned from, to;
  Kind kind;
};

/// The memory edges of `graph`: walking its nodes in block order, a node
/// that reads a buffer follows the last node that wrote it (Flow); a node
/// that writes a buffer follows the last writer (Output) and every reader
/// since (Anti). A buffer is a memref value traced back through views and
/// casts (`memref.subview`, `memref.collapse_shape`, `memref.cast`, any
/// ViewLikeOpInterface or CastOpInterface op) to the value they view, so a
/// write through a view is a write of the buffer. Effects come from
/// MemoryEffectOpInterface (nested ops' too for ops with recursive effects);
/// a node that has memref operands and says nothing of its effects is taken
/// to read and write each of them. Effects on no particular value (a call's
/// "anything") are left out. Sorted by `to`, then `from`, then kind;
/// linear in the nodes and their effects (plus one entry per reader between
/// two writes of a buffer).
std::vector<MemoryEdge> computeMemoryEdges(const Graph &graph);
/// The memory edges of `ops`, in this order (the top-level ops of a block
/// that no Graph views, as the plan applier has it mid-way); `from` and `to`
/// index `ops`.
std::vector<MemoryEdge>
computeMemoryEdges(llvm::ArrayRef<mlir::Operation *> ops);

/// The buffer `value` views: `value` followed back through views and casts
/// (as computeMemoryEdges traces them); `value` itself if it views nothing.
mlir::Value getViewedBuffer(mlir::Value value);

/// The buffers `node` writes (getViewedBuffer of each), from its memory
/// effects as computeMemoryEdges reads them, in first-effect order.
llvm::SmallVector<mlir::Value, 2> getWrittenBuffers(mlir::Operation *node);

/// The name of an edge kind: "flow", "anti", "output".
llvm::StringRef stringifyMemoryEdgeKind(MemoryEdge::Kind kind);

} // namespace graphdiff

#endif // GRAPHDIFF_GRAPH_MEMORYEDGES_H
