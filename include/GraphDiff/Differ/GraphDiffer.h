//===- GraphDiffer.h - Patch plans between two graphs -----------*- C++ -*-===//
//
// Part of graph-diff.
//
// The engine: pairs the nodes of a source and a target graph (the matcher
// stages, Stages/Stages.h), settles the regions new nodes replace
// (RegionSettling.h), then emits the `patch.plan` that turns one into the
// other and records what it does to each node (PlanEmitter.h). It never
// prints; renderers do.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_DIFFER_GRAPHDIFFER_H
#define GRAPHDIFF_DIFFER_GRAPHDIFFER_H

#include "GraphDiff/Differ/DiffResult.h"
#include "GraphDiff/Differ/StructuralState.h"
#include "mlir/IR/Builders.h"

namespace graphdiff {
class Graph;

/// Diffs `source` against `target`, builds the plan at `builder`'s insertion
/// point and returns it with what it does to each node. `structure` tunes the
/// last matcher stage (what its hashes ignore, its bounds). With
/// `skipIdentical`, two graphs that are the same op for op get the same
/// result without running the stages, except that `stages` is then empty:
/// callers that report what the stages did pass false.
GraphDiff diffGraphs(const Graph &source, const Graph &target,
                     mlir::OpBuilder &builder,
                     const StructureOptions &structure = {},
                     bool skipIdentical = true);

/// Whether `op` is a graph the differ compares: an `lg.graph`, or a
/// function-like op with a body.
bool isDiffableGraph(mlir::Operation *op);

} // namespace graphdiff

#endif // GRAPHDIFF_DIFFER_GRAPHDIFFER_H
