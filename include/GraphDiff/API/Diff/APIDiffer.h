//===- APIDiffer.h - Breaking changes between two APIs ----------*- C++ -*-===//
//
// Part of graph-diff.
//
// The engine for API diffs, on the steps of the dataflow differ: it pairs
// the objects (modules, classes, functions) of an old and a new `api` module
// in stages into one shared NodeMapping, each pair recording its stage:
//   1. name: equal names in paired scopes, top down (the qualified name);
//   2. structure: a function or class left over on both sides with the same
//      signature (parameters, types, defaults, results; a class: its
//      methods) is a rename or a move. A signature shared by several
//      leftovers is a tie, never guessed: those stay removed and added,
//      marked ambiguous;
//   3. a same-named leftover of another kind (a class that became a
//      function) replaces the old object.
// From the mapping it emits a `patch.plan` (delete, insert, update and
// replace actions anchored on the old objects) that turns the old API into
// the new one (APIPlan.h applies and verifies it), and reads the changes off
// the plan, each classified as breaking or compatible (docs/APIDiff.md has
// the table). It never prints: renderers do.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_API_DIFF_APIDIFFER_H
#define GRAPHDIFF_API_DIFF_APIDIFFER_H

#include "GraphDiff/Dialect/API/IR/APIEnums.h"
#include "GraphDiff/Dialect/Patch/IR/Patch.h"
#include "GraphDiff/Differ/NodeMapping.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"

#include <optional>
#include <string>
#include <vector>

namespace graphdiff {

/// What changed (APIEnums.td): `stringifyAPIChangeKind` gives the `kind`
/// strings of the reports ("removed", "param-renamed", ...).
using api::APIChangeKind;
using api::stringifyAPIChangeKind;

/// The level a change belongs to, for --group-by=level.
enum class APILevel { Module = 1, Function = 2, Parameter = 3 };

/// One difference between the APIs.
struct APIChange {
  APIChangeKind kind;
  bool breaking = false;
  /// The path on each side ("" where the side has none), e.g.
  /// "keras.layers.Dense.__init__(units)".
  std::string oldPath, newPath;
  /// Where it is on each side (unknown where the side has none).
  std::optional<mlir::Location> oldLoc, newLoc;
  /// What changed, in words ("int -> float", "ambiguous: 3 candidates").
  std::string detail;
  /// Grouping keys: the qualified name of the enclosing module and of the
  /// enclosing function or class (or the object itself).
  std::string moduleKey, functionKey;
  APILevel level = APILevel::Parameter;
  /// Preorder position of the object it concerns (old side first, then new
  /// side after every old object): groups are diffed in this order.
  unsigned order = 0;
  /// Set by applySuppressions.
  bool suppressed = false;
  std::string suppressionReason;
};

/// The outcome of diffing two APIs.
struct APIDiff {
  /// Objects of each side in preorder, and their qualified names.
  std::vector<mlir::Operation *> oldObjects, newObjects;
  std::vector<std::string> oldNames, newNames;
  /// Which old object is which new one, and which stage said so (Id: by
  /// name; Structure: renamed or moved); a region of one old object that a
  /// new object of another kind replaces (Id).
  NodeMapping mapping{0, 0};
  /// For each object a tie left free, how many equal candidates it had on
  /// the other side (0: no tie).
  std::vector<unsigned> oldTies, newTies;
  /// The module holding the plan, and the plan: old API to new API.
  mlir::OwningOpRef<mlir::ModuleOp> plans;
  patch::PlanOp plan;
  /// Every change the plan makes, in old-side preorder, then new-only
  /// objects.
  std::vector<APIChange> changes;

  bool isBreaking() const;
};

/// Diffs `oldAPI` against `newAPI` (builtin.modules of `api` ops). Loads the
/// `patch` dialect.
APIDiff diffAPIs(mlir::ModuleOp oldAPI, mlir::ModuleOp newAPI);

/// How a plan names an API: the module's symbol name, else its
/// `api.version`, else `@api`.
mlir::SymbolRefAttr getAPIName(mlir::ModuleOp api);

/// "file:line" of an MLIR location; "file:line (JSON /pointer)" for one an
/// importer made from JSON; "" when unknown.
std::string formatAPILocation(std::optional<mlir::Location> loc);

} // namespace graphdiff

#endif // GRAPHDIFF_API_DIFF_APIDIFFER_H
