//===- DestinationInputs.h - Votes input by input ---------------*- C++ -*-===//
//
// Part of graph-diff.
//
// Votes for: the producers of the values a renamed pair reads, input by
// input, where one node is destination-style and the other is not, their
// slot lists differ, and the other reads as many values as the
// destination-style one has inputs (its inits left out).
// Evidence: an op rewritten into a `linalg.generic` that writes into a new
// `tensor.empty` reads what it read, as inputs, plus an init; the inputs
// are compared as voteSlotBySlot does (commutative source operands
// aligned).
// Kind: a rule for the output of a rewrite into destination style:
// `--convert-elementwise-to-linalg`, `tosa-to-linalg`. When it votes, the
// pair's slots are not also compared slot by slot (AlongOperands.h).
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_DIFFER_VOTES_DESTINATIONINPUTS_H
#define GRAPHDIFF_DIFFER_VOTES_DESTINATIONINPUTS_H

#include "GraphDiff/Differ/Votes/VoteContext.h"

namespace graphdiff {

/// For a pair that changed op name and whose slot lists differ, of which
/// one node is destination-style and the other is not: when the other
/// reads as many values as the destination-style one's inputs, votes input
/// by input. Returns whether it voted that way.
bool voteDestinationInputs(VoteContext &context, unsigned s, unsigned t,
                           Votes &votes);

} // namespace graphdiff

#endif // GRAPHDIFF_DIFFER_VOTES_DESTINATIONINPUTS_H
