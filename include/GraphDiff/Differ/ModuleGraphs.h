//===- ModuleGraphs.h - The graphs of a module, by symbol path --*- C++ -*-===//
//
// Part of graph-diff.
//
// How diffModules finds and pairs the graphs of two modules; `--check-plan`
// pairs them the same way.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_DIFFER_MODULEGRAPHS_H
#define GRAPHDIFF_DIFFER_MODULEGRAPHS_H

#include "GraphDiff/Dialect/Patch/IR/PatchEnums.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/SmallVector.h"

#include <string>
#include <vector>

namespace graphdiff {

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
/// both) is only declared: the changes of their `patch.change_graph`, or
/// none.
patch::GraphChange declarationChanges(const ModuleGraph &source,
                                      const ModuleGraph &target);

} // namespace graphdiff

#endif // GRAPHDIFF_DIFFER_MODULEGRAPHS_H
