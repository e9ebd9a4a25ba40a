//===- LooseOps.h - Module-level ops that are not graphs --------*- C++ -*-===//
//
// Part of graph-diff.
//
// The differ reads graphs (lg.graph ops and functions). Everything else a
// module holds outside them (globals, plans, ops of other dialects, the
// attributes of nested modules) is compared for equality only, so that two
// inputs that differ there are never called the same.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_DIFFER_LOOSEOPS_H
#define GRAPHDIFF_DIFFER_LOOSEOPS_H

#include "mlir/IR/BuiltinOps.h"

namespace graphdiff {

/// Whether `op` is a graph the differ reads: an `lg.graph` or a function, with
/// a symbol name (collectGraphs).
bool isModuleGraph(mlir::Operation *op);

/// Compares the ops of `source` and `target` that are not graphs nor inside
/// one, in any order: an op without a graph inside must be equal to one of the
/// other side (regions included, locations ignored). An op that holds graphs
/// is compared without them (name, attributes, result types, region shape):
/// a named one (a nested module) with the one of the same symbol path, if the
/// other side has one (if not, its graphs are added or removed, which the
/// plans say); an unnamed one with any equal one. A top-level symbol that a
/// graph of its module references (a `memref.global` that a
/// `memref.get_global` reads) may have no counterpart: it comes and goes with
/// the nodes that reference it, and plans carry a copy of it; two of one name
/// that differ are refused. The top-level modules' own
/// attributes are not compared. Fails with a located error (exit code 2) at
/// the first op that has no equal on the other side: graph-diff has no plan
/// for such a change, and must not report the inputs as the same.
mlir::LogicalResult compareLooseOps(mlir::ModuleOp source,
                                    mlir::ModuleOp target);

} // namespace graphdiff

#endif // GRAPHDIFF_DIFFER_LOOSEOPS_H
