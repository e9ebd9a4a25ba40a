//===- ThroughPayload.h - Votes through a generic's payload -----*- C++ -*-===//
//
// Part of graph-diff.
//
// Votes for: the producers of the values an elementwise source op `s` reads
// and of the inputs of the elementwise `linalg.generic` `t` they became,
// operand by operand, through `t`'s payload: an operand that the payload
// reads as a block argument corresponds to that input of `t`; one that the
// payload computes was made by a producer fused into `t` (a free elementwise
// source op of the payload op's name), whose own operands are followed the
// same way (up to 16 ops).
// Evidence: the payload op that yields `t`'s result has `s`'s name and
// operand count, and so on up the fused producers; a commutative op whose
// constants moved goes constants to constants, the rest in order.
// Kind: a rule for the output of `--convert-elementwise-to-linalg`, and of
// `--linalg-fuse-elementwise-ops` after it. When it reads the payload, the
// pair's other operand rules do not vote (propagate()'s rule table).
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_DIFFER_VOTES_THROUGHPAYLOAD_H
#define GRAPHDIFF_DIFFER_VOTES_THROUGHPAYLOAD_H

#include "GraphDiff/Differ/Votes/VoteContext.h"

namespace graphdiff {

/// For an elementwise op `s` paired with an elementwise `linalg.generic`
/// `t` whose payload yields an op of `s`'s name: follows `s`'s operands
/// into the payload and votes (voteSlotBySlot) for the producers of the
/// corresponding values. Returns whether the payload could be read so (else
/// the slots are to be compared).
bool voteThroughPayload(VoteContext &context, unsigned s, unsigned t,
                        Votes &votes);

} // namespace graphdiff

#endif // GRAPHDIFF_DIFFER_VOTES_THROUGHPAYLOAD_H
