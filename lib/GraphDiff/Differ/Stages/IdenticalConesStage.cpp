//===- IdenticalConesStage.cpp - Identical upstream cones -----------------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Differ/Stages/Stages.h"

#include "GraphDiff/Differ/Consensus.h"
#include "GraphDiff/Graph/Graph.h"

using namespace mlir;
using namespace graphdiff;

void IdenticalConesStage::runOn(StructuralState &state) const {
  auto sameForward = [&](unsigned s, unsigned t) {
    return state.sameForward(s, t);
  };
  const StructureHashes &src = state.sourceHashes, &tgt = state.targetHashes;
  // After the first round, only the buckets of the nodes propagation took
  // can have become unique (`made`; past 1/32 of the graph, the full look
  // is as cheap and the list would take memory).
  MadePairs made(state.source.size() / 32);
  pairUniqueBuckets(state, src.forward, tgt.forward);
  propagate(state, state.votingPairs(), AlongOperands | FromOutputs,
            sameForward, &made);
  for (unsigned round = 0; round < 3; ++round) {
    SmallVector<NodePair> pairs =
        pairUniqueBuckets(state, src.forward, tgt.forward, made.get());
    if (pairs.empty())
      break;
    made.clear();
    propagate(state, pairs, AlongOperands, sameForward, &made);
  }
}
