//===- MatchStats.cpp - How close to minimal a matching is ----------------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Differ/MatchStats.h"

#include "GraphDiff/Graph/Graph.h"
#include "GraphDiff/Graph/StructuralHash.h"
#include "llvm/ADT/DenseMap.h"

using namespace graphdiff;

/// How many nodes of each side hold each hash.
static llvm::DenseMap<size_t, std::pair<unsigned, unsigned>>
countBoth(const std::vector<llvm::hash_code> &source,
          const std::vector<llvm::hash_code> &target) {
  llvm::DenseMap<size_t, std::pair<unsigned, unsigned>> counts;
  for (llvm::hash_code hash : source)
    ++counts[hash].first;
  for (llvm::hash_code hash : target)
    ++counts[hash].second;
  return counts;
}

MatchStats graphdiff::computeMatchStats(const Graph &source,
                                        const Graph &target,
                                        const NodeMapping &mapping) {
  HashOptions options;
  options.backward = false;
  StructureHashes a = hashStructure(source, options);
  StructureHashes b = hashStructure(target, options);
  MatchStats stats;
  stats.sourceNodes = source.size();
  stats.targetNodes = target.size();

  // Content: a multiset difference.
  for (auto &[hash, counts] : countBoth(a.content, b.content))
    stats.lowerBound += counts.first > counts.second
                            ? counts.first - counts.second
                            : counts.second - counts.first;

  // Unchanged cones: per forward hash, min(count) counterparts exist; each
  // pair inside the bucket uses one.
  llvm::DenseMap<size_t, unsigned> pairedInBucket;
  for (unsigned s = 0; s < source.size(); ++s)
    if (std::optional<unsigned> t = mapping.getTarget(s))
      if (a.forward[s] == b.forward[*t])
        ++pairedInBucket[a.forward[s]];
  for (auto &[hash, counts] : countBoth(a.forward, b.forward)) {
    unsigned unchanged = std::min(counts.first, counts.second);
    unsigned paired = pairedInBucket.lookup(hash);
    stats.unchangedUnmatched += unchanged > paired ? unchanged - paired : 0;
  }
  for (unsigned s = 0; s < source.size(); ++s)
    stats.ambiguous += mapping.isSourceAmbiguous(s);
  for (unsigned t = 0; t < target.size(); ++t)
    stats.ambiguous += mapping.isTargetAmbiguous(t);
  return stats;
}
