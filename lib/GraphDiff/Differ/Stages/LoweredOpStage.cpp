//===- LoweredOpStage.cpp - Ops lowered to another dialect ----------------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Differ/Stages/Stages.h"

#include "GraphDiff/Differ/Consensus.h"

using namespace mlir;
using namespace graphdiff;

void LoweredOpStage::runOn(StructuralState &state) const {
  constexpr unsigned Everywhere = AlongOperands | AlongUsers | FromOutputs;
  unsigned lowered = state.acrossLowering ? unsigned(Lowered) : 0u;
  if (!propagate(state, state.votingPairs(),
                 AlongOperands | FromOutputs | lowered,
                 [&](unsigned s, unsigned t) { return state.sameTypes(s, t); }))
    return;
  propagate(state, state.votingPairs(), Everywhere,
            [&](unsigned s, unsigned t) { return state.sameKind(s, t); });
  propagate(state, state.votingPairs(), Everywhere,
            [&](unsigned s, unsigned t) { return state.sameShape(s, t); });
}
