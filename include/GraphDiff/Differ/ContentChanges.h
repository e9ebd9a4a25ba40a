//===- ContentChanges.h - How a paired node's content changed ---*- C++ -*-===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_DIFFER_CONTENTCHANGES_H
#define GRAPHDIFF_DIFFER_CONTENTCHANGES_H

#include "GraphDiff/Dialect/Patch/IR/PatchEnums.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

namespace graphdiff {

/// Whether target op `b` differs from its paired source op `a` in anything
/// but its edges; adds to `changes` the change kinds of a `patch.update`:
/// "kind" (op name, or an `lg` node's kind), "attributes" (attributes or
/// properties), "types" (result types), "regions" (bodies that differ beyond
/// their attributes). Values from outside the two ops are edges, compared by
/// plan emission ("inputs").
bool contentChanged(mlir::Operation *a, mlir::Operation *b,
                    patch::NodeChange &changes);

} // namespace graphdiff

#endif // GRAPHDIFF_DIFFER_CONTENTCHANGES_H
