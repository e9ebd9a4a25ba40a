//===- APIPlan.h - Apply and verify the plan of an API diff -----*- C++ -*-===//
//
// Part of graph-diff.
//
// The plan of an API diff (APIDiffer.h) turns the old API into the new one.
// As for dataflow plans (Plan/ApplyPlan.h, Plan/Isomorphism.h), that is
// checked by replaying it on a copy of the old API and comparing the result
// with the new API without trusting any mapping: that is what
// `graph-diff-api --verify` and the tests run.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_API_DIFF_APIPLAN_H
#define GRAPHDIFF_API_DIFF_APIPLAN_H

#include "GraphDiff/Dialect/Patch/IR/Patch.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"

#include <optional>
#include <string>

namespace graphdiff {

/// Applies `plan` to a copy of `source` (a builtin.module of api ops) and
/// returns the copy; `source` is left unchanged.
///
/// `@name` references an object of `source` by its qualified name (`#N`
/// numbers repeats, in preorder); `new @name` an object an earlier action
/// made. An action's one input is the scope the object goes in (none: the
/// top level). Actions apply in order: an insert or a replace puts a copy of
/// the object its body writes out at the end of its scope; an update puts
/// the object's new own content in its place, keeping the objects nested in
/// it, and, when it lists `"inputs"`, moves it to the end of its new scope.
/// Deleted and replaced objects are erased last; an object still inside
/// one (neither deleted nor moved out) is an error. The plan is verified
/// first, the result last. A plan that does not verify or apply gives a
/// located error at the offending action and failure().
mlir::FailureOr<mlir::OwningOpRef<mlir::ModuleOp>>
applyAPIPlan(patch::PlanOp plan, mlir::ModuleOp source);

/// Why two APIs differ: the first object (in the target's preorder, then the
/// applied API's extra objects) with no counterpart of the same name, op and
/// own content (as isSameContent: locations and `node_id` do not count;
/// nested objects pair by name, in any order).
struct APIMismatch {
  mlir::Operation *applied = nullptr;
  mlir::Operation *target = nullptr;
  /// The qualified name of the object.
  std::string path;
  std::string reason;
};
std::optional<APIMismatch> findAPIMismatch(mlir::ModuleOp applied,
                                           mlir::ModuleOp target);

/// Applies `plan` to `source` and checks the result is `target`. On failure,
/// reports a located error (the action that does not apply, or the first
/// mismatching object, with a note at its counterpart) and returns failure().
mlir::LogicalResult verifyAPIPlan(patch::PlanOp plan, mlir::ModuleOp source,
                                  mlir::ModuleOp target);

} // namespace graphdiff

#endif // GRAPHDIFF_API_DIFF_APIPLAN_H
