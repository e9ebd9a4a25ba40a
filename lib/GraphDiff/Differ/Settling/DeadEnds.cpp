//===- DeadEnds.cpp - New nodes that nothing reads ------------------------===//
//
// Part of graph-diff.
//
// Rule: a new dead end replaces the one source dead end chain its inputs
// alone feed (step 4b of settleRegions).
//
// Decides what a target node with no counterpart that nothing reads stands
// for: step 3 had no readers to look from. Evidence: the images of its
// inputs, known once step 4 has mapped what new nodes stand for. Two forms:
//  - it replaces the one free source chain whose result nothing read
//    either and that those images alone feed (a `math.fma` for an
//    `arith.mulf` and an `arith.addf` no op used), grown back to them; a
//    new constant only it reads stands for the one constant of equal
//    content the chain kept, and pairs with it;
//  - if it reads new nodes only it reads, and the chain's dead end is of
//    its op over as many values, it is that dead end (`arith.subf %f, %f`
//    of a new `math.fma %f`): it pairs with it, and the new nodes it reads
//    get their regions as in step 3, all or none.
// A source dead end two target nodes propose goes to neither (which of them
// replaced it is not known). Each proposal passes the checks (checkAndMap)
// or is undone, its nodes left as before, with no refusal to report.
//
// A general principle: with no reader on either side, what the new node
// reads is the only evidence; a fused chain whose result nothing read (the
// fuse benchmark pairs) is where it shows.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Differ/NodeMapping.h"
#include "GraphDiff/Differ/PairContext.h"
#include "GraphDiff/Differ/Settling/Rules.h"
#include "GraphDiff/Differ/Settling/Settler.h"
#include "GraphDiff/Graph/Graph.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

#include <algorithm>

using namespace mlir;
using namespace graphdiff;
using namespace graphdiff::settling;

/// How many free source nodes deadEndFedBy looks at (the users of the
/// boundary values among them): a fused chain is a few ops, and a value read
/// by hundreds is not where one is told apart.
static constexpr unsigned kDeadEndReach = 256;

namespace {
/// What a new dead end `t` proposes to take: source dead end `sink`, in one
/// of the two forms.
struct Proposal {
  unsigned t, sink;
  SmallVector<unsigned> region;     // the first form: what `t` replaces
  SmallVector<unsigned, 2> feeders; // the second: the new nodes `t` reads
  SmallVector<std::pair<unsigned, unsigned>, 1>
      kept; // the first: kept constants
};

/// The inputs of a new dead end as the chain it ends would see them.
struct DeadEndInputs {
  /// The images of its inputs, each once, in order; through an input with
  /// none, made by a new node that only `t` reads, that node's inputs'.
  SmallVector<Value, 4> boundary;
  /// Those new nodes.
  SmallVector<unsigned, 2> feeders;
  /// New nodes without inputs (constants) that only `t` reads: the chain
  /// may have kept them (`math.fma %x, %y, %c` for `arith.mulf %x, %y` and
  /// an `arith.addf` of an equal `%c`), found once the chain is.
  SmallVector<unsigned, 1> constants;
};

class DeadEndSettler {
public:
  explicit DeadEndSettler(Settler &settler)
      : settler(settler), source(settler.source), target(settler.target),
        mapping(settler.mapping), sourceRank(settler.sourceRank) {}

  void run();

private:
  /// What new dead end `t` proposes, if anything.
  std::optional<Proposal> propose(unsigned t) const;
  /// The inputs of `t` as the chain sees them; false if an input has no
  /// image and is not made by a new node only `t` reads.
  bool readInputs(unsigned t, DeadEndInputs &inputs) const;
  /// The first form: the region grown back from `sink` to the images, with
  /// the constants it kept taken out; none unless it reads every image and
  /// nothing else from outside.
  std::optional<Proposal> chainProposal(unsigned t, unsigned sink,
                                        const DeadEndInputs &inputs) const;
  /// Takes `proposal` (its source dead end proposed by it alone), checked,
  /// or leaves everything as it was.
  void apply(Proposal &proposal);
  /// The free source node that free target node `c` (without inputs, a
  /// constant that only the new node of `region` reads) stands for, kept by
  /// the chain: the one producer of a member without inputs either, of equal
  /// content, that only members read; none if there is none or several.
  std::optional<unsigned> keptConstant(unsigned c,
                                       ArrayRef<unsigned> region) const;
  /// The one free dead end of the source that the values of `boundary`
  /// alone feed, through free nodes, or none (no such node, several, or
  /// more nodes to look at than kDeadEndReach).
  /// With `constants`, a free source node without inputs feeds a node too.
  std::optional<unsigned> deadEndFedBy(ArrayRef<Value> boundary,
                                       bool constants) const;
  /// For the new nodes that a dead end just paired reads: step 3's region
  /// for each (what the pair reads in its place, grown back to what it
  /// reads) and the checks; all or none (false).
  bool settleFeeders(ArrayRef<unsigned> feeders);

  Settler &settler;
  const Graph &source;
  const Graph &target;
  NodeMapping &mapping;
  ArrayRef<unsigned> sourceRank;
};
} // namespace

std::optional<unsigned>
DeadEndSettler::keptConstant(unsigned c, ArrayRef<unsigned> region) const {
  if (target.getNode(c)->getNumResults() != 1)
    return std::nullopt;
  std::optional<unsigned> equal;
  for (unsigned member : region)
    for (Value input : source.getNodeInputs(member)) {
      std::optional<unsigned> m = source.getProducer(input);
      if (!m || *m == equal || mapping.isSourceTaken(*m))
        continue;
      if (!source.getNodeInputs(*m).empty() || !settler.sameContent(*m, c) ||
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

std::optional<unsigned> DeadEndSettler::deadEndFedBy(ArrayRef<Value> boundary,
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

bool DeadEndSettler::readInputs(unsigned t, DeadEndInputs &inputs) const {
  auto &[boundary, feeders, constants] = inputs;
  for (Value input : target.getNodeInputs(t)) {
    if (Value image = settler.imageOf(input)) {
      if (!llvm::is_contained(boundary, image))
        boundary.push_back(image);
      continue;
    }
    std::optional<unsigned> u = target.getProducer(input);
    if (u &&
        (llvm::is_contained(feeders, *u) || llvm::is_contained(constants, *u)))
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
        target.getNodeInputs(*u).empty() ||
        !settler.everyInputImage(*u, boundary))
      return false;
    feeders.push_back(*u);
  }
  return true;
}

std::optional<Proposal> DeadEndSettler::propose(unsigned t) const {
  if (mapping.isTargetTaken(t) || !target.isDeadEnd(t) ||
      target.getNodeInputs(t).empty())
    return std::nullopt;
  DeadEndInputs inputs;
  if (!readInputs(t, inputs) ||
      (!inputs.feeders.empty() && !inputs.constants.empty()))
    return std::nullopt;
  std::optional<unsigned> sink =
      deadEndFedBy(inputs.boundary, /*constants=*/!inputs.constants.empty());
  if (!sink)
    return std::nullopt;
  // The second form: the chain ends in a dead end of `t`'s op that reads
  // as many values, `t` itself over what the new nodes stand for.
  // Otherwise `t` is fused too (two fused chains, the second reading the
  // first: `math.fma` of a `math.fma`): the first form takes both chains,
  // and step 4c splits off the new nodes' parts.
  if (!inputs.feeders.empty() &&
      source.getNode(*sink)->getName() == target.getNode(t)->getName() &&
      source.getNodeInputs(*sink).size() == target.getNodeInputs(t).size())
    return Proposal{t, *sink, {}, std::move(inputs.feeders), {}};
  return chainProposal(t, *sink, inputs);
}

std::optional<Proposal>
DeadEndSettler::chainProposal(unsigned t, unsigned sink,
                              const DeadEndInputs &inputs) const {
  ValueSet boundarySet(inputs.boundary.begin(), inputs.boundary.end());
  SmallVector<unsigned> region{sink};
  growOverExclusiveProducers(settler, region, boundarySet);
  // Each constant `t` reads stands for the one the chain kept, which
  // leaves the region if the growth took it in: its value is then one the
  // region reads.
  SmallVector<std::pair<unsigned, unsigned>, 1> kept;
  for (unsigned c : inputs.constants) {
    std::optional<unsigned> m = keptConstant(c, region);
    if (!m)
      return std::nullopt;
    llvm::erase(region, *m);
    boundarySet.insert(source.getNode(*m)->getResult(0));
    kept.push_back({*m, c});
  }
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
    return std::nullopt;
  settler.pair.sortBySourceRank(region);
  return Proposal{t, sink, std::move(region), {}, std::move(kept)};
}

bool DeadEndSettler::settleFeeders(ArrayRef<unsigned> feeders) {
  SmallVector<unsigned, 2> settled;
  for (unsigned u : feeders) {
    SmallVector<unsigned> region =
        settler.freeProducersSeen(u, /*loose=*/false);
    if (!region.empty()) {
      growOverExclusiveProducers(settler, region, settler.pair.inputImages(u));
      settler.pair.sortBySourceRank(region);
      mapping.setRegion(u, region, MatchStage::Structure);
      if (checkAndMap(settler, u)) {
        settled.push_back(u);
        continue;
      }
    }
    for (unsigned done : settled) {
      forgetResults(settler, done);
      mapping.clearRegion(done);
    }
    return false;
  }
  return true;
}

void DeadEndSettler::apply(Proposal &proposal) {
  auto &[t, sink, region, feeders, kept] = proposal;
  if (!feeders.empty()) {
    mapping.pair(sink, t, MatchStage::Structure);
    if (!settleFeeders(feeders))
      mapping.unpairTarget(t);
    return;
  }
  for (auto [m, c] : kept)
    mapping.pair(m, c, MatchStage::Structure);
  // A chain of one node of `t`'s content is `t` itself, reading what
  // its inputs stand for: a pair, not a replacement.
  if (region.size() == 1 && settler.sameContent(sink, t)) {
    mapping.pair(sink, t, MatchStage::Structure);
    return;
  }
  mapping.setRegion(t, region, MatchStage::Structure);
  if (!checkAndMap(settler, t))
    for (auto [m, c] : kept)
      mapping.unpairTarget(c);
}

void DeadEndSettler::run() {
  // Each target node's proposal, in target order, and how many target nodes
  // propose each source dead end.
  SmallVector<Proposal> proposals;
  llvm::DenseMap<unsigned, unsigned> proposers;
  for (unsigned t : settler.targetOrder)
    if (std::optional<Proposal> proposal = propose(t)) {
      ++proposers[proposal->sink];
      proposals.push_back(std::move(*proposal));
    }
  // Regions grown back from different dead ends share no node (a node that
  // only a region's members read is in no other region), so each proposal
  // stands alone.
  for (Proposal &proposal : proposals)
    if (proposers.lookup(proposal.sink) == 1)
      apply(proposal);
}

void settling::settleDeadEnds(Settler &settler) {
  DeadEndSettler(settler).run();
}
