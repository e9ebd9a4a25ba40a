//===- ConventionRegions.cpp - Regions the seed's conventions name --------===//
//
// Part of graph-diff.
//
// Rule: growing the regions conventions name (step 0 of settleRegions).
//
// Decides the whole region of each target node whose region is, after the
// matchers, the one source node a convention names (matchByConventions:
// `fused_<id>`, an `anchor` metadata key). Evidence: what the new node
// stands for (the source values its paired users, the graph outputs and
// other new nodes' regions read in its place); the region is every free
// node on a path from the named node to those, then grows over exclusive
// producers back to what the new node reads. A new node that nothing reads
// gets the chain of free nodes downstream of the named node, chains growing
// together, a node two reach at once going to the one with no other choice.
//
// What one pass's output needs: ml_switcheroo's optimizer names a fused
// chain after its head, not where it is anchored, and fuses linear chains
// (docs/SwitcherooInterop.md).
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Differ/NodeMapping.h"
#include "GraphDiff/Differ/PairContext.h"
#include "GraphDiff/Differ/Settling/Rules.h"
#include "GraphDiff/Differ/Settling/Settler.h"
#include "GraphDiff/Graph/Graph.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

using namespace mlir;
using namespace graphdiff;
using namespace graphdiff::settling;

namespace {
class ConventionSettler {
public:
  explicit ConventionSettler(const Settler &settler)
      : settler(settler), source(settler.source), mapping(settler.mapping),
        sourceRank(settler.sourceRank) {}

  /// The region of a convention node `t` whose region holds just the source
  /// node its name or `anchor` names; empty if nothing says where its value
  /// goes (nothing reads it).
  SmallVector<unsigned> conventionRegion(unsigned t) const;
  /// Gives each convention node in `unread` (nothing says where its value
  /// goes) the chain of free nodes downstream of the node it names.
  void claimChains(ArrayRef<unsigned> unread);

private:
  const Settler &settler;
  const Graph &source;
  NodeMapping &mapping;
  ArrayRef<unsigned> sourceRank;
};
} // namespace

SmallVector<unsigned> ConventionSettler::conventionRegion(unsigned t) const {
  unsigned named = mapping.getRegion(t).front();
  // Nodes the walks may cross: free ones, and the named node itself.
  auto open = [&](unsigned s) {
    return !mapping.isSourceTaken(s) || mapping.getClaimant(s) == t;
  };
  // Where the new node's value goes: the source values that its paired
  // users (and the graph outputs) read in its place, and, read by other new
  // nodes, what their regions (so far: the nodes their provenance or
  // convention names) read from outside. Chains fused one after another
  // meet there.
  SmallVector<unsigned> candidates;
  auto addCandidate = [&](Value v) {
    std::optional<unsigned> p = source.getProducer(v);
    if (p && open(*p) && !llvm::is_contained(candidates, *p))
      candidates.push_back(*p);
  };
  for (auto &values : settler.outImages(t, /*loose=*/true))
    llvm::for_each(values, addCandidate);
  for (auto &values : settler.regionReads(t))
    llvm::for_each(values, addCandidate);
  unsigned lastRank = sourceRank[named];
  for (unsigned s : candidates)
    lastRank = std::max(lastRank, sourceRank[s]);
  // Forward from the named node over open nodes, no further than those.
  llvm::DenseSet<unsigned> forward{named};
  SmallVector<unsigned> worklist{named};
  while (!worklist.empty())
    for (unsigned user : source.getUsers(worklist.pop_back_val()))
      if (open(user) && sourceRank[user] <= lastRank &&
          forward.insert(user).second)
        worklist.push_back(user);
  // The ends are the candidates downstream of the named node: the new
  // node's value comes from there (one that is not was read over an edge
  // the target dropped).
  SmallVector<unsigned> ends;
  for (unsigned s : candidates)
    if (forward.contains(s))
      ends.push_back(s);
  if (ends.empty())
    return {};
  // Backward from the ends over what the forward walk reached: the nodes
  // on a path from the named node to an end.
  SmallVector<unsigned> region{named};
  llvm::DenseSet<unsigned> members{named};
  for (unsigned end : ends)
    if (members.insert(end).second)
      region.push_back(end);
  for (unsigned next = 0; next < region.size(); ++next)
    for (Value input : source.getNodeInputs(region[next]))
      if (std::optional<unsigned> p = source.getProducer(input))
        if (forward.contains(*p) && members.insert(*p).second)
          region.push_back(*p);
  return region;
}

void ConventionSettler::claimChains(ArrayRef<unsigned> unread) {
  // Each chain is a path (ml_switcheroo's optimizer fuses linear chains)
  // grown one node per round from its tail, all chains in step. A free node
  // that several chains' tails reach in the same round goes to the one for
  // which it is the only candidate, if exactly one; else to none. A tail
  // with several candidates takes the one that reads nothing another chain
  // may take (no free node outside this chain); with no such single one, the
  // chain ends there. A candidate that reads a free node no chain reaches
  // may be someone else's: it is never taken.
  llvm::DenseMap<unsigned, unsigned> owner;
  SmallVector<std::pair<unsigned, unsigned>> tails; // (new node, tail)
  for (unsigned t : unread) {
    unsigned named = mapping.getRegion(t).front();
    owner[named] = t;
    tails.push_back({t, named});
  }
  auto isFree = [&](unsigned s) {
    return !mapping.isSourceTaken(s) && !owner.count(s) &&
           !source.isOutputNode(s);
  };
  while (!tails.empty()) {
    // What each tail reaches this round.
    llvm::DenseMap<unsigned, SmallVector<unsigned, 2>> reachedBy;
    for (auto [t, tail] : tails)
      for (unsigned user : source.getUsers(tail))
        if (isFree(user) && !llvm::is_contained(reachedBy[user], t))
          reachedBy[user].push_back(t);
    auto reads = [&](unsigned node, unsigned t, bool onlyOwn) {
      return llvm::all_of(source.getNodeInputs(node), [&](Value input) {
        std::optional<unsigned> p = source.getProducer(input);
        if (!p || mapping.isSourceTaken(*p))
          return true;
        auto own = owner.find(*p);
        if (own != owner.end() && own->second == t)
          return true;
        return !onlyOwn && (own != owner.end() || reachedBy.count(*p));
      });
    };
    llvm::DenseMap<unsigned, SmallVector<unsigned>> candidates;
    for (auto [t, tail] : tails)
      for (unsigned user : source.getUsers(tail))
        if (reachedBy.count(user) && reads(user, t, /*onlyOwn=*/false) &&
            !llvm::is_contained(candidates[t], user))
          candidates[t].push_back(user);
    // A node several tails reach goes to the one chain for which it is the
    // only candidate, if there is exactly one such; else to none.
    auto winner = [&](unsigned node) -> std::optional<unsigned> {
      SmallVector<unsigned, 2> only;
      for (unsigned t : reachedBy[node])
        if (llvm::is_contained(candidates[t], node) &&
            candidates[t].size() == 1)
          only.push_back(t);
      if (reachedBy[node].size() == 1)
        return reachedBy[node].front();
      if (only.size() == 1)
        return only.front();
      return std::nullopt;
    };
    SmallVector<std::pair<unsigned, unsigned>> grown;
    for (auto [t, tail] : tails) {
      SmallVector<unsigned> mine;
      for (unsigned c : candidates[t])
        if (winner(c) == t)
          mine.push_back(c);
      if (mine.size() > 1) {
        SmallVector<unsigned> own;
        for (unsigned c : mine)
          if (reads(c, t, /*onlyOwn=*/true))
            own.push_back(c);
        mine = std::move(own);
      }
      if (mine.size() == 1)
        grown.push_back({t, mine.front()});
    }
    for (auto [t, node] : grown)
      owner[node] = t;
    tails = std::move(grown);
  }
  llvm::DenseMap<unsigned, SmallVector<unsigned>> chains;
  for (unsigned s = 0; s < source.size(); ++s) {
    auto it = owner.find(s);
    if (it != owner.end())
      chains[it->second].push_back(s);
  }
  for (unsigned t : unread) {
    mapping.clearRegion(t);
    mapping.setRegion(t, chains[t], MatchStage::Convention);
  }
}

void settling::growConventionRegions(Settler &settler) {
  NodeMapping &mapping = settler.mapping;
  SmallVector<unsigned> conventions;
  for (unsigned t : settler.targetOrder)
    if (!mapping.getRegion(t).empty() &&
        mapping.getRegionStage(t) == MatchStage::Convention)
      conventions.push_back(t);
  ConventionSettler conventionSettler(settler);
  SmallVector<unsigned> unread;
  for (unsigned t : conventions) {
    SmallVector<unsigned> region = conventionSettler.conventionRegion(t);
    if (region.empty()) {
      unread.push_back(t);
      continue;
    }
    mapping.clearRegion(t);
    mapping.setRegion(t, region, MatchStage::Convention);
  }
  conventionSettler.claimChains(unread);
  // Then each grows over the free nodes that fed only it, back to what its
  // new node reads.
  for (unsigned t : conventions) {
    SmallVector<unsigned> region(mapping.getRegion(t));
    mapping.clearRegion(t);
    growOverExclusiveProducers(settler, region, settler.pair.inputImages(t));
    settler.pair.sortBySourceRank(region);
    mapping.setRegion(t, region, MatchStage::Convention);
  }
}
