//===- ResultCountChanges.cpp - Pairs whose result count changed ----------===//
//
// Part of graph-diff.
//
// Rule: a pair whose result count changed is a replace (step 1 of
// settleRegions).
//
// Decides that a paired node whose number of results changed is replaced,
// by the stage that made the pair, as a region of that node and the free
// constants only it reads: a splat folded into the payload of the loop nest
// an op became goes with it. Evidence: the two ops' result counts, and the
// source's edges. A general
// principle: such a node cannot be updated in place, since the uses of a
// result that comes or goes have nothing to follow; as a region, its
// results say which source value each new result stands for (mapResults).
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Differ/NodeMapping.h"
#include "GraphDiff/Differ/Settling/Rules.h"
#include "GraphDiff/Differ/Settling/Settler.h"
#include "GraphDiff/Graph/Graph.h"

using namespace mlir;
using namespace graphdiff;
using namespace graphdiff::settling;

/// Adds to `region` (one node) the free constants only it reads and that
/// the target does not keep under a twin (mergedIntoTwin): folded into what
/// it became (a splat the canonicalizer folded into a loop nest's payload).
/// Its other free producers may be ops of their own that the walk through
/// buffers did not reach: they are left to the later steps.
static void addFoldedConstants(const Settler &settler,
                               SmallVectorImpl<unsigned> &region) {
  const Graph &source = settler.source;
  unsigned s = region.front();
  for (int p : source.getSlotProducers(s)) {
    if (p == Graph::kNoProducer || llvm::is_contained(region, unsigned(p)) ||
        settler.mapping.isSourceTaken(p) || !source.getSlots(p).empty() ||
        source.isOutputNode(p) ||
        !source.getNode(p)->hasTrait<OpTrait::ConstantLike>() ||
        llvm::any_of(source.getUsers(p), [&](unsigned u) { return u != s; }) ||
        mergedIntoTwin(settler, p))
      continue;
    region.push_back(p);
  }
}

void settling::replaceResultCountChanges(Settler &settler) {
  NodeMapping &mapping = settler.mapping;
  for (unsigned t : settler.targetOrder) {
    std::optional<unsigned> s = mapping.getSource(t);
    if (!s || settler.source.getNode(*s)->getNumResults() ==
                  settler.target.getNode(t)->getNumResults())
      continue;
    MatchStage stage = mapping.getPairStage(t);
    SmallVector<unsigned> region{*s};
    mapping.unpairTarget(t);
    addFoldedConstants(settler, region);
    mapping.setRegion(t, region, stage);
  }
}
