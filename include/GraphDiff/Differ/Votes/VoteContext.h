//===- VoteContext.h - What the vote rules share ----------------*- C++ -*-===//
//
// Part of graph-diff.
//
// Every vote rule of this directory reads one pair (or the outputs) and
// casts votes through a VoteContext: the structural state, the filter of
// pairs the propagation may make, whether it votes across a lowering, and
// the target nodes that got a vote since propagate() last resolved them.
// A test makes one, runs one rule and reads what it cast (`log`).
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_DIFFER_VOTES_VOTECONTEXT_H
#define GRAPHDIFF_DIFFER_VOTES_VOTECONTEXT_H

#include "GraphDiff/Differ/StructuralState.h"
#include "GraphDiff/Differ/Votes/Votes.h"
#include "GraphDiff/Graph/Graph.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>

namespace graphdiff {

/// The state one propagation's rules cast their votes with.
class VoteContext {
public:
  /// Votes on `state` for the pairs `compatible` allows; across a lowering
  /// if `lowered` (PropagateFlags::Lowered).
  VoteContext(StructuralState &state, PairFilter compatible,
              bool lowered = false)
      : state(state), source(state.source), target(state.target),
        mapping(state.mapping), compatible(compatible), lowered(lowered) {}

  /// Casts a vote in `votes` for pairing source node `s` with target node
  /// `t`, and notes `t` as touched.
  void cast(Votes &votes, unsigned s, unsigned t) {
    votes.add(s, t);
    touched.push_back(t);
    if (log)
      log->push_back({s, t});
  }

  /// Whether the slot value `value` of one side, made by node `producer`
  /// (or Graph::kNoProducer), is a constant: from the kind rows when a node
  /// makes it (no read of the value or its op), else from the value.
  bool isConstantSlot(bool isSource, mlir::Value value, int producer) const {
    if (producer == Graph::kNoProducer)
      return isConstantValue(value);
    return (isSource ? state.sourceKinds : state.targetKinds)[producer]
        .constant;
  }
  /// Whether node `node` of one side only reshapes a tensor
  /// (isPureReshape), asked once per op name (StructuralState::Kind::name)
  /// where the name decides it.
  bool isReshapeNode(bool isSource, unsigned node);

  StructuralState &state;
  const Graph &source;
  const Graph &target;
  NodeMapping &mapping;
  PairFilter compatible;
  /// Whether the votes are across a lowering (PropagateFlags::Lowered).
  bool lowered;
  /// The target nodes that got a vote since the last resolve, once per
  /// vote.
  llvm::SmallVector<unsigned> touched;
  /// If set, every vote cast is appended here, in order (for tests).
  llvm::SmallVectorImpl<NodePair> *log = nullptr;

private:
  /// isReshapeNode() by op name number: 0 not asked yet, 1 no, 2 yes, 3
  /// depends on the node.
  llvm::SmallVector<uint8_t, 16> reshapeByName;
};

} // namespace graphdiff

#endif // GRAPHDIFF_DIFFER_VOTES_VOTECONTEXT_H
