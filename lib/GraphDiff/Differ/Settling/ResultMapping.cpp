//===- ResultMapping.cpp - What a new node's results stand for ------------===//
//
// Part of graph-diff.
//
// Rule: which source value each result of a new node stands for (after the
// checks of step 4, and for every region the later steps make).
//
// Decides SettledRegions::standsFor and replacedBy for a target node that
// replaces a region: result k stands for the one member value its readers
// read in its place (Settler::outImages; a value two results reach is the
// first's); else for the latest member value that other new nodes' regions
// read from it (fused chains one after another); else, with nothing to go
// by, for result k of the region's single sink (its one exit, else its one
// member with outside uses) when the types agree. A general principle: a
// result stands for what its readers read in its place.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Differ/NodeMapping.h"
#include "GraphDiff/Differ/Settling/Rules.h"
#include "GraphDiff/Differ/Settling/Settler.h"
#include "GraphDiff/Graph/Graph.h"
#include "llvm/ADT/DenseSet.h"

using namespace mlir;
using namespace graphdiff;
using namespace graphdiff::settling;

void settling::mapResults(Settler &settler, unsigned t) {
  const Graph &source = settler.source, &target = settler.target;
  ArrayRef<unsigned> sourceRank = settler.sourceRank;
  SettledRegions &regions = settler.regions;
  ArrayRef<unsigned> region = settler.mapping.getRegion(t);
  llvm::SmallDenseSet<unsigned, 8> members(region.begin(), region.end());
  auto inRegion = [&](Value v) {
    std::optional<unsigned> p = source.getProducer(v);
    return p && members.contains(*p);
  };
  SmallVector<SmallVector<Value, 2>> images =
      settler.outImages(t, /*loose=*/true);
  SmallVector<Value, 2> results(images.size());
  for (auto [k, candidates] : llvm::enumerate(images)) {
    SmallVector<Value, 2> inside;
    for (Value v : candidates)
      if (inRegion(v))
        inside.push_back(v);
    // One source value, one result: a value that two results both reach
    // (`lg.output %f#0, %f#1` where the source output `%a` twice) is stood
    // for by the first; the other is new.
    if (inside.size() == 1 && !llvm::is_contained(results, inside.front()))
      results[k] = inside.front();
  }
  // Read by other new nodes only (fused chains one after another): what
  // their regions read from this one, the latest such value if several (a
  // fused chain's value is its last member's).
  for (auto [k, candidates] : llvm::enumerate(settler.regionReads(t))) {
    if (results[k])
      continue;
    Value latest;
    for (Value v : candidates)
      if (inRegion(v) && !llvm::is_contained(results, v) &&
          (!latest || sourceRank[*source.getProducer(v)] >
                          sourceRank[*source.getProducer(latest)]))
        latest = v;
    results[k] = latest;
  }
  // With nothing to go by (no readers in the target), a single sink's
  // results stand for the new node's, in order: the region's one exit (the
  // one member no member reads, a fused chain's tail), else its one member
  // with outside uses.
  SmallVector<unsigned> sinks;
  for (unsigned member : region)
    if (llvm::none_of(source.getUsers(member),
                      [&](unsigned u) { return members.contains(u); }))
      sinks.push_back(member);
  if (sinks.size() != 1) {
    sinks.clear();
    for (unsigned member : region)
      if (source.isOutputNode(member) ||
          llvm::any_of(source.getUsers(member),
                       [&](unsigned u) { return !members.contains(u); }))
        sinks.push_back(member);
  }
  if (sinks.size() == 1) {
    Operation *sink = source.getNode(sinks.front());
    for (unsigned k = 0; k < results.size(); ++k)
      if (!results[k] && k < sink->getNumResults() &&
          !llvm::is_contained(results, sink->getResult(k)) &&
          sink->getResult(k).getType() ==
              target.getNode(t)->getResult(k).getType())
        results[k] = sink->getResult(k);
  }
  for (auto [k, value] : llvm::enumerate(results))
    if (value)
      regions.replacedBy[value] = {t, static_cast<unsigned>(k)};
  regions.standsFor[t] = std::move(results);
}

void settling::forgetResults(Settler &settler, unsigned t) {
  SettledRegions &regions = settler.regions;
  for (Value value : regions.standsFor[t])
    if (value)
      regions.replacedBy.erase(value);
  regions.standsFor.erase(t);
}
