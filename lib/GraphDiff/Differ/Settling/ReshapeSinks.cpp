//===- ReshapeSinks.cpp - Pairs moved onto the reshape they end in --------===//
//
// Part of graph-diff.
//
// Rule: a pair whose result the target only reshapes moves onto the
// reshape when that tells a shorter story (step 5 of settleRegions).
//
// Decides, for a paired node whose result a free pure reshape of the same
// type reads in the target, which of two true stories the plan tells: the
// old node kept as the new op (an update, the reshape inserted, every
// reader rewired to it), or replaced by the reshape, whose result stands
// for its result (the new op inserted, the readers untouched). Evidence:
// each story's actions and rewired reads, costed locally over the readers
// of the two nodes (reshapeStoryCost). The story that costs fewer actions
// is told, else the one that rewires fewer reads (a reader of two such
// nodes is unchanged only once both are moved); on a tie the pair stays.
// Once a pair moves, the producers of its new op that nothing supports any
// more lose their pairs or regions (dropUnsupported).
//
// What one pass's output needs: `--linalg-fold-unit-extent-dims` rewrites
// an op at a lower rank between a `tensor.collapse_shape` of its operands
// and a `tensor.expand_shape` of its result, which the old readers read.
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

namespace {
class ReshapeSinkMover {
public:
  explicit ReshapeSinkMover(Settler &settler)
      : settler(settler), source(settler.source), target(settler.target),
        mapping(settler.mapping), regions(settler.regions) {}

  void run();

private:
  /// What pairing source node `s` with target node `t` (and inserting the
  /// reshape `x` of its result) costs around the three of them, if `asSink`
  /// is false; if true, what replacing `s` by `x` (and inserting `t`) costs:
  /// the actions, then the reads of the two that are rewired.
  std::pair<unsigned, unsigned> reshapeStoryCost(unsigned s, unsigned t,
                                                 unsigned x, bool asSink) const;
  /// After target node `t` lost its pair to a reshape sink: drops the pairs
  /// and regions of its producers that nothing supports any more (a changed
  /// node whose inputs and readers all lost their counterparts: a
  /// `tensor.empty` the pass made for the new op is not the old op's).
  void dropUnsupported(unsigned t);
  /// Whether target value `read`, as the plan stands, is what source value
  /// `was` is after the plan (so a reader of one in place of the other needs
  /// no rewiring).
  bool readsSame(Value read, Value was) const;

  Settler &settler;
  const Graph &source;
  const Graph &target;
  NodeMapping &mapping;
  SettledRegions &regions;
};
} // namespace

bool ReshapeSinkMover::readsSame(Value read, Value was) const {
  // As plan emission compares an input (PlanEmitter::changesOf): the value a
  // new node result stands for, or a kept source value.
  auto it = regions.replacedBy.find(was);
  if (it != regions.replacedBy.end()) {
    std::optional<unsigned> producer = target.getProducer(read);
    return producer && it->second.first == *producer &&
           it->second.second == cast<OpResult>(read).getResultNumber();
  }
  if (settler.pair.sourceImage(read) != was)
    return false;
  if (isa<BlockArgument>(was))
    return true;
  std::optional<unsigned> producer = source.getProducer(was);
  return producer && mapping.getTarget(*producer);
}

std::pair<unsigned, unsigned>
ReshapeSinkMover::reshapeStoryCost(unsigned s, unsigned t, unsigned x,
                                   bool asSink) const {
  Operation *old = source.getNode(s);
  Operation *node = target.getNode(t);
  Operation *reshape = target.getNode(x);
  Value was = old->getResult(0);
  // Whether target value `read` stands for source value `value` under the
  // story: the reshape's result for the old result if it replaces the old
  // node, the new node's if it is paired with it.
  auto same = [&](Value read, Value value) {
    if (read == reshape->getResult(0))
      return asSink && value == was;
    if (read == node->getResult(0))
      return !asSink && value == was;
    return readsSame(read, value);
  };
  // The pair itself: an update unless unchanged, and the reshape inserted;
  // or a replace by the reshape, and the new node inserted.
  unsigned cost = 2, rewired = 0;
  if (!asSink) {
    patch::NodeChange changes = patch::NodeChange::None;
    bool unchanged = !contentChanged(old, node, changes) &&
                     old->getNumOperands() == node->getNumOperands();
    for (unsigned i = 0; unchanged && i < node->getNumOperands(); ++i)
      unchanged = same(node->getOperand(i), old->getOperand(i));
    if (unchanged)
      cost = 1;
  }
  // Their readers: a paired reader whose content is unchanged is updated if
  // it reads another value than its counterpart; an output that changes is
  // removed and added again. Each read of the two that the story rewires
  // counts too, for a reader updated anyway (what its update says).
  SmallVector<unsigned, 8> readers;
  for (Operation *made : {node, reshape})
    for (OpOperand &use : made->getResult(0).getUses()) {
      Operation *user = use.getOwner();
      if (user == target.getTerminator()) {
        unsigned position = use.getOperandNumber();
        if (position >= source.getOutputs().size() ||
            !same(use.get(), source.getOutputs()[position])) {
          cost += 2;
          ++rewired;
        }
        continue;
      }
      std::optional<unsigned> u = target.getIndex(user);
      if (u && *u != x && mapping.getSource(*u) &&
          !llvm::is_contained(readers, *u))
        readers.push_back(*u);
    }
  for (unsigned u : readers) {
    Operation *user = target.getNode(u);
    Operation *counterpart = source.getNode(*mapping.getSource(u));
    if (counterpart->getNumOperands() != user->getNumOperands())
      continue; // updated whichever the story, slots not comparable
    patch::NodeChange changes = patch::NodeChange::None;
    bool updated = contentChanged(counterpart, user, changes);
    for (unsigned i = 0; i < user->getNumOperands(); ++i) {
      Value read = user->getOperand(i);
      bool ours = read == node->getResult(0) || read == reshape->getResult(0);
      if (same(read, counterpart->getOperand(i)))
        continue;
      if (!updated)
        ++cost;
      updated = true;
      rewired += ours;
    }
  }
  return {cost, rewired};
}

void ReshapeSinkMover::run() {
  for (unsigned t : settler.targetOrder) {
    std::optional<unsigned> s = mapping.getSource(t);
    // Only a free reader can be the reshape: most pairs have none, and are
    // passed over without reading their ops.
    if (!s || mapping.getPairStage(t) == MatchStage::Id ||
        llvm::all_of(target.getUsers(t),
                     [&](unsigned x) { return mapping.isTargetTaken(x); }) ||
        source.getNode(*s)->getNumResults() != 1 ||
        target.getNode(t)->getNumResults() != 1)
      continue;
    Type type = source.getNode(*s)->getResult(0).getType();
    // The reshape that saves the most actions, then rewired reads; none on
    // a tie.
    // At most a few candidates (the first, in node order), each costed over
    // the readers of the two nodes: linear in the edges the step touches.
    constexpr unsigned maxCandidates = 4;
    unsigned candidates = 0;
    std::optional<unsigned> best;
    std::pair<int, int> bestSaving{0, 0};
    bool tied = false;
    for (unsigned x : target.getUsers(t)) {
      Operation *reshape = target.getNode(x);
      if (mapping.isTargetTaken(x) || !isPureReshape(reshape) ||
          reshape->getOperand(0) != target.getNode(t)->getResult(0) ||
          reshape->getResult(0).getType() != type)
        continue;
      if (++candidates > maxCandidates)
        break;
      auto [pairActions, pairRewired] = reshapeStoryCost(*s, t, x, false);
      auto [sinkActions, sinkRewired] = reshapeStoryCost(*s, t, x, true);
      std::pair<int, int> saving{
          static_cast<int>(pairActions) - static_cast<int>(sinkActions),
          static_cast<int>(pairRewired) - static_cast<int>(sinkRewired)};
      if (saving > bestSaving) {
        best = x;
        bestSaving = saving;
        tied = false;
      } else if (saving == bestSaving && best) {
        tied = true;
      }
    }
    if (!best || tied)
      continue;
    // A region of one node, whose one result stands for the old result.
    MatchStage stage = mapping.getPairStage(t);
    mapping.unpairTarget(t);
    regions.sameContent[t] = false;
    mapping.setRegion(*best, {*s}, stage);
    Value was = source.getNode(*s)->getResult(0);
    regions.standsFor[*best] = {was};
    regions.replacedBy[was] = {*best, 0};
    dropUnsupported(t);
  }
}

void ReshapeSinkMover::dropUnsupported(unsigned t) {
  for (Value input : target.getNodeInputs(t)) {
    std::optional<unsigned> p = target.getProducer(input);
    if (!p || target.isOutputNode(*p))
      continue;
    SmallVector<unsigned, 4> was;
    if (std::optional<unsigned> s = mapping.getSource(*p)) {
      patch::NodeChange changes = patch::NodeChange::None;
      if (!contentChanged(source.getNode(*s), target.getNode(*p), changes))
        continue;
      was.push_back(*s);
    } else {
      ArrayRef<unsigned> region = mapping.getRegion(*p);
      if (region.empty() || mapping.getRegionStage(*p) == MatchStage::Id ||
          mapping.getRegionStage(*p) == MatchStage::Convention)
        continue;
      was.assign(region.begin(), region.end());
    }
    // Support from upstream: an input that stands for an input of the old
    // nodes.
    auto readsOld = [&](Value read) {
      return llvm::any_of(was, [&](unsigned old) {
        return llvm::any_of(source.getNodeInputs(old), [&](Value value) {
          return readsSame(read, value);
        });
      });
    };
    if (llvm::any_of(target.getNodeInputs(*p), readsOld))
      continue;
    // Support from downstream: a reader whose counterpart reads the old
    // nodes.
    llvm::SmallDenseSet<unsigned, 8> oldReaders;
    for (unsigned old : was)
      oldReaders.insert(source.getUsers(old).begin(),
                        source.getUsers(old).end());
    auto readsThem = [&](unsigned reader) {
      if (std::optional<unsigned> r = mapping.getSource(reader))
        return oldReaders.contains(*r);
      return llvm::any_of(mapping.getRegion(reader), [&](unsigned member) {
        return oldReaders.contains(member);
      });
    };
    if (llvm::any_of(target.getUsers(*p), readsThem))
      continue;
    // Deleted and inserted: no counterpart, which is no tie either.
    if (mapping.getSource(*p)) {
      mapping.unpairTarget(*p);
      regions.sameContent[*p] = false;
    } else {
      forgetResults(settler, *p);
      mapping.clearRegion(*p);
    }
    mapping.clearTargetAmbiguous(*p);
    for (unsigned old : was)
      mapping.clearSourceAmbiguous(old);
  }
}

void settling::moveToReshapeSinks(Settler &settler) {
  ReshapeSinkMover(settler).run();
}
