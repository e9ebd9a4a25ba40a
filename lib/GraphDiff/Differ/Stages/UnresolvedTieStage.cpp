//===- UnresolvedTieStage.cpp - Exact ties nothing resolved ---------------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Differ/Stages/Stages.h"

#include "GraphDiff/Graph/Graph.h"
#include "llvm/ADT/DenseMap.h"

using namespace mlir;
using namespace graphdiff;

void graphdiff::markUnresolvedTies(StructuralState &state) {
  NodeMapping &mapping = state.mapping;
  const std::vector<llvm::hash_code> &sourceKeys = state.sourceHashes.forward;
  const std::vector<llvm::hash_code> &targetKeys = state.targetHashes.forward;
  // Forward hash -> free (source, target) nodes holding it.
  llvm::DenseMap<size_t, std::pair<unsigned, unsigned>> counts;
  for (unsigned s = 0; s < state.source.size(); ++s)
    if (!mapping.isSourceTaken(s))
      ++counts[sourceKeys[s]].first;
  for (unsigned t = 0; t < state.target.size(); ++t)
    if (!mapping.isTargetTaken(t))
      ++counts[targetKeys[t]].second;
  for (unsigned s = 0; s < state.source.size(); ++s)
    if (!mapping.isSourceTaken(s)) {
      auto [ns, nt] = counts[sourceKeys[s]];
      if (nt != 0 && ns + nt > 2)
        mapping.markSourceAmbiguous(s);
    }
  for (unsigned t = 0; t < state.target.size(); ++t)
    if (!mapping.isTargetTaken(t)) {
      auto [ns, nt] = counts[targetKeys[t]];
      if (ns != 0 && ns + nt > 2)
        mapping.markTargetAmbiguous(t);
    }
}

void UnresolvedTieStage::runOn(StructuralState &state) const {
  markUnresolvedTies(state);
}
