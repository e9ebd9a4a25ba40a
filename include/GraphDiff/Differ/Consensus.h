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

#include "GraphDiff/Differ/StructuralState.h"
#include "llvm/ADT/DenseMap.h"

#include <memory>
#include <optional>

namespace graphdiff {

/// The votes of one propagation: for each node that got a vote, the one
/// partner every voter named, or Conflict. A disputed node keeps its
/// candidates and how many votes each got, so that a tie between
/// interchangeable candidates can be settled (Consensus.cpp).
class Votes {
public:
  static constexpr int Conflict = -1;
  /// A candidate partner of a disputed node and its number of votes.
  using Candidate = std::pair<unsigned, unsigned>;

  /// Votes between a source graph of `numSources` nodes and a target graph
  /// of `numTargets` (sizes for the per-node tables; a larger node number
  /// still works, at the cost of growing a table).
  explicit Votes(unsigned numSources = 0, unsigned numTargets = 0)
      : forSource(numSources), forTarget(numTargets) {}

  /// Records a vote for pairing source node `source` with target node
  /// `target`.
  void add(unsigned source, unsigned target) {
    addOne(forSource, disputedSource, source, target);
    addOne(forTarget, disputedTarget, target, source);
  }
  /// The agreed partner of `node`, nullopt if none, Conflict if disputed.
  std::optional<int> ofSource(unsigned node) const {
    return lookup(forSource, node);
  }
  std::optional<int> ofTarget(unsigned node) const {
    return lookup(forTarget, node);
  }
  /// The partners a node's votes named, with their counts, in the order
  /// first named: one entry, or several for a disputed node.
  llvm::SmallVector<Candidate, 4> candidatesOfSource(unsigned node) const {
    return candidates(forSource, disputedSource, node);
  }
  llvm::SmallVector<Candidate, 4> candidatesOfTarget(unsigned node) const {
    return candidates(forTarget, disputedTarget, node);
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
  /// Marks as ambiguous, in `mapping`, the free nodes whose votes conflict,
  /// except those `settled` says a tie-break dealt with.
  void markConflicts(NodeMapping &mapping,
                     llvm::function_ref<bool(bool isSource, unsigned node)>
                         settled = nullptr) const;

private:
  /// The partner a node's votes named (or Conflict) and how many votes it
  /// got; a count of 0 is a node without votes.
  struct Entry {
    int partner;
    unsigned count;
  };
  /// An Entry per node of one side, indexed by node: a propagation from every
  /// pair votes for most nodes of a large graph, where a hash map by node
  /// took 12 bytes a bucket at up to twice the nodes. The array is zeroed
  /// by calloc on first use, so the pages of nodes without votes are never
  /// touched.
  class Table {
  public:
    explicit Table(unsigned size) : size(size) {}
    const Entry *find(unsigned node) const {
      return node < capacity && entries[node].count ? &entries[node] : nullptr;
    }
    /// The entry of `node`, a zero one if it has no votes yet.
    Entry &at(unsigned node) {
      if (node >= capacity)
        grow(node);
      return entries[node];
    }

  private:
    void grow(unsigned node);
    struct Free {
      void operator()(Entry *entries) const;
    };
    std::unique_ptr<Entry[], Free> entries;
    unsigned capacity = 0;
    unsigned size;
  };
  using Disputes = llvm::DenseMap<unsigned, llvm::SmallVector<Candidate, 4>>;
  static void addOne(Table &table, Disputes &disputes, unsigned key,
                     unsigned value);
  static std::optional<int> lookup(const Table &table, unsigned key) {
    if (const Entry *entry = table.find(key))
      return entry->partner;
    return std::nullopt;
  }
  static llvm::SmallVector<Candidate, 4>
  candidates(const Table &table, const Disputes &disputes, unsigned key);

  Table forSource, forTarget;
  Disputes disputedSource, disputedTarget;
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
  /// Votes across a lowering: value types compared up to unit dimensions
  /// (sameModuloUnitDims); a renamed op whose slots differ compared without
  /// the slots that read constants (a lowering moves constant operands into
  /// the new op's body); no vote for a target reshape of a node paired with
  /// another source node (it stands for that node's value).
  Lowered = 8,
};

/// The pairs propagations made, up to `limit` of them: past it, the list is
/// dropped (no memory that grows with the graph) and `overflowed` says so.
struct MadePairs {
  explicit MadePairs(size_t limit) : limit(limit) {}
  void add(llvm::ArrayRef<NodePair> more) {
    if (overflowed)
      return;
    if (pairs.size() + more.size() > limit) {
      overflowed = true;
      pairs = {};
      return;
    }
    pairs.append(more.begin(), more.end());
  }
  void clear() {
    pairs.clear();
    overflowed = false;
  }
  /// The pairs, or null if there were more than `limit`.
  const llvm::SmallVectorImpl<NodePair> *get() const {
    return overflowed ? nullptr : &pairs;
  }

  llvm::SmallVector<NodePair> pairs;
  size_t limit;
  bool overflowed = false;
};

/// Consensus propagation from `seeds` as `flags` say, pairing only nodes for
/// which `compatible` holds. Along operands to a fixpoint first, then along
/// users, and again while either makes pairs: a fused op is reached from its
/// consumers (it takes the sink's place) before its producers could claim it
/// for the head of the fused chain. Votes that conflict only between
/// interchangeable candidates (equal forward hashes on each side: the same
/// content over the same upstream cone, as CSE leaves them) are no ambiguity:
/// they are paired in file order, as CSE keeps the first. Marks the nodes
/// whose votes really conflicted ambiguous. Returns whether it paired
/// anything; records the pairs it made in `made`, if given.
bool propagate(StructuralState &state, llvm::ArrayRef<NodePair> seeds,
               unsigned flags, PairFilter compatible,
               MadePairs *made = nullptr);

} // namespace graphdiff

#endif // GRAPHDIFF_DIFFER_CONSENSUS_H
