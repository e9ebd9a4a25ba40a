//===- IdenticalContextsStage.cpp - Identical downstream contexts ---------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Differ/Stages/Stages.h"

#include "GraphDiff/Differ/Consensus.h"
#include "GraphDiff/Graph/Graph.h"

using namespace mlir;
using namespace graphdiff;

void IdenticalContextsStage::runOn(StructuralState &state) const {
  auto sameBackward = [&](unsigned s, unsigned t) {
    return state.sameBackward(s, t);
  };
  const StructureHashes &src = state.sourceHashes, &tgt = state.targetHashes;
  // As IdenticalConesStage: after the first round, only the buckets of the
  // nodes propagation took can have become unique.
  MadePairs made(state.source.size() / 32);
  for (unsigned round = 0; round < 3; ++round) {
    SmallVector<NodePair> pairs = pairUniqueBuckets(
        state, src.backward, tgt.backward, round ? made.get() : nullptr);
    if (pairs.empty())
      break;
    made.clear();
    propagate(state, pairs, AlongUsers, sameBackward, &made);
  }
}
