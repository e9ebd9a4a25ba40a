//===- Patch.h - The patch-plan dialect -------------------------*- C++ -*-===//
//
// Part of graph-diff. The `patch` dialect: plans that turn a source graph into
// a target graph.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_DIALECT_PATCH_IR_PATCH_H
#define GRAPHDIFF_DIALECT_PATCH_IR_PATCH_H

#include "GraphDiff/Dialect/Patch/IR/PatchEnums.h"
#include "GraphDiff/Support/NameRef.h"
#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/RegionKindInterface.h"
#include "mlir/IR/SymbolTable.h"

#include <tuple>

#include "GraphDiff/Dialect/Patch/IR/PatchOpsDialect.h.inc"

#define GET_ATTRDEF_CLASSES
#include "GraphDiff/Dialect/Patch/IR/PatchAttrs.h.inc"

namespace graphdiff::patch {
class PlanOp;

/// Parses a reference as written inside an action (`@conv1[1]`, `%5#1`,
/// `new %7`, `_`) from `text`. Returns null and fills `error` on failure.
RefAttr parseRefText(mlir::MLIRContext *context, llvm::StringRef text,
                     std::string &error);

namespace detail {
/// The verifiers of ActionOpInterface and NewNodeOpInterface.
mlir::LogicalResult verifyActionRefs(mlir::Operation *op);
mlir::LogicalResult verifyNewNodeBody(mlir::Operation *op);
/// Names the block arguments of a new node's body `%in0`, `%in1`, ...
void nameInputs(mlir::Region &region, mlir::OpAsmSetValueNameFn setNameFn);
} // namespace detail
} // namespace graphdiff::patch

#include "GraphDiff/Dialect/Patch/IR/PatchInterfaces.h.inc"

#define GET_OP_CLASSES
#include "GraphDiff/Dialect/Patch/IR/PatchOps.h.inc"

namespace graphdiff::patch {

/// The ops with ActionOpInterface, in the order the dialect describes them:
/// the node actions, then those on the graph's inputs, outputs and
/// attributes. ActionVisitor dispatches on them; PatchDialect.cpp checks at
/// compile time that they are exactly the dialect's ops with the interface.
using ActionOps = std::tuple<DeleteOp, ReplaceOp, InsertOp, UpdateOp,
                             AddInputOp, RemoveInputOp, AddOutputOp,
                             RemoveOutputOp, SetGraphAttributesOp>;

/// The name of action `OpT` without the dialect's prefix: "delete" for
/// DeleteOp.
template <typename OpT> llvm::StringRef getActionName() {
  return OpT::getOperationName().drop_front(
      PatchDialect::getDialectNamespace().size() + 1);
}

/// getActionName() of each of ActionOps, in their order: "delete",
/// "replace", "insert", "update", "add_input", ...
llvm::ArrayRef<llvm::StringRef> getActionNames();

} // namespace graphdiff::patch

#endif // GRAPHDIFF_DIALECT_PATCH_IR_PATCH_H
