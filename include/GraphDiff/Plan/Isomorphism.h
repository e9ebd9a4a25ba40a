//===- Isomorphism.h - Are two graphs the same graph? -----------*- C++ -*-===//
//
// Part of graph-diff.
//
// Decides whether two graphs are isomorphic, without trusting any external
// mapping between their nodes: the check behind `--verify`, which compares the
// graph a plan gives with the target.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_PLAN_ISOMORPHISM_H
#define GRAPHDIFF_PLAN_ISOMORPHISM_H

#include "GraphDiff/Dialect/Patch/IR/Patch.h"
#include "GraphDiff/Graph/AttributeEquivalence.h"
#include "GraphDiff/Graph/Graph.h"
#include "mlir/Support/LLVM.h"

#include <optional>
#include <string>

namespace graphdiff {

/// Why two graphs are not isomorphic. `applied` and `target` are the
/// mismatching ops (nodes, or the graph ops themselves for a signature or
/// output mismatch); one of them is null for a node with no counterpart.
struct GraphMismatch {
  mlir::Operation *applied = nullptr;
  mlir::Operation *target = nullptr;
  std::string reason;
};

/// Returns nullopt if `applied` and `target` are the same graph up to the
/// order of their nodes: the same input types, and a one-to-one pairing of
/// their nodes such that paired nodes have the same op name, attributes
/// (inherent and discardable, see isSameAttribute), result types and nested
/// regions, read paired
/// values operand by operand, and the outputs are paired values position by
/// position. Locations are compared only if `ignoreLocations` is false.
///
/// Otherwise returns the first mismatch in the target's block order (inputs,
/// then nodes, then outputs, then the applied graph's extra nodes), with a
/// reason such as "attribute 'kind' differs: ..." or "operand #1 comes from
/// %3 here but from %arg0 in the target" ("here" is the applied graph).
///
/// Deterministic and near-linear: nodes are paired from the outputs upward
/// along operands, then by the Merkle hashes of their upstream cones that the
/// structural matcher uses too (StructuralHash.h, with operands in order);
/// nodes nothing reads, with equal cones, are paired together with the
/// upstream pairs they force, only where those agree with the pairs made so
/// far and with the downstream hashes (who else reads a shared input).
/// Every pair is then checked in full, so hash collisions cannot hide a
/// difference.
///
/// `pairsToTry`, (applied node, target node) pairs, is a pairing to check
/// first (verifyPlan's, from the differ's pairs): the pairs, then the
/// producers of their inputs and of the outputs position by position. If
/// that pairs every node and passes every check, the graphs are isomorphic
/// and no search is needed; otherwise it is dropped and the search above
/// runs from scratch, so the answer and any mismatch reported are those
/// without it.
std::optional<GraphMismatch>
findMismatch(const Graph &applied, const Graph &target,
             bool ignoreLocations = true,
             llvm::ArrayRef<std::pair<unsigned, unsigned>> pairsToTry = {});

/// Applies `plan` to `source` (applyPlan) and checks that the result has the
/// symbol name of `target` (a plan that renames its graph gives the copy the
/// target's) and is isomorphic to it (findMismatch). On failure, reports a
/// located error (the action that does not apply, or the first mismatching node
/// with its location on both sides) and returns failure(). This is what
/// `--verify`,
/// `--check-plan` and `graph-diff{verify=true}` run.
///
/// `sourceOf`, if given, says which source node a target node stands for
/// (the differ's pairs, NodeMapping::getSource): the nodes of the copy that
/// stand for those source nodes, and the nodes the plan made under the
/// target's names (AppliedNodes), paired with those target nodes, are the
/// pairing findMismatch tries first. It only saves time: the answer is the
/// same without it.
mlir::LogicalResult verifyPlan(
    patch::PlanOp plan, const Graph &source, const Graph &target,
    llvm::function_ref<std::optional<unsigned>(unsigned)> sourceOf = nullptr);

/// Reports `mismatch` as an error at the target op (or the applied op if
/// there is none), with a note at the other one. Returns failure().
mlir::LogicalResult emitMismatch(const GraphMismatch &mismatch);

} // namespace graphdiff

#endif // GRAPHDIFF_PLAN_ISOMORPHISM_H
