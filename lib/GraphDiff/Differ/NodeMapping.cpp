//===- NodeMapping.cpp - Which source node is which target node -----------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Differ/NodeMapping.h"

#include <cassert>

using namespace graphdiff;

void NodeMapping::pair(unsigned source, unsigned target, MatchStage stage) {
  assert(!isSourceTaken(source) && !isTargetTaken(target) && "already taken");
  sourceToTarget[source] = target;
  targetToSource[target] = source;
  pairStage[target] = stage;
  ++counts.pairsMade;
  updateSource(source);
  updateTarget(target);
}

void NodeMapping::setRegion(unsigned target, llvm::ArrayRef<unsigned> region,
                            MatchStage stage) {
  assert(!isTargetTaken(target) && "target already taken");
  regionOf[target].assign(region.begin(), region.end());
  regionStage[target] = stage;
  ++counts.regionsSet;
  for (unsigned source : region) {
    assert(!isSourceTaken(source) && "source already taken");
    claimedBy[source] = target;
    updateSource(source);
  }
  updateTarget(target);
}

void NodeMapping::unpairTarget(unsigned target) {
  if (std::optional<unsigned> source = targetToSource[target]) {
    ++releases;
    ++counts.pairsUndone;
    sourceToTarget[*source].reset();
    targetToSource[target].reset();
    updateSource(*source);
    updateTarget(target);
  }
}

void NodeMapping::clearRegion(unsigned target) {
  ++releases;
  for (unsigned source : regionOf[target]) {
    claimedBy[source].reset();
    updateSource(source);
  }
  regionOf[target].clear();
  updateTarget(target);
}
