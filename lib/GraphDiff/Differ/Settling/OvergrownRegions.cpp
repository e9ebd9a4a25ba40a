//===- OvergrownRegions.cpp - Regions grown past what their node reads ----===//
//
// Part of graph-diff.
//
// Rule: a region that reads what its new node does not is cut back to what
// it was before it grew (step 5b of settleRegions).
//
// Decides whether the growth over exclusive producers of steps 2 and 3 went
// too far. A fused op reads what the ops it fused read from outside them, so
// a region reads only what its new node reads (looked through new pure
// reshapes), leaves (constants, empty tensors the rewrite makes afresh) and
// nodes whose counterpart is not a pair (readsOnlyWhatNodeReads). When the
// new node reads new work of its own, growth does not know where that work's
// counterpart starts and may take it in: step 4c gives such a chain back
// when it can tell it apart; what is still grown past here returns to its
// seed (the pair of step 2, the nodes its readers saw in step 3) and grows
// again only over producers that read what a fusion reads, and the members
// it drops are left free. Evidence: the values the region reads
// and the images of what the new node reads. A general principle.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Differ/NodeMapping.h"
#include "GraphDiff/Differ/PairContext.h"
#include "GraphDiff/Differ/Settling/Rules.h"
#include "GraphDiff/Differ/Settling/Settler.h"
#include "GraphDiff/Graph/Graph.h"
#include "llvm/ADT/DenseSet.h"

using namespace mlir;
using namespace graphdiff;
using namespace graphdiff::settling;

/// How many distinct values of free source nodes that read something the
/// members of `members` read from outside them.
static unsigned freeReads(const Settler &settler,
                          const llvm::SmallDenseSet<unsigned, 8> &members) {
  const Graph &source = settler.source;
  llvm::SmallDenseSet<Value, 8> values;
  for (unsigned member : members)
    for (Value input : source.getNodeInputs(member)) {
      std::optional<unsigned> p = source.getProducer(input);
      if (p && !members.contains(*p) && !settler.mapping.isSourceTaken(*p) &&
          !source.getSlots(*p).empty())
        values.insert(input);
    }
  return values.size();
}

/// How many free target nodes that read something `t` reads: its new work.
static unsigned newWork(const Settler &settler, unsigned t) {
  llvm::SmallDenseSet<int, 4> nodes;
  for (int p : settler.target.getSlotProducers(t))
    if (p != Graph::kNoProducer && !settler.mapping.isTargetTaken(p) &&
        !settler.target.getSlots(p).empty())
      nodes.insert(p);
  return nodes.size();
}

/// Grows `region` over exclusive producers (as growOverExclusiveProducers)
/// that read only what `t` reads, leaves and nodes that are no pair
/// (readsOnly), while the free nodes the region reads are no more than the
/// new work `t` reads: each value a fusion reads is one its new node reads.
static void growWithin(const Settler &settler, unsigned t,
                       SmallVectorImpl<unsigned> &region) {
  const Graph &source = settler.source;
  ValueSet reads = readImages(settler, t);
  unsigned work = newWork(settler, t);
  llvm::SmallDenseSet<unsigned, 8> members(region.begin(), region.end());
  unsigned open = freeReads(settler, members);
  for (unsigned next = 0; next < region.size(); ++next)
    for (Value input : source.getNodeInputs(region[next])) {
      std::optional<unsigned> p = source.getProducer(input);
      if (!p || reads.contains(input) || members.contains(*p) ||
          settler.mapping.isSourceTaken(*p) || source.isOutputNode(*p) ||
          mergedIntoTwin(settler, *p) || !readsOnly(settler, reads, *p) ||
          !llvm::all_of(source.getUsers(*p),
                        [&](unsigned user) { return members.contains(user); }))
        continue;
      members.insert(*p);
      unsigned after = freeReads(settler, members);
      if (after > std::max(work, open)) {
        members.erase(*p);
        continue;
      }
      open = after;
      region.push_back(*p);
    }
}

void settling::cutBackOvergrownRegions(Settler &settler) {
  NodeMapping &mapping = settler.mapping;
  for (unsigned t : settler.targetOrder) {
    auto seed = settler.seeds.find(t);
    ArrayRef<unsigned> region = mapping.getRegion(t);
    if (seed == settler.seeds.end() || region.size() <= seed->second.size() ||
        !llvm::all_of(
            seed->second,
            [&](unsigned s) { return llvm::is_contained(region, s); }) ||
        readsOnlyWhatNodeReads(settler, t, region))
      continue;
    MatchStage stage = mapping.getRegionStage(t);
    forgetResults(settler, t);
    mapping.clearRegion(t);
    SmallVector<unsigned> cut(seed->second.begin(), seed->second.end());
    growWithin(settler, t, cut);
    if (cut.size() == 1 && settler.seededByPair.contains(t)) {
      mapping.pair(cut.front(), t, stage);
      continue;
    }
    settler.pair.sortBySourceRank(cut);
    mapping.setRegion(t, cut, stage);
    checkAndMap(settler, t);
  }
}
