//===- MatcherStage.cpp - Running the stages of the matcher ---------------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Differ/Stages/MatcherStage.h"

#include "GraphDiff/Differ/StructuralState.h"
#include "GraphDiff/Graph/Graph.h"

using namespace graphdiff;

MatchContext::MatchContext(const Graph &source, const Graph &target,
                           NodeMapping &mapping,
                           const StructureOptions &options)
    : source(source), target(target), mapping(mapping), options(options) {}

MatchContext::~MatchContext() = default;

bool MatchContext::isLogicalGraph() const {
  return source.isLogicalGraph() || target.isLogicalGraph();
}

StructuralState &MatchContext::getStructure() {
  if (!structure)
    structure =
        std::make_unique<StructuralState>(source, target, mapping, options);
  return *structure;
}

MatcherStage::~MatcherStage() = default;

void StructuralStage::run(MatchContext &context) const {
  // An lg node's id is its identity: two lg nodes with different ids are
  // different nodes, whatever their shape.
  if (!context.isLogicalGraph())
    runOn(context.getStructure());
}

MatchOutcome
graphdiff::runMatcherStages(MatchContext &context,
                            llvm::ArrayRef<const MatcherStage *> stages) {
  MatchOutcome outcome;
  outcome.stages.reserve(stages.size());
  const NodeMapping &mapping = context.mapping;
  for (const MatcherStage *stage : stages) {
    NodeMapping::Counts before = mapping.getCounts();
    stage->run(context);
    const NodeMapping::Counts &after = mapping.getCounts();
    StageStats stats;
    stats.name = stage->getName();
    stats.weak = stage->isWeak();
    stats.paired = after.pairsMade - before.pairsMade;
    stats.unpaired = after.pairsUndone - before.pairsUndone;
    stats.regions = after.regionsSet - before.regionsSet;
    stats.ambiguous = after.ambiguousMarks - before.ambiguousMarks;
    stats.freeSource = context.source.size() - after.takenSources;
    stats.freeTarget = context.target.size() - after.takenTargets;
    if (stats.weak)
      outcome.weakPairs += stats.paired - stats.unpaired;
    outcome.stages.push_back(stats);
  }
  return outcome;
}
