//===- ExclusiveProducers.cpp - Growing a region over what fed only it ----===//
//
// Part of graph-diff.
//
// Rule: growing a region over its exclusive producers (used by the
// convention, changed-pair, reads-to-readers and dead-end steps).
//
// Decides which free source nodes join a region beyond the ones a step
// found: a free producer every result of which only the region's members
// read, up to the values the new node reads (the boundary). Evidence: the
// source's edges and which nodes are taken. A general principle: a node
// whose every reader was rewritten into the new op went with them.
//
// One exception is what the rewrite driver does: it merges equal constants
// into the first, so a free constant with a twin the target keeps unchanged
// went into its twin, not into the op that read it, and is not absorbed.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Differ/ContentChanges.h"
#include "GraphDiff/Differ/NodeMapping.h"
#include "GraphDiff/Differ/PairContext.h"
#include "GraphDiff/Differ/Settling/Rules.h"
#include "GraphDiff/Differ/Settling/Settler.h"
#include "GraphDiff/Graph/Graph.h"
#include "GraphDiff/Graph/Reshape.h"
#include "llvm/ADT/DenseSet.h"

using namespace mlir;
using namespace graphdiff;
using namespace graphdiff::settling;

void settling::growOverExclusiveProducers(const Settler &settler,
                                          SmallVectorImpl<unsigned> &region,
                                          const ValueSet &boundary) {
  const Graph &source = settler.source;
  const NodeMapping &mapping = settler.mapping;
  llvm::SmallDenseSet<unsigned, 8> members(region.begin(), region.end());
  for (unsigned next = 0; next < region.size(); ++next) {
    for (Value input : source.getNodeInputs(region[next])) {
      if (boundary.contains(input))
        continue;
      std::optional<unsigned> producer = source.getProducer(input);
      if (!producer || members.contains(*producer) ||
          mapping.isSourceTaken(*producer) || source.isOutputNode(*producer) ||
          mergedIntoTwin(settler, *producer))
        continue;
      // Absorb only nodes whose every result is used inside the region.
      if (!llvm::all_of(source.getUsers(*producer),
                        [&](unsigned user) { return members.contains(user); }))
        continue;
      members.insert(*producer);
      region.push_back(*producer);
    }
  }
}

/// Adds to `reads` the images of what target node `t` reads, looking through
/// the new pure reshapes between (`--linalg-fold-unit-extent-dims` reads
/// the old values through a `tensor.collapse_shape`).
static void addReadImages(const Settler &settler, unsigned t, ValueSet &reads,
                          unsigned depth = 0) {
  for (Value input : settler.target.getNodeInputs(t)) {
    if (Value image = settler.pair.sourceImage(input)) {
      reads.insert(image);
      continue;
    }
    std::optional<unsigned> p = settler.target.getProducer(input);
    if (p && depth < 4 && !settler.mapping.isTargetTaken(*p) &&
        isPureReshape(settler.target.getNode(*p)))
      addReadImages(settler, *p, reads, depth + 1);
  }
}

ValueSet settling::readImages(const Settler &settler, unsigned t) {
  ValueSet reads;
  addReadImages(settler, t, reads);
  return reads;
}

bool settling::readsOnly(const Settler &settler, const ValueSet &reads,
                         unsigned s) {
  const Graph &source = settler.source;
  return llvm::all_of(source.getNodeInputs(s), [&](Value input) {
    if (reads.contains(input))
      return true;
    // A leaf (a constant, an empty tensor) the rewrite may make afresh; a
    // node that is no pair (free, or in a region), whose value the new node
    // may read under a name not known here.
    std::optional<unsigned> p = source.getProducer(input);
    return p && (source.getSlots(*p).empty() || !settler.mapping.getTarget(*p));
  });
}

bool settling::readsOnlyWhatNodeReads(const Settler &settler, unsigned t,
                                      ArrayRef<unsigned> region) {
  ValueSet reads = readImages(settler, t);
  return llvm::all_of(region,
                      [&](unsigned s) { return readsOnly(settler, reads, s); });
}

static size_t constantHash(Operation *op) {
  return OperationEquivalence::computeHash(
      op, OperationEquivalence::ignoreHashValue,
      OperationEquivalence::ignoreHashValue,
      OperationEquivalence::IgnoreLocations);
}

/// The source constants that the target keeps unchanged (a pair with a
/// target constant of the same content), by constantHash.
static void findKeptConstants(const Settler &settler) {
  const Graph &source = settler.source, &target = settler.target;
  auto &kept = settler.keptConstants.emplace();
  for (unsigned t = 0; t < target.size(); ++t) {
    if (!target.getSlots(t).empty())
      continue;
    std::optional<unsigned> twin = settler.mapping.getSource(t);
    if (!twin)
      continue;
    Operation *node = target.getNode(t);
    patch::NodeChange changes = patch::NodeChange::None;
    if (node->hasTrait<OpTrait::ConstantLike>() &&
        !contentChanged(source.getNode(*twin), node, changes))
      kept[constantHash(source.getNode(*twin))].push_back(*twin);
  }
}

bool settling::mergedIntoTwin(const Settler &settler, unsigned s) {
  const Graph &source = settler.source;
  // A constant-like op reads no operand (OpTrait::ConstantLike asserts it):
  // a node with slots is passed over without reading its op.
  if (!source.getSlots(s).empty())
    return false;
  Operation *op = source.getNode(s);
  if (!op->hasTrait<OpTrait::ConstantLike>())
    return false;
  if (!settler.keptConstants)
    findKeptConstants(settler);
  auto it = settler.keptConstants->find(constantHash(op));
  if (it == settler.keptConstants->end())
    return false;
  return llvm::any_of(it->second, [&](unsigned twin) {
    patch::NodeChange changes = patch::NodeChange::None;
    return twin != s && !contentChanged(op, source.getNode(twin), changes);
  });
}
