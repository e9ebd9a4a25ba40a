//===- TieSettling.h - Ties between interchangeable candidates --*- C++ -*-===//
//
// Part of graph-diff.
//
// Pairs: the nodes of a dispute around a target node (those reachable
// through the partners the votes named, at most 16 a side) in file order,
// when the dispute is a tie between interchangeable candidates.
// Evidence: every candidate on each side is free with the same forward hash
// (the same content over the same upstream cone) and both sides hold the
// same op (content hash): either choice gives a plan of one size. A vote of
// the veto table against a pair, and the filter, still refuse it. Any other
// dispute is a real ambiguity, left to Votes::markConflicts.
// Kind: a rule for the output of `--cse` (and of the folder): CSE keeps the
// first of equal ops and erases the later ones, so file order tells what it
// did.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_DIFFER_VOTES_TIESETTLING_H
#define GRAPHDIFF_DIFFER_VOTES_TIESETTLING_H

#include "GraphDiff/Differ/Votes/VoteContext.h"
#include "llvm/ADT/DenseSet.h"

namespace graphdiff {

/// The nodes of the disputes settled as ties: not ambiguous.
struct SettledTies {
  bool contains(bool isSource, unsigned node) const {
    return isSource ? sources.contains(node) : targets.contains(node);
  }
  llvm::DenseSet<unsigned> sources, targets;
};

/// Settles the dispute in `votes` around target node `t` if it is a tie
/// between interchangeable candidates: pairs them in file order (unless
/// `veto`, if given, names another partner), appends the pairs to `pairs`
/// and records the dispute's nodes in `settled`.
void settleTie(VoteContext &context, unsigned t, const Votes &votes,
               const Votes *veto, llvm::SmallVectorImpl<NodePair> &pairs,
               SettledTies &settled);

} // namespace graphdiff

#endif // GRAPHDIFF_DIFFER_VOTES_TIESETTLING_H
