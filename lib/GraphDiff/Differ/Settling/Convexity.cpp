//===- Convexity.cpp - A region is convex ---------------------------------===//
//
// Part of graph-diff.
//
// Rule: a region is convex (a check of step 4, and of every region the later
// steps make).
//
// Decides whether a new node can replace its region as one node: not if a
// path leaves the region and comes back into it, since the one node would
// then read a value made from its own result. Evidence: the source's edges
// that the plan keeps. An edge between two nodes that have counterparts
// (paired, or in a region, this one included) stays only if the target has
// it between those: ml_switcheroo's optimizer drops the edges that leave a
// fused chain's middle or enter it past its head, and a paired reader's
// update rewires them. An edge at a node with no counterpart (deleted) is
// taken to stay. A general principle; the reason it gives names the path.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Differ/NodeMapping.h"
#include "GraphDiff/Differ/Settling/Rules.h"
#include "GraphDiff/Differ/Settling/Settler.h"
#include "GraphDiff/Graph/Graph.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

#include <algorithm>

using namespace mlir;
using namespace graphdiff;
using namespace graphdiff::settling;

std::string settling::whyNotConvex(const Settler &settler, unsigned t,
                                   ArrayRef<unsigned> region) {
  const Graph &source = settler.source, &target = settler.target;
  const NodeMapping &mapping = settler.mapping;
  ArrayRef<unsigned> sourceRank = settler.sourceRank;
  llvm::SmallDenseSet<unsigned, 8> members(region.begin(), region.end());
  // Convex: no path leaves the region and comes back. Walk forward from the
  // region's outside users; reaching a member is a path that returns. Edges
  // go up in topological rank, so a node ranked after every member cannot
  // lead back: the walk stays within the region's span of ranks, which keeps
  // the check local instead of a sweep of the rest of the graph.
  unsigned lastRank = 0;
  for (unsigned member : region)
    lastRank = std::max(lastRank, sourceRank[member]);
  SmallVector<unsigned> worklist;
  // Each outside node reached, with the member its path left the region at.
  llvm::SmallDenseMap<unsigned, unsigned, 8> leftAt;
  auto visit = [&](unsigned node, unsigned member) {
    if (sourceRank[node] < lastRank && leftAt.try_emplace(node, member).second)
      worklist.push_back(node);
  };
  // Only edges the plan keeps make a path: an edge between two nodes that
  // have counterparts (paired, or in a region, this one included) stays if
  // the target has it between those; ml_switcheroo's optimizer drops the
  // edges that leave a fused chain's middle or enter it past its head. An
  // edge at a node with no counterpart (deleted) is taken to stay.
  auto counterpart = [&](unsigned s) -> std::optional<unsigned> {
    if (members.contains(s))
      return t;
    if (std::optional<unsigned> u = mapping.getTarget(s))
      return u;
    return mapping.getClaimant(s);
  };
  auto stays = [&](unsigned from, unsigned to) {
    std::optional<unsigned> a = counterpart(from), b = counterpart(to);
    // Whether `b` reads `a`: its slots read the values its inputs are, and
    // the graph keeps each slot's producer (no lookup per value).
    return !a || !b ||
           llvm::is_contained(target.getSlotProducers(*b),
                              static_cast<int>(*a));
  };
  for (unsigned member : region)
    for (unsigned user : source.getUsers(member))
      if (!members.contains(user) && stays(member, user))
        visit(user, member);
  while (!worklist.empty()) {
    unsigned node = worklist.pop_back_val();
    unsigned member = leftAt.lookup(node);
    for (unsigned user : source.getUsers(node)) {
      if (!stays(node, user))
        continue;
      if (members.contains(user))
        return "the region is not convex: " +
               describeNode("source", source, member) + " feeds " +
               describeNode("source", source, node) +
               " outside the region, which leads back into it at " +
               describeNode("source", source, user) + ", so " +
               describeNode("target", target, t) +
               " cannot replace the region as one node";
      visit(user, member);
    }
  }
  return "";
}
