//===- AlongOperands.h - Votes for producers slot by slot -------*- C++ -*-===//
//
// Part of graph-diff.
//
// Votes for: the free producers of two slot lists, slot by slot (the k-th
// source producer with the k-th target producer).
// Evidence: a matched pair reads corresponding values at corresponding
// slots; a vote needs the same result number and value type, and a pair the
// filter allows.
// Kind: a general principle, with the allowances a few passes need:
// - a commutative op's operands may be reordered (`--canonicalize` sorts
//   constant operands last): slots whose images are known go to them, the
//   rest to a slot of the same constness;
// - slot lists of different lengths are compared only for a renamed pair
//   with a destination-style side (a rewrite may read a value twice where
//   the op read it once: `arith.addf %a, %b` as `ins(%a, %b) outs(%a)`):
//   each value at its first slot; between other ops the difference is a
//   fusion (ThroughFusedChain.h), and positions say nothing;
// - a reshape the target added around a rewritten op
//   (`--linalg-fold-unit-extent-dims`) is looked through;
// - across a lowering (`tosa-to-linalg`, VoteContext::lowered): types equal
//   up to unit dimensions, constant slots of a renamed op left out, and no
//   vote for a reshape of a node paired with another source node.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_DIFFER_VOTES_ALONGOPERANDS_H
#define GRAPHDIFF_DIFFER_VOTES_ALONGOPERANDS_H

#include "GraphDiff/Differ/Votes/VoteContext.h"

namespace graphdiff {

/// The rule for pair (`s`, `t`): voteSlotBySlot on their slots, `s`'s
/// commutativity from the state, renamed if the slot lists differ, the op
/// names differ and one of the two is destination-style.
void voteAlongOperands(VoteContext &context, unsigned s, unsigned t,
                       Votes &votes);

/// Votes for the free producers of two lists of slots, slot by slot, when
/// the lists are equally long (or, if `renamed`, when they are once each
/// value keeps only its first slot). `commutative`: the source op's operands
/// may come in another order. `renamed`: the pair changed op name and one
/// side is destination-style. The other operand rules compare the slot
/// lists they pick out with it.
void voteSlotBySlot(VoteContext &context,
                    llvm::ArrayRef<mlir::Value> sourceSlots,
                    llvm::ArrayRef<int> sourceProducers,
                    llvm::ArrayRef<mlir::Value> targetSlots,
                    llvm::ArrayRef<int> targetProducers, Votes &votes,
                    bool commutative = false, bool renamed = false);

} // namespace graphdiff

#endif // GRAPHDIFF_DIFFER_VOTES_ALONGOPERANDS_H
