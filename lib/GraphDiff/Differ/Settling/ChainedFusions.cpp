//===- ChainedFusions.cpp - Two fused chains in a row ---------------------===//
//
// Part of graph-diff.
//
// Rule: a region that swallowed the chain of a new node its own new node
// reads gives that chain back (step 4c of settleRegions).
//
// Decides how a region splits between its new node and the new nodes it
// reads (two fused chains one after the other, the second reading the
// first's result: step 2 or 3 grew the second's region back through the
// first, whose image was not known yet). Evidence: the images of the new
// producer's inputs, known once step 4 has mapped what new nodes stand for.
// The members those images alone feed, leaving by one member of the new
// producer's result types that only the rest reads, become its region. The
// new producers are taken up to a few levels (`math.fma` -> `arith.mulf` ->
// `math.fma`: an op between two chains that is new only because it reads a
// new node), producers first, so that the next one's inputs have images.
// Every part is checked as it goes and the rest last (checkAndMap); if one
// fails, all are undone and the region put back. A part of one node of its
// new node's own content is a pair, not a replacement.
//
// A general principle (a region is what one new node replaces); fusion
// passes that fuse a chain into a chain they fused before are where it
// shows.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Differ/NodeMapping.h"
#include "GraphDiff/Differ/PairContext.h"
#include "GraphDiff/Differ/Settling/Rules.h"
#include "GraphDiff/Differ/Settling/Settler.h"
#include "GraphDiff/Graph/Graph.h"
#include "llvm/ADT/DenseSet.h"

using namespace mlir;
using namespace graphdiff;
using namespace graphdiff::settling;

namespace {
/// How many new producers of a region's new node are split off, at most.
constexpr unsigned kMaxProducers = 8;

class ChainSplitter {
public:
  explicit ChainSplitter(Settler &settler)
      : settler(settler), source(settler.source), target(settler.target),
        mapping(settler.mapping) {}

  void run();

private:
  /// The new nodes that `t` reads, and the new nodes they read, up to
  /// kMaxProducers, in the target's canonical order.
  SmallVector<unsigned, kMaxProducers> newProducers(unsigned t) const;
  /// Splits the parts of `producers` off the region of `t`, all or none.
  void split(unsigned t, ArrayRef<unsigned> producers);
  /// The members of `region` that new node `u` stands for inside it: fed by
  /// the images of `u`'s inputs alone, reading each, leaving by one member
  /// of `u`'s result types that only the others read (`rest`); none if
  /// there are no such members.
  std::optional<SmallVector<unsigned>>
  partOf(unsigned u, ArrayRef<unsigned> region,
         SmallVectorImpl<unsigned> &rest) const;

  Settler &settler;
  const Graph &source;
  const Graph &target;
  NodeMapping &mapping;
};
} // namespace

std::optional<SmallVector<unsigned>>
ChainSplitter::partOf(unsigned u, ArrayRef<unsigned> region,
                      SmallVectorImpl<unsigned> &rest) const {
  SmallVector<Value, 4> boundary;
  if (!settler.everyInputImage(u, boundary))
    return std::nullopt;
  // The members fed by those images alone, through members: visited in
  // rank order, so that a member's producers in the region come first.
  SmallVector<unsigned> sorted(region);
  settler.pair.sortBySourceRank(sorted);
  llvm::SmallDenseSet<unsigned, 8> part;
  llvm::SmallDenseSet<Value, 4> read;
  SmallVector<unsigned> partNodes;
  rest.clear();
  for (unsigned member : sorted) {
    // A member that reads nothing (a `tensor.empty`) is fed by no image.
    ArrayRef<Value> inputs = source.getNodeInputs(member);
    bool fed = !inputs.empty() && llvm::all_of(inputs, [&](Value in) {
      if (llvm::is_contained(boundary, in))
        return true;
      std::optional<unsigned> p = source.getProducer(in);
      return p && part.contains(*p);
    });
    if (!fed) {
      rest.push_back(member);
      continue;
    }
    part.insert(member);
    partNodes.push_back(member);
    for (Value in : source.getNodeInputs(member))
      if (llvm::is_contained(boundary, in))
        read.insert(in);
  }
  // The part must read every image, and leave by one member that only the
  // rest of the region reads: what `u` stands for inside the chain. The
  // rest keeps the region's sink.
  if (partNodes.empty() || rest.empty() || read.size() != boundary.size())
    return std::nullopt;
  // Its exit: the one member read outside the part, only by the rest, and
  // of the new node's result types.
  std::optional<unsigned> exit;
  for (unsigned member : partNodes)
    for (unsigned user : source.getUsers(member)) {
      if (part.contains(user))
        continue;
      if (!llvm::is_contained(rest, user) || (exit && *exit != member))
        return std::nullopt;
      exit = member;
    }
  if (!exit || source.getNode(*exit)->getResultTypes() !=
                   target.getNode(u)->getResultTypes())
    return std::nullopt;
  return partNodes;
}

SmallVector<unsigned, kMaxProducers>
ChainSplitter::newProducers(unsigned t) const {
  SmallVector<unsigned, kMaxProducers> producers;
  for (unsigned k = 0; k <= producers.size(); ++k) {
    unsigned reader = k == 0 ? t : producers[k - 1];
    for (Value input : target.getNodeInputs(reader)) {
      std::optional<unsigned> u = target.getProducer(input);
      if (!u || mapping.isTargetTaken(*u) || target.getNodeInputs(*u).empty() ||
          llvm::is_contained(producers, *u))
        continue;
      if (producers.size() == kMaxProducers)
        break;
      producers.push_back(*u);
    }
  }
  ArrayRef<unsigned> targetRanks = target.getCanonicalRanks();
  llvm::sort(producers, [&](unsigned a, unsigned b) {
    return targetRanks[a] < targetRanks[b];
  });
  return producers;
}

void ChainSplitter::split(unsigned t, ArrayRef<unsigned> producers) {
  // Split, checking each part as it goes; then check the rest. If any
  // check fails, every part is undone and the region put back.
  SmallVector<unsigned> whole(mapping.getRegion(t));
  MatchStage stage = mapping.getRegionStage(t);
  SmallVector<unsigned> remaining(whole), rest;
  SmallVector<unsigned, 2> split;
  bool cleared = false, failed = false;
  for (unsigned u : producers) {
    std::optional<SmallVector<unsigned>> part = partOf(u, remaining, rest);
    if (!part)
      continue;
    if (!cleared) {
      forgetResults(settler, t);
      mapping.clearRegion(t);
      cleared = true;
    }
    mapping.setRegion(u, *part, MatchStage::Structure);
    if (!checkAndMap(settler, u)) {
      failed = true;
      break;
    }
    split.push_back(u);
    remaining = rest;
  }
  if (!cleared)
    return;
  if (!failed) {
    mapping.setRegion(t, remaining, stage);
    if (checkAndMap(settler, t)) {
      // A part of one node of its new node's own content is that node,
      // over what its inputs stand for: a pair, not a replacement.
      for (unsigned u : split) {
        ArrayRef<unsigned> part = mapping.getRegion(u);
        if (part.size() != 1 || !settler.sameContent(part[0], u))
          continue;
        unsigned member = part[0];
        forgetResults(settler, u);
        mapping.clearRegion(u);
        mapping.pair(member, u, MatchStage::Structure);
      }
      return;
    }
  }
  for (unsigned u : split) {
    forgetResults(settler, u);
    mapping.clearRegion(u);
  }
  if (!mapping.getRegion(t).empty())
    mapping.clearRegion(t);
  // It passed before and nothing it depends on changed, so it passes
  // again (were it not to, its nodes would be deleted, as any refused
  // region's are).
  mapping.setRegion(t, whole, stage);
  (void)checkAndMap(settler, t);
}

void ChainSplitter::run() {
  for (unsigned t : settler.targetOrder) {
    if (mapping.getRegion(t).size() < 2)
      continue;
    SmallVector<unsigned, kMaxProducers> producers = newProducers(t);
    if (!producers.empty())
      split(t, producers);
  }
}

void settling::splitChainedFusions(Settler &settler) {
  ChainSplitter(settler).run();
}
