//===- LoweredReductionStage.cpp - The reductions of a lowering -----------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Differ/Stages/Stages.h"

#include "GraphDiff/Differ/Consensus.h"
#include "GraphDiff/Graph/Graph.h"
#include "llvm/ADT/DenseSet.h"

using namespace mlir;
using namespace graphdiff;

/// Whether `op`, not a linalg op, reduces data as a keep-dims reduction
/// does: it reads one value that is not a constant, a static tensor of the
/// rank and element type of its one result, whose every dimension is the
/// operand's or 1, at least one of them reduced from more than 1.
static bool reducesKeepingDims(Operation *op) {
  if (op->getNumResults() != 1 || op->getNumRegions() != 0)
    return false;
  auto result = dyn_cast<RankedTensorType>(op->getResult(0).getType());
  if (!result || !result.hasStaticShape())
    return false;
  RankedTensorType input;
  for (Value operand : op->getOperands()) {
    if (isConstantValue(operand))
      continue;
    auto type = dyn_cast<RankedTensorType>(operand.getType());
    if (input || !type)
      return false;
    input = type;
  }
  if (!input || !input.hasStaticShape() ||
      input.getRank() != result.getRank() ||
      input.getElementType() != result.getElementType())
    return false;
  bool reduced = false;
  for (auto [from, to] : llvm::zip(input.getShape(), result.getShape())) {
    if (to != from && to != 1)
      return false;
    reduced |= to != from;
  }
  return reduced;
}

/// Whether node `to` reads, through other nodes, node `from` (`from` comes
/// first in node order).
static bool reaches(const Graph &graph, unsigned from, unsigned to) {
  SmallVector<unsigned, 16> work{from};
  llvm::DenseSet<unsigned> seen{from};
  while (!work.empty()) {
    unsigned node = work.pop_back_val();
    for (const Graph::Use &use : graph.getUses(node)) {
      if (use.user == to)
        return true;
      if (use.user < to && seen.insert(use.user).second)
        work.push_back(use.user);
    }
  }
  return false;
}

SmallVector<NodePair> graphdiff::pairLoweredReductions(StructuralState &state) {
  using Structured = StructuralState::Structured;
  using Reduction = StructuralState::Reduction;
  // More reductions than this: the chain checks below would cost a walk of
  // the graph each; such graphs are not a lowered fragment.
  constexpr unsigned maxReductions = 16;
  SmallVector<unsigned, 4> sources, targets;
  for (unsigned s = 0; s < state.source.size(); ++s)
    if (!state.mapping.isSourceTaken(s) &&
        state.sourceStructured[s] == Structured::None &&
        reducesKeepingDims(state.source.getNode(s)))
      sources.push_back(s);
  for (unsigned t = 0; t < state.target.size(); ++t)
    if (!state.mapping.isTargetTaken(t) &&
        state.targetStructured[t] != Structured::None &&
        state.targetReduction[t] == Reduction::Data)
      targets.push_back(t);
  if (sources.empty() || sources.size() != targets.size() ||
      sources.size() > maxReductions)
    return {};
  for (unsigned k = 0; k < sources.size(); ++k) {
    Operation *a = state.source.getNode(sources[k]);
    Operation *b = state.target.getNode(targets[k]);
    if (b->getNumResults() != 1 ||
        !sameModuloUnitDims(a->getResult(0).getType(),
                            b->getResult(0).getType()))
      return {};
    if (k && (!reaches(state.source, sources[k - 1], sources[k]) ||
              !reaches(state.target, targets[k - 1], targets[k])))
      return {};
  }
  SmallVector<NodePair> pairs;
  for (auto [s, t] : llvm::zip(sources, targets)) {
    state.pair(s, t);
    pairs.push_back({s, t});
  }
  return pairs;
}

void LoweredReductionStage::runOn(StructuralState &state) const {
  if (pairLoweredReductions(state).empty())
    return;
  state.acrossLowering = true;
  propagate(state, state.votingPairs(), AlongOperands | FromOutputs | Lowered,
            [&](unsigned s, unsigned t) { return state.sameElements(s, t); });
}
