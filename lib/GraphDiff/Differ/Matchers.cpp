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
#include "llvm/ADT/DenseSet.h"
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

/// Whether `loc` says something an optimizer may have carried over (not an
/// unknown location).
static bool isInformative(Location loc) { return !isa<UnknownLoc>(loc); }

void graphdiff::matchByLocations(const Graph &source, const Graph &target,
                                 NodeMapping &mapping) {
  // Location -> node, or -1 when several nodes share it (ambiguous).
  // Locations are uniqued attributes: equal locations are the same object,
  // so the map needs no printing. It is only looked up, never iterated.
  auto index = [](const Graph &graph, unsigned expected, auto keep) {
    llvm::DenseMap<Attribute, int> byLoc;
    byLoc.reserve(expected);
    for (auto [i, op] : llvm::enumerate(graph.getNodes())) {
      if (!keep(i, op->getLoc()))
        continue;
      auto [it, inserted] = byLoc.try_emplace(op->getLoc(), i);
      if (!inserted)
        it->second = -1;
    }
    return byLoc;
  };
  // A file position is the same location only in the same file, and the
  // parser locates each input's ops in its own: the source's index holds
  // only positions in the files the target's nodes name, so on two inputs
  // without written locations it stays empty (no table of every node).
  llvm::SmallDenseSet<StringAttr, 4> targetFiles;
  bool targetOthers = false;
  for (auto [i, op] : llvm::enumerate(target.getNodes())) {
    Location loc = op->getLoc();
    if (mapping.isTargetTaken(i) || !isInformative(loc))
      continue;
    if (auto position = dyn_cast<FileLineColRange>(loc))
      targetFiles.insert(position.getFilename());
    else
      targetOthers = true;
  }
  auto mayMatch = [&](Location loc) {
    if (auto position = dyn_cast<FileLineColRange>(loc))
      return targetFiles.contains(position.getFilename());
    return targetOthers;
  };
  unsigned sourceCandidates = 0;
  for (auto [i, op] : llvm::enumerate(source.getNodes())) {
    Location loc = op->getLoc();
    sourceCandidates +=
        !mapping.isSourceTaken(i) && isInformative(loc) && mayMatch(loc);
  }
  if (sourceCandidates == 0)
    return;
  llvm::DenseMap<Attribute, int> sourceLocs =
      index(source, sourceCandidates, [&](unsigned i, Location loc) {
        return !mapping.isSourceTaken(i) && isInformative(loc) && mayMatch(loc);
      });
  auto uniqueSource = [&](Location loc) {
    auto it = sourceLocs.find(loc);
    return it == sourceLocs.end() ? -1 : it->second;
  };
  // The target's map holds only the locations that name one free source
  // node: no other target node can pair, and every target node at such a
  // location is counted, so a tie on the target side is still seen. The
  // parser's own locations (file:line:col) never match across two files,
  // so on inputs without written locations this map stays empty.
  llvm::DenseMap<Attribute, int> targetLocs =
      index(target, 0, [&](unsigned i, Location loc) {
        return !mapping.isTargetTaken(i) && isInformative(loc) &&
               uniqueSource(loc) >= 0;
      });
  if (targetLocs.empty())
    return;
  for (unsigned t = 0; t < target.size(); ++t) {
    if (mapping.isTargetTaken(t))
      continue;
    Location loc = target.getNode(t)->getLoc();
    auto it = targetLocs.find(loc);
    if (it == targetLocs.end() || it->second != static_cast<int>(t))
      continue;
    mapping.pair(uniqueSource(loc), t, MatchStage::Location);
  }
}

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
