//===- BetweenReadsAndReaders.cpp - Regions of unpaired target nodes ------===//
//
// Part of graph-diff.
//
// Rule: an unpaired target node replaces what lies between what it reads
// and what reads it (step 3 of settleRegions).
//
// Decides the region of a target node with no counterpart: the free source
// nodes that make the values its paired readers (and the graph outputs)
// read in its place (Settler::freeProducersSeen, loosely for a reader that
// gained or lost operands), grown over exclusive producers back to the
// images of its inputs. With no such node it is a pure insertion. Evidence:
// the pairs around it. A general principle: a new node stands where its
// readers' counterparts read.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Differ/NodeMapping.h"
#include "GraphDiff/Differ/PairContext.h"
#include "GraphDiff/Differ/Settling/Rules.h"
#include "GraphDiff/Differ/Settling/Settler.h"

using namespace mlir;
using namespace graphdiff;
using namespace graphdiff::settling;

void settling::claimBetweenReadsAndReaders(Settler &settler) {
  NodeMapping &mapping = settler.mapping;
  for (unsigned t : settler.targetOrder) {
    if (mapping.isTargetTaken(t))
      continue;
    ValueSet boundary = settler.pair.inputImages(t);
    SmallVector<unsigned> region = settler.freeProducersSeen(t, /*loose=*/true);
    if (region.empty())
      continue;
    SmallVector<unsigned, 2> seen(region.begin(), region.end());
    growOverExclusiveProducers(settler, region, boundary);
    if (region.size() != seen.size()) {
      settler.pair.sortBySourceRank(seen);
      settler.seeds[t] = std::move(seen);
    }
    settler.pair.sortBySourceRank(region);
    mapping.setRegion(t, region, MatchStage::Structure);
  }
}
