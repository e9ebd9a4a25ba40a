//===- PatchVisitors.h - Visitor over the actions of a plan -----*- C++ -*-===//
//
// Part of graph-diff. One switch over the action kinds of the `patch` dialect,
// for code that does something different for each kind (applying a plan,
// rendering it): derive from ActionVisitor instead of writing a dyn_cast
// chain. Code that only needs what all actions share (the nodes they claim,
// the values they read and make, their stage) asks ActionOpInterface instead.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_DIALECT_PATCH_IR_PATCHVISITORS_H
#define GRAPHDIFF_DIALECT_PATCH_IR_PATCHVISITORS_H

#include "GraphDiff/Dialect/Patch/IR/Patch.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/ErrorHandling.h"

namespace graphdiff::patch {

/// Dispatches an op of a plan to `visitAction(XOp, args...)` of
/// `ConcreteType` for each action kind X, and anything else to
/// `visitInvalidAction(op, args...)`.
///
/// `ConcreteType` defines `visitAction` for the kinds it handles (bring the
/// others in with `using ActionVisitor::visitAction;`): those it does not
/// handle go to `visitUnhandledAction(op, args...)`, which it must then
/// define unless `ResultType` can be default-constructed. A verified plan
/// holds only actions, so by default `visitInvalidAction` is unreachable;
/// override it to report an op that is not an action.
///
/// \code
///   struct Counter : ActionVisitor<Counter, unsigned> {
///     using ActionVisitor::visitAction;
///     unsigned visitAction(DeleteOp op) { return 1; }
///     unsigned visitUnhandledAction(Operation *) { return 0; }
///   };
/// \endcode
template <typename ConcreteType, typename ResultType = void,
          typename... ExtraArgs>
class ActionVisitor {
public:
  ResultType dispatchActionVisitor(mlir::Operation *op, ExtraArgs... args) {
    return dispatchAmong(static_cast<ActionOps *>(nullptr), op, args...);
  }

  /// Called for an op that is not an action.
  ResultType visitInvalidAction(mlir::Operation *op, ExtraArgs...) {
    op->emitOpError("is not a patch action");
    llvm::report_fatal_error("a verified plan holds only actions");
  }

  /// Called for the action kinds that `ConcreteType` does not handle.
  ResultType visitUnhandledAction(mlir::Operation *, ExtraArgs...) {
    return ResultType();
  }

private:
  /// Dispatches `op` to visitAction of the first of `Ops` it is.
  template <typename... Ops>
  ResultType dispatchAmong(std::tuple<Ops...> *, mlir::Operation *op,
                           ExtraArgs... args) {
    auto *visitor = static_cast<ConcreteType *>(this);
    return llvm::TypeSwitch<mlir::Operation *, ResultType>(op)
        .template Case<Ops...>([&](auto action) -> ResultType {
          return visitor->visitAction(action, args...);
        })
        .Default([&](mlir::Operation *other) -> ResultType {
          return visitor->visitInvalidAction(other, args...);
        });
  }

public:
  // The default visitAction of each of ActionOps.
#define GRAPHDIFF_PATCH_ACTION(OpType)                                         \
  ResultType visitAction(OpType op, ExtraArgs... args) {                       \
    return static_cast<ConcreteType *>(this)->visitUnhandledAction(op,         \
                                                                   args...);   \
  }
  GRAPHDIFF_PATCH_ACTION(DeleteOp)
  GRAPHDIFF_PATCH_ACTION(ReplaceOp)
  GRAPHDIFF_PATCH_ACTION(InsertOp)
  GRAPHDIFF_PATCH_ACTION(UpdateOp)
  GRAPHDIFF_PATCH_ACTION(AddInputOp)
  GRAPHDIFF_PATCH_ACTION(RemoveInputOp)
  GRAPHDIFF_PATCH_ACTION(AddOutputOp)
  GRAPHDIFF_PATCH_ACTION(RemoveOutputOp)
  GRAPHDIFF_PATCH_ACTION(SetGraphAttributesOp)
#undef GRAPHDIFF_PATCH_ACTION
};

} // namespace graphdiff::patch

#endif // GRAPHDIFF_DIALECT_PATCH_IR_PATCHVISITORS_H
