//===- ResultCountChanges.cpp - Pairs whose result count changed ----------===//
//
// Part of graph-diff.
//
// Rule: a pair whose result count changed is a replace (step 1 of
// settleRegions).
//
// Decides that a paired node whose number of results changed is replaced,
// as a region of one node, by the stage that made the pair. Evidence: the
// two ops' result counts alone. A general principle: such a node cannot be
// updated in place, since the uses of a result that comes or goes have
// nothing to follow; as a region, its results say which source value each
// new result stands for (mapResults).
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Differ/NodeMapping.h"
#include "GraphDiff/Differ/Settling/Rules.h"
#include "GraphDiff/Differ/Settling/Settler.h"
#include "GraphDiff/Graph/Graph.h"

using namespace mlir;
using namespace graphdiff;
using namespace graphdiff::settling;

void settling::replaceResultCountChanges(Settler &settler) {
  NodeMapping &mapping = settler.mapping;
  for (unsigned t : settler.targetOrder) {
    std::optional<unsigned> s = mapping.getSource(t);
    if (!s || settler.source.getNode(*s)->getNumResults() ==
                  settler.target.getNode(t)->getNumResults())
      continue;
    MatchStage stage = mapping.getPairStage(t);
    mapping.unpairTarget(t);
    mapping.setRegion(t, {*s}, stage);
  }
}
