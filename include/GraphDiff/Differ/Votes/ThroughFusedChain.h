//===- ThroughFusedChain.h - Votes through a fused chain --------*- C++ -*-===//
//
// Part of graph-diff.
//
// Votes for: the free producers of target node `t`'s slots that no slot of
// the source node `s` explains, each with the one value read by the free
// chain above `s` (breadth first, depth 4, 16 nodes) that fits it; and,
// between two ops that are not destination-style whose slot lists differ,
// for the input the fused op kept (a target slot producer that exactly one
// free producer of `s`'s slots explains, of the same op name).
// Evidence: a fusion folded the chain above `s` into `t`, so `t` reads what
// the chain read; a vote needs exactly one fitting value (type, result
// number, the filter) and no other open slot that fits it.
// Kind: a rule for the output of fusion: `--linalg-fuse-elementwise-ops`,
// or any rewrite that folds producers into their consumer (`arith.mulf`
// into a `math.fma`). Only a pair whose content or slots changed is read.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_DIFFER_VOTES_THROUGHFUSEDCHAIN_H
#define GRAPHDIFF_DIFFER_VOTES_THROUGHFUSEDCHAIN_H

#include "GraphDiff/Differ/Votes/VoteContext.h"

namespace graphdiff {

/// For the slots of target node `t` whose free producer got no partner from
/// the slots of `s`: looks through the free producers of `s` (the chain a
/// fusion may have folded into `t`) for the one value that fits.
void voteThroughFusedChain(VoteContext &context, unsigned s, unsigned t,
                           Votes &votes);

} // namespace graphdiff

#endif // GRAPHDIFF_DIFFER_VOTES_THROUGHFUSEDCHAIN_H
