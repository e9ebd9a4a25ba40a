//===- Consensus.h - Pairing by agreeing votes of matched pairs -*- C++ -*-===//
//
// Part of graph-diff.
//
// The structural stage grows its pairs by consensus: every matched pair votes
// for pairs of its free neighbours, and a free node is paired only if every
// vote it received names the same partner and that partner's votes name it
// back. Votes are gathered a whole frontier at a time, so the result does not
// depend on the order pairs are visited in; a node with conflicting votes
// stays free and is marked ambiguous. docs/Matching.md ("Stages, in order").
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_DIFFER_CONSENSUS_H
#define GRAPHDIFF_DIFFER_CONSENSUS_H

#include "GraphDiff/Differ/StructuralMatcher.h"
#include "llvm/ADT/DenseMap.h"

#include <optional>

namespace graphdiff {

/// The votes of one propagation: for each node that got a vote, the one
/// partner every voter named, or Conflict.
class Votes {
public:
  static constexpr int Conflict = -1;

  /// Records a vote for pairing source node `source` with target node
  /// `target`.
  void add(unsigned source, unsigned target) {
    addOne(forSource, source, target);
    addOne(forTarget, target, source);
  }
  /// The agreed partner of `node`, nullopt if none, Conflict if disputed.
  std::optional<int> ofSource(unsigned node) const {
    return lookup(forSource, node);
  }
  std::optional<int> ofTarget(unsigned node) const {
    return lookup(forTarget, node);
  }
  /// Whether the votes for both nodes name each other and nothing else.
  bool agrees(unsigned source, unsigned target) const {
    return ofSource(source) == static_cast<int>(target) &&
           ofTarget(target) == static_cast<int>(source);
  }
  /// Whether nothing speaks against pairing `source` with `target`.
  bool allows(unsigned source, unsigned target) const {
    std::optional<int> s = ofSource(source), t = ofTarget(target);
    return (!s || *s == static_cast<int>(target)) &&
           (!t || *t == static_cast<int>(source));
  }
  /// Marks as ambiguous, in `mapping`, the free nodes whose votes conflict.
  void markConflicts(NodeMapping &mapping) const;

private:
  static void addOne(llvm::DenseMap<unsigned, int> &map, unsigned key,
                     unsigned value) {
    auto [it, inserted] = map.try_emplace(key, static_cast<int>(value));
    if (!inserted && it->second != static_cast<int>(value))
      it->second = Conflict;
  }
  static std::optional<int> lookup(const llvm::DenseMap<unsigned, int> &map,
                                   unsigned key) {
    auto it = map.find(key);
    if (it == map.end())
      return std::nullopt;
    return it->second;
  }

  llvm::DenseMap<unsigned, int> forSource, forTarget;
};

/// Where a propagation looks for pairs to vote for.
enum PropagateFlags : unsigned {
  /// From each pair to its producers, slot by slot (or, where the two nodes'
  /// slots differ because a fusion folded a chain into the target node,
  /// through the free chain above the source node).
  AlongOperands = 1,
  /// From each pair to the one free user at the same (result, slot).
  AlongUsers = 2,
  /// Also from the two terminators, as if they were a pair: output
  /// producers, position by position. Only with AlongOperands.
  FromOutputs = 4,
};

/// Consensus propagation from `seeds` as `flags` say, pairing only nodes for
/// which `compatible` holds. Along operands to a fixpoint first, then along
/// users, and again while either makes pairs: a fused op is reached from its
/// consumers (it takes the sink's place) before its producers could claim it
/// for the head of the fused chain. Marks the nodes whose votes conflicted
/// ambiguous. Returns whether it paired anything.
bool propagate(StructuralState &state, llvm::ArrayRef<NodePair> seeds,
               unsigned flags, PairFilter compatible);

} // namespace graphdiff

#endif // GRAPHDIFF_DIFFER_CONSENSUS_H
