//===- ApplyPlan.h - Apply a patch plan to a source graph -------*- C++ -*-===//
//
// Part of graph-diff.
//
// Replays a `patch.plan` on a copy of its source graph. The result can then be
// compared with the target graph (see Isomorphism.h): that is how the tool and
// the tests check that a plan is right.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_PLAN_APPLYPLAN_H
#define GRAPHDIFF_PLAN_APPLYPLAN_H

#include "GraphDiff/Dialect/Patch/IR/Patch.h"
#include "GraphDiff/Graph/Graph.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/ADT/StringMap.h"

#include <vector>

namespace graphdiff {

/// What the nodes of a graph applyPlan made stand for.
struct AppliedNodes {
  /// By source node: the node of the copy that stands for it, its copy or
  /// the node an update put in its place; null for a node the plan deletes
  /// or replaces.
  std::vector<mlir::Operation *> bySource;
  /// The nodes the plan's actions made, by the name the plan gives them
  /// (their `new` reference without its sigil: the target's name for them).
  llvm::StringMap<mlir::Operation *> byNewName;
};

/// Applies `plan` to a detached copy of `source.getOperation()` and returns
/// the copy. `source` is left unchanged.
///
/// References of the plan resolve against `source` (its node and value names,
/// see Graph::lookupNode and Graph::lookupValue); `new` references resolve to
/// the values made by earlier actions of the plan (the results of an insert's
/// or a replace's new node, the argument made by an add_input). A reference to
/// a source value that an earlier replace or update rewired resolves to the
/// value that took its place.
///
/// Node actions apply in plan order; then the outputs are edited (removals by
/// source position, then additions by target position), deleted and replaced
/// nodes are erased (they must have no users left), inputs are edited
/// (removals, then additions by target position), the signature is updated
/// from the outputs, the graph's own attributes are set, and the body is
/// sorted topologically. The copy then has the symbol name of the plan's
/// target (the last name of its path): a plan whose source and target differ
/// renames the graph (PlanOp::isRename).
///
/// `source` must name its nodes as the plan does: build it with the same
/// SourceNames the differ used (or none, for printer names on both sides).
///
/// The plan is verified first (each action on its own, then the plan as a
/// whole). A plan that does not verify or cannot be applied gives a located
/// error at the offending action and failure(); bad plans never assert.
///
/// The copy is then checked with the MLIR verifier (verifyAppliedGraph),
/// unless `verifyResult` is false: the caller must then run
/// verifyAppliedGraph itself before trusting the copy (verifyPlan does, on
/// another thread, while it compares the copy with the target).
///
/// With `nodes`, it also says which node of the copy stands for what
/// (AppliedNodes).
mlir::FailureOr<mlir::OwningOpRef<mlir::Operation *>>
applyPlan(patch::PlanOp plan, const Graph &source, bool verifyResult = true,
          AppliedNodes *nodes = nullptr);

/// Runs the MLIR verifier on `applied`, the graph applyPlan made from
/// `plan`; if it fails, adds a located error at `plan` (after the
/// verifier's own) and returns failure(). Reads the IR only, provided that
/// the order of the ops in every block of `applied` is valid
/// (Block::recomputeOpOrder): it can then run while other threads read
/// `applied`.
mlir::LogicalResult verifyAppliedGraph(patch::PlanOp plan,
                                       mlir::Operation *applied);

/// Runs the MLIR verifier on `plans`, a module of `patch.plan`s and graph
/// changes (DiffResult::plans), as mlir::verify(plans) does, except that the
/// plans in `verified` are not verified again: applyPlan (and so verifyPlan)
/// has run the verifier on each of them, with its nested IR, and they have
/// not changed since. Every other op of the module is verified with its
/// nested IR, then the module itself: its own invariants and its symbol
/// table's, which check every symbol use in it, the verified plans' too.
/// Reports what fails as mlir::verify does and returns failure().
mlir::LogicalResult verifyPlanModule(mlir::Operation *plans,
                                     llvm::ArrayRef<patch::PlanOp> verified);

/// Copies into `symbolTable` (the op holding the graph that `plan` was
/// applied to, a module) the symbols that the plan's new nodes reference and
/// that their actions carry (the copy of a `memref.global` before a
/// `memref.get_global`, the declaration of a callee), each one the table
/// lacks, before `before`: the applied graph's symbols then resolve against
/// its own module, as they did in the target's. A symbol the table already
/// defines is kept; one it defines differently is a located error at the
/// action.
mlir::LogicalResult declarePlanSymbols(patch::PlanOp plan,
                                       mlir::Operation *symbolTable,
                                       mlir::Operation *before);

} // namespace graphdiff

#endif // GRAPHDIFF_PLAN_APPLYPLAN_H
