//===- FromOutputs.h - Votes for the producers of the outputs ---*- C++ -*-===//
//
// Part of graph-diff.
//
// Votes for: the free producers of the two graphs' outputs, position by
// position, as if the two terminators were a matched pair
// (voteSlotBySlot).
// Evidence: passes keep a function's results in place, so the k-th output
// after one is what the k-th output was before; a vote needs the same
// result number and type, and a pair the filter allows.
// Kind: a general principle (PropagateFlags::FromOutputs).
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_DIFFER_VOTES_FROMOUTPUTS_H
#define GRAPHDIFF_DIFFER_VOTES_FROMOUTPUTS_H

#include "GraphDiff/Differ/Votes/VoteContext.h"

namespace graphdiff {

/// Votes for the producers of the outputs, position by position.
void voteFromOutputs(VoteContext &context, Votes &votes);

} // namespace graphdiff

#endif // GRAPHDIFF_DIFFER_VOTES_FROMOUTPUTS_H
