//===- MergedConstantStage.cpp - Equal constants merged into one ----------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Differ/Stages/Stages.h"

#include "GraphDiff/Graph/Graph.h"
#include "llvm/ADT/DenseMap.h"

using namespace mlir;
using namespace graphdiff;

bool graphdiff::pairMergedConstants(StructuralState &state) {
  // A constant's forward hash is its content's (it reads nothing).
  auto isConstant = [](Operation *op) {
    return op->hasTrait<OpTrait::ConstantLike>() && op->getNumOperands() == 0;
  };
  // Forward hash -> the free source constants holding it, in file order,
  // and how many free target constants hold it.
  llvm::DenseMap<size_t, std::pair<SmallVector<unsigned, 2>, unsigned>> buckets;
  for (unsigned s = 0; s < state.source.size(); ++s)
    if (!state.mapping.isSourceTaken(s) && isConstant(state.source.getNode(s)))
      buckets[state.sourceHashes.forward[s]].first.push_back(s);
  if (buckets.empty())
    return false;
  for (unsigned t = 0; t < state.target.size(); ++t)
    if (!state.mapping.isTargetTaken(t) && isConstant(state.target.getNode(t)))
      if (auto it = buckets.find(state.targetHashes.forward[t]);
          it != buckets.end())
        ++it->second.second;
  bool any = false;
  for (unsigned t = 0; t < state.target.size(); ++t) {
    if (state.mapping.isTargetTaken(t) || !isConstant(state.target.getNode(t)))
      continue;
    auto it = buckets.find(state.targetHashes.forward[t]);
    if (it == buckets.end() || it->second.second != 1 ||
        it->second.first.size() < 2)
      continue;
    unsigned first = it->second.first.front();
    if (state.sourceHashes.content[first] != state.targetHashes.content[t])
      continue;
    state.pair(first, t);
    any = true;
  }
  return any;
}

void MergedConstantStage::runOn(StructuralState &state) const {
  pairMergedConstants(state);
}
