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

using namespace mlir;
using namespace graphdiff;

namespace {
/// A matched node's source position where none is.
constexpr unsigned kNone = std::numeric_limits<unsigned>::max();

/// The target's nodes with both kinds of edges that order them: SSA and
/// memory (`edges`, sorted by `to`).
struct OrderingEdges {
  OrderingEdges(const Graph &target, ArrayRef<MemoryEdge> edges)
      : target(target), memoryPreds(target.size()), memorySuccs(target.size()),
        onBuffers(target.size()) {
    for (const MemoryEdge &edge : edges) {
      memoryPreds[edge.to].push_back(edge.from);
      memorySuccs[edge.from].push_back(edge.to);
      onBuffers.set(edge.to);
      onBuffers.set(edge.from);
    }
  }

  unsigned size() const { return target.size(); }
  /// Calls `fn` on each node that must come before `t`.
  template <typename Fn> void forEachPred(unsigned t, Fn fn) const {
    for (int producer : target.getSlotProducers(t))
      if (producer != Graph::kNoProducer)
        fn(static_cast<unsigned>(producer));
    for (unsigned pred : memoryPreds[t])
      fn(pred);
  }
  /// Calls `fn` on each node that must come after `t`.
  template <typename Fn> void forEachSucc(unsigned t, Fn fn) const {
    for (unsigned user : target.getUsers(t))
      fn(user);
    for (unsigned succ : memorySuccs[t])
      fn(succ);
  }

  const Graph &target;
  /// The memory edges into and out of each target node.
  std::vector<std::vector<unsigned>> memoryPreds, memorySuccs;
  /// The nodes that take part in a memory edge.
  llvm::BitVector onBuffers;
};
} // namespace

/// The greedy pass in target order: keeps a candidate (its source position
/// in `candidateSource`, else kNone) unless a kept ancestor comes after it
/// in the source. Fills `kept` (source position, else kNone) and returns how
/// many it keeps.
static unsigned keepInTargetOrder(const OrderingEdges &graph,
                                  ArrayRef<unsigned> candidateSource,
                                  std::vector<unsigned> &kept) {
  unsigned n = graph.size(), count = 0;
  kept.assign(n, kNone);
  // The latest source position among each node's kept ancestors, plus one
  // (0: none).
  std::vector<unsigned> latestKeptAbove(n, 0);
  for (unsigned t = 0; t < n; ++t) {
    unsigned latest = 0;
    graph.forEachPred(t, [&](unsigned pred) {
      latest = std::max({latest, latestKeptAbove[pred],
                         kept[pred] == kNone ? 0u : kept[pred] + 1});
    });
    latestKeptAbove[t] = latest;
    if (candidateSource[t] != kNone && latest <= candidateSource[t]) {
      kept[t] = candidateSource[t];
      ++count;
    }
  }
  return count;
}

/// The greedy pass in source order: keeps a candidate unless it is an
/// ancestor of a node kept before it. Each node is marked once. Fills `kept`
/// and returns how many it keeps, as keepInTargetOrder.
static unsigned keepInSourceOrder(const OrderingEdges &graph,
                                  ArrayRef<unsigned> candidateSource,
                                  std::vector<unsigned> &kept) {
  unsigned n = graph.size(), count = 0;
  kept.assign(n, kNone);
  std::vector<std::pair<unsigned, unsigned>> candidates; // (source, target)
  for (unsigned t = 0; t < n; ++t)
    if (candidateSource[t] != kNone)
      candidates.push_back({candidateSource[t], t});
  std::sort(candidates.begin(), candidates.end());
  llvm::BitVector ancestorOfKept(n);
  llvm::SmallVector<unsigned> stack;
  auto pushPreds = [&](unsigned node) {
    graph.forEachPred(node, [&](unsigned pred) {
      if (!ancestorOfKept.test(pred))
        stack.push_back(pred);
    });
  };
  for (auto [s, t] : candidates) {
    if (ancestorOfKept.test(t))
      continue;
    kept[t] = s;
    ++count;
    pushPreds(t);
    while (!stack.empty()) {
      unsigned node = stack.pop_back_val();
      if (ancestorOfKept.test(node))
        continue;
      ancestorOfKept.set(node);
      pushPreds(node);
    }
  }
  return count;
}

MemoryPlacement graphdiff::placeMemoryAccesses(const Graph &source,
                                               const Graph &target,
                                               const NodeMapping &mapping) {
  MemoryPlacement placement;
  std::vector<MemoryEdge> edges = computeMemoryEdges(target);
  if (edges.empty())
    return placement;
  OrderingEdges graph(target, edges);
  unsigned n = target.size();

  // The matched nodes that may stay where they are, by target node.
  std::vector<unsigned> candidateSource(n, kNone);
  for (unsigned t : graph.onBuffers.set_bits())
    if (std::optional<unsigned> s = mapping.getSource(t);
        s && mapping.getRegion(t).empty())
      candidateSource[t] = *s;

  // The kept nodes run in source order, so that order must agree with every
  // path of the target between two of them. Two greedy passes, each linear;
  // the one that keeps more wins (the most that can stay is a longest chain
  // of a partial order, which neither finds in every case).
  std::vector<unsigned> keptByTarget, keptBySource;
  unsigned keptInTargetOrder =
      keepInTargetOrder(graph, candidateSource, keptByTarget);
  unsigned keptInSourceOrder =
      keepInSourceOrder(graph, candidateSource, keptBySource);
  const std::vector<unsigned> &keptSource =
      keptInSourceOrder > keptInTargetOrder ? keptBySource : keptByTarget;

  // For each node, the first in source order of the kept nodes that must
  // follow it: block order is a topological order of the SSA and memory
  // edges, so one pass from the back.
  std::vector<unsigned> firstKeptAfter(n, kNone);
  for (unsigned t = n; t-- > 0;) {
    unsigned first = kNone;
    graph.forEachSucc(t, [&](unsigned succ) {
      first = std::min({first, keptSource[succ], firstKeptAfter[succ]});
    });
    firstKeptAfter[t] = first;
  }

  for (unsigned t : graph.onBuffers.set_bits()) {
    if (keptSource[t] != kNone)
      continue;
    unsigned first = firstKeptAfter[t];
    placement.before[t] =
        first == kNone ? std::nullopt : std::optional<unsigned>(first);
  }
  return placement;
}
