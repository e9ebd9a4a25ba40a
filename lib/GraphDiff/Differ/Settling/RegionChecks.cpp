//===- RegionChecks.cpp - Refusing regions that cannot be one node --------===//
//
// Part of graph-diff.
//
// Rule: every region passes the checks or is refused (step 4 of
// settleRegions), and a region a later step proposes passes them or is
// undone (checkAndMap).
//
// Decides, for each region the earlier steps made, whether it stays: it
// must be convex (whyNotConvex) and, once its results are mapped
// (mapResults), leak no value (whyLeaks). A refused region is cleared and
// each of its members records the reason (SettledRegions::refusals), so
// that the plan deletes them `because` of it instead of guessing. A region
// proposed after this step (dead ends, chained fusions) that fails is
// cleared without a refusal: its nodes are left as they were before. A
// general principle.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Differ/NodeMapping.h"
#include "GraphDiff/Differ/Settling/Rules.h"
#include "GraphDiff/Differ/Settling/Settler.h"

using namespace mlir;
using namespace graphdiff;
using namespace graphdiff::settling;

void settling::refuseUnsettleableRegions(Settler &settler) {
  NodeMapping &mapping = settler.mapping;
  for (unsigned t : settler.targetOrder) {
    ArrayRef<unsigned> region = mapping.getRegion(t);
    if (region.empty())
      continue;
    std::string why = whyNotConvex(settler, t, region);
    if (why.empty()) {
      mapResults(settler, t);
      why = whyLeaks(settler, t);
      if (why.empty())
        continue;
      forgetResults(settler, t);
    }
    SmallVector<unsigned> members(region.begin(), region.end());
    mapping.clearRegion(t);
    for (unsigned member : members)
      settler.regions.refusals[member] = why;
  }
}

bool settling::checkAndMap(Settler &settler, unsigned t) {
  NodeMapping &mapping = settler.mapping;
  if (whyNotConvex(settler, t, mapping.getRegion(t)).empty()) {
    mapResults(settler, t);
    if (whyLeaks(settler, t).empty())
      return true;
    forgetResults(settler, t);
  }
  mapping.clearRegion(t);
  return false;
}
