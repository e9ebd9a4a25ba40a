//===- ChangedWithProducers.cpp - Changed pairs and what fed only them ----===//
//
// Part of graph-diff.
//
// Rule: a pair whose content changed, with exclusive producers, is a
// replace (step 2 of settleRegions).
//
// Decides that a paired node whose content changed (contentChanged) and
// whose free producers feed only it was rewritten together with them: the
// pair becomes a region of the pair's source node plus those producers
// (growOverExclusiveProducers, up to the images of its inputs), decided by
// the stage that made the pair. With no such producer the pair stays. Pairs
// by id are left alone: an id says the node is the same one. Records the
// pairs whose content it found unchanged (SettledRegions::sameContent).
//
// A general principle, which upstream elementwise fusion is the common case
// of: the fused op keeps the consumer's location, so the matchers pair it
// with the consumer, and the producers it absorbed are left free.
//
// It reads each pair's two ops once. At a node it depends on what the
// node's inputs stand for, which the canonical order settles first, and on
// which source nodes are taken, which step 1 does not change.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Differ/ContentChanges.h"
#include "GraphDiff/Differ/NodeMapping.h"
#include "GraphDiff/Differ/Settling/Rules.h"
#include "GraphDiff/Differ/Settling/Settler.h"
#include "GraphDiff/Graph/Graph.h"

using namespace mlir;
using namespace graphdiff;
using namespace graphdiff::settling;

void settling::replaceChangedWithProducers(Settler &settler) {
  NodeMapping &mapping = settler.mapping;
  for (unsigned t : settler.targetOrder) {
    std::optional<unsigned> s = mapping.getSource(t);
    if (!s || mapping.getPairStage(t) == MatchStage::Id)
      continue;
    patch::NodeChange changes = patch::NodeChange::None;
    if (!contentChanged(settler.source.getNode(*s), settler.target.getNode(t),
                        changes)) {
      settler.regions.sameContent[t] = true;
      continue;
    }
    ValueSet boundary = settler.pair.inputImages(t);
    MatchStage stage = mapping.getPairStage(t);
    SmallVector<unsigned> region{*s};
    mapping.unpairTarget(t);
    growOverExclusiveProducers(settler, region, boundary);
    if (region.size() == 1) {
      mapping.pair(*s, t, stage);
      continue;
    }
    mapping.setRegion(t, region, stage);
    settler.seeds[t] = {*s};
    settler.seededByPair.insert(t);
  }
}
