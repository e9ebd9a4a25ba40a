//===- RetypedSplatStage.cpp - Splats that fusion made scalars ------------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Differ/Stages/Stages.h"

#include "GraphDiff/Graph/Graph.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/DenseMap.h"

using namespace mlir;
using namespace graphdiff;

/// The one value of constant `op` as a scalar: its value if it is a scalar
/// constant, its element if it is a splat of a shaped type; null otherwise.
/// `isSplat` says which.
static Attribute scalarValue(Operation *op, bool &isSplat) {
  Attribute value;
  if (op->getNumResults() != 1 || !op->hasTrait<OpTrait::ConstantLike>() ||
      !matchPattern(op->getResult(0), m_Constant(&value)))
    return nullptr;
  if (auto splat = dyn_cast<SplatElementsAttr>(value)) {
    isSplat = true;
    return splat.getSplatValue<Attribute>();
  }
  isSplat = false;
  return isa<FloatAttr, IntegerAttr>(value) ? value : nullptr;
}

bool graphdiff::pairRetypedSplats(StructuralState &state) {
  // A splat's element (or a scalar) -> the free constants holding it: the
  // source's splats and the target's scalars, and the other way round.
  struct Bucket {
    SmallVector<unsigned, 2> sources, targets;
  };
  llvm::DenseMap<std::pair<Attribute, unsigned>, Bucket> buckets;
  SmallVector<std::pair<Attribute, unsigned>> order;
  for (unsigned s = 0; s < state.source.size(); ++s) {
    bool isSplat = false;
    if (state.mapping.isSourceTaken(s))
      continue;
    if (Attribute value = scalarValue(state.source.getNode(s), isSplat)) {
      auto [it, fresh] = buckets.try_emplace({value, unsigned(isSplat)});
      if (fresh)
        order.push_back({value, unsigned(isSplat)});
      it->second.sources.push_back(s);
    }
  }
  for (unsigned t = 0; t < state.target.size(); ++t) {
    bool isSplat = false;
    if (state.mapping.isTargetTaken(t))
      continue;
    if (Attribute value = scalarValue(state.target.getNode(t), isSplat)) {
      // A target scalar goes with the source's splats of its value.
      auto it = buckets.find({value, unsigned(!isSplat)});
      if (it != buckets.end())
        it->second.targets.push_back(t);
    }
  }
  bool any = false;
  for (const auto &key : order) {
    const Bucket &bucket = buckets[key];
    if (bucket.sources.size() != 1 || bucket.targets.size() != 1)
      continue;
    state.pair(bucket.sources.front(), bucket.targets.front());
    any = true;
  }
  return any;
}

void RetypedSplatStage::runOn(StructuralState &state) const {
  pairRetypedSplats(state);
}
