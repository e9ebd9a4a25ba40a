//===- SimilarityStage.cpp - Bounded neighbourhood similarity -------------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Differ/Stages/Stages.h"

#include "GraphDiff/Differ/Consensus.h"
#include "GraphDiff/Graph/Graph.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

#include <optional>

using namespace mlir;
using namespace graphdiff;

namespace {

/// One round of pairSimilar: scores candidates per free target node, then
/// settles sources that several targets want.
class Similarity {
public:
  Similarity(StructuralState &state, PairFilter kind)
      : state(state), source(state.source), target(state.target),
        mapping(state.mapping), options(state.options), kind(kind) {}

  SmallVector<NodePair> run();

private:
  struct Proposal {
    unsigned target;
    unsigned source;
    unsigned score;
  };
  /// Collects the candidates of target node `t` into `candidates`.
  void collectCandidates(unsigned t);
  /// How well source node `s` fits target node `t`; 0 if no neighbour agrees.
  unsigned score(unsigned s, unsigned t) const;
  /// The source node that slot `slot` of the partner of target node `user`
  /// reads, if that partner exists.
  std::optional<unsigned> partnerProducer(const Graph::Use &use) const;
  /// getSourceImage() of slot `slot` of target node `t`, and the source node
  /// that makes it (nullopt for a graph input): the slot's producer is read
  /// from the graph's rows, not looked up.
  std::pair<Value, std::optional<unsigned>> slotImage(unsigned t,
                                                      unsigned slot) const;

  StructuralState &state;
  const Graph &source;
  const Graph &target;
  NodeMapping &mapping;
  const StructureOptions &options;
  PairFilter kind;
  SmallVector<unsigned> candidates;
  llvm::DenseSet<unsigned> seen;
};

} // namespace

std::optional<unsigned>
Similarity::partnerProducer(const Graph::Use &use) const {
  std::optional<unsigned> partner = mapping.getSource(use.user);
  if (!partner)
    return std::nullopt;
  ArrayRef<int> producers = source.getSlotProducers(*partner);
  if (use.slot >= producers.size() || producers[use.slot] == Graph::kNoProducer)
    return std::nullopt;
  return static_cast<unsigned>(producers[use.slot]);
}

std::pair<Value, std::optional<unsigned>>
Similarity::slotImage(unsigned t, unsigned slot) const {
  Value value = target.getSlots(t)[slot];
  int producer = target.getSlotProducers(t)[slot];
  if (producer == Graph::kNoProducer)
    return {getSourceImage(state, value), std::nullopt};
  std::optional<unsigned> s = mapping.getSource(producer);
  if (!s)
    return {nullptr, std::nullopt};
  unsigned k = cast<OpResult>(value).getResultNumber();
  Operation *op = source.getNode(*s);
  if (k >= op->getNumResults())
    return {nullptr, std::nullopt};
  return {op->getResult(k), *s};
}

void Similarity::collectCandidates(unsigned t) {
  candidates.clear();
  seen.clear();
  auto consider = [&](unsigned s) {
    if (candidates.size() < options.maxCandidates &&
        !mapping.isSourceTaken(s) && kind(s, t) && seen.insert(s).second)
      candidates.push_back(s);
  };
  // Free source nodes that read, at the same slot, what t reads.
  for (unsigned slot = 0, e = target.getSlots(t).size(); slot < e; ++slot) {
    auto [image, producer] = slotImage(t, slot);
    if (!image)
      continue;
    ArrayRef<Graph::Use> uses =
        producer ? source.getUses(*producer) : source.getUsesOf(image);
    if (uses.size() > options.maxFanout)
      continue;
    for (const Graph::Use &use : uses)
      if (use.slot == slot)
        consider(use.user);
  }
  // Free source nodes that feed, at the same slot, the partners of t's
  // users.
  if (target.getUses(t).size() <= options.maxFanout)
    for (const Graph::Use &use : target.getUses(t))
      if (std::optional<unsigned> p = partnerProducer(use))
        consider(*p);
}

unsigned Similarity::score(unsigned s, unsigned t) const {
  unsigned neighbours = 0;
  ArrayRef<Value> sourceSlots = source.getSlots(s);
  for (unsigned k = 0, e = std::min<size_t>(sourceSlots.size(),
                                            target.getSlots(t).size());
       k < e; ++k)
    if (Value image = slotImage(t, k).first; image && image == sourceSlots[k])
      ++neighbours;
  if (target.getUses(t).size() <= options.maxFanout)
    for (const Graph::Use &use : target.getUses(t))
      if (partnerProducer(use) == s)
        ++neighbours;
  if (neighbours == 0)
    return 0;
  // Neighbours count most; equal content and equal types break what
  // neighbours cannot.
  unsigned total = 4 * neighbours;
  if (state.sourceHashes.content[s] == state.targetHashes.content[t])
    total += 2;
  if (source.getNode(s)->getResultTypes() ==
      target.getNode(t)->getResultTypes())
    total += 1;
  return total;
}

SmallVector<NodePair> Similarity::run() {
  SmallVector<Proposal> proposals;
  for (unsigned t = 0; t < target.size(); ++t) {
    if (mapping.isTargetTaken(t))
      continue;
    collectCandidates(t);
    unsigned best = 0, bestCount = 0, bestSource = 0;
    for (unsigned s : candidates) {
      unsigned value = score(s, t);
      if (value > best) {
        best = value;
        bestCount = 1;
        bestSource = s;
      } else if (value == best && value != 0) {
        ++bestCount;
      }
    }
    if (best == 0)
      continue;
    if (bestCount > 1) {
      // Interchangeable candidates (the same content over the same
      // upstream cone) are no ambiguity: the first in file order.
      bool interchangeable = true;
      unsigned first = bestSource;
      for (unsigned s : candidates)
        if (score(s, t) == best) {
          interchangeable &= state.sourceHashes.forward[s] ==
                             state.sourceHashes.forward[bestSource];
          first = std::min(first, s);
        }
      if (!interchangeable) {
        mapping.markTargetAmbiguous(t);
        continue;
      }
      bestSource = first;
    }
    proposals.push_back({t, bestSource, best});
  }
  // A source node proposed by several targets goes to the one best target,
  // if there is one: source -> (best score, how many targets have it).
  llvm::DenseMap<unsigned, std::pair<unsigned, unsigned>> bestFor;
  for (const Proposal &p : proposals) {
    auto [it, inserted] = bestFor.try_emplace(p.source, p.score, 1);
    if (inserted)
      continue;
    if (p.score > it->second.first)
      it->second = {p.score, 1};
    else if (p.score == it->second.first)
      ++it->second.second;
  }
  SmallVector<NodePair> pairs;
  for (const Proposal &p : proposals) {
    auto [bestScore, count] = bestFor[p.source];
    if (p.score != bestScore)
      continue;
    if (count > 1) {
      mapping.markSourceAmbiguous(p.source);
      mapping.markTargetAmbiguous(p.target);
      continue;
    }
    state.pair(p.source, p.target);
    pairs.push_back({p.source, p.target});
  }
  return pairs;
}

SmallVector<NodePair> graphdiff::pairSimilar(StructuralState &state,
                                             PairFilter kind) {
  return Similarity(state, kind).run();
}

void graphdiff::growBySimilarity(StructuralState &state, PairFilter kind) {
  for (unsigned round = 0; round < state.options.maxSimilarityRounds; ++round) {
    SmallVector<NodePair> pairs = pairSimilar(state, kind);
    if (pairs.empty())
      break;
    propagate(state, pairs, AlongOperands | AlongUsers,
              [&](unsigned s, unsigned t) { return state.sameKind(s, t); });
  }
}

void SimilarityStage::runOn(StructuralState &state) const {
  growBySimilarity(
      state, [&](unsigned s, unsigned t) { return state.sameKind(s, t); });
}
