//===- GraphDiffer.cpp - Patch plans between two graphs -------------------===//
//
// Part of graph-diff.
//
// Matching runs the stages of Stages/StageOrder.cpp in order of trust. Then
// regions are
// settled (RegionSettling.cpp: grown from what the target node's neighbours
// say, checked for convexity), and the plan is emitted (PlanEmitter.cpp) in a
// canonical order that depends on names and structure only, never on the
// order of nodes in the files, recording what it does to each node.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Differ/GraphDiffer.h"

#include "GraphDiff/Dialect/LG/IR/LG.h"
#include "GraphDiff/Differ/PairContext.h"
#include "GraphDiff/Differ/PlanEmitter.h"
#include "GraphDiff/Differ/RegionSettling.h"
#include "GraphDiff/Differ/Stages/MatcherStage.h"
#include "GraphDiff/Graph/Graph.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;
using namespace graphdiff;

bool graphdiff::isDiffableGraph(Operation *op) {
  if (isa<lg::GraphOp>(op))
    return true;
  auto function = dyn_cast<FunctionOpInterface>(op);
  return function && !function.isExternal() &&
         llvm::hasSingleElement(function.getFunctionBody());
}

GraphDiff graphdiff::diffGraphs(const Graph &source, const Graph &target,
                                OpBuilder &builder,
                                const StructureOptions &structure) {
  GraphDiff result(source.size(), target.size());
  NodeMapping &mapping = result.mapping;
  MatchOutcome matched;
  {
    MatchContext context(source, target, mapping, structure);
    matched = runMatcherStages(context);
  }
  unsigned guessed = matched.weakPairs;
  // What locations did, and what the structural stage had to guess (before
  // region settling takes free nodes, and with them their ambiguity marks).
  uint64_t located = 0;
  for (unsigned t = 0; t < target.size(); ++t)
    if (mapping.getSource(t))
      located += mapping.getPairStage(t) == MatchStage::Location ||
                 mapping.getPairStage(t) == MatchStage::Provenance;
  for (unsigned s = 0; s < source.size(); ++s)
    guessed += mapping.isSourceAmbiguous(s);
  for (unsigned t = 0; t < target.size(); ++t)
    guessed += mapping.isTargetAmbiguous(t);

  PairContext pair(source, target, mapping);
  SettledRegions regions = settleRegions(pair);
  emitPlan(pair, regions, builder, result);
  result.summary.guessed = guessed;
  result.stages = std::move(matched.stages);
  result.summary.located = located;
  result.sourceOrder = std::move(pair.sourceOrder);
  result.targetOrder = std::move(pair.targetOrder);
  result.inputSource = std::move(pair.inputSource);
  return result;
}
