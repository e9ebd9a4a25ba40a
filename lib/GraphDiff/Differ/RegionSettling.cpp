//===- RegionSettling.cpp - The regions new nodes replace -----------------===//
//
// Part of graph-diff.
//
// Step 0 (regions conventions name) is in ConventionRegions.cpp; the other
// steps, and the checks every region passes, are here.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Differ/RegionSettling.h"
#include "GraphDiff/Graph/Reshape.h"

#include "ConventionRegions.h"
#include "GraphDiff/Differ/ContentChanges.h"
#include "GraphDiff/Differ/NodeMapping.h"
#include "GraphDiff/Differ/PairContext.h"
#include "GraphDiff/Graph/Graph.h"
#include "mlir/Interfaces/DestinationStyleOpInterface.h"
#include "llvm/ADT/DenseSet.h"

#include <algorithm>

using namespace mlir;
using namespace graphdiff;

/// Where `op` is in its file, `(12:3)`, or "" without a file location. The
/// side named with it says which file; the path is left out so that plans do
/// not depend on where their inputs are.
static std::string lineColumn(Operation *op) {
  if (auto file = op->getLoc()->findInstanceOf<FileLineColLoc>())
    return " (" + std::to_string(file.getLine()) + ":" +
           std::to_string(file.getColumn()) + ")";
  return "";
}

/// `side` node `index` of `graph` as a refusal reason names it: `source %5
/// (12:3)`.
static std::string describe(StringRef side, const Graph &graph,
                            unsigned index) {
  return side.str() + " " + graph.getNodeRef(index).str() +
         lineColumn(graph.getNode(index));
}

namespace {
/// Settles the regions of one pair; see settleRegions.
class RegionSettler {
public:
  explicit RegionSettler(const PairContext &pair)
      : pair(pair), source(pair.source), target(pair.target),
        mapping(pair.mapping), sourceRank(pair.sourceRank),
        targetOrder(pair.targetOrder) {}

  SettledRegions run();

private:
  /// Target nodes' results seen from the source: for each result of target
  /// node `t`, the source values that its paired users read in its place.
  /// A user whose number of operands changed says nothing by position;
  /// `loose` then takes every source operand it may read there.
  SmallVector<SmallVector<Value, 2>> outImages(unsigned t, bool loose) const;
  /// Grows `region` backwards from its members over free source nodes whose
  /// results are used only inside the region, stopping at `boundary`.
  void grow(SmallVectorImpl<unsigned> &region, const ValueSet &boundary) const;
  /// Whether free source constant `s` has a twin (another source constant
  /// of the same content) that the target keeps unchanged: the rewrite
  /// driver that ran the pass merges equal constants into the first, so `s`
  /// went into its twin, not into the op that read it.
  bool mergedIntoTwin(unsigned s) const;
  /// Whether source node `s` and target node `t` are the same op with the
  /// same attributes, types and regions (contentChanged says no change).
  bool sameContent(unsigned s, unsigned t) const;
  /// The free source node that free target node `c` (without inputs, a
  /// constant that only the new node of `region` reads) stands for, kept by
  /// the chain: the one producer of a member without inputs either, of equal
  /// content, that only members read; none if there is none or several.
  std::optional<unsigned> keptConstant(unsigned c,
                                       ArrayRef<unsigned> region) const;
  /// Step 4b: regions (or pairs) for the free target nodes that nothing
  /// reads; see run().
  void settleDeadEnds();
  /// The free source nodes that make the values outImages(t, loose) gives,
  /// each once: where the region of a new node `t` starts.
  SmallVector<unsigned> freeProducersSeen(unsigned t, bool loose) const;
  /// For the new nodes that a dead end just paired reads: step 3's region
  /// for each (what the pair reads in its place, grown back to what it
  /// reads) and the checks; all or none (false).
  bool settleFeeders(ArrayRef<unsigned> feeders);
  /// Step 4c: splits a region between its new node and a new node that it
  /// reads; see run().
  void splitAtNewProducers();
  /// The members of `region` that new node `u` stands for inside it: fed by
  /// the images of `u`'s inputs alone, reading each, leaving by one member
  /// of `u`'s result types that only the others read (`rest`); none if
  /// there are no such members.
  std::optional<SmallVector<unsigned>>
  partOf(unsigned u, ArrayRef<unsigned> region,
         SmallVectorImpl<unsigned> &rest) const;
  /// What target value `value` is once the plan is applied: a pair's
  /// result, a kept input, or the source value a new node's result stands
  /// for (once step 4 has mapped it); null if none.
  Value imageOf(Value value) const;
  /// The images of the inputs of target node `t`, each once, in order, into
  /// `images`; false if an input has none.
  bool everyInputImage(unsigned t, SmallVectorImpl<Value> &images) const;
  /// Maps the results of `t`'s region (mapResults) and checks it (checkRegion,
  /// checkLeaks); forgets the region, and what it mapped, if a check fails.
  bool checkAndMap(unsigned t);
  /// Forgets which source values the results of `t` stand for.
  void forgetResults(unsigned t);
  /// The one free dead end of the source that the values of `boundary`
  /// alone feed, through free nodes, or none (no such node, several, or
  /// more nodes to look at than kDeadEndReach).
  /// With `constants`, a free source node without inputs feeds a node too.
  std::optional<unsigned> deadEndFedBy(ArrayRef<Value> boundary,
                                       bool constants) const;
  /// Why `region` cannot become one node, or "".
  std::string checkRegion(unsigned t, ArrayRef<unsigned> region) const;
  /// Why the region of `t` leaks a value its new node does not stand for.
  std::string checkLeaks(unsigned t) const;
  /// Fixes which source value each result of `t` stands for.
  void mapResults(unsigned t);
  /// Step 5: moves pairs whose result the target reshapes onto the
  /// reshape, when that story costs fewer actions; see run().
  void settleReshapeSinks();
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

  const PairContext &pair;
  const Graph &source;
  const Graph &target;
  NodeMapping &mapping;
  ArrayRef<unsigned> sourceRank, targetOrder;
  SettledRegions regions;
  /// The source constants kept unchanged, by their hash without locations;
  /// built on first use.
  mutable std::optional<llvm::DenseMap<size_t, SmallVector<unsigned, 1>>>
      keptConstants;
};
} // namespace

/// Whether `use` is where a destination-style op writes its result and the
/// source op it stands for is not destination-style: an op rewritten into a
/// `linalg.generic` writes into a new `tensor.empty`, which stands for none
/// of the old op's operands.
static bool isNewInit(OpOperand &use, Operation *sourceUser) {
  auto dps = dyn_cast<DestinationStyleOpInterface>(use.getOwner());
  return dps && dps.isDpsInit(&use) &&
         !isa<DestinationStyleOpInterface>(sourceUser);
}

SmallVector<SmallVector<Value, 2>> RegionSettler::outImages(unsigned t,
                                                            bool loose) const {
  Operation *node = target.getNode(t);
  SmallVector<SmallVector<Value, 2>> images(node->getNumResults());
  for (OpResult result : node->getResults()) {
    for (OpOperand &use : result.getUses()) {
      Operation *user = use.getOwner();
      Value seen;
      if (user == target.getTerminator()) {
        unsigned position = use.getOperandNumber();
        if (position < source.getOutputs().size())
          seen = source.getOutputs()[position];
      } else if (std::optional<unsigned> u = target.getIndex(user)) {
        if (std::optional<unsigned> s = mapping.getSource(*u)) {
          Operation *sourceUser = source.getNode(*s);
          auto &out = images[result.getResultNumber()];
          if (sourceUser->getNumOperands() == user->getNumOperands()) {
            seen = sourceUser->getOperand(use.getOperandNumber());
          } else if (loose && !isNewInit(use, sourceUser)) {
            // The user gained or lost operands (ml_switcheroo's optimizer
            // drops the edges that leave a fused chain's middle), so
            // positions do not correspond: it may read here any source
            // operand that none of its other operands stands for.
            llvm::SmallDenseSet<Value, 8> kept;
            for (Value operand : user->getOperands())
              if (Value image = pair.sourceImage(operand))
                kept.insert(image);
            for (Value operand : sourceUser->getOperands())
              if (!kept.contains(operand) && !llvm::is_contained(out, operand))
                out.push_back(operand);
          }
        }
      }
      if (seen && !llvm::is_contained(images[result.getResultNumber()], seen))
        images[result.getResultNumber()].push_back(seen);
    }
  }
  return images;
}

void RegionSettler::grow(SmallVectorImpl<unsigned> &region,
                         const ValueSet &boundary) const {
  llvm::SmallDenseSet<unsigned, 8> members(region.begin(), region.end());
  for (unsigned next = 0; next < region.size(); ++next) {
    for (Value input : source.getNodeInputs(region[next])) {
      if (boundary.contains(input))
        continue;
      std::optional<unsigned> producer = source.getProducer(input);
      if (!producer || members.contains(*producer) ||
          mapping.isSourceTaken(*producer) || source.isOutputNode(*producer) ||
          mergedIntoTwin(*producer))
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

static size_t constantHash(Operation *op) {
  return OperationEquivalence::computeHash(
      op, OperationEquivalence::ignoreHashValue,
      OperationEquivalence::ignoreHashValue,
      OperationEquivalence::IgnoreLocations);
}

bool RegionSettler::mergedIntoTwin(unsigned s) const {
  // A constant-like op reads no operand (OpTrait::ConstantLike asserts it):
  // a node with slots is passed over without reading its op.
  if (!source.getSlots(s).empty())
    return false;
  Operation *op = source.getNode(s);
  if (!op->hasTrait<OpTrait::ConstantLike>())
    return false;
  if (!keptConstants) {
    keptConstants.emplace();
    for (unsigned t = 0; t < target.size(); ++t) {
      if (!target.getSlots(t).empty())
        continue;
      std::optional<unsigned> twin = mapping.getSource(t);
      if (!twin)
        continue;
      Operation *kept = target.getNode(t);
      patch::NodeChange changes = patch::NodeChange::None;
      if (kept->hasTrait<OpTrait::ConstantLike>() &&
          !contentChanged(source.getNode(*twin), kept, changes))
        (*keptConstants)[constantHash(source.getNode(*twin))].push_back(*twin);
    }
  }
  auto it = keptConstants->find(constantHash(op));
  if (it == keptConstants->end())
    return false;
  return llvm::any_of(it->second, [&](unsigned twin) {
    patch::NodeChange changes = patch::NodeChange::None;
    return twin != s && !contentChanged(op, source.getNode(twin), changes);
  });
}

std::string RegionSettler::checkRegion(unsigned t,
                                       ArrayRef<unsigned> region) const {
  llvm::SmallDenseSet<unsigned, 8> members(region.begin(), region.end());
  // Convex: no path leaves the region and comes back. Walk forward from the
  // region's outside users; reaching a member is a path that returns. Edges
  // go up in topological rank, so a node ranked after every member cannot
  // lead back: the walk stays within the region's span of ranks, which keeps
  // the check local instead of a sweep of the rest of the graph.
  unsigned lastRank = 0;
  for (unsigned member : region)
    lastRank = std::max(lastRank, sourceRank[member]);
  SmallVector<unsigned> worklist;
  // Each outside node reached, with the member its path left the region at.
  llvm::SmallDenseMap<unsigned, unsigned, 8> leftAt;
  auto visit = [&](unsigned node, unsigned member) {
    if (sourceRank[node] < lastRank && leftAt.try_emplace(node, member).second)
      worklist.push_back(node);
  };
  // Only edges the plan keeps make a path: an edge between two nodes that
  // have counterparts (paired, or in a region, this one included) stays if
  // the target has it between those; ml_switcheroo's optimizer drops the
  // edges that leave a fused chain's middle or enter it past its head. An
  // edge at a node with no counterpart (deleted) is taken to stay.
  auto counterpart = [&](unsigned s) -> std::optional<unsigned> {
    if (members.contains(s))
      return t;
    if (std::optional<unsigned> u = mapping.getTarget(s))
      return u;
    return mapping.getClaimant(s);
  };
  auto stays = [&](unsigned from, unsigned to) {
    std::optional<unsigned> a = counterpart(from), b = counterpart(to);
    // Whether `b` reads `a`: its slots read the values its inputs are, and
    // the graph keeps each slot's producer (no lookup per value).
    return !a || !b ||
           llvm::is_contained(target.getSlotProducers(*b),
                              static_cast<int>(*a));
  };
  for (unsigned member : region)
    for (unsigned user : source.getUsers(member))
      if (!members.contains(user) && stays(member, user))
        visit(user, member);
  while (!worklist.empty()) {
    unsigned node = worklist.pop_back_val();
    unsigned member = leftAt.lookup(node);
    for (unsigned user : source.getUsers(node)) {
      if (!stays(node, user))
        continue;
      if (members.contains(user))
        return "the region is not convex: " +
               describe("source", source, member) + " feeds " +
               describe("source", source, node) +
               " outside the region, which leads back into it at " +
               describe("source", source, user) + ", so " +
               describe("target", target, t) +
               " cannot replace the region as one node";
      visit(user, member);
    }
  }
  return "";
}

void RegionSettler::mapResults(unsigned t) {
  ArrayRef<unsigned> region = mapping.getRegion(t);
  llvm::SmallDenseSet<unsigned, 8> members(region.begin(), region.end());
  auto inRegion = [&](Value v) {
    std::optional<unsigned> p = source.getProducer(v);
    return p && members.contains(*p);
  };
  SmallVector<SmallVector<Value, 2>> images = outImages(t, /*loose=*/true);
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
  for (auto [k, candidates] :
       llvm::enumerate(regionReads(source, target, mapping, t))) {
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

bool RegionSettler::readsSame(Value read, Value was) const {
  // As plan emission compares an input (PlanEmitter::changesOf): the value a
  // new node result stands for, or a kept source value.
  auto it = regions.replacedBy.find(was);
  if (it != regions.replacedBy.end()) {
    std::optional<unsigned> producer = target.getProducer(read);
    return producer && it->second.first == *producer &&
           it->second.second == cast<OpResult>(read).getResultNumber();
  }
  if (pair.sourceImage(read) != was)
    return false;
  if (isa<BlockArgument>(was))
    return true;
  std::optional<unsigned> producer = source.getProducer(was);
  return producer && mapping.getTarget(*producer);
}

std::pair<unsigned, unsigned>
RegionSettler::reshapeStoryCost(unsigned s, unsigned t, unsigned x,
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

void RegionSettler::settleReshapeSinks() {
  for (unsigned t : targetOrder) {
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

void RegionSettler::dropUnsupported(unsigned t) {
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
      forgetResults(*p);
      mapping.clearRegion(*p);
    }
    mapping.clearTargetAmbiguous(*p);
    for (unsigned old : was)
      mapping.clearSourceAmbiguous(old);
  }
}

std::string RegionSettler::checkLeaks(unsigned t) const {
  ArrayRef<unsigned> region = mapping.getRegion(t);
  const SmallVector<Value, 2> &results = regions.standsFor.find(t)->second;
  // What the target reads in the new node's place. A member's value used
  // outside the region must be stood for if it is among these (a graph
  // output the new node makes included). Other outside users do not read it
  // after the plan: a paired one is rewired by its update (the target dropped
  // that edge, as ml_switcheroo's optimizer does for an edge leaving a fused
  // chain's middle), a free one is deleted or replaced in turn, and a graph
  // output that the target makes otherwise (a bufferized function returns a
  // `bufferization.to_tensor` of the buffer the new node writes) is removed
  // and added again by the plan's output edits.
  llvm::SmallDenseSet<Value, 8> readInPlace;
  for (auto &candidates : outImages(t, /*loose=*/false))
    readInPlace.insert(candidates.begin(), candidates.end());
  for (unsigned member : region)
    for (OpResult value : source.getNode(member)->getResults()) {
      bool usedOutside = readInPlace.contains(value);
      if (usedOutside && !llvm::is_contained(results, Value(value))) {
        // Where it leaks to: a graph output, else the first reader outside.
        std::string reader;
        for (OpOperand &use : value.getUses())
          if (use.getOwner() == source.getTerminator()) {
            reader = "graph output #" + std::to_string(use.getOperandNumber());
            break;
          }
        if (reader.empty())
          for (const Graph::Use &use : source.getUses(member))
            if (!llvm::is_contained(region, use.user) &&
                source.getSlots(use.user)[use.slot] == Value(value)) {
              reader = describe("source", source, use.user);
              break;
            }
        return "the region leaks " + source.getValueRef(value).str() +
               lineColumn(source.getNode(member)) + ": " +
               (reader.empty() ? std::string("a node outside the region")
                               : reader) +
               " reads it, but " + describe("target", target, t) +
               ", which replaces the region, has no result that stands for "
               "it";
      }
    }
  return "";
}

/// How many free source nodes deadEndFedBy looks at (the users of the
/// boundary values among them): a fused chain is a few ops, and a value read
/// by hundreds is not where one is told apart.
static constexpr unsigned kDeadEndReach = 256;

bool RegionSettler::sameContent(unsigned s, unsigned t) const {
  patch::NodeChange changes = patch::NodeChange::None;
  return !contentChanged(source.getNode(s), target.getNode(t), changes);
}

std::optional<unsigned>
RegionSettler::keptConstant(unsigned c, ArrayRef<unsigned> region) const {
  if (target.getNode(c)->getNumResults() != 1)
    return std::nullopt;
  std::optional<unsigned> equal;
  for (unsigned member : region)
    for (Value input : source.getNodeInputs(member)) {
      std::optional<unsigned> m = source.getProducer(input);
      if (!m || *m == equal || mapping.isSourceTaken(*m))
        continue;
      if (!source.getNodeInputs(*m).empty() || !sameContent(*m, c) ||
          llvm::any_of(source.getUsers(*m), [&](unsigned user) {
            return !llvm::is_contained(region, user);
          }))
        continue;
      if (equal)
        return std::nullopt;
      equal = m;
    }
  return equal;
}

std::optional<unsigned> RegionSettler::deadEndFedBy(ArrayRef<Value> boundary,
                                                    bool constants) const {
  // The free nodes every input of which is in `boundary` or made by one such
  // node: visited in rank order (a heap of the nodes seen), so that a node's
  // producers have been visited before it.
  llvm::SmallDenseSet<unsigned, 16> fed;
  llvm::SmallDenseSet<unsigned, 16> seen;
  auto later = [&](unsigned a, unsigned b) {
    return sourceRank[a] > sourceRank[b];
  };
  SmallVector<unsigned> heap;
  auto offer = [&](unsigned user) {
    if (mapping.isSourceTaken(user) || !seen.insert(user).second)
      return;
    heap.push_back(user);
    std::push_heap(heap.begin(), heap.end(), later);
  };
  for (Value value : boundary)
    for (const Graph::Use &use : source.getUsesOf(value))
      offer(use.user);
  std::optional<unsigned> sink;
  while (!heap.empty()) {
    if (seen.size() > kDeadEndReach)
      return std::nullopt;
    std::pop_heap(heap.begin(), heap.end(), later);
    unsigned node = heap.pop_back_val();
    bool covered = llvm::all_of(source.getNodeInputs(node), [&](Value input) {
      if (llvm::is_contained(boundary, input))
        return true;
      std::optional<unsigned> producer = source.getProducer(input);
      return producer && (fed.contains(*producer) ||
                          (constants && !mapping.isSourceTaken(*producer) &&
                           source.getNodeInputs(*producer).empty()));
    });
    if (!covered || source.isOutputNode(node))
      continue;
    fed.insert(node);
    if (source.isDeadEnd(node)) {
      if (sink)
        return std::nullopt;
      sink = node;
      continue;
    }
    for (unsigned user : source.getUsers(node))
      offer(user);
  }
  return sink;
}

void RegionSettler::settleDeadEnds() {
  // Each target node's proposal, in target order, and how many target nodes
  // propose each source dead end: one that two would take is left to
  // neither (which of them replaced it is not known).
  struct Proposal {
    unsigned t, sink;
    SmallVector<unsigned> region;     // the first form: what `t` replaces
    SmallVector<unsigned, 2> feeders; // the second: the new nodes `t` reads
    SmallVector<std::pair<unsigned, unsigned>, 1>
        kept; // the first: kept constants
  };
  SmallVector<Proposal> proposals;
  llvm::DenseMap<unsigned, unsigned> proposers;
  for (unsigned t : targetOrder) {
    if (mapping.isTargetTaken(t) || !target.isDeadEnd(t) ||
        target.getNodeInputs(t).empty())
      continue;
    // The images of its inputs, each once, in order; through an input with
    // none, made by a new node that only `t` reads, that node's inputs'.
    SmallVector<Value, 4> boundary;
    SmallVector<unsigned, 2> feeders;
    // New nodes without inputs (constants) that only `t` reads: the chain
    // may have kept them (`math.fma %x, %y, %c` for `arith.mulf %x, %y` and
    // an `arith.addf` of an equal `%c`), found once the chain is.
    SmallVector<unsigned, 1> constants;
    bool known = true;
    for (Value input : target.getNodeInputs(t)) {
      if (Value image = imageOf(input)) {
        if (!llvm::is_contained(boundary, image))
          boundary.push_back(image);
        continue;
      }
      std::optional<unsigned> u = target.getProducer(input);
      if (u && (llvm::is_contained(feeders, *u) ||
                llvm::is_contained(constants, *u)))
        continue;
      if (u && !mapping.isTargetTaken(*u) && target.getNodeInputs(*u).empty() &&
          llvm::all_of(target.getUsers(*u),
                       [&](unsigned user) { return user == t; })) {
        constants.push_back(*u);
        continue;
      }
      if (!u || mapping.isTargetTaken(*u) ||
          llvm::any_of(target.getUsers(*u),
                       [&](unsigned user) { return user != t; }) ||
          target.getNodeInputs(*u).empty() || !everyInputImage(*u, boundary)) {
        known = false;
        break;
      }
      feeders.push_back(*u);
    }
    if (!known || (!feeders.empty() && !constants.empty()))
      continue;
    std::optional<unsigned> sink =
        deadEndFedBy(boundary, /*constants=*/!constants.empty());
    if (!sink)
      continue;
    // The second form: the chain ends in a dead end of `t`'s op that reads
    // as many values, `t` itself over what the new nodes stand for.
    // Otherwise `t` is fused too (two fused chains, the second reading the
    // first: `math.fma` of a `math.fma`): the first form takes both chains,
    // and step 4c splits off the new nodes' parts.
    if (!feeders.empty() &&
        source.getNode(*sink)->getName() == target.getNode(t)->getName() &&
        source.getNodeInputs(*sink).size() == target.getNodeInputs(t).size()) {
      ++proposers[*sink];
      proposals.push_back({t, *sink, {}, std::move(feeders), {}});
      continue;
    }
    ValueSet boundarySet(boundary.begin(), boundary.end());
    SmallVector<unsigned> region{*sink};
    grow(region, boundarySet);
    // Each constant `t` reads stands for the one the chain kept, which
    // leaves the region if grow() took it in: its value is then one the
    // region reads.
    SmallVector<std::pair<unsigned, unsigned>, 1> kept;
    for (unsigned c : constants) {
      std::optional<unsigned> m = keptConstant(c, region);
      if (!m)
        break;
      llvm::erase(region, *m);
      boundarySet.insert(source.getNode(*m)->getResult(0));
      kept.push_back({*m, c});
    }
    if (kept.size() != constants.size())
      continue;
    // The region reads every image and nothing from outside but them.
    llvm::SmallDenseSet<unsigned, 8> members(region.begin(), region.end());
    ValueSet read;
    bool closed = true;
    for (unsigned member : region)
      for (Value input : source.getNodeInputs(member)) {
        if (boundarySet.contains(input)) {
          read.insert(input);
          continue;
        }
        std::optional<unsigned> producer = source.getProducer(input);
        if (!producer || !members.contains(*producer))
          closed = false;
      }
    if (!closed || read.size() != boundarySet.size())
      continue;
    ++proposers[*sink];
    pair.sortBySourceRank(region);
    proposals.push_back({t, *sink, std::move(region), {}, std::move(kept)});
  }
  // Regions grown back from different dead ends share no node (a node that
  // only a region's members read is in no other region), so each proposal
  // stands alone. It passes step 4's checks or is undone, its nodes left to
  // be deleted as before, with no refusal to report.
  for (auto &[t, sink, region, feeders, kept] : proposals) {
    if (proposers.lookup(sink) != 1)
      continue;
    if (feeders.empty()) {
      for (auto [m, c] : kept)
        mapping.pair(m, c, MatchStage::Structure);
      // A chain of one node of `t`'s content is `t` itself, reading what
      // its inputs stand for: a pair, not a replacement.
      if (region.size() == 1 && sameContent(sink, t)) {
        mapping.pair(sink, t, MatchStage::Structure);
        continue;
      }
      mapping.setRegion(t, region, MatchStage::Structure);
      if (!checkAndMap(t))
        for (auto [m, c] : kept)
          mapping.unpairTarget(c);
      continue;
    }
    mapping.pair(sink, t, MatchStage::Structure);
    if (!settleFeeders(feeders))
      mapping.unpairTarget(t);
  }
}

SmallVector<unsigned> RegionSettler::freeProducersSeen(unsigned t,
                                                       bool loose) const {
  SmallVector<unsigned> producers;
  for (auto &candidates : outImages(t, loose))
    for (Value v : candidates) {
      std::optional<unsigned> p = source.getProducer(v);
      if (p && !mapping.isSourceTaken(*p) && !llvm::is_contained(producers, *p))
        producers.push_back(*p);
    }
  return producers;
}

bool RegionSettler::settleFeeders(ArrayRef<unsigned> feeders) {
  SmallVector<unsigned, 2> settled;
  for (unsigned u : feeders) {
    SmallVector<unsigned> region = freeProducersSeen(u, /*loose=*/false);
    if (!region.empty()) {
      grow(region, pair.inputImages(u));
      pair.sortBySourceRank(region);
      mapping.setRegion(u, region, MatchStage::Structure);
      if (checkAndMap(u)) {
        settled.push_back(u);
        continue;
      }
    }
    for (unsigned done : settled) {
      forgetResults(done);
      mapping.clearRegion(done);
    }
    return false;
  }
  return true;
}

Value RegionSettler::imageOf(Value value) const {
  if (Value image = pair.sourceImage(value))
    return image;
  auto result = dyn_cast<OpResult>(value);
  std::optional<unsigned> producer =
      result ? target.getProducer(value) : std::nullopt;
  if (!producer)
    return nullptr;
  auto it = regions.standsFor.find(*producer);
  if (it == regions.standsFor.end() ||
      result.getResultNumber() >= it->second.size())
    return nullptr;
  return it->second[result.getResultNumber()];
}

bool RegionSettler::everyInputImage(unsigned t,
                                    SmallVectorImpl<Value> &images) const {
  for (Value input : target.getNodeInputs(t)) {
    Value image = imageOf(input);
    if (!image)
      return false;
    if (!llvm::is_contained(images, image))
      images.push_back(image);
  }
  return true;
}

bool RegionSettler::checkAndMap(unsigned t) {
  if (checkRegion(t, mapping.getRegion(t)).empty()) {
    mapResults(t);
    if (checkLeaks(t).empty())
      return true;
    forgetResults(t);
  }
  mapping.clearRegion(t);
  return false;
}

void RegionSettler::forgetResults(unsigned t) {
  for (Value value : regions.standsFor[t])
    if (value)
      regions.replacedBy.erase(value);
  regions.standsFor.erase(t);
}

std::optional<SmallVector<unsigned>>
RegionSettler::partOf(unsigned u, ArrayRef<unsigned> region,
                      SmallVectorImpl<unsigned> &rest) const {
  SmallVector<Value, 4> boundary;
  if (!everyInputImage(u, boundary))
    return std::nullopt;
  // The members fed by those images alone, through members: visited in
  // rank order, so that a member's producers in the region come first.
  SmallVector<unsigned> sorted(region);
  pair.sortBySourceRank(sorted);
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

void RegionSettler::splitAtNewProducers() {
  ArrayRef<unsigned> targetRanks = target.getCanonicalRanks();
  for (unsigned t : targetOrder) {
    if (mapping.getRegion(t).size() < 2)
      continue;
    // The new nodes that `t` reads, and the new nodes they read, a few
    // levels up (`math.fma` -> `arith.mulf` -> `math.fma`: fused chains
    // with an op between them that is new only because it reads a new
    // node), producers first: each is split off in turn, so that the next
    // one's inputs have images.
    constexpr unsigned maxProducers = 8;
    SmallVector<unsigned, maxProducers> producers;
    for (unsigned k = 0; k <= producers.size(); ++k) {
      unsigned reader = k == 0 ? t : producers[k - 1];
      for (Value input : target.getNodeInputs(reader)) {
        std::optional<unsigned> u = target.getProducer(input);
        if (!u || mapping.isTargetTaken(*u) ||
            target.getNodeInputs(*u).empty() ||
            llvm::is_contained(producers, *u))
          continue;
        if (producers.size() == maxProducers)
          break;
        producers.push_back(*u);
      }
    }
    llvm::sort(producers, [&](unsigned a, unsigned b) {
      return targetRanks[a] < targetRanks[b];
    });
    if (producers.empty())
      continue;
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
        forgetResults(t);
        mapping.clearRegion(t);
        cleared = true;
      }
      mapping.setRegion(u, *part, MatchStage::Structure);
      if (!checkAndMap(u)) {
        failed = true;
        break;
      }
      split.push_back(u);
      remaining = rest;
    }
    if (!cleared)
      continue;
    if (!failed) {
      mapping.setRegion(t, remaining, stage);
      if (checkAndMap(t)) {
        // A part of one node of its new node's own content is that node,
        // over what its inputs stand for: a pair, not a replacement.
        for (unsigned u : split) {
          ArrayRef<unsigned> part = mapping.getRegion(u);
          if (part.size() != 1 || !sameContent(part[0], u))
            continue;
          unsigned member = part[0];
          forgetResults(u);
          mapping.clearRegion(u);
          mapping.pair(member, u, MatchStage::Structure);
        }
        continue;
      }
    }
    for (unsigned u : split) {
      forgetResults(u);
      mapping.clearRegion(u);
    }
    if (!mapping.getRegion(t).empty())
      mapping.clearRegion(t);
    // It passed before and nothing it depends on changed, so it passes
    // again (were it not to, its nodes would be deleted, as any refused
    // region's are).
    mapping.setRegion(t, whole, stage);
    (void)checkAndMap(t);
  }
}

SettledRegions RegionSettler::run() {
  regions.sameContent.assign(target.size(), false);
  // 0. A convention (`fused_<id>`, an `anchor` key) names one node the new
  //    node absorbs, not where it is anchored: ml_switcheroo's optimizer
  //    names a fused chain after its head. The region is every free node on
  //    a path from the named node to what the new node stands for, plus the
  //    free nodes that fed only them, back to what the new node reads. A new
  //    node that nothing reads stands for the chain downstream of the named
  //    node, taken once the others have theirs.
  SmallVector<unsigned> conventions;
  for (unsigned t : targetOrder)
    if (!mapping.getRegion(t).empty() &&
        mapping.getRegionStage(t) == MatchStage::Convention)
      conventions.push_back(t);
  settleConventionRegions(
      source, target, mapping, conventions, sourceRank,
      [&](unsigned t) { return outImages(t, /*loose=*/true); });
  for (unsigned t : conventions) {
    SmallVector<unsigned> region(mapping.getRegion(t));
    mapping.clearRegion(t);
    grow(region, pair.inputImages(t));
    pair.sortBySourceRank(region);
    mapping.setRegion(t, region, MatchStage::Convention);
  }

  // 1. A paired node whose number of results changed cannot be updated in
  //    place: uses of a result that comes or goes have nothing to follow. It
  //    is replaced, as a region of one node, whose results say which source
  //    value each new result stands for.
  // 2. A paired node whose content changed and whose free producers feed only
  //    it was rewritten together with them: upstream fusion keeps the
  //    consumer's location on the fused op. Its region is the pair's source
  //    node plus those producers.
  // One pass does both, reading each pair's two ops once: step 2 at a node
  // depends only on step 1 at its producers, which the canonical order puts
  // first (what its inputs stand for), and on which source nodes are taken,
  // which step 1 does not change.
  for (unsigned t : targetOrder) {
    std::optional<unsigned> s = mapping.getSource(t);
    if (!s)
      continue;
    Operation *old = source.getNode(*s), *node = target.getNode(t);
    if (old->getNumResults() != node->getNumResults()) {
      MatchStage stage = mapping.getPairStage(t);
      mapping.unpairTarget(t);
      mapping.setRegion(t, {*s}, stage);
      continue;
    }
    if (mapping.getPairStage(t) == MatchStage::Id)
      continue;
    patch::NodeChange changes = patch::NodeChange::None;
    if (!contentChanged(old, node, changes)) {
      regions.sameContent[t] = true;
      continue;
    }
    ValueSet boundary = pair.inputImages(t);
    MatchStage stage = mapping.getPairStage(t);
    SmallVector<unsigned> region{*s};
    mapping.unpairTarget(t);
    grow(region, boundary);
    if (region.size() == 1) {
      mapping.pair(*s, t, stage);
      continue;
    }
    mapping.setRegion(t, region, stage);
  }

  // 3. A target node with no counterpart: the free source nodes between the
  //    values its inputs and its paired users see form the region it
  //    replaces (or it is a pure insertion).
  for (unsigned t : targetOrder) {
    if (mapping.isTargetTaken(t))
      continue;
    ValueSet boundary = pair.inputImages(t);
    SmallVector<unsigned> region = freeProducersSeen(t, /*loose=*/true);
    if (region.empty())
      continue;
    grow(region, boundary);
    pair.sortBySourceRank(region);
    mapping.setRegion(t, region, MatchStage::Structure);
  }

  // 4. Check every region; refuse the ones that cannot be one node.
  for (unsigned t : targetOrder) {
    ArrayRef<unsigned> region = mapping.getRegion(t);
    if (region.empty())
      continue;
    std::string why = checkRegion(t, region);
    if (why.empty()) {
      mapResults(t);
      why = checkLeaks(t);
      if (why.empty())
        continue;
      forgetResults(t);
    }
    SmallVector<unsigned> members(region.begin(), region.end());
    mapping.clearRegion(t);
    for (unsigned member : members)
      regions.refusals[member] = why;
  }

  // 4b. A target node with no counterpart that nothing reads: step 3 had no
  //     readers to look from. What it replaces, if anything, is a chain the
  //     source had where its inputs are, whose result nothing read either (a
  //     `math.fma` for an `arith.mulf` and an `arith.addf` no op used). Or,
  //     if it reads new nodes that only it reads, it is itself the dead end
  //     of such a chain (`arith.subf %f, %f` of a new `math.fma %f`): it pairs
  //     with that source dead end, and the new nodes get their regions as in
  //     step 3. After step 4, so that an input made by a new node has the
  //     source value it stands for as its image.
  settleDeadEnds();

  // 4c. A new node whose region holds the chain of a new node it reads (two
  //     fused chains one after the other, the second reading the first's
  //     result: step 2 or 3 grew the second's region back through the first,
  //     whose image was not known yet): the members that the first node's
  //     inputs' images alone feed, leaving by one member that only the rest
  //     reads, become the first node's region.
  splitAtNewProducers();

  // 5. A paired node whose result the target only reshapes (unit
  //    dimensions folded: the op rewritten at a lower rank between a
  //    `tensor.collapse_shape` of its operands and a `tensor.expand_shape`
  //    of its result) was rewritten into the chain the reshape ends; the
  //    old node's readers now read the reshape. Either pairing tells what
  //    happened: the old node kept as the new op (an update, the reshape
  //    inserted, and every reader rewired to it), or replaced by the
  //    reshape, whose result stands for its result (the new op inserted,
  //    the readers untouched). The story that costs fewer actions is told,
  //    else the one that rewires fewer reads (a reader of two such nodes is
  //    unchanged only once both are moved); on a tie the pair stays.
  settleReshapeSinks();
  return std::move(regions);
}

SettledRegions graphdiff::settleRegions(const PairContext &pair) {
  return RegionSettler(pair).run();
}
