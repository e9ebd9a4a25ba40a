//===- UniqueBuckets.cpp - Pairs by unique hash buckets -------------------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Differ/Stages/Stages.h"

#include "KeyFilter.h"

#include "GraphDiff/Graph/Graph.h"
#include "llvm/ADT/DenseSet.h"

#include <optional>

using namespace mlir;
using namespace graphdiff;

namespace {
/// The keys that can have a new unique bucket, when the pairs made since
/// the last call are known: a node whose key is not one of them is passed
/// over as if taken.
class ChangedKeys {
public:
  ChangedKeys(const SmallVectorImpl<NodePair> &takenSince,
              const std::vector<llvm::hash_code> &sourceKeys,
              const std::vector<llvm::hash_code> &targetKeys)
      : filter(0) {
    for (auto [s, t] : takenSince) {
      keys.insert(sourceKeys[s]);
      keys.insert(targetKeys[t]);
    }
    filter = KeyFilter(keys.size());
    for (size_t key : keys)
      filter.insert(key);
  }
  bool contains(size_t key) const {
    return filter.mayContain(key) && keys.contains(key);
  }
  size_t size() const { return keys.size(); }

private:
  llvm::DenseSet<size_t> keys;
  KeyFilter filter;
};

/// Key -> the one free source holding it (or Several) and how many free
/// targets hold it. Only the free sources' keys go in: a target whose key
/// no free source holds has nothing to pair with. The table is sized for
/// the free sources only (after the first call, most nodes are taken).
///
/// An open-addressed table (linear probing, at most half full) rather
/// than a DenseMap: the first call enters every node of a large graph, a
/// cache miss each at random places, and with the slot known in advance
/// the loops prefetch the slot of the node a few steps ahead.
class BucketTable {
public:
  static constexpr unsigned Empty = ~0u, Several = ~0u - 1;
  struct Bucket {
    size_t key;
    unsigned source = Empty;
    unsigned targets = 0;
  };
  /// How many nodes ahead the loops prefetch.
  static constexpr unsigned Ahead = 8;

  /// A table for `freeSources` keys; `prefetching` for a large one (not
  /// needed for a small table of changed keys).
  BucketTable(unsigned freeSources, bool prefetching)
      : prefetching(prefetching) {
    size_t size = llvm::NextPowerOf2(2 * static_cast<size_t>(freeSources));
    shift = 64 - llvm::Log2_64(size);
    mask = size - 1;
    buckets.resize(size);
  }
  void prefetch(size_t key) {
    if (prefetching)
      __builtin_prefetch(&buckets[home(key)], 1);
  }
  /// The slot of `key`'s bucket, or the empty slot where it would go.
  size_t probe(size_t key) const {
    size_t slot = home(key);
    while (buckets[slot].source != Empty && buckets[slot].key != key)
      slot = (slot + 1) & mask;
    return slot;
  }
  Bucket &operator[](size_t slot) { return buckets[slot]; }

private:
  size_t home(size_t key) const {
    return static_cast<size_t>((key * 0x9E3779B97F4A7C15ull) >> shift);
  }
  std::vector<Bucket> buckets;
  unsigned shift;
  size_t mask;
  bool prefetching;
};
} // namespace

/// Enters the free sources that `skip` does not pass over into `table`.
static void enterSources(BucketTable &table, unsigned numSources,
                         const std::vector<llvm::hash_code> &sourceKeys,
                         llvm::function_ref<bool(unsigned)> skip) {
  using Bucket = BucketTable::Bucket;
  for (unsigned s = 0; s < numSources; ++s) {
    if (s + BucketTable::Ahead < numSources)
      table.prefetch(sourceKeys[s + BucketTable::Ahead]);
    if (skip(s))
      continue;
    size_t key = sourceKeys[s];
    Bucket &bucket = table[table.probe(key)];
    if (bucket.source == BucketTable::Empty) {
      bucket.key = key;
      bucket.source = s;
    } else {
      bucket.source = BucketTable::Several;
    }
  }
}

/// Counts the free targets that `skip` does not pass over into the buckets
/// of `table`, and returns those whose bucket holds one source, with their
/// buckets' slots: no second lookup. A slot fits in 32 bits (the table has
/// at most four per free source node). `expected` sizes the list once: on
/// the first call it holds most of a large graph's nodes.
static std::vector<std::pair<unsigned, unsigned>>
enterTargets(BucketTable &table, unsigned numTargets,
             const std::vector<llvm::hash_code> &targetKeys,
             llvm::function_ref<bool(unsigned)> skip, unsigned expected) {
  std::vector<std::pair<unsigned, unsigned>> freeTargets;
  freeTargets.reserve(expected);
  for (unsigned t = 0; t < numTargets; ++t) {
    if (t + BucketTable::Ahead < numTargets)
      table.prefetch(targetKeys[t + BucketTable::Ahead]);
    if (skip(t))
      continue;
    size_t slot = table.probe(targetKeys[t]);
    BucketTable::Bucket &bucket = table[slot];
    if (bucket.source == BucketTable::Empty)
      continue;
    ++bucket.targets;
    if (bucket.source != BucketTable::Several)
      freeTargets.push_back({t, static_cast<unsigned>(slot)});
  }
  return freeTargets;
}

SmallVector<NodePair>
graphdiff::pairUniqueBuckets(StructuralState &state,
                             const std::vector<llvm::hash_code> &sourceKeys,
                             const std::vector<llvm::hash_code> &targetKeys,
                             const SmallVectorImpl<NodePair> *takenSince) {
  const Graph &source = state.source, &target = state.target;
  NodeMapping &mapping = state.mapping;
  std::optional<ChangedKeys> changed;
  if (takenSince) {
    changed.emplace(*takenSince, sourceKeys, targetKeys);
    if (changed->size() == 0)
      return {};
  }
  auto skipSource = [&](unsigned s) {
    return mapping.isSourceTaken(s) ||
           (changed && !changed->contains(sourceKeys[s]));
  };
  auto skipTarget = [&](unsigned t) {
    return mapping.isTargetTaken(t) ||
           (changed && !changed->contains(targetKeys[t]));
  };
  // (With the changed keys known, the table holds at most one bucket each.)
  unsigned freeSources = 0, freeTargetCount = 0;
  if (changed) {
    freeSources = changed->size();
  } else {
    for (unsigned s = 0; s < source.size(); ++s)
      freeSources += !mapping.isSourceTaken(s);
  }
  if (freeSources == 0)
    return {};
  if (!changed)
    for (unsigned t = 0; t < target.size(); ++t)
      freeTargetCount += !mapping.isTargetTaken(t);
  BucketTable table(freeSources, /*prefetching=*/!changed);
  enterSources(table, source.size(), sourceKeys, skipSource);
  std::vector<std::pair<unsigned, unsigned>> freeTargets = enterTargets(
      table, target.size(), targetKeys, skipTarget, freeTargetCount);
  // Pairing a target takes only it among the targets: the free ones are
  // still free when their turn comes.
  SmallVector<NodePair> pairs;
  for (auto [t, slot] : freeTargets)
    if (table[slot].targets == 1) {
      state.pair(table[slot].source, t);
      pairs.push_back({table[slot].source, t});
    }
  return pairs;
}
