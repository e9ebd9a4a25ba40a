//===- DiffReport.h - The result of diffing two modules ---------*- C++ -*-===//
//
// Part of graph-diff.
//
// What renderers read: the plans (as `patch` IR) and, for each, the graph
// views of its source and target, which know the nodes' names and locations.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_DIFFER_DIFFREPORT_H
#define GRAPHDIFF_DIFFER_DIFFREPORT_H

#include "GraphDiff/Dialect/Patch/IR/Patch.h"
#include "GraphDiff/Differ/NodeMapping.h"
#include "GraphDiff/Differ/StructuralMatcher.h"
#include "GraphDiff/Graph/Graph.h"
#include "mlir/IR/BuiltinOps.h"

#include <memory>
#include <string>
#include <vector>

namespace graphdiff {

/// One pair of graphs with the same name, and the plan between them.
struct GraphPairDiff {
  patch::PlanOp plan;
  std::unique_ptr<Graph> source;
  std::unique_ptr<Graph> target;
  /// Which source node is which target node, and which stage said so.
  NodeMapping mapping;
};

/// The whole diff of a source module against a target module.
struct DiffReport {
  std::string sourceFile;
  std::string targetFile;
  /// The module holding every `patch.plan`, `patch.add_graph` and
  /// `patch.remove_graph`, in output order.
  mlir::ModuleOp plans;
  /// One entry per plan, in the same order.
  std::vector<GraphPairDiff> pairs;
  /// Graphs only one side has, by name.
  std::vector<std::string> addedGraphs;
  std::vector<std::string> removedGraphs;
  /// Set before diffModules: how the structural stage matches id-less nodes
  /// (ignore locations, ignore discardable attributes, bounds).
  StructureOptions structure;

  /// Whether anything differs.
  bool isDifferent() const {
    if (!addedGraphs.empty() || !removedGraphs.empty())
      return true;
    for (const GraphPairDiff &pair : pairs) {
      patch::PlanOp plan = pair.plan;
      if (!plan.getActions().front().empty())
        return true;
    }
    return false;
  }
};

/// Diffs every graph of `source` against the graph of the same name in
/// `target` (graphs: `lg.graph`s and function-like ops with a body), filling
/// `report.plans` (which must be an empty module) and `report.pairs`. `names`
/// give the user's SSA names, if known. Fails, having reported a located
/// error, if a graph cannot be viewed as one.
mlir::LogicalResult diffModules(mlir::ModuleOp source, mlir::ModuleOp target,
                                const SourceNames *sourceNames,
                                const SourceNames *targetNames,
                                DiffReport &report);

} // namespace graphdiff

#endif // GRAPHDIFF_DIFFER_DIFFREPORT_H
