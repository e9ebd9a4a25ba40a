//===- DestinationInits.h - Votes init by init ------------------*- C++ -*-===//
//
// Part of graph-diff.
//
// Votes for: the producers of the inits of two destination-style nodes with
// as many inits whose slot lists differ, init by init.
// Evidence: a fused op reads its producers' inputs too, which shifts its
// slots, but it writes what the op it took the place of wrote; the inits
// are compared as voteSlotBySlot does.
// Kind: a rule for the output of fusion of destination-style ops
// (`--linalg-fuse-elementwise-ops`).
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_DIFFER_VOTES_DESTINATIONINITS_H
#define GRAPHDIFF_DIFFER_VOTES_DESTINATIONINITS_H

#include "GraphDiff/Differ/Votes/VoteContext.h"

namespace graphdiff {

/// For destination-style nodes `s` and `t` with as many inits whose slot
/// lists differ: votes for the producers of their inits, init by init.
void voteDestinationInits(VoteContext &context, unsigned s, unsigned t,
                          Votes &votes);

} // namespace graphdiff

#endif // GRAPHDIFF_DIFFER_VOTES_DESTINATIONINITS_H
