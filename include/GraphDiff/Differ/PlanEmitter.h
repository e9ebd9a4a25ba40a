//===- PlanEmitter.h - The plan, and what it does to each node --*- C++ -*-===//
//
// Part of graph-diff.
//
// The last step of diffing a pair of graphs: once regions are settled, the
// `patch.plan` is emitted in an order that depends on names and structure
// only, and, action by action, the result model records what it does to
// every node.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_DIFFER_PLANEMITTER_H
#define GRAPHDIFF_DIFFER_PLANEMITTER_H

#include "mlir/IR/Builders.h"

namespace graphdiff {
struct GraphDiff;
struct PairContext;
struct SettledRegions;

/// Emits the plan of `pair` at `builder`'s insertion point into
/// `result.plan`: graph inputs the target adds; then, in the target's
/// canonical order, each target node's action (the deletes its replace
/// absorbs and the replace, an insert, or an update); then plain deletes in
/// the source's canonical order; then input and output edits. Records in
/// `result` (whose mapping `pair` reads) what each action does: node
/// statuses, images, replacements, change kinds, and the summary.
void emitPlan(const PairContext &pair, const SettledRegions &regions,
              mlir::OpBuilder &builder, GraphDiff &result);

} // namespace graphdiff

#endif // GRAPHDIFF_DIFFER_PLANEMITTER_H
