//===- MovedConstantStage.cpp - Constants moved to another op -------------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Differ/Stages/Stages.h"

#include "GraphDiff/Graph/Graph.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/DenseMap.h"

using namespace mlir;
using namespace graphdiff;

bool graphdiff::pairMovedConstants(StructuralState &state) {
  // A constant's value (the attribute, uniqued: its type and elements) ->
  // the free constants holding it on each side.
  struct Bucket {
    SmallVector<unsigned, 2> sources, targets;
  };
  llvm::DenseMap<Attribute, Bucket> buckets;
  SmallVector<Attribute> order;
  auto valueOf = [](Operation *op) -> Attribute {
    Attribute value;
    if (op->getNumResults() != 1 || !op->hasTrait<OpTrait::ConstantLike>() ||
        !matchPattern(op->getResult(0), m_Constant(&value)))
      return nullptr;
    return value;
  };
  for (unsigned s = 0; s < state.source.size(); ++s)
    if (!state.mapping.isSourceTaken(s))
      if (Attribute value = valueOf(state.source.getNode(s))) {
        auto [it, fresh] = buckets.try_emplace(value);
        if (fresh)
          order.push_back(value);
        it->second.sources.push_back(s);
      }
  for (unsigned t = 0; t < state.target.size(); ++t)
    if (!state.mapping.isTargetTaken(t))
      if (Attribute value = valueOf(state.target.getNode(t))) {
        auto it = buckets.find(value);
        if (it != buckets.end())
          it->second.targets.push_back(t);
      }
  bool any = false;
  for (Attribute key : order) {
    const Bucket &bucket = buckets[key];
    if (bucket.sources.size() != 1 || bucket.targets.size() != 1)
      continue;
    unsigned s = bucket.sources.front(), t = bucket.targets.front();
    // The same op with the same value is another stage's to pair (by its
    // place in the graph): only a constant moved to another op is this one's.
    Operation *a = state.source.getNode(s), *b = state.target.getNode(t);
    if (a->getName() == b->getName() ||
        a->getResultTypes() != b->getResultTypes())
      continue;
    state.pair(s, t);
    any = true;
  }
  return any;
}

void MovedConstantStage::runOn(StructuralState &state) const {
  pairMovedConstants(state);
}
