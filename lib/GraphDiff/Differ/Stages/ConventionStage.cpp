//===- ConventionStage.cpp - Regions the seed's names give ----------------===//
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

void graphdiff::matchByConventions(const Graph &source, const Graph &target,
                                   NodeMapping &mapping) {
  if (!source.hasIdNodes() || !target.hasIdNodes())
    return;
  llvm::StringMap<unsigned> byId = indexIds(source);
  for (auto [index, op] : llvm::enumerate(target.getNodes())) {
    auto node = dyn_cast<lg::NodeOp>(op);
    if (!node || mapping.isTargetTaken(index))
      continue;
    StringRef anchor;
    if (DictionaryAttr metadata = node.getMetadataAttr())
      if (auto value = metadata.getAs<StringAttr>("anchor"))
        anchor = value.getValue();
    if (anchor.empty() && node.getId().starts_with("fused_"))
      anchor = node.getId().drop_front(strlen("fused_"));
    if (anchor.empty())
      continue;
    SmallVector<unsigned> region = freeNodesNamed({anchor}, byId, mapping);
    if (!region.empty())
      mapping.setRegion(index, region, MatchStage::Convention);
  }
}

void ConventionStage::run(MatchContext &context) const {
  matchByConventions(context.source, context.target, context.mapping);
}
