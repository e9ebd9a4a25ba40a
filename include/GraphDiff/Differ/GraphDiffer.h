//===- GraphDiffer.h - Patch plans between two graphs -----------*- C++ -*-===//
//
// Part of graph-diff.
//
// The engine: pairs the nodes of a source and a target graph, then builds the
// `patch.plan` that turns one into the other. It never prints; renderers do.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_DIFFER_GRAPHDIFFER_H
#define GRAPHDIFF_DIFFER_GRAPHDIFFER_H

#include "GraphDiff/Dialect/Patch/IR/Patch.h"
#include "GraphDiff/Differ/NodeMapping.h"
#include "GraphDiff/Differ/StructuralMatcher.h"
#include "mlir/IR/Builders.h"

#include <memory>

namespace graphdiff {
class Graph;

/// The outcome of diffing two graphs.
struct GraphDiff {
  NodeMapping mapping;
  /// The plan, built where the builder passed to diffGraphs pointed.
  patch::PlanOp plan;
};

/// Diffs `source` against `target` and builds the plan at `builder`'s
/// insertion point. `structure` tunes the last matcher stage (what its hashes
/// ignore, its bounds).
GraphDiff diffGraphs(const Graph &source, const Graph &target,
                     mlir::OpBuilder &builder,
                     const StructureOptions &structure = {});

/// Whether `op` is a graph the differ compares: an `lg.graph`, or a
/// function-like op with a body.
bool isDiffableGraph(mlir::Operation *op);

} // namespace graphdiff

#endif // GRAPHDIFF_DIFFER_GRAPHDIFFER_H
