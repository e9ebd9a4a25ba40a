//===- ChangedOpStage.cpp - Ops that changed name -------------------------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Differ/Stages/Stages.h"

#include "GraphDiff/Differ/Consensus.h"

using namespace mlir;
using namespace graphdiff;

void ChangedOpStage::runOn(StructuralState &state) const {
  constexpr unsigned Everywhere = AlongOperands | AlongUsers | FromOutputs;
  auto sameKind = [&](unsigned s, unsigned t) { return state.sameKind(s, t); };
  auto sameShape = [&](unsigned s, unsigned t) {
    return state.sameShape(s, t);
  };
  if (propagate(state, state.votingPairs(), Everywhere, sameShape)) {
    propagate(state, state.votingPairs(), Everywhere, sameKind);
    growBySimilarity(state, sameKind);
  }
  growBySimilarity(state, sameShape);
}
