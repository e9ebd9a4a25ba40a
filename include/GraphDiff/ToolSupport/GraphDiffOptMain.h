//===- GraphDiffOptMain.h - The graph-diff-opt driver -----------*- C++ -*-===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_TOOLSUPPORT_GRAPHDIFFOPTMAIN_H
#define GRAPHDIFF_TOOLSUPPORT_GRAPHDIFFOPTMAIN_H

#include "GraphDiff/Driver/Registration.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/STLFunctionalExtras.h"

namespace graphdiff {

class SourceNames;

/// What `--check-plan` checks: every `patch.plan` of `plans` applies to the
/// graph of `source` it names and gives the graph of `target` it names (its
/// name included: a plan from `@f` to `@g` renames the graph), and every
/// graph that differs is accounted for, by a plan (from its source graph to
/// its target graph), a `patch.add_graph`, a `patch.remove_graph` or a
/// `patch.change_graph`; each graph of each side has at most one entry.
/// Graphs are named by symbol path as the differ names them. Returns the
/// number of plans verified; on failure it has reported a located error, or,
/// for graphs that differ with no entry, passed the message (which names
/// them) to `reportUnaccounted`.
mlir::FailureOr<unsigned>
checkPlanModule(mlir::ModuleOp plans, mlir::ModuleOp source,
                mlir::ModuleOp target, const SourceNames *sourceNames,
                const SourceNames *targetNames,
                llvm::function_ref<void(llvm::StringRef)> reportUnaccounted);

/// The whole of `graph-diff-opt`. With one input (or none: stdin) it is
/// `mlir-opt`; with two it diffs them. Returns the process exit code.
int graphDiffOptMain(int argc, char **argv);

} // namespace graphdiff

#endif // GRAPHDIFF_TOOLSUPPORT_GRAPHDIFFOPTMAIN_H
