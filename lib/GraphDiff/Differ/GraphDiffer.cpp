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
// Two graphs that are the same op for op skip all of that (diffIdentical):
// what the stages would find on them is known before they run.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Differ/GraphDiffer.h"

#include "GraphDiff/Dialect/LG/IR/LG.h"
#include "GraphDiff/Differ/PairContext.h"
#include "GraphDiff/Differ/PlanEmitter.h"
#include "GraphDiff/Differ/RegionSettling.h"
#include "GraphDiff/Differ/Stages/MatcherStage.h"
#include "GraphDiff/Differ/Stages/Stages.h"
#include "GraphDiff/Graph/Graph.h"
#include "mlir/IR/OperationSupport.h"
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

/// Whether the stages would pair every node of `source` with the node at the
/// same index of `target` by structure, and settling and emission find
/// nothing to do: the two graph ops are the same op for op (attributes and
/// properties as the same objects, operands reading the same positions,
/// locations aside as the stages leave them aside), no stage before
/// structure can pair anything (no lg node ids, so no ids, provenance or
/// conventions; no location both inputs could share), and the structural
/// hashes leave locations out. Anything else takes the full path.
static bool isIdenticalPair(const Graph &source, const Graph &target,
                            const StructureOptions &structure) {
  if (!structure.ignoreLocations || source.size() != target.size() ||
      source.hasIdNodes() || target.hasIdNodes())
    return false;
  NodeMapping empty(source.size(), target.size());
  if (mayPairByLocations(source, target, empty))
    return false;
  return OperationEquivalence::isEquivalentTo(
      source.getOperation(), target.getOperation(),
      OperationEquivalence::IgnoreLocations);
}

/// The diff of an identical pair (isIdenticalPair): what the full path
/// gives, every node paired by structure with its counterpart and
/// unchanged, and an empty plan, without running the stages. Only the
/// stages' own statistics are not kept (`stages` is empty).
static GraphDiff diffIdentical(const Graph &source, const Graph &target,
                               OpBuilder &builder) {
  GraphDiff result(source.size(), target.size());
  for (unsigned i = 0, e = source.size(); i < e; ++i) {
    result.mapping.pair(i, i, MatchStage::Structure);
    result.image[i] = i;
  }
  result.plan = patch::PlanOp::create(builder, target.getOperation()->getLoc(),
                                      source.getPath(), target.getPath());
  result.summary =
      DiffSummary::count(result.sourceStatus, result.targetStatus, 0);
  ArrayRef<unsigned> sourceOrder = source.getCanonicalOrder();
  ArrayRef<unsigned> targetOrder = target.getCanonicalOrder();
  result.sourceOrder.assign(sourceOrder.begin(), sourceOrder.end());
  result.targetOrder.assign(targetOrder.begin(), targetOrder.end());
  result.inputSource = alignInputs(source, target, result.mapping);
  return result;
}

GraphDiff graphdiff::diffGraphs(const Graph &source, const Graph &target,
                                OpBuilder &builder,
                                const StructureOptions &structure,
                                bool skipIdentical) {
  if (skipIdentical && isIdenticalPair(source, target, structure))
    return diffIdentical(source, target, builder);
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
