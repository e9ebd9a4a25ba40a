//===- Votes.h - The votes of one propagation -------------------*- C++ -*-===//
//
// Part of graph-diff.
//
// The table the vote rules (the other headers of this directory) write to
// and propagate() (Consensus.h) reads: for each node, the one partner every
// vote named, or a conflict with the candidates and their counts.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_DIFFER_VOTES_VOTES_H
#define GRAPHDIFF_DIFFER_VOTES_VOTES_H

#include "GraphDiff/Differ/NodeMapping.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <memory>
#include <optional>
#include <utility>

namespace graphdiff {

/// The votes of one propagation: for each node that got a vote, the one
/// partner every voter named, or Conflict. A disputed node keeps its
/// candidates and how many votes each got, so that a tie between
/// interchangeable candidates can be settled (TieSettling.h).
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

} // namespace graphdiff

#endif // GRAPHDIFF_DIFFER_VOTES_VOTES_H
