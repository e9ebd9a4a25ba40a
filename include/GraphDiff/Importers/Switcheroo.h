//===- Switcheroo.h - ml_switcheroo LogicalGraph and plan JSON --*- C++ -*-===//
//
// Part of graph-diff.
//
// Interop with ml_switcheroo (docs/SwitcherooInterop.md): its LogicalGraph
// JSON becomes an `lg.graph`, an `lg.graph` becomes LogicalGraph JSON again,
// and a module of `patch.plan`s becomes the action list its source patcher
// consumes (DeleteAction, ReplaceAction).
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_IMPORTERS_SWITCHEROO_H
#define GRAPHDIFF_IMPORTERS_SWITCHEROO_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/Support/LLVM.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir {
class AsmParserState;
} // namespace mlir

namespace graphdiff {

/// Parses LogicalGraph JSON (`{"name", "nodes": [{"id", "kind", "metadata"}],
/// "edges": [{"source", "target"}]}`) into a module holding one `lg.graph`.
/// `filename` names the input in locations. Returns null after emitting a
/// located error (line:col of the JSON) if the text is not such a graph.
mlir::OwningOpRef<mlir::ModuleOp>
importSwitcherooGraph(llvm::StringRef json, llvm::StringRef filename,
                      mlir::MLIRContext *ctx);

/// Writes the first `lg.graph` under `op` as LogicalGraph JSON. Its inputs
/// are written as nodes of kind "Input" first, named by their own names (an
/// argument attribute ending in "name", else a NameLoc; see
/// nameGraphInputsFromText) or else `argN`, with an edge to each node that
/// reads one. Fails, having emitted an error, if there is no graph, if an
/// input's name is that of another input or of a node, or if a metadata
/// float has no JSON.
mlir::LogicalResult exportSwitcherooGraph(mlir::Operation *op,
                                          llvm::raw_ostream &os);

/// Gives every input of a graph (a function-like op) under `root` that has
/// no name of its own the name the text it was parsed from gives it
/// (`%image` names it `image`), as a NameLoc around its location, for the
/// exporters. `state` is the parser's state of that text.
void nameGraphInputsFromText(mlir::Operation *root,
                             const mlir::AsmParserState &state);

/// Writes the actions of the `patch.plan` under `op` as ml_switcheroo's
/// action list; of several plans, one list per graph, in a JSON object keyed
/// by the source graph's name, in plan order (two graphs of one name are
/// refused). A graph input an action reads is named as
/// exportSwitcherooGraph names it, from the plan's source graph, which `op`
/// must then hold (in the plan's module or one enclosing it). Fails, having
/// emitted an error at the action, on an action ml_switcheroo cannot express
/// (an insert, a signature change) or a graph input whose name is not known;
/// nothing is written then.
mlir::LogicalResult exportSwitcherooPlan(mlir::Operation *op,
                                         llvm::raw_ostream &os);

} // namespace graphdiff

#endif // GRAPHDIFF_IMPORTERS_SWITCHEROO_H
