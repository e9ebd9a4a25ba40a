//===- Consensus.h - Pairing by agreeing votes of matched pairs -*- C++ -*-===//
//
// Part of graph-diff.
//
// The structural stage grows its pairs by consensus: every matched pair votes
// for pairs of its free neighbours, and a free node is paired only if every
// vote it received names the same partner and that partner's votes name it
// back. Votes are gathered a whole frontier at a time, so the result does not
// depend on the order pairs are visited in; a node with conflicting votes
// stays free and is marked ambiguous. docs/Matching.md ("Stages, in order").
//
// The votes are cast by named rules, one a file under Differ/Votes/, each
// with its contract at the top of its header and its own unit tests;
// propagate() (Consensus.cpp) runs them in order to a fixpoint.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_DIFFER_CONSENSUS_H
#define GRAPHDIFF_DIFFER_CONSENSUS_H

#include "GraphDiff/Differ/StructuralState.h"
#include "GraphDiff/Differ/Votes/Votes.h"

namespace graphdiff {

/// Where a propagation looks for pairs to vote for.
enum PropagateFlags : unsigned {
  /// From each pair to its producers, slot by slot (or, where the two nodes'
  /// slots differ because a fusion folded a chain into the target node,
  /// through the free chain above the source node): the rules
  /// ThroughPayload.h, DestinationInputs.h, AlongOperands.h,
  /// ThroughFusedChain.h and DestinationInits.h of Differ/Votes/.
  AlongOperands = 1,
  /// From each pair to the one free user at the same (result, slot)
  /// (Votes/AlongUsers.h).
  AlongUsers = 2,
  /// Also from the two terminators, as if they were a pair: output
  /// producers, position by position (Votes/FromOutputs.h). Only with
  /// AlongOperands.
  FromOutputs = 4,
  /// Votes across a lowering: value types compared up to unit dimensions
  /// (sameModuloUnitDims); a renamed op whose slots differ compared without
  /// the slots that read constants (a lowering moves constant operands into
  /// the new op's body); no vote for a target reshape of a node paired with
  /// another source node (it stands for that node's value).
  Lowered = 8,
};

/// The pairs propagations made, up to `limit` of them: past it, the list is
/// dropped (no memory that grows with the graph) and `overflowed` says so.
struct MadePairs {
  explicit MadePairs(size_t limit) : limit(limit) {}
  void add(llvm::ArrayRef<NodePair> more) {
    if (overflowed)
      return;
    if (pairs.size() + more.size() > limit) {
      overflowed = true;
      pairs = {};
      return;
    }
    pairs.append(more.begin(), more.end());
  }
  void clear() {
    pairs.clear();
    overflowed = false;
  }
  /// The pairs, or null if there were more than `limit`.
  const llvm::SmallVectorImpl<NodePair> *get() const {
    return overflowed ? nullptr : &pairs;
  }

  llvm::SmallVector<NodePair> pairs;
  size_t limit;
  bool overflowed = false;
};

/// Consensus propagation from `seeds` as `flags` say, pairing only nodes for
/// which `compatible` holds. Along operands to a fixpoint first, then along
/// users, and again while either makes pairs: a fused op is reached from its
/// consumers (it takes the sink's place) before its producers could claim it
/// for the head of the fused chain. Votes that conflict only between
/// interchangeable candidates (equal forward hashes on each side: the same
/// content over the same upstream cone, as CSE leaves them) are no ambiguity:
/// they are paired in file order, as CSE keeps the first. Marks the nodes
/// whose votes really conflicted ambiguous. Returns whether it paired
/// anything; records the pairs it made in `made`, if given.
bool propagate(StructuralState &state, llvm::ArrayRef<NodePair> seeds,
               unsigned flags, PairFilter compatible,
               MadePairs *made = nullptr);

} // namespace graphdiff

#endif // GRAPHDIFF_DIFFER_CONSENSUS_H
