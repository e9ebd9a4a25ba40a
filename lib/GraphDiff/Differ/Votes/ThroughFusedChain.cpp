//===- ThroughFusedChain.cpp - Votes through a fused chain ----------------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Differ/Votes/ThroughFusedChain.h"

#include "GraphDiff/Graph/Graph.h"
#include "mlir/IR/Operation.h"
#include "mlir/Interfaces/DestinationStyleOpInterface.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

using namespace mlir;
using namespace graphdiff;

namespace {

/// A target slot value fed by a free producer, and that producer.
using OpenSlot = std::pair<Value, unsigned>;

/// Sorts the slots of `t` fed by a free producer: `open`, those that no
/// slot of `s` could explain; the free producers of `s` that explain one go
/// to `explainers` (they stand for a value the target still reads: they were
/// not fused into `t`). Votes for the inputs a fused op kept.
void explainTargetSlots(VoteContext &context, unsigned s, unsigned t,
                        Votes &votes, SmallVectorImpl<OpenSlot> &open,
                        llvm::SmallDenseSet<unsigned, 4> &explainers) {
  const Graph &source = context.source;
  const Graph &target = context.target;
  NodeMapping &mapping = context.mapping;
  ArrayRef<Value> sourceSlots = source.getSlots(s);
  ArrayRef<Value> targetSlots = target.getSlots(t);
  // Where the slot lists differ, positions say nothing (voteAlongOperands
  // cast no vote), but a target slot that exactly one free producer of `s`
  // explains, and that explains nothing else, is that producer's value: the
  // input the fused op kept (the `%c` of `arith.addf %m, %c` in
  // `math.fma %x, %y, %c`). Only between two ops that are not
  // destination-style: a fused `linalg.generic` reads inits and its
  // producers' inputs, which the checks below do not tell from the inputs it
  // kept (EfficientNet-B0 and ResNet-18 under `fuse` lost recall to it).
  const bool voteKept = sourceSlots.size() != targetSlots.size() &&
                        !isa<DestinationStyleOpInterface>(source.getNode(s)) &&
                        !isa<DestinationStyleOpInterface>(target.getNode(t));
  // For voteKept: each explained target slot producer with its one explainer
  // (none if several), and how many such producers each explainer explains.
  SmallVector<std::pair<unsigned, std::optional<unsigned>>, 4> explained;
  llvm::SmallDenseMap<unsigned, unsigned, 4> explains;
  for (Value b : targetSlots) {
    std::optional<unsigned> pb = target.getProducer(b);
    if (!pb || mapping.isTargetTaken(*pb) ||
        llvm::any_of(open, [&](auto &entry) { return entry.first == b; }) ||
        llvm::any_of(explained,
                     [&](auto &entry) { return entry.first == *pb; }))
      continue;
    SmallVector<unsigned, 2> mine; // the distinct explainers of `b`
    for (Value a : sourceSlots) {
      std::optional<unsigned> pa = source.getProducer(a);
      if (pa && !mapping.isSourceTaken(*pa) && a.getType() == b.getType() &&
          context.compatible(*pa, *pb) && !llvm::is_contained(mine, *pa)) {
        mine.push_back(*pa);
        explainers.insert(*pa);
      }
    }
    if (mine.empty()) {
      open.push_back({b, *pb});
    } else if (voteKept) {
      for (unsigned pa : mine)
        ++explains[pa];
      explained.push_back({*pb, mine.size() == 1
                                    ? std::optional<unsigned>(mine.front())
                                    : std::nullopt});
    }
  }
  // Only an explainer of the same op name: what `compatible` lets through in
  // the later, looser stages (any op of the same result types) is too weak a
  // reason to pair on.
  for (auto [pb, one] : explained)
    if (one && explains.lookup(*one) == 1 &&
        source.getNode(*one)->getName() == target.getNode(pb)->getName())
      context.cast(votes, *one, pb);
}

/// Votes for each open slot of `t` the one value read by the chain above
/// `s` that fits it: free producers, breadth first, bounded; not through
/// the `explainers`.
void voteOpenSlots(VoteContext &context, unsigned s, ArrayRef<OpenSlot> open,
                   const llvm::SmallDenseSet<unsigned, 4> &explainers,
                   Votes &votes) {
  const Graph &source = context.source;
  NodeMapping &mapping = context.mapping;
  constexpr unsigned maxChain = 16, maxDepth = 4;
  SmallVector<std::pair<unsigned, unsigned>, 16> chain; // (node, depth)
  llvm::SmallDenseSet<unsigned, 16> inChain;
  auto enqueue = [&](unsigned node, unsigned depth) {
    for (Value a : source.getSlots(node))
      if (std::optional<unsigned> p = source.getProducer(a);
          p && !mapping.isSourceTaken(*p) && chain.size() < maxChain &&
          !explainers.contains(*p) && inChain.insert(*p).second)
        chain.push_back({*p, depth});
  };
  enqueue(s, 1);
  for (unsigned next = 0; next < chain.size(); ++next)
    if (chain[next].second < maxDepth)
      enqueue(chain[next].first, chain[next].second + 1);
  // The values the chain reads from free producers (which may be chain
  // members themselves: where the fused chain ends is not known yet).
  SmallVector<Value, 16> inflow;
  chain.insert(chain.begin(), {s, 0});
  for (auto [node, depth] : chain)
    for (Value a : source.getSlots(node)) {
      std::optional<unsigned> p = source.getProducer(a);
      if (p && !mapping.isSourceTaken(*p) && !llvm::is_contained(inflow, a))
        inflow.push_back(a);
    }
  for (const OpenSlot &entry : open) {
    Value b = entry.first;
    unsigned pb = entry.second;
    std::optional<unsigned> only;
    unsigned count = 0;
    for (Value a : inflow) {
      unsigned pa = *source.getProducer(a);
      if (a.getType() == b.getType() &&
          cast<OpResult>(a).getResultNumber() ==
              cast<OpResult>(b).getResultNumber() &&
          context.compatible(pa, pb)) {
        only = pa;
        ++count;
      }
    }
    if (count != 1)
      continue;
    // And no other open slot fits that value.
    if (llvm::count_if(open, [&](const OpenSlot &other) {
          return other.first.getType() == b.getType() &&
                 context.compatible(*only, other.second);
        }) != 1)
      continue;
    context.cast(votes, *only, pb);
  }
}

} // namespace

void graphdiff::voteThroughFusedChain(VoteContext &context, unsigned s,
                                      unsigned t, Votes &votes) {
  const Graph &target = context.target;
  // Votes go only to free producers of `t`'s slots: without one (most pairs
  // of a propagation from every pair), nothing below can vote.
  if (llvm::none_of(target.getSlotProducers(t), [&](int producer) {
        return producer != Graph::kNoProducer &&
               !context.mapping.isTargetTaken(producer);
      }))
    return;
  // Only a node whose content changed can have absorbed a chain.
  if (context.state.sourceHashes.content[s] ==
          context.state.targetHashes.content[t] &&
      context.source.getSlots(s).size() == target.getSlots(t).size())
    return;
  SmallVector<OpenSlot, 4> open;
  llvm::SmallDenseSet<unsigned, 4> explainers;
  explainTargetSlots(context, s, t, votes, open, explainers);
  if (open.empty())
    return;
  voteOpenSlots(context, s, open, explainers, votes);
}
