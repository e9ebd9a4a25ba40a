//===- ProvenanceStage.cpp - Regions the optimizer recorded ---------------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Differ/Stages/Stages.h"

#include "NodeIds.h"

#include "GraphDiff/Dialect/LG/IR/LG.h"
#include "GraphDiff/Graph/Graph.h"

using namespace mlir;
using namespace graphdiff;

void graphdiff::matchByProvenance(const Graph &source, const Graph &target,
                                  NodeMapping &mapping) {
  if (!source.hasIdNodes() || !target.hasIdNodes())
    return;
  llvm::StringMap<unsigned> byId = indexIds(source);
  for (auto [index, op] : llvm::enumerate(target.getNodes())) {
    auto node = dyn_cast<lg::NodeOp>(op);
    if (!node || !node.getFusedFromAttr() || mapping.isTargetTaken(index))
      continue;
    SmallVector<StringRef> ids;
    for (Attribute ref : node.getFusedFromAttr())
      ids.push_back(cast<FlatSymbolRefAttr>(ref).getValue());
    SmallVector<unsigned> region = freeNodesNamed(ids, byId, mapping);
    if (!region.empty())
      mapping.setRegion(index, region, MatchStage::Provenance);
  }
}

void ProvenanceStage::run(MatchContext &context) const {
  matchByProvenance(context.source, context.target, context.mapping);
}
