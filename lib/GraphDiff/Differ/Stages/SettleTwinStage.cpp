//===- SettleTwinStage.cpp - Which twin a target node stands for ----------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Differ/Stages/Stages.h"

#include "KeyFilter.h"

#include "GraphDiff/Graph/Graph.h"
#include "llvm/ADT/DenseMap.h"

using namespace mlir;
using namespace graphdiff;

/// The buckets of source twins: forward hash -> the source nodes holding
/// it, in index order, for the hashes of free nodes only (most nodes are
/// paired by now), with two members or more; sorted by first member: the
/// order a walk over the nodes would meet them in.
static std::vector<SmallVector<unsigned, 2>>
collectTwinBuckets(const StructuralState &state) {
  const NodeMapping &mapping = state.mapping;
  const std::vector<llvm::hash_code> &keys = state.sourceHashes.forward;
  unsigned numSources = state.source.size();
  llvm::DenseMap<size_t, SmallVector<unsigned, 2>> buckets;
  for (unsigned s = 0; s < numSources; ++s)
    if (!mapping.isSourceTaken(s))
      buckets.try_emplace(keys[s]);
  if (buckets.empty())
    return {};
  // Most nodes' keys hold no bucket: the filter says so without a lookup.
  KeyFilter filter(buckets.size());
  for (const auto &bucket : buckets)
    filter.insert(bucket.first);
  for (unsigned s = 0; s < numSources; ++s) {
    if (!filter.mayContain(keys[s]))
      continue;
    auto it = buckets.find(keys[s]);
    if (it != buckets.end())
      it->second.push_back(s);
  }
  std::vector<SmallVector<unsigned, 2>> twinBuckets;
  for (auto &bucket : buckets)
    if (bucket.second.size() >= 2)
      twinBuckets.push_back(std::move(bucket.second));
  llvm::sort(twinBuckets, [](const SmallVector<unsigned, 2> &a,
                             const SmallVector<unsigned, 2> &b) {
    return a.front() < b.front();
  });
  return twinBuckets;
}

namespace {
/// How many reads of a source node's results have partners that read the
/// same result of a target node: a slot of a paired reader, or a graph
/// output at the same position.
class TwinReads {
public:
  explicit TwinReads(const StructuralState &state)
      : source(state.source), target(state.target), mapping(state.mapping) {
    for (auto [k, value] : llvm::enumerate(source.getOutputs()))
      if (std::optional<unsigned> s = source.getProducer(value))
        outputsOf[*s].push_back({static_cast<unsigned>(k),
                                 cast<OpResult>(value).getResultNumber()});
  }

  unsigned count(unsigned s, unsigned t) const {
    Operation *node = target.getNode(t);
    unsigned n = 0;
    for (const Graph::Use &use : source.getUses(s)) {
      std::optional<unsigned> user = mapping.getTarget(use.user);
      if (user && use.result < node->getNumResults() &&
          llvm::is_contained(target.getSlots(*user),
                             node->getResult(use.result)))
        ++n;
    }
    mlir::OperandRange targetOutputs = target.getOutputs();
    auto it = outputsOf.find(s);
    if (it != outputsOf.end())
      for (auto [k, result] : it->second)
        if (k < targetOutputs.size() && result < node->getNumResults() &&
            targetOutputs[k] == node->getResult(result))
          ++n;
    return n;
  }

private:
  const Graph &source;
  const Graph &target;
  const NodeMapping &mapping;
  /// Graph outputs by the node that makes them: (position, result number).
  llvm::DenseMap<unsigned, SmallVector<std::pair<unsigned, unsigned>, 1>>
      outputsOf;
};
} // namespace

/// The twin among `free` (in file order) that the readers of target node
/// `t`, now paired with `paired`, vouch for: the first, in file order, among
/// the pair's own node and the first maxCandidates free twins; none if the
/// pair should stay.
static std::optional<unsigned> vouchedTwin(const StructuralState &state,
                                           const TwinReads &reads,
                                           ArrayRef<unsigned> free,
                                           unsigned paired, unsigned t) {
  unsigned looked = 0;
  for (unsigned twin : free) {
    if (twin > paired || looked++ == state.options.maxCandidates)
      break;
    if (reads.count(twin, t) != 0)
      return twin;
  }
  if (reads.count(paired, t) != 0)
    return std::nullopt;
  for (unsigned twin :
       llvm::make_range(llvm::upper_bound(free, paired), free.end())) {
    if (looked++ >= state.options.maxCandidates)
      break;
    if (reads.count(twin, t) != 0)
      return twin;
  }
  return std::nullopt;
}

bool graphdiff::settleTwins(StructuralState &state) {
  NodeMapping &mapping = state.mapping;
  std::vector<SmallVector<unsigned, 2>> twinBuckets = collectTwinBuckets(state);
  if (twinBuckets.empty())
    return false;
  TwinReads reads(state);
  bool moved = false;
  for (ArrayRef<unsigned> twins : twinBuckets) {
    SmallVector<unsigned, 4> free; // in file order
    for (unsigned twin : twins)
      if (!mapping.isSourceTaken(twin))
        free.push_back(twin);
    if (free.empty())
      continue;
    for (unsigned paired : twins) {
      std::optional<unsigned> t = mapping.getTarget(paired);
      if (!t || mapping.getPairStage(*t) != MatchStage::Structure)
        continue;
      std::optional<unsigned> best =
          vouchedTwin(state, reads, free, paired, *t);
      if (!best)
        continue;
      mapping.unpairTarget(*t);
      state.pair(*best, *t);
      mapping.clearSourceAmbiguous(*best);
      // The node left is free now, in its place in file order.
      free.erase(llvm::find(free, *best));
      free.insert(llvm::upper_bound(free, paired), paired);
      moved = true;
    }
  }
  return moved;
}

void SettleTwinStage::runOn(StructuralState &state) const {
  settleTwins(state);
}
