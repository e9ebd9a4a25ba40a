//===- TwinStage.cpp - Interchangeable dead ends --------------------------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Differ/Stages/Stages.h"

#include "GraphDiff/Differ/Consensus.h"
#include "GraphDiff/Graph/Graph.h"
#include "llvm/ADT/DenseMap.h"

#include <optional>

using namespace mlir;
using namespace graphdiff;

/// Pairs, in index order, free dead ends of `state` that have the same key
/// (`keyOf(isSource, node)`, none for a node to leave alone) and op name, in
/// groups of equal size on both sides (with more on one side, which of them
/// is new is not for the differ to guess). `sameSlots`: only groups of two
/// or more, every member of a side reading exactly what the side's first
/// member reads. Returns whether it paired anything.
static bool pairDeadEnds(
    StructuralState &state,
    llvm::function_ref<std::optional<size_t>(bool isSource, unsigned node)>
        keyOf,
    bool sameSlots) {
  NodeMapping &mapping = state.mapping;
  struct Group {
    SmallVector<unsigned, 4> sources, targets;
  };
  llvm::DenseMap<size_t, Group> groups;
  SmallVector<size_t> keys; // in first-seen target order
  for (unsigned s = 0; s < state.source.size(); ++s)
    if (!mapping.isSourceTaken(s) && state.source.isDeadEnd(s))
      if (std::optional<size_t> key = keyOf(/*isSource=*/true, s))
        groups[*key].sources.push_back(s);
  for (unsigned t = 0; t < state.target.size(); ++t) {
    if (mapping.isTargetTaken(t) || !state.target.isDeadEnd(t))
      continue;
    std::optional<size_t> key = keyOf(/*isSource=*/false, t);
    if (!key)
      continue;
    auto it = groups.find(*key);
    if (it == groups.end())
      continue;
    if (it->second.targets.empty())
      keys.push_back(*key);
    it->second.targets.push_back(t);
  }
  auto readAlike = [](const Graph &graph, ArrayRef<unsigned> members) {
    unsigned first = members.front();
    return llvm::all_of(members, [&](unsigned member) {
      return graph.getSlots(member) == graph.getSlots(first);
    });
  };
  bool any = false;
  for (size_t key : keys) {
    Group &group = groups[key];
    if (group.sources.size() != group.targets.size() ||
        (sameSlots &&
         (group.sources.size() < 2 || !readAlike(state.source, group.sources) ||
          !readAlike(state.target, group.targets))))
      continue;
    for (auto [s, t] : llvm::zip(group.sources, group.targets)) {
      if (state.source.getNode(s)->getName() !=
          state.target.getNode(t)->getName())
        continue;
      state.pair(s, t);
      any = true;
    }
  }
  return any;
}

bool graphdiff::pairTwins(StructuralState &state) {
  const StructureHashes &src = state.sourceHashes, &tgt = state.targetHashes;
  // Equal content, reading exactly the same values on each side (however
  // those values came to be): swapping two is an automorphism of the graph.
  bool any = pairDeadEnds(
      state,
      [&](bool isSource, unsigned node) -> std::optional<size_t> {
        return (isSource ? src : tgt).content[node];
      },
      /*sameSlots=*/true);
  // Equal content, reading the results of paired nodes, the same on both
  // sides up to the pairing: twins under a node whose cone changed (their
  // forward hashes then differ between the sides). Votes along users name
  // one free user per slot, so twins get none. The key: the content, and
  // for each slot the target node it reads (its partner, on the source
  // side) and the result number.
  const NodeMapping &mapping = state.mapping;
  any |= pairDeadEnds(
      state,
      [&](bool isSource, unsigned node) -> std::optional<size_t> {
        const Graph &graph = isSource ? state.source : state.target;
        ArrayRef<int> producers = graph.getSlotProducers(node);
        if (producers.empty())
          return std::nullopt;
        llvm::hash_code key = (isSource ? src : tgt).content[node];
        for (auto [slot, producer] : llvm::enumerate(producers)) {
          std::optional<unsigned> image;
          if (producer != Graph::kNoProducer) {
            if (isSource)
              image = mapping.getTarget(producer);
            else if (mapping.getSource(producer))
              image = producer;
          }
          if (!image)
            return std::nullopt;
          key = llvm::hash_combine(key, *image,
                                   graph.getSlotResultNumber(node, slot));
        }
        return key;
      },
      /*sameSlots=*/false);
  // Equal content over equal upstream cones (forward hashes), reading
  // different nodes: copies of one dead chain (a duplicated constant and
  // what reads only it). Which copy stands for which changes no reader, and
  // the cones then pair by consensus along operands, copy by copy.
  any |= pairDeadEnds(
      state,
      [&](bool isSource, unsigned node) -> std::optional<size_t> {
        return (isSource ? src : tgt).forward[node];
      },
      /*sameSlots=*/false);
  return any;
}

void TwinStage::runOn(StructuralState &state) const {
  if (pairTwins(state))
    propagate(state, state.votingPairs(), AlongOperands | AlongUsers,
              [&](unsigned s, unsigned t) { return state.sameKind(s, t); });
}
