//===- Holders.h - Copies of IR under the symbol paths of the original ----===//
//
// Part of graph-diff.
//
// A pass runs on an op that may be nested in other modules, and the differ
// names a graph by its symbol path from the top of its IR (`@a::@f`). A copy
// of the op is a top of its own, so its graphs would lose the names of the
// modules around the op (`@f`), and plans made from it would not name the
// graphs of the input and the output. Placed in holders named as those
// modules, a copy's graphs keep their names.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_TRANSFORMS_HOLDERS_H
#define GRAPHDIFF_TRANSFORMS_HOLDERS_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"

namespace graphdiff {

/// A new top-level module (at `loc`) holding, one in the other, a module
/// named as each named symbol table that `parent` is or is in, below the top
/// of its IR; `inner` is set to the body of the innermost one (of the new
/// module if there are none, or if `parent` is null). An op put in `inner`
/// has the symbol path that a child of `parent` has (a top-level op, if
/// `parent` is null).
mlir::OwningOpRef<mlir::ModuleOp>
makeHolders(mlir::Operation *parent, mlir::Location loc, mlir::Block *&inner);

} // namespace graphdiff

#endif // GRAPHDIFF_TRANSFORMS_HOLDERS_H
