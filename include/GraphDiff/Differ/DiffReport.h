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

#include <cstdint>
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
/// A function both inputs name that cannot be diffed node by node (one side
/// or both only declare it), and what differs (see patch.change_graph).
struct ChangedGraph {
  std::string name;
  std::vector<std::string> changes;
};

/// A graph of a module as the differ pairs graphs: by its symbol path from
/// the top of the module (`@f`, `@outer::@f`).
struct ModuleGraph {
  /// How the differ reads the graph.
  enum Form {
    /// An `lg.graph`, or a function with a single-block body: node by node.
    Body,
    /// A function declaration (no body): by its signature and attributes.
    Declaration,
    /// A function whose body has several blocks: same or refused.
    MultiBlock
  };
  mlir::Operation *op = nullptr;
  mlir::SymbolRefAttr path;
  /// The path as renderers print it after '@' (`f`, `outer::@f`).
  std::string key;
  Form form = Body;
};

/// A symbol path as ModuleGraph::key spells it: printed, without the first
/// '@' (`f`, `outer::@f`, `"soft max"`).
std::string graphKey(mlir::SymbolRefAttr path);

/// The graphs (lg.graph ops and functions) of `module`, in walk order,
/// without descending into them. Fails with a located error if two of them
/// have the same symbol path (functions of unnamed nested modules).
mlir::FailureOr<std::vector<ModuleGraph>> collectGraphs(mlir::ModuleOp module);

/// What differs between two functions of the same path one of which (or
/// both) is only declared: the entries of their `patch.change_graph`, or none.
llvm::SmallVector<llvm::StringRef>
declarationChanges(const ModuleGraph &source, const ModuleGraph &target);

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
  /// How many nodes each of those graphs has (same order), so that a summary
  /// counts them as inserted or deleted.
  std::vector<uint64_t> addedGraphSizes;
  std::vector<uint64_t> removedGraphSizes;
  /// Functions that one side (or both) only declares and that differ.
  std::vector<ChangedGraph> changedGraphs;
  /// Set before diffModules: how the structural stage matches id-less nodes
  /// (ignore locations, ignore discardable attributes, bounds).
  StructureOptions structure;

  /// Whether anything differs.
  bool isDifferent() const {
    if (!addedGraphs.empty() || !removedGraphs.empty() ||
        !changedGraphs.empty())
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
