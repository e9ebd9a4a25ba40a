//===- Matchers.cpp - The stages that pair nodes --------------------------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Differ/Matchers.h"

#include "GraphDiff/Dialect/LG/IR/LG.h"
#include "GraphDiff/Graph/Graph.h"
#include "mlir/IR/Location.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"

using namespace mlir;
using namespace graphdiff;

/// Source `lg` nodes by id.
static llvm::StringMap<unsigned> indexIds(const Graph &graph) {
  llvm::StringMap<unsigned> ids;
  for (auto [index, op] : llvm::enumerate(graph.getNodes()))
    if (auto node = dyn_cast<lg::NodeOp>(op))
      ids[node.getId()] = index;
  return ids;
}

void graphdiff::matchByIds(const Graph &source, const Graph &target,
                           NodeMapping &mapping) {
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

/// The free source nodes that `ids` name, in the order given; stops at (and
/// returns nothing for) an id that is unknown or already taken, since a
/// region the optimizer describes must be taken whole.
static SmallVector<unsigned>
freeNodesNamed(ArrayRef<StringRef> ids, const llvm::StringMap<unsigned> &byId,
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

void graphdiff::matchByProvenance(const Graph &source, const Graph &target,
                                  NodeMapping &mapping) {
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

/// A key for a location that an optimizer may have carried over, or "" for
/// one that says nothing (unknown, or a bare file with no position).
static std::string locationKey(Location loc) {
  if (isa<UnknownLoc>(loc))
    return "";
  std::string key;
  llvm::raw_string_ostream os(key);
  loc.print(os);
  return key;
}

void graphdiff::matchByLocations(const Graph &source, const Graph &target,
                                 NodeMapping &mapping) {
  // Location -> node, or -1 when several nodes share it (ambiguous).
  auto index = [](const Graph &graph, auto isFree) {
    llvm::StringMap<int> byLoc;
    for (auto [i, op] : llvm::enumerate(graph.getNodes())) {
      if (!isFree(i))
        continue;
      std::string key = locationKey(op->getLoc());
      if (key.empty())
        continue;
      auto [it, inserted] = byLoc.try_emplace(key, i);
      if (!inserted)
        it->second = -1;
    }
    return byLoc;
  };
  llvm::StringMap<int> sourceLocs =
      index(source, [&](unsigned i) { return !mapping.isSourceTaken(i); });
  llvm::StringMap<int> targetLocs =
      index(target, [&](unsigned i) { return !mapping.isTargetTaken(i); });
  for (unsigned t = 0; t < target.size(); ++t) {
    if (mapping.isTargetTaken(t))
      continue;
    std::string key = locationKey(target.getNode(t)->getLoc());
    if (key.empty() || targetLocs.lookup(key) != static_cast<int>(t))
      continue;
    auto it = sourceLocs.find(key);
    if (it == sourceLocs.end() || it->second < 0)
      continue;
    mapping.pair(it->second, t, MatchStage::Location);
  }
}

void graphdiff::matchByConventions(const Graph &source, const Graph &target,
                                   NodeMapping &mapping) {
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
