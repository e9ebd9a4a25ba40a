//===- Consensus.cpp - Pairing by agreeing votes of matched pairs ---------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Differ/Consensus.h"
#include "GraphDiff/Graph/Reshape.h"

#include "GraphDiff/Differ/Stages/Stages.h"
#include "GraphDiff/Graph/Graph.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/Operation.h"
#include "mlir/Interfaces/DestinationStyleOpInterface.h"
#include "llvm/ADT/DenseSet.h"

#include <algorithm>

using namespace mlir;
using namespace graphdiff;

namespace {

/// One call of propagate(): the votes along operands and along users, and
/// the target nodes that got a vote since the last resolve().
class Propagation {
public:
  Propagation(StructuralState &state, PairFilter compatible)
      : state(state), source(state.source), target(state.target),
        mapping(state.mapping), compatible(compatible),
        operandVotes(source.size(), target.size()),
        userVotes(source.size(), target.size()) {}

  bool run(ArrayRef<NodePair> seeds, unsigned flags, MadePairs *made);

private:
  /// Votes for the free producers of two lists of slots, slot by slot, when
  /// the lists are equally long.
  void voteOperands(ArrayRef<Value> sourceSlots, ArrayRef<int> sourceProducers,
                    ArrayRef<Value> targetSlots, ArrayRef<int> targetProducers,
                    Votes &votes, bool commutative = false,
                    bool renamed = false);
  /// For the slots of target node `t` whose free producer got no partner
  /// from the slots of `s`: looks through the free producers of `s` (the
  /// chain a fusion may have folded into `t`) for the one value that fits.
  void voteThroughFusion(unsigned s, unsigned t, Votes &votes);
  /// For an elementwise op `s` paired with an elementwise `linalg.generic`
  /// `t` whose payload yields an op of `s`'s name: follows `s`'s operands
  /// into the payload. An operand that the payload reads as a block argument
  /// corresponds to that input of `t`; one that the payload computes was
  /// made by a producer fused into `t`, whose own operands are followed the
  /// same way. Votes for the producers of the corresponding values. Returns
  /// whether the payload could be read so (else the slots are compared).
  bool voteThroughPayload(unsigned s, unsigned t, Votes &votes);
  /// For a renamed pair of which one node is destination-style and the other
  /// is not (an op rewritten into a `linalg.generic` that writes into a new
  /// `tensor.empty`): when the other reads as many values as the
  /// destination-style one's inputs, votes input by input. Returns whether
  /// it voted that way.
  bool voteInputs(unsigned s, unsigned t, Votes &votes);
  /// For destination-style nodes whose slots differ (a fused op reads its
  /// producers' inputs too, but writes what the op it took the place of
  /// wrote): votes for the producers of their inits, init by init.
  void voteInits(unsigned s, unsigned t, Votes &votes);
  /// Votes for the one free user at the same (result, slot) on each side.
  void voteUsers(unsigned s, unsigned t, Votes &votes);
  /// Pairs the touched target nodes whose votes agree both ways (and that
  /// `veto`, if given, allows); then settles the ties among the rest.
  SmallVector<NodePair> resolve(const Votes &votes, const Votes *veto);
  /// Settles the dispute around target node `t` if it is a tie between
  /// interchangeable candidates: pairs them in file order, and appends the
  /// pairs to `pairs`.
  void settleTie(unsigned t, const Votes &votes, const Votes *veto,
                 SmallVectorImpl<NodePair> &pairs);

  /// Whether the slot value `value` of one side, made by node `producer`
  /// (or kNoProducer), is a constant: from the kind rows when a node makes
  /// it (no read of the value or its op), else from the value.
  bool isConstantSlot(bool isSource, Value value, int producer) const {
    if (producer == Graph::kNoProducer)
      return isConstantValue(value);
    return (isSource ? state.sourceKinds : state.targetKinds)[producer]
        .constant;
  }
  /// Whether node `node` of one side only reshapes a tensor
  /// (isPureReshape), asked once per op name (StructuralState::Kind::name)
  /// where the name decides it.
  bool isReshapeNode(bool isSource, unsigned node);

  StructuralState &state;
  const Graph &source;
  const Graph &target;
  NodeMapping &mapping;
  PairFilter compatible;
  Votes operandVotes, userVotes;
  /// isReshapeNode() by op name number: 0 not asked yet, 1 no, 2 yes, 3
  /// depends on the node.
  SmallVector<uint8_t, 16> reshapeByName;
  /// voteUsers()' (result, slot) positions with their one free user on
  /// each side, kept between calls so that no call allocates; and, for
  /// nodes with many uses, an index of them by position.
  struct SlotUsers {
    uint64_t position;
    int source, target;
    bool visited;
  };
  SmallVector<SlotUsers, 8> slotUsers;
  llvm::DenseMap<uint64_t, unsigned> slotUserIndex;
  SmallVector<unsigned> touched;
  /// Whether the votes are across a lowering (PropagateFlags::Lowered).
  bool lowered = false;
  /// Nodes of disputes settled as ties: not ambiguous.
  llvm::DenseSet<unsigned> settledSources, settledTargets;
};

} // namespace

bool Propagation::isReshapeNode(bool isSource, unsigned node) {
  unsigned name = (isSource ? state.sourceKinds : state.targetKinds)[node].name;
  if (name >= reshapeByName.size())
    reshapeByName.resize(name + 1, 0);
  uint8_t &known = reshapeByName[name];
  Operation *op = (isSource ? source : target).getNode(node);
  // A slice reshapes or not by its sizes (3: ask each node).
  if (!known) {
    StringRef opName = op->getName().getStringRef();
    known = opName == "tensor.extract_slice" || opName == "tensor.insert_slice"
                ? 3
                : (isPureReshape(op) ? 2 : 1);
  }
  return known == 3 ? isPureReshape(op) : known == 2;
}

void Propagation::voteOperands(ArrayRef<Value> sourceSlots,
                               ArrayRef<int> sourceProducers,
                               ArrayRef<Value> targetSlots,
                               ArrayRef<int> targetProducers, Votes &votes,
                               bool commutative, bool renamed) {
  // Votes go only to free source producers. In the propagations seeded with
  // every pair, most pairs have none left: then nothing below can vote
  // (whatever the slots' order), and the ops need not be read at all.
  if (llvm::all_of(sourceProducers, [&](int s) {
        return s == Graph::kNoProducer || mapping.isSourceTaken(s);
      }))
    return;
  // Different slots: a fused op reads its producers' inputs too, so slot
  // positions say nothing; voteThroughFusion looks at them instead. But an
  // op rewritten one to one into a destination-style op may read a value
  // twice where it read it once (`arith.addf %a, %b` -> `linalg.generic
  // ins(%a, %b) outs(%a)`): if the op changed name (`renamed`, which the
  // caller sets only when one of the two is destination-style) and the lists
  // agree once each value is kept at its first slot, those slots correspond.
  // Between two other ops it is a fusion that happens to read a value twice
  // (`arith.addf %m, %c` and the `math.fma %x, %x, %c` it became with
  // `%m = arith.mulf %x, %x`): voting `%m` for `%x`'s producer paired the
  // wrong ops.
  if (sourceSlots.size() != targetSlots.size()) {
    if (!renamed)
      return;
    // Across a lowering, the slots that read constants aside.
    if (lowered) {
      SmallVector<Value, 8> a, b;
      SmallVector<int, 8> pa, pb;
      auto variable = [&](bool isSource, ArrayRef<Value> slots,
                          ArrayRef<int> producers,
                          SmallVectorImpl<Value> &values,
                          SmallVectorImpl<int> &valueProducers) {
        for (auto [value, producer] : llvm::zip(slots, producers)) {
          if (!isConstantSlot(isSource, value, producer)) {
            values.push_back(value);
            valueProducers.push_back(producer);
          }
        }
      };
      variable(true, sourceSlots, sourceProducers, a, pa);
      variable(false, targetSlots, targetProducers, b, pb);
      if (!a.empty() && a.size() == b.size() &&
          (a.size() != sourceSlots.size() || b.size() != targetSlots.size())) {
        voteOperands(a, pa, b, pb, votes, commutative);
        return;
      }
    }
    SmallVector<Value, 8> a, b;
    SmallVector<int, 8> pa, pb;
    auto firstSlots = [](ArrayRef<Value> slots, ArrayRef<int> producers,
                         SmallVectorImpl<Value> &values,
                         SmallVectorImpl<int> &valueProducers) {
      for (auto [value, producer] : llvm::zip(slots, producers))
        if (!llvm::is_contained(values, value)) {
          values.push_back(value);
          valueProducers.push_back(producer);
        }
    };
    firstSlots(sourceSlots, sourceProducers, a, pa);
    firstSlots(targetSlots, targetProducers, b, pb);
    if (a.size() != b.size() ||
        (a.size() == sourceSlots.size() && b.size() == targetSlots.size()))
      return;
    voteOperands(a, pa, b, pb, votes, commutative);
    return;
  }
  // A commutative source op's operands may come in another order (a
  // rewrite puts constants last): the slots whose images are known say
  // which corresponds to which; the rest go in order to a slot of the same
  // constness (canonicalization sorts a commutative op's constant operands
  // after the others), else in order.
  SmallVector<Value, 8> permuted;
  SmallVector<int, 8> permutedProducers;
  if (commutative && sourceSlots.size() > 1) {
    unsigned n = sourceSlots.size();
    SmallVector<int, 8> of(n, -1); // source slot -> target slot
    SmallVector<bool, 8> used(n, false);
    // The image of a slot from its producer's partner (no lookup of the
    // producer: the slot producers are at hand).
    auto imageOf = [&](unsigned j) -> Value {
      int t = targetProducers[j];
      if (t == Graph::kNoProducer)
        return getSourceImage(state, targetSlots[j]);
      std::optional<unsigned> s = mapping.getSource(t);
      if (!s)
        return nullptr;
      unsigned k = cast<OpResult>(targetSlots[j]).getResultNumber();
      if (k >= source.getNode(*s)->getNumResults())
        return nullptr;
      return source.getNode(*s)->getResult(k);
    };
    // Whether slot j reads the first result of the partner of the node
    // whose first result source slot j reads: then that is its image, known
    // without reading the values or ops (a node's first result sits at a
    // fixed place before the op, and the slot producers are at hand).
    auto keptAtFirstResult = [&](unsigned j) {
      int s = sourceProducers[j], t = targetProducers[j];
      if (s == Graph::kNoProducer || t == Graph::kNoProducer)
        return false;
      std::optional<unsigned> partner = mapping.getSource(t);
      return partner && *partner == static_cast<unsigned>(s) &&
             sourceSlots[j] == Value(source.getNode(s)->getResult(0)) &&
             targetSlots[j] == Value(target.getNode(t)->getResult(0));
    };
    // Mostly the order is kept: then there is nothing to permute.
    SmallVector<Value, 8> images;
    bool kept = true;
    for (unsigned j = 0; j < n; ++j) {
      if (keptAtFirstResult(j)) {
        images.push_back(sourceSlots[j]);
        continue;
      }
      images.push_back(imageOf(j));
      kept &=
          images.back()
              ? images.back() == sourceSlots[j]
              : isConstantSlot(true, sourceSlots[j], sourceProducers[j]) ==
                    isConstantSlot(false, targetSlots[j], targetProducers[j]);
    }
    for (unsigned j = 0; j < n && !kept; ++j)
      if (Value image = images[j])
        for (unsigned i = 0; i < n; ++i)
          if (of[i] < 0 && sourceSlots[i] == image) {
            of[i] = j;
            used[j] = true;
            break;
          }
    if (!kept) {
      // Slots of the same constness first, then whatever is left, in order.
      SmallVector<bool, 8> sourceConstant, targetConstant;
      for (unsigned j = 0; j < n; ++j) {
        sourceConstant.push_back(
            isConstantSlot(true, sourceSlots[j], sourceProducers[j]));
        targetConstant.push_back(
            isConstantSlot(false, targetSlots[j], targetProducers[j]));
      }
      for (bool any : {false, true})
        for (unsigned i = 0; i < n; ++i) {
          if (of[i] >= 0)
            continue;
          for (unsigned j = 0; j < n; ++j)
            if (!used[j] && (any || sourceConstant[i] == targetConstant[j])) {
              of[i] = j;
              used[j] = true;
              break;
            }
        }
      for (unsigned i = 0; i < n; ++i) {
        permuted.push_back(targetSlots[of[i]]);
        permutedProducers.push_back(targetProducers[of[i]]);
      }
      targetSlots = permuted;
      targetProducers = permutedProducers;
    }
  }
  // Same number of slots: slot by slot, free producers of the same result
  // number and type.
  for (unsigned k = 0, e = sourceSlots.size(); k < e; ++k) {
    int s = sourceProducers[k], t = targetProducers[k];
    Value a = sourceSlots[k], b = targetSlots[k];
    // A reshape the target added around a rewritten op (unit dimensions
    // folded: the op's operands collapsed, its result expanded) stands
    // between the two producers: look through it, to a value of as many
    // elements.
    // (Taken producers first: they end most slots without reading an op.)
    if (s == Graph::kNoProducer || t == Graph::kNoProducer ||
        mapping.isSourceTaken(s))
      continue;
    bool through = false;
    if (!mapping.isTargetTaken(t) && isReshapeNode(false, t) &&
        !isReshapeNode(true, s) && !compatible(s, t)) {
      Value above = target.getNode(t)->getOperand(0);
      auto from = dyn_cast<ShapedType>(above.getType());
      auto to = dyn_cast<ShapedType>(a.getType());
      std::optional<unsigned> producer = target.getProducer(above);
      if (producer && from && to && from.hasStaticShape() &&
          to.hasStaticShape() && from.getNumElements() == to.getNumElements() &&
          from.getElementType() == to.getElementType()) {
        b = above;
        t = static_cast<int>(*producer);
        through = true;
      }
    }
    if (!state.isFree(s, t))
      continue;
    // Across a lowering, a reshape of a node paired with another source node
    // stands for that node's value.
    if (lowered && !through && isReshapeNode(false, t))
      if (std::optional<unsigned> above =
              target.getProducer(target.getNode(t)->getOperand(0)))
        if (std::optional<unsigned> image = mapping.getSource(*above);
            image && *image != static_cast<unsigned>(s))
          continue;
    if ((!through && a.getType() != b.getType() &&
         !(lowered && sameModuloUnitDims(a.getType(), b.getType()))) ||
        cast<OpResult>(a).getResultNumber() !=
            cast<OpResult>(b).getResultNumber() ||
        !compatible(s, t))
      continue;
    votes.add(s, t);
    touched.push_back(t);
  }
}

void Propagation::voteThroughFusion(unsigned s, unsigned t, Votes &votes) {
  // Votes go only to free producers of `t`'s slots: without one (most pairs
  // of a propagation from every pair), nothing below can vote.
  if (llvm::none_of(target.getSlotProducers(t), [&](int producer) {
        return producer != Graph::kNoProducer &&
               !mapping.isTargetTaken(producer);
      }))
    return;
  ArrayRef<Value> sourceSlots = source.getSlots(s);
  ArrayRef<Value> targetSlots = target.getSlots(t);
  // Only a node whose content changed can have absorbed a chain.
  if (state.sourceHashes.content[s] == state.targetHashes.content[t] &&
      sourceSlots.size() == targetSlots.size())
    return;
  // Target slots fed by a free producer that no slot of `s` could explain.
  // The free producers of `s` that explain one stand for a value the target
  // still reads: they were not fused into `t`.
  SmallVector<std::pair<Value, unsigned>, 4> open;
  llvm::SmallDenseSet<unsigned, 4> explainers;
  // Where the slot lists differ, positions say nothing (voteOperands cast no
  // vote), but a target slot that exactly one free producer of `s` explains,
  // and that explains nothing else, is that producer's value: the input the
  // fused op kept (the `%c` of `arith.addf %m, %c` in `math.fma %x, %y, %c`).
  // Only between two ops that are not destination-style: a fused
  // `linalg.generic` reads inits and its producers' inputs, which the checks
  // below do not tell from the inputs it kept (EfficientNet-B0 and ResNet-18
  // under `fuse` lost recall to it).
  const bool voteKept = sourceSlots.size() != targetSlots.size() &&
                        !isa<DestinationStyleOpInterface>(source.getNode(s)) &&
                        !isa<DestinationStyleOpInterface>(target.getNode(t));
  // For voteKept: each explained target slot producer with its one explainer
  // (none if several), and how many such producers each explainer explains.
  SmallVector<std::pair<unsigned, std::optional<unsigned>>, 4> explained;
  llvm::SmallDenseMap<unsigned, unsigned, 4> explains;
  for (Value b : targetSlots) {
    std::optional<unsigned> pb = target.getProducer(b);
    if (!pb || mapping.isTargetTaken(*pb) ||
        llvm::any_of(open, [&](auto &entry) { return entry.first == b; }) ||
        llvm::any_of(explained,
                     [&](auto &entry) { return entry.first == *pb; }))
      continue;
    SmallVector<unsigned, 2> mine; // the distinct explainers of `b`
    for (Value a : sourceSlots) {
      std::optional<unsigned> pa = source.getProducer(a);
      if (pa && !mapping.isSourceTaken(*pa) && a.getType() == b.getType() &&
          compatible(*pa, *pb) && !llvm::is_contained(mine, *pa)) {
        mine.push_back(*pa);
        explainers.insert(*pa);
      }
    }
    if (mine.empty()) {
      open.push_back({b, *pb});
    } else if (voteKept) {
      for (unsigned pa : mine)
        ++explains[pa];
      explained.push_back({*pb, mine.size() == 1
                                    ? std::optional<unsigned>(mine.front())
                                    : std::nullopt});
    }
  }
  // Only an explainer of the same op name: what `compatible` lets through in
  // the later, looser stages (any op of the same result types) is too weak a
  // reason to pair on.
  for (auto [pb, one] : explained)
    if (one && explains.lookup(*one) == 1 &&
        source.getNode(*one)->getName() == target.getNode(pb)->getName()) {
      votes.add(*one, pb);
      touched.push_back(pb);
    }
  if (open.empty())
    return;
  // The chain above `s`: free producers, breadth first, bounded; not
  // through the producers that explain a target slot.
  constexpr unsigned maxChain = 16, maxDepth = 4;
  SmallVector<std::pair<unsigned, unsigned>, 16> chain; // (node, depth)
  llvm::SmallDenseSet<unsigned, 16> inChain;
  auto enqueue = [&](unsigned node, unsigned depth) {
    for (Value a : source.getSlots(node))
      if (std::optional<unsigned> p = source.getProducer(a);
          p && !mapping.isSourceTaken(*p) && chain.size() < maxChain &&
          !explainers.contains(*p) && inChain.insert(*p).second)
        chain.push_back({*p, depth});
  };
  enqueue(s, 1);
  for (unsigned next = 0; next < chain.size(); ++next)
    if (chain[next].second < maxDepth)
      enqueue(chain[next].first, chain[next].second + 1);
  // The values the chain reads from free producers (which may be chain
  // members themselves: where the fused chain ends is not known yet).
  SmallVector<Value, 16> inflow;
  chain.insert(chain.begin(), {s, 0});
  for (auto [node, depth] : chain)
    for (Value a : source.getSlots(node)) {
      std::optional<unsigned> p = source.getProducer(a);
      if (p && !mapping.isSourceTaken(*p) && !llvm::is_contained(inflow, a))
        inflow.push_back(a);
    }
  for (const auto &entry : open) {
    Value b = entry.first;
    unsigned pb = entry.second;
    std::optional<unsigned> only;
    unsigned count = 0;
    for (Value a : inflow) {
      unsigned pa = *source.getProducer(a);
      if (a.getType() == b.getType() &&
          cast<OpResult>(a).getResultNumber() ==
              cast<OpResult>(b).getResultNumber() &&
          compatible(pa, pb)) {
        only = pa;
        ++count;
      }
    }
    if (count != 1)
      continue;
    // And no other open slot fits that value.
    if (llvm::count_if(open, [&](auto &entry) {
          return entry.first.getType() == b.getType() &&
                 compatible(*only, entry.second);
        }) != 1)
      continue;
    votes.add(*only, pb);
    touched.push_back(pb);
  }
}

bool Propagation::voteThroughPayload(unsigned s, unsigned t, Votes &votes) {
  if (!state.sourceElementwise[s] || !state.targetPayload.count(t))
    return false;
  auto generic = dyn_cast<linalg::GenericOp>(target.getNode(t));
  Operation *op = source.getNode(s);
  if (!generic || generic->getNumResults() != 1 || op->getNumResults() != 1)
    return false;
  Block *body = generic.getBody();
  // The op of the payload that a source op became: the same name and as
  // many operands (its operands are scalars, the source op's tensors).
  auto inPayload = [&](Value value) -> Operation * {
    Operation *def = value.getDefiningOp();
    return def && def->getBlock() == body ? def : nullptr;
  };
  auto corresponds = [](Operation *x, Operation *y) {
    return y && x->getName() == y->getName() &&
           x->getNumOperands() == y->getNumOperands() &&
           y->getNumResults() == 1;
  };
  Operation *sink = inPayload(body->getTerminator()->getOperand(0));
  if (!corresponds(op, sink))
    return false;
  unsigned numInputs = generic.getNumDpsInputs();
  // Whether a payload operand is a constant: made by one, or a block
  // argument for an input that is (a splat read as an input or as a scalar).
  auto isPayloadConstant = [&](Value value) {
    if (auto argument = dyn_cast<BlockArgument>(value))
      return argument.getOwner() == body &&
             argument.getArgNumber() < numInputs &&
             isConstantValue(generic->getOperand(argument.getArgNumber()));
    return isConstantValue(value);
  };
  SmallVector<Value, 8> a, b;
  SmallVector<int, 8> pa, pb;
  auto producerOf = [](const Graph &graph, Value value) {
    std::optional<unsigned> producer = graph.getProducer(value);
    return producer ? static_cast<int>(*producer) : Graph::kNoProducer;
  };
  // (source op, payload op) pairs, from the sink up through the fused
  // producers, bounded.
  constexpr unsigned maxOps = 16;
  SmallVector<std::pair<Operation *, Operation *>, 8> work{{op, sink}};
  for (unsigned next = 0; next < work.size(); ++next) {
    Operation *x = work[next].first, *y = work[next].second;
    unsigned n = x->getNumOperands();
    // Operand k of `x` is operand order[k] of `y`. Fusion clones the ops in
    // order, but a commutative op may have had its constants moved last:
    // constants then go to constants and the rest to the rest, in order.
    SmallVector<unsigned, 4> order;
    for (unsigned k = 0; k < n; ++k)
      order.push_back(k);
    if (x->hasTrait<OpTrait::IsCommutative>() &&
        llvm::any_of(order, [&](unsigned k) {
          return isConstantValue(x->getOperand(k)) !=
                 isPayloadConstant(y->getOperand(k));
        })) {
      SmallVector<unsigned, 4> constants[2];
      for (unsigned k = 0; k < n; ++k)
        constants[isPayloadConstant(y->getOperand(k))].push_back(k);
      unsigned used[2] = {0, 0};
      for (unsigned k = 0; k < n; ++k) {
        bool constant = isConstantValue(x->getOperand(k));
        if (used[constant] == constants[constant].size())
          return false;
        order[k] = constants[constant][used[constant]++];
      }
    }
    for (unsigned k = 0; k < n; ++k) {
      Value from = x->getOperand(k), to = y->getOperand(order[k]);
      if (auto argument = dyn_cast<BlockArgument>(to)) {
        // An input of the generic (an init is what it writes, not a value
        // the source op read).
        if (argument.getOwner() != body || argument.getArgNumber() >= numInputs)
          continue;
        Value input = generic->getOperand(argument.getArgNumber());
        a.push_back(from);
        pa.push_back(producerOf(source, from));
        b.push_back(input);
        pb.push_back(producerOf(target, input));
        continue;
      }
      // Computed in the payload: a producer fused into `t`, if the source
      // value is made by a free elementwise op of the payload op's name.
      // (A constant the payload makes or captures is a splat made scalar.)
      Operation *def = inPayload(to);
      std::optional<unsigned> producer = source.getProducer(from);
      if (!def || def->hasTrait<OpTrait::ConstantLike>() || !producer ||
          mapping.isSourceTaken(*producer) ||
          !state.sourceElementwise[*producer] || work.size() == maxOps)
        continue;
      Operation *fused = source.getNode(*producer);
      if (corresponds(fused, def) && llvm::none_of(work, [&](auto &entry) {
            return entry.first == fused;
          }))
        work.push_back({fused, def});
    }
  }
  voteOperands(a, pa, b, pb, votes);
  return true;
}

bool Propagation::voteInputs(unsigned s, unsigned t, Votes &votes) {
  auto a = dyn_cast<DestinationStyleOpInterface>(source.getNode(s));
  auto b = dyn_cast<DestinationStyleOpInterface>(target.getNode(t));
  if (static_cast<bool>(a) == static_cast<bool>(b))
    return false;
  // The inputs' slots of the destination-style node (operands come first
  // among the slots).
  auto inputs = [](DestinationStyleOpInterface op, ArrayRef<Value> slots,
                   ArrayRef<int> producers, SmallVectorImpl<Value> &values,
                   SmallVectorImpl<int> &valueProducers) {
    for (OpOperand *input : op.getDpsInputOperands()) {
      values.push_back(slots[input->getOperandNumber()]);
      valueProducers.push_back(producers[input->getOperandNumber()]);
    }
  };
  SmallVector<Value, 4> x, y;
  SmallVector<int, 4> px, py;
  ArrayRef<Value> sourceSlots = source.getSlots(s);
  ArrayRef<int> sourceProducers = source.getSlotProducers(s);
  ArrayRef<Value> targetSlots = target.getSlots(t);
  ArrayRef<int> targetProducers = target.getSlotProducers(t);
  if (a) {
    inputs(a, sourceSlots, sourceProducers, x, px);
    if (x.size() != targetSlots.size())
      return false;
    voteOperands(x, px, targetSlots, targetProducers, votes);
  } else {
    inputs(b, targetSlots, targetProducers, y, py);
    if (y.size() != sourceSlots.size())
      return false;
    voteOperands(sourceSlots, sourceProducers, y, py, votes,
                 state.sourceCommutative[s]);
  }
  return true;
}

void Propagation::voteInits(unsigned s, unsigned t, Votes &votes) {
  auto a = dyn_cast<DestinationStyleOpInterface>(source.getNode(s));
  auto b = dyn_cast<DestinationStyleOpInterface>(target.getNode(t));
  if (!a || !b || a.getNumDpsInits() != b.getNumDpsInits())
    return;
  // The inits' slots (operands come first among the slots).
  auto inits = [](DestinationStyleOpInterface op, ArrayRef<Value> slots,
                  ArrayRef<int> producers, SmallVectorImpl<Value> &values,
                  SmallVectorImpl<int> &valueProducers) {
    for (OpOperand &init : op.getDpsInitsMutable()) {
      values.push_back(slots[init.getOperandNumber()]);
      valueProducers.push_back(producers[init.getOperandNumber()]);
    }
  };
  SmallVector<Value, 2> x, y;
  SmallVector<int, 2> px, py;
  inits(a, source.getSlots(s), source.getSlotProducers(s), x, px);
  inits(b, target.getSlots(t), target.getSlotProducers(t), y, py);
  voteOperands(x, px, y, py, votes);
}

void Propagation::voteUsers(unsigned s, unsigned t, Votes &votes) {
  ArrayRef<Graph::Use> sourceUses = source.getUses(s);
  ArrayRef<Graph::Use> targetUses = target.getUses(t);
  // Most pairs have no free user left on one side: nothing to vote for.
  if (llvm::all_of(sourceUses,
                   [&](const Graph::Use &use) {
                     return mapping.isSourceTaken(use.user);
                   }) ||
      llvm::all_of(targetUses, [&](const Graph::Use &use) {
        return mapping.isTargetTaken(use.user);
      }))
    return;
  // (result, slot) -> the one free user there on each side, or -1 if several
  // (-2: none yet). A node has few uses: the positions are kept in a list
  // searched from its end (a node's uses come by user, then slot), indexed
  // by a map only for nodes with many.
  constexpr unsigned maxScanned = 16;
  slotUsers.clear();
  bool indexed = sourceUses.size() + targetUses.size() > maxScanned;
  if (indexed)
    slotUserIndex.clear();
  auto positionOf = [](const Graph::Use &use) {
    return (static_cast<uint64_t>(use.result) << 32) | use.slot;
  };
  auto find = [&](uint64_t position) -> SlotUsers * {
    if (indexed) {
      auto it = slotUserIndex.find(position);
      return it == slotUserIndex.end() ? nullptr : &slotUsers[it->second];
    }
    for (SlotUsers &entry : llvm::reverse(slotUsers))
      if (entry.position == position)
        return &entry;
    return nullptr;
  };
  auto entryAt = [&](uint64_t position) -> SlotUsers & {
    if (SlotUsers *entry = find(position))
      return *entry;
    if (indexed)
      slotUserIndex[position] = slotUsers.size();
    slotUsers.push_back({position, -2, -2, false});
    return slotUsers.back();
  };
  auto note = [&](int &slotUser, unsigned user) {
    slotUser = slotUser == -2 ? static_cast<int>(user) : -1;
  };
  for (const Graph::Use &use : sourceUses)
    if (!mapping.isSourceTaken(use.user))
      note(entryAt(positionOf(use)).source, use.user);
  for (const Graph::Use &use : targetUses)
    if (!mapping.isTargetTaken(use.user))
      note(entryAt(positionOf(use)).target, use.user);
  // Visit in target use order (deterministic), each position once.
  for (const Graph::Use &use : targetUses) {
    SlotUsers *entry = find(positionOf(use));
    if (!entry || entry->visited)
      continue;
    entry->visited = true;
    int a = entry->source, b = entry->target;
    // A slot position means the same in both users only if they read as
    // many values: a fused op reads its producers' inputs too, and its slot
    // that reads the pair (or a shared init) says nothing about which op of
    // the chain it took the place of (the consumer, reached along operands).
    if (a < 0 || b < 0 ||
        source.getNodeInputs(a).size() != target.getNodeInputs(b).size() ||
        !compatible(a, b))
      continue;
    votes.add(a, b);
    touched.push_back(b);
  }
}

SmallVector<NodePair> Propagation::resolve(const Votes &agreed,
                                           const Votes *veto) {
  std::sort(touched.begin(), touched.end());
  touched.erase(std::unique(touched.begin(), touched.end()), touched.end());
  SmallVector<NodePair> pairs;
  SmallVector<unsigned> disputed;
  for (unsigned t : touched) {
    std::optional<int> s = agreed.ofTarget(t);
    if (!s)
      continue;
    if (*s < 0 || agreed.ofSource(*s) == Votes::Conflict) {
      disputed.push_back(t);
      continue;
    }
    if (!agreed.agrees(*s, t) || !state.isFree(*s, t) ||
        (veto && !veto->allows(*s, t)) || !compatible(*s, t))
      continue;
    state.pair(*s, t);
    pairs.push_back({static_cast<unsigned>(*s), t});
  }
  touched.clear();
  for (unsigned t : disputed)
    if (!mapping.isTargetTaken(t))
      settleTie(t, agreed, veto, pairs);
  return pairs;
}

void Propagation::settleTie(unsigned t, const Votes &votes, const Votes *veto,
                            SmallVectorImpl<NodePair> &pairs) {
  // The dispute: the nodes reachable from `t` through the partners votes
  // named, bounded.
  constexpr unsigned maxSide = 16;
  SmallVector<unsigned, 8> sources, targets{t};
  struct Edge {
    unsigned source, target;
  };
  SmallVector<Edge, 16> edges;
  for (unsigned next = 0, nextSource = 0;
       next < targets.size() || nextSource < sources.size();) {
    if (next < targets.size()) {
      unsigned u = targets[next++];
      for (const Votes::Candidate &candidate : votes.candidatesOfTarget(u)) {
        unsigned s = candidate.first;
        edges.push_back({s, u});
        if (!llvm::is_contained(sources, s))
          sources.push_back(s);
      }
    } else {
      unsigned s = sources[nextSource++];
      for (const Votes::Candidate &candidate : votes.candidatesOfSource(s))
        if (!llvm::is_contained(targets, candidate.first))
          targets.push_back(candidate.first);
    }
    if (sources.size() > maxSide || targets.size() > maxSide)
      return;
  }
  // A tie only if the candidates on each side are interchangeable: free,
  // with the same content over the same upstream cone. Otherwise the choice
  // would change the plan: a real ambiguity.
  auto interchangeable = [&](ArrayRef<unsigned> members, bool isSource) {
    const std::vector<llvm::hash_code> &forward =
        isSource ? state.sourceHashes.forward : state.targetHashes.forward;
    return llvm::all_of(members, [&](unsigned node) {
      return !(isSource ? mapping.isSourceTaken(node)
                        : mapping.isTargetTaken(node)) &&
             forward[node] == forward[members.front()];
    });
  };
  // And the two sides hold the same op: a tie between equal ops is CSE's
  // doing; pairing one op with a different one on a tie would be a guess.
  if (!interchangeable(sources, true) || !interchangeable(targets, false) ||
      state.sourceHashes.content[sources.front()] !=
          state.targetHashes.content[targets.front()])
    return;
  // In file order: CSE keeps the first of equal ops and erases the later
  // ones, so this tells what it did. (The most voted for candidate would save
  // a rewire here and there, but tell another story than the pass's.)
  llvm::sort(edges, [](const Edge &a, const Edge &b) {
    return std::make_pair(a.source, a.target) <
           std::make_pair(b.source, b.target);
  });
  auto vetoed = [&](unsigned s, unsigned u) {
    if (!veto)
      return false;
    std::optional<int> a = veto->ofSource(s), b = veto->ofTarget(u);
    return (a && *a >= 0 && *a != static_cast<int>(u)) ||
           (b && *b >= 0 && *b != static_cast<int>(s));
  };
  for (const Edge &edge : edges) {
    if (!state.isFree(edge.source, edge.target) ||
        !compatible(edge.source, edge.target) ||
        vetoed(edge.source, edge.target))
      continue;
    state.pair(edge.source, edge.target);
    pairs.push_back({edge.source, edge.target});
  }
  settledSources.insert(sources.begin(), sources.end());
  settledTargets.insert(targets.begin(), targets.end());
}

bool Propagation::run(ArrayRef<NodePair> seeds, unsigned flags,
                      MadePairs *made) {
  bool alongOperands = flags & AlongOperands;
  bool alongUsers = flags & AlongUsers;
  lowered = flags & Lowered;
  SmallVector<NodePair> operandFrontier(seeds.begin(), seeds.end());
  SmallVector<NodePair> userFrontier(seeds.begin(), seeds.end());
  bool any = false;
  if (alongOperands && (flags & FromOutputs)) {
    SmallVector<Value> a(source.getOutputs()), b(target.getOutputs());
    auto producersOf = [](const Graph &graph, ArrayRef<Value> values) {
      SmallVector<int> producers;
      for (Value value : values) {
        std::optional<unsigned> producer = graph.getProducer(value);
        producers.push_back(producer ? static_cast<int>(*producer)
                                     : Graph::kNoProducer);
      }
      return producers;
    };
    voteOperands(a, producersOf(source, a), b, producersOf(target, b),
                 operandVotes);
    SmallVector<NodePair> pairs = resolve(operandVotes, nullptr);
    if (made)
      made->add(pairs);
    operandFrontier.append(pairs);
    userFrontier.append(pairs);
    any |= !pairs.empty();
  }
  while (true) {
    SmallVector<NodePair> pairs;
    if (alongOperands && !operandFrontier.empty()) {
      // The pairs come in no particular order, so each row read is a cache
      // miss on large graphs: where the rows start is fetched three steps
      // ahead, the rows of slots and producers two, and the values that the
      // votes compare the types of (those with a free source producer: the
      // others end before a value is read), with the producers' kind rows
      // that compatible() reads, one step ahead.
      constexpr unsigned Ahead = 8;
      for (unsigned i = 0, e = operandFrontier.size(); i < e; ++i) {
        if (i + 3 * Ahead < e) {
          source.prefetchRowStart(operandFrontier[i + 3 * Ahead].first);
          target.prefetchRowStart(operandFrontier[i + 3 * Ahead].second);
        }
        if (i + 2 * Ahead < e) {
          source.prefetchSlotRows(operandFrontier[i + 2 * Ahead].first);
          target.prefetchSlotRows(operandFrontier[i + 2 * Ahead].second);
        }
        if (i + Ahead < e) {
          auto [ps, pt] = operandFrontier[i + Ahead];
          ArrayRef<int> producers = source.getSlotProducers(ps);
          ArrayRef<int> targetProducers = target.getSlotProducers(pt);
          ArrayRef<Value> a = source.getSlots(ps), b = target.getSlots(pt);
          for (unsigned k = 0, n = producers.size(); k < n; ++k)
            if (producers[k] != Graph::kNoProducer &&
                !mapping.isSourceTaken(producers[k])) {
              __builtin_prefetch(a[k].getImpl());
              __builtin_prefetch(&state.sourceKinds[producers[k]]);
              if (k < b.size()) {
                __builtin_prefetch(b[k].getImpl());
                if (targetProducers[k] != Graph::kNoProducer)
                  __builtin_prefetch(&state.targetKinds[targetProducers[k]]);
              }
            }
        }
        auto [s, t] = operandFrontier[i];
        ArrayRef<Value> sourceSlots = source.getSlots(s);
        ArrayRef<Value> targetSlots = target.getSlots(t);
        // An elementwise op and the generic it became: its payload says
        // which input each operand is, or which producer was fused in.
        if (voteThroughPayload(s, t, operandVotes))
          continue;
        // Whether the op was renamed matters only for slots that differ
        // (reading the op is a cache miss on large graphs).
        bool renamed =
            sourceSlots.size() != targetSlots.size() &&
            source.getNode(s)->getName() != target.getNode(t)->getName();
        if (!renamed || !voteInputs(s, t, operandVotes))
          voteOperands(
              sourceSlots, source.getSlotProducers(s), targetSlots,
              target.getSlotProducers(t), operandVotes,
              state.sourceCommutative[s],
              renamed && (isa<DestinationStyleOpInterface>(source.getNode(s)) ||
                          isa<DestinationStyleOpInterface>(target.getNode(t))));
        voteThroughFusion(s, t, operandVotes);
        if (sourceSlots.size() != targetSlots.size())
          voteInits(s, t, operandVotes);
      }
      operandFrontier.clear();
      pairs = resolve(operandVotes, nullptr);
    } else if (alongUsers && !userFrontier.empty()) {
      // The same for the rows of uses.
      constexpr unsigned Ahead = 8;
      for (unsigned i = 0, e = userFrontier.size(); i < e; ++i) {
        if (i + 2 * Ahead < e) {
          source.prefetchUseRowStart(userFrontier[i + 2 * Ahead].first);
          target.prefetchUseRowStart(userFrontier[i + 2 * Ahead].second);
        }
        if (i + Ahead < e) {
          source.prefetchUseRow(userFrontier[i + Ahead].first);
          target.prefetchUseRow(userFrontier[i + Ahead].second);
        }
        voteUsers(userFrontier[i].first, userFrontier[i].second, userVotes);
      }
      userFrontier.clear();
      pairs = resolve(userVotes, &operandVotes);
    } else {
      break;
    }
    any |= !pairs.empty();
    if (made)
      made->add(pairs);
    if (alongOperands)
      operandFrontier.append(pairs);
    if (alongUsers)
      userFrontier.append(pairs);
  }
  auto settled = [&](bool isSource, unsigned node) {
    return isSource ? settledSources.contains(node)
                    : settledTargets.contains(node);
  };
  operandVotes.markConflicts(mapping, settled);
  userVotes.markConflicts(mapping, settled);
  return any;
}

bool graphdiff::propagate(StructuralState &state, ArrayRef<NodePair> seeds,
                          unsigned flags, PairFilter compatible,
                          MadePairs *made) {
  return Propagation(state, compatible).run(seeds, flags, made);
}
