//===- RegionSettling.cpp - The regions new nodes replace -----------------===//
//
// Part of graph-diff.
//
// Settling is a list of named rules, each in its own file under Settling/
// with its contract (Settling/Rules.h). This file is the order in which
// they apply.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Differ/RegionSettling.h"

#include "GraphDiff/Differ/Settling/Rules.h"
#include "GraphDiff/Differ/Settling/Settler.h"

using namespace graphdiff;
using namespace graphdiff::settling;

/// The steps in the order they apply, numbered as in docs/Matching.md ("From
/// pairs to a plan"). Each depends on the ones before: the pairs the matchers
/// made become regions first (0-2), then the unpaired nodes get theirs (3),
/// every region is checked and its results mapped (4), and the steps that
/// need what new nodes stand for come last (4b-5b), checking what they
/// propose as they go (checkAndMap).
static void (*const kSteps[])(Settler &) = {
    growConventionRegions,       // 0
    replaceResultCountChanges,   // 1
    replaceChangedWithProducers, // 2
    claimBetweenReadsAndReaders, // 3
    refuseUnsettleableRegions,   // 4
    settleDeadEnds,              // 4b
    splitChainedFusions,         // 4c
    moveToReshapeSinks,          // 5
    cutBackOvergrownRegions,     // 5b
};

SettledRegions graphdiff::settleRegions(const PairContext &pair) {
  Settler settler(pair);
  for (auto step : kSteps)
    step(settler);
  return std::move(settler.regions);
}
