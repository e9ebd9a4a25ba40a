//===- MemoryOrder.cpp - Where a plan puts the ops on buffers -------------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Differ/MemoryOrder.h"

#include "GraphDiff/Differ/NodeMapping.h"
#include "GraphDiff/Graph/Graph.h"
#include "GraphDiff/Graph/MemoryEdges.h"
#include "llvm/ADT/BitVector.h"

#include <algorithm>
#include <limits>

using namespace graphdiff;

MemoryPlacement graphdiff::placeMemoryAccesses(const Graph &source,
                                               const Graph &target,
                                               const NodeMapping &mapping) {
  MemoryPlacement placement;
  std::vector<MemoryEdge> edges = computeMemoryEdges(target);
  if (edges.empty())
    return placement;
  unsigned n = target.size();

  // The memory edges into and out of each target node (`edges` is sorted by
  // `to`), and which nodes have any.
  std::vector<std::vector<unsigned>> memoryPreds(n), memorySuccs(n);
  llvm::BitVector onBuffers(n);
  for (const MemoryEdge &edge : edges) {
    memoryPreds[edge.to].push_back(edge.from);
    memorySuccs[edge.from].push_back(edge.to);
    onBuffers.set(edge.to);
    onBuffers.set(edge.from);
  }

  // The matched nodes that may stay where they are, by target node.
  constexpr unsigned kNone = std::numeric_limits<unsigned>::max();
  std::vector<unsigned> candidateSource(n, kNone);
  for (unsigned t : onBuffers.set_bits())
    if (std::optional<unsigned> s = mapping.getSource(t);
        s && mapping.getRegion(t).empty())
      candidateSource[t] = *s;
  auto forEachPred = [&](unsigned t, auto fn) {
    for (int producer : target.getSlotProducers(t))
      if (producer != Graph::kNoProducer)
        fn(static_cast<unsigned>(producer));
    for (unsigned pred : memoryPreds[t])
      fn(pred);
  };

  // The kept nodes run in source order, so that order must agree with every
  // path of the target between two of them. Two greedy passes, each linear;
  // the one that keeps more wins (the most that can stay is a longest chain
  // of a partial order, which neither finds in every case).
  //
  // In target order: keep a candidate unless a kept ancestor comes after it
  // in the source.
  std::vector<unsigned> keptByTarget(n, kNone);
  unsigned keptInTargetOrder = 0;
  {
    // The latest source position among each node's kept ancestors, plus one
    // (0: none).
    std::vector<unsigned> latestKeptAbove(n, 0);
    for (unsigned t = 0; t < n; ++t) {
      unsigned latest = 0;
      forEachPred(t, [&](unsigned pred) {
        latest = std::max(
            {latest, latestKeptAbove[pred],
             keptByTarget[pred] == kNone ? 0u : keptByTarget[pred] + 1});
      });
      latestKeptAbove[t] = latest;
      if (candidateSource[t] != kNone && latest <= candidateSource[t]) {
        keptByTarget[t] = candidateSource[t];
        ++keptInTargetOrder;
      }
    }
  }
  // In source order: keep a candidate unless it is an ancestor of a node
  // kept before it. Each node is marked once.
  std::vector<unsigned> keptBySource(n, kNone);
  unsigned keptInSourceOrder = 0;
  {
    std::vector<std::pair<unsigned, unsigned>> candidates; // (source, target)
    for (unsigned t = 0; t < n; ++t)
      if (candidateSource[t] != kNone)
        candidates.push_back({candidateSource[t], t});
    std::sort(candidates.begin(), candidates.end());
    llvm::BitVector ancestorOfKept(n);
    llvm::SmallVector<unsigned> stack;
    auto pushPreds = [&](unsigned node) {
      forEachPred(node, [&](unsigned pred) {
        if (!ancestorOfKept.test(pred))
          stack.push_back(pred);
      });
    };
    for (auto [s, t] : candidates) {
      if (ancestorOfKept.test(t))
        continue;
      keptBySource[t] = s;
      ++keptInSourceOrder;
      pushPreds(t);
      while (!stack.empty()) {
        unsigned node = stack.pop_back_val();
        if (ancestorOfKept.test(node))
          continue;
        ancestorOfKept.set(node);
        pushPreds(node);
      }
    }
  }
  const std::vector<unsigned> &keptSource =
      keptInSourceOrder > keptInTargetOrder ? keptBySource : keptByTarget;

  // For each node, the first in source order of the kept nodes that must
  // follow it: block order is a topological order of the SSA and memory
  // edges, so one pass from the back.
  std::vector<unsigned> firstKeptAfter(n, kNone);
  for (unsigned t = n; t-- > 0;) {
    unsigned first = kNone;
    auto follow = [&](unsigned succ) {
      first = std::min({first, keptSource[succ], firstKeptAfter[succ]});
    };
    for (unsigned user : target.getUsers(t))
      follow(user);
    for (unsigned succ : memorySuccs[t])
      follow(succ);
    firstKeptAfter[t] = first;
  }

  for (unsigned t : onBuffers.set_bits()) {
    if (keptSource[t] != kNone)
      continue;
    unsigned first = firstKeptAfter[t];
    placement.before[t] =
        first == kNone ? std::nullopt : std::optional<unsigned>(first);
  }
  return placement;
}
