//===- LocationStage.cpp - Pairing ops by location ------------------------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Differ/Stages/Stages.h"

#include "GraphDiff/Graph/Graph.h"
#include "mlir/IR/Location.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

using namespace mlir;
using namespace graphdiff;

/// Whether `loc` says something an optimizer may have carried over (not an
/// unknown location).
static bool isInformative(Location loc) { return !isa<UnknownLoc>(loc); }

namespace {
/// The free source nodes the location stage may pair: those at an
/// informative location that some free target node could share.
class LocationCandidates {
public:
  LocationCandidates(const Graph &source, const Graph &target,
                     const NodeMapping &mapping)
      : source(source), mapping(mapping) {
    // A file position is the same location only in the same file, and the
    // parser locates each input's ops in its own: the source's index holds
    // only positions in the files the target's nodes name, so on two inputs
    // without written locations it stays empty (no table of every node).
    for (auto [i, op] : llvm::enumerate(target.getNodes())) {
      Location loc = op->getLoc();
      if (mapping.isTargetTaken(i) || !isInformative(loc))
        continue;
      if (auto position = dyn_cast<FileLineColRange>(loc))
        targetFiles.insert(position.getFilename());
      else
        targetOthers = true;
    }
  }
  bool mayMatch(Location loc) const {
    if (auto position = dyn_cast<FileLineColRange>(loc))
      return targetFiles.contains(position.getFilename());
    return targetOthers;
  }
  unsigned countSource() const {
    unsigned count = 0;
    for (auto [i, op] : llvm::enumerate(source.getNodes())) {
      Location loc = op->getLoc();
      count += !mapping.isSourceTaken(i) && isInformative(loc) && mayMatch(loc);
    }
    return count;
  }

private:
  const Graph &source;
  const NodeMapping &mapping;
  llvm::SmallDenseSet<StringAttr, 4> targetFiles;
  bool targetOthers = false;
};
} // namespace

bool graphdiff::mayPairByLocations(const Graph &source, const Graph &target,
                                   const NodeMapping &mapping) {
  return LocationCandidates(source, target, mapping).countSource() != 0;
}

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
  LocationCandidates candidates(source, target, mapping);
  auto mayMatch = [&](Location loc) { return candidates.mayMatch(loc); };
  unsigned sourceCandidates = candidates.countSource();
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
  // The target nodes at each location that names one free source node: no
  // other target node can pair. The parser's own locations (file:line:col)
  // never match across two files, so on inputs without written locations
  // this map stays empty.
  llvm::DenseMap<Attribute, SmallVector<unsigned, 2>> targetLocs;
  for (auto [t, op] : llvm::enumerate(target.getNodes())) {
    Location loc = op->getLoc();
    if (!mapping.isTargetTaken(t) && isInformative(loc) &&
        uniqueSource(loc) >= 0)
      targetLocs[loc].push_back(t);
  }
  if (targetLocs.empty())
    return;
  for (unsigned t = 0; t < target.size(); ++t) {
    if (mapping.isTargetTaken(t))
      continue;
    Location loc = target.getNode(t)->getLoc();
    auto it = targetLocs.find(loc);
    if (it == targetLocs.end())
      continue;
    int s = uniqueSource(loc);
    ArrayRef<unsigned> candidates = it->second;
    // A rewrite gives what it makes the location of the op it rewrote: the
    // op that computes from inputs, and the leaves it needs (an empty tensor
    // or a buffer to write into, constants) or that read it (a
    // deallocation). An op that reads something became the one candidate
    // that reads something, a leaf the one candidate leaf, if there is one.
    if (candidates.size() > 1) {
      bool reads = !source.getSlots(s).empty();
      SmallVector<unsigned, 2> alike;
      for (unsigned c : candidates)
        if (target.getSlots(c).empty() != reads)
          alike.push_back(c);
      if (alike.size() != 1)
        continue;
      candidates = it->second = std::move(alike);
    }
    if (candidates.size() == 1 && candidates.front() == t)
      mapping.pair(s, t, MatchStage::Location);
  }
}

void LocationStage::run(MatchContext &context) const {
  matchByLocations(context.source, context.target, context.mapping);
}
