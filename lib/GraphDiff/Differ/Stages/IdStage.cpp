//===- IdStage.cpp - Pairing lg nodes by id -------------------------------===//
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

llvm::StringMap<unsigned> graphdiff::indexIds(const Graph &graph) {
  llvm::StringMap<unsigned> ids;
  for (auto [index, op] : llvm::enumerate(graph.getNodes()))
    if (auto node = dyn_cast<lg::NodeOp>(op))
      ids[node.getId()] = index;
  return ids;
}

SmallVector<unsigned>
graphdiff::freeNodesNamed(ArrayRef<StringRef> ids,
                          const llvm::StringMap<unsigned> &byId,
                          const NodeMapping &mapping) {
  SmallVector<unsigned> region;
  for (StringRef id : ids) {
    auto it = byId.find(id);
    if (it == byId.end() || mapping.isSourceTaken(it->second))
      return {};
    if (!llvm::is_contained(region, it->second))
      region.push_back(it->second);
  }
  return region;
}

void graphdiff::matchByIds(const Graph &source, const Graph &target,
                           NodeMapping &mapping) {
  if (!source.hasIdNodes() || !target.hasIdNodes())
    return;
  llvm::StringMap<unsigned> ids = indexIds(source);
  for (auto [index, op] : llvm::enumerate(target.getNodes())) {
    auto node = dyn_cast<lg::NodeOp>(op);
    if (!node)
      continue;
    auto it = ids.find(node.getId());
    if (it != ids.end() && !mapping.isSourceTaken(it->second))
      mapping.pair(it->second, index, MatchStage::Id);
  }
}

void IdStage::run(MatchContext &context) const {
  matchByIds(context.source, context.target, context.mapping);
}
