//===- SameOpStage.cpp - Propagation to the same op -----------------------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Differ/Stages/Stages.h"

#include "GraphDiff/Differ/Consensus.h"

using namespace mlir;
using namespace graphdiff;

void SameOpStage::runOn(StructuralState &state) const {
  propagate(state, state.votingPairs(),
            AlongOperands | AlongUsers | FromOutputs,
            [&](unsigned s, unsigned t) { return state.sameKind(s, t); });
}
