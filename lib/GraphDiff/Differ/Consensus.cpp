//===- Consensus.cpp - Pairing by agreeing votes of matched pairs ---------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Differ/Consensus.h"

#include "GraphDiff/Graph/Graph.h"
#include "llvm/ADT/DenseSet.h"

using namespace mlir;
using namespace graphdiff;

void Votes::markConflicts(NodeMapping &mapping) const {
  for (auto [s, partner] : forSource)
    if (partner == Conflict && !mapping.isSourceTaken(s))
      mapping.markSourceAmbiguous(s);
  for (auto [t, partner] : forTarget)
    if (partner == Conflict && !mapping.isTargetTaken(t))
      mapping.markTargetAmbiguous(t);
}

namespace {

/// One call of propagate(): the votes along operands and along users, and
/// the target nodes that got a vote since the last resolve().
class Propagation {
public:
  Propagation(StructuralState &state, PairFilter compatible)
      : state(state), source(state.source), target(state.target),
        mapping(state.mapping), compatible(compatible) {}

  bool run(ArrayRef<NodePair> seeds, unsigned flags);

private:
  /// Votes for the free producers of two lists of slots, slot by slot, when
  /// the lists are equally long.
  void voteOperands(ArrayRef<Value> sourceSlots, ArrayRef<int> sourceProducers,
                    ArrayRef<Value> targetSlots, ArrayRef<int> targetProducers,
                    Votes &votes);
  /// For the slots of target node `t` whose free producer got no partner
  /// from the slots of `s`: looks through the free producers of `s` (the
  /// chain a fusion may have folded into `t`) for the one value that fits.
  void voteThroughFusion(unsigned s, unsigned t, Votes &votes);
  /// Votes for the one free user at the same (result, slot) on each side.
  void voteUsers(unsigned s, unsigned t, Votes &votes);
  /// Pairs the touched target nodes whose votes agree both ways (and that
  /// `veto`, if given, allows).
  SmallVector<NodePair> resolve(const Votes &votes, const Votes *veto);

  StructuralState &state;
  const Graph &source;
  const Graph &target;
  NodeMapping &mapping;
  PairFilter compatible;
  Votes operandVotes, userVotes;
  SmallVector<unsigned> touched;
};

} // namespace

void Propagation::voteOperands(ArrayRef<Value> sourceSlots,
                               ArrayRef<int> sourceProducers,
                               ArrayRef<Value> targetSlots,
                               ArrayRef<int> targetProducers, Votes &votes) {
  // Different slots: a fused op reads its producers' inputs too, so slot
  // positions say nothing; voteThroughFusion looks at them instead.
  if (sourceSlots.size() != targetSlots.size())
    return;
  // Same number of slots: slot by slot, free producers of the same result
  // number and type.
  for (unsigned k = 0, e = sourceSlots.size(); k < e; ++k) {
    int s = sourceProducers[k], t = targetProducers[k];
    if (s == Graph::kNoProducer || t == Graph::kNoProducer ||
        !state.isFree(s, t))
      continue;
    Value a = sourceSlots[k], b = targetSlots[k];
    if (a.getType() != b.getType() ||
        cast<OpResult>(a).getResultNumber() !=
            cast<OpResult>(b).getResultNumber() ||
        !compatible(s, t))
      continue;
    votes.add(s, t);
    touched.push_back(t);
  }
}

void Propagation::voteThroughFusion(unsigned s, unsigned t, Votes &votes) {
  ArrayRef<Value> sourceSlots = source.getSlots(s);
  ArrayRef<Value> targetSlots = target.getSlots(t);
  // Only a node whose content changed can have absorbed a chain.
  if (state.sourceHashes.content[s] == state.targetHashes.content[t] &&
      sourceSlots.size() == targetSlots.size())
    return;
  // Target slots fed by a free producer that no slot of `s` could explain.
  SmallVector<std::pair<Value, unsigned>, 4> open;
  for (Value b : targetSlots) {
    std::optional<unsigned> pb = target.getProducer(b);
    if (!pb || mapping.isTargetTaken(*pb) ||
        llvm::any_of(open, [&](auto &entry) { return entry.first == b; }))
      continue;
    bool explained = llvm::any_of(sourceSlots, [&](Value a) {
      std::optional<unsigned> pa = source.getProducer(a);
      return pa && !mapping.isSourceTaken(*pa) && a.getType() == b.getType() &&
             compatible(*pa, *pb);
    });
    if (!explained)
      open.push_back({b, *pb});
  }
  if (open.empty())
    return;
  // The chain above `s`: free producers, breadth first, bounded.
  constexpr unsigned maxChain = 16, maxDepth = 4;
  SmallVector<std::pair<unsigned, unsigned>, 16> chain; // (node, depth)
  llvm::SmallDenseSet<unsigned, 16> inChain;
  auto enqueue = [&](unsigned node, unsigned depth) {
    for (Value a : source.getSlots(node))
      if (std::optional<unsigned> p = source.getProducer(a);
          p && !mapping.isSourceTaken(*p) && chain.size() < maxChain &&
          inChain.insert(*p).second)
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
  for (auto [b, pb] : open) {
    std::optional<unsigned> only;
    unsigned count = 0;
    for (Value a : inflow) {
      unsigned pa = *source.getProducer(a);
      if (a.getType() == b.getType() &&
          cast<OpResult>(a).getResultNumber() ==
              cast<OpResult>(b).getResultNumber() &&
          compatible(pa, pb)) {
        only = pa;
        ++count;
      }
    }
    if (count != 1)
      continue;
    // And no other open slot fits that value.
    if (llvm::count_if(open, [&](auto &entry) {
          return entry.first.getType() == b.getType() &&
                 compatible(*only, entry.second);
        }) != 1)
      continue;
    votes.add(*only, pb);
    touched.push_back(pb);
  }
}

void Propagation::voteUsers(unsigned s, unsigned t, Votes &votes) {
  ArrayRef<Graph::Use> sourceUses = source.getUses(s);
  ArrayRef<Graph::Use> targetUses = target.getUses(t);
  // Most pairs have no free user left on one side: nothing to vote for.
  if (llvm::all_of(sourceUses,
                   [&](const Graph::Use &use) {
                     return mapping.isSourceTaken(use.user);
                   }) ||
      llvm::all_of(targetUses, [&](const Graph::Use &use) {
        return mapping.isTargetTaken(use.user);
      }))
    return;
  // (result, slot) -> the one free user there on each side, or -1 if several.
  llvm::DenseMap<std::pair<unsigned, unsigned>, std::pair<int, int>> at;
  auto note = [&](int &slotUser, unsigned user) {
    slotUser = slotUser == -2 ? static_cast<int>(user) : -1;
  };
  for (const Graph::Use &use : sourceUses)
    if (!mapping.isSourceTaken(use.user))
      note(at.try_emplace({use.result, use.slot}, -2, -2).first->second.first,
           use.user);
  for (const Graph::Use &use : targetUses)
    if (!mapping.isTargetTaken(use.user))
      note(at.try_emplace({use.result, use.slot}, -2, -2).first->second.second,
           use.user);
  // Visit in target use order (deterministic), not map order.
  for (const Graph::Use &use : targetUses) {
    auto it = at.find({use.result, use.slot});
    if (it == at.end())
      continue;
    auto [a, b] = it->second;
    at.erase(it);
    if (a < 0 || b < 0 || !compatible(a, b))
      continue;
    votes.add(a, b);
    touched.push_back(b);
  }
}

SmallVector<NodePair> Propagation::resolve(const Votes &agreed,
                                           const Votes *veto) {
  llvm::sort(touched);
  touched.erase(std::unique(touched.begin(), touched.end()), touched.end());
  SmallVector<NodePair> pairs;
  for (unsigned t : touched) {
    std::optional<int> s = agreed.ofTarget(t);
    if (!s || *s < 0 || !agreed.agrees(*s, t) || !state.isFree(*s, t) ||
        (veto && !veto->allows(*s, t)) || !compatible(*s, t))
      continue;
    state.pair(*s, t);
    pairs.push_back({static_cast<unsigned>(*s), t});
  }
  touched.clear();
  return pairs;
}

bool Propagation::run(ArrayRef<NodePair> seeds, unsigned flags) {
  bool alongOperands = flags & AlongOperands;
  bool alongUsers = flags & AlongUsers;
  SmallVector<NodePair> operandFrontier(seeds.begin(), seeds.end());
  SmallVector<NodePair> userFrontier(seeds.begin(), seeds.end());
  bool any = false;
  if (alongOperands && (flags & FromOutputs)) {
    SmallVector<Value> a(source.getOutputs()), b(target.getOutputs());
    auto producersOf = [](const Graph &graph, ArrayRef<Value> values) {
      SmallVector<int> producers;
      for (Value value : values) {
        std::optional<unsigned> producer = graph.getProducer(value);
        producers.push_back(producer ? static_cast<int>(*producer)
                                     : Graph::kNoProducer);
      }
      return producers;
    };
    voteOperands(a, producersOf(source, a), b, producersOf(target, b),
                 operandVotes);
    SmallVector<NodePair> pairs = resolve(operandVotes, nullptr);
    operandFrontier.append(pairs);
    userFrontier.append(pairs);
    any |= !pairs.empty();
  }
  while (true) {
    SmallVector<NodePair> pairs;
    if (alongOperands && !operandFrontier.empty()) {
      for (auto [s, t] : operandFrontier) {
        voteOperands(source.getSlots(s), source.getSlotProducers(s),
                     target.getSlots(t), target.getSlotProducers(t),
                     operandVotes);
        voteThroughFusion(s, t, operandVotes);
      }
      operandFrontier.clear();
      pairs = resolve(operandVotes, nullptr);
    } else if (alongUsers && !userFrontier.empty()) {
      for (auto [s, t] : userFrontier)
        voteUsers(s, t, userVotes);
      userFrontier.clear();
      pairs = resolve(userVotes, &operandVotes);
    } else {
      break;
    }
    any |= !pairs.empty();
    if (alongOperands)
      operandFrontier.append(pairs);
    if (alongUsers)
      userFrontier.append(pairs);
  }
  operandVotes.markConflicts(mapping);
  userVotes.markConflicts(mapping);
  return any;
}

bool graphdiff::propagate(StructuralState &state, ArrayRef<NodePair> seeds,
                          unsigned flags, PairFilter compatible) {
  return Propagation(state, compatible).run(seeds, flags);
}
