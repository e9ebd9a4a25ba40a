//===- AlongOperands.cpp - Votes for producers slot by slot ---------------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Differ/Votes/AlongOperands.h"

#include "GraphDiff/Differ/Stages/Stages.h"
#include "GraphDiff/Graph/Graph.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Operation.h"
#include "mlir/Interfaces/DestinationStyleOpInterface.h"

using namespace mlir;
using namespace graphdiff;

namespace {

/// Slot lists of different lengths. An op rewritten one to one into a
/// destination-style op may read a value twice where it read it once
/// (`arith.addf %a, %b` -> `linalg.generic ins(%a, %b) outs(%a)`): if the
/// op changed name (`renamed`, which the caller sets only when one of the
/// two is destination-style) and the lists agree once each value is kept at
/// its first slot, those slots correspond. Between two other ops it is a
/// fusion that happens to read a value twice (`arith.addf %m, %c` and the
/// `math.fma %x, %x, %c` it became with `%m = arith.mulf %x, %x`): voting
/// `%m` for `%x`'s producer paired the wrong ops.
void voteUnequalSlots(VoteContext &context, ArrayRef<Value> sourceSlots,
                      ArrayRef<int> sourceProducers,
                      ArrayRef<Value> targetSlots,
                      ArrayRef<int> targetProducers, Votes &votes,
                      bool commutative, bool renamed) {
  if (!renamed)
    return;
  // Across a lowering, the slots that read constants aside.
  if (context.lowered) {
    SmallVector<Value, 8> a, b;
    SmallVector<int, 8> pa, pb;
    auto variable = [&](bool isSource, ArrayRef<Value> slots,
                        ArrayRef<int> producers, SmallVectorImpl<Value> &values,
                        SmallVectorImpl<int> &valueProducers) {
      for (auto [value, producer] : llvm::zip(slots, producers)) {
        if (!context.isConstantSlot(isSource, value, producer)) {
          values.push_back(value);
          valueProducers.push_back(producer);
        }
      }
    };
    variable(true, sourceSlots, sourceProducers, a, pa);
    variable(false, targetSlots, targetProducers, b, pb);
    if (!a.empty() && a.size() == b.size() &&
        (a.size() != sourceSlots.size() || b.size() != targetSlots.size())) {
      voteSlotBySlot(context, a, pa, b, pb, votes, commutative);
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
  voteSlotBySlot(context, a, pa, b, pb, votes, commutative);
}

/// A commutative source op's operands may come in another order (a rewrite
/// puts constants last): the slots whose images are known say which
/// corresponds to which; the rest go in order to a slot of the same
/// constness (canonicalization sorts a commutative op's constant operands
/// after the others), else in order. Returns false if the order was kept;
/// else fills `permuted` and `permutedProducers` with the target slots in
/// the order of the source slots they correspond to.
bool alignCommutative(VoteContext &context, ArrayRef<Value> sourceSlots,
                      ArrayRef<int> sourceProducers,
                      ArrayRef<Value> targetSlots,
                      ArrayRef<int> targetProducers,
                      SmallVectorImpl<Value> &permuted,
                      SmallVectorImpl<int> &permutedProducers) {
  const Graph &source = context.source;
  const Graph &target = context.target;
  NodeMapping &mapping = context.mapping;
  unsigned n = sourceSlots.size();
  SmallVector<int, 8> of(n, -1); // source slot -> target slot
  SmallVector<bool, 8> used(n, false);
  // The image of a slot from its producer's partner (no lookup of the
  // producer: the slot producers are at hand).
  auto imageOf = [&](unsigned j) -> Value {
    int t = targetProducers[j];
    if (t == Graph::kNoProducer)
      return getSourceImage(context.state, targetSlots[j]);
    std::optional<unsigned> s = mapping.getSource(t);
    if (!s)
      return nullptr;
    unsigned k = cast<OpResult>(targetSlots[j]).getResultNumber();
    if (k >= source.getNode(*s)->getNumResults())
      return nullptr;
    return source.getNode(*s)->getResult(k);
  };
  // Whether slot j reads the first result of the partner of the node whose
  // first result source slot j reads: then that is its image, known without
  // reading the values or ops (a node's first result sits at a fixed place
  // before the op, and the slot producers are at hand).
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
    kept &= images.back() ? images.back() == sourceSlots[j]
                          : context.isConstantSlot(true, sourceSlots[j],
                                                   sourceProducers[j]) ==
                                context.isConstantSlot(false, targetSlots[j],
                                                       targetProducers[j]);
  }
  if (kept)
    return false;
  for (unsigned j = 0; j < n; ++j)
    if (Value image = images[j])
      for (unsigned i = 0; i < n; ++i)
        if (of[i] < 0 && sourceSlots[i] == image) {
          of[i] = j;
          used[j] = true;
          break;
        }
  // Slots of the same constness first, then whatever is left, in order.
  SmallVector<bool, 8> sourceConstant, targetConstant;
  for (unsigned j = 0; j < n; ++j) {
    sourceConstant.push_back(
        context.isConstantSlot(true, sourceSlots[j], sourceProducers[j]));
    targetConstant.push_back(
        context.isConstantSlot(false, targetSlots[j], targetProducers[j]));
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
  return true;
}

/// Same number of slots: slot by slot, free producers of the same result
/// number and type.
void voteEqualSlots(VoteContext &context, ArrayRef<Value> sourceSlots,
                    ArrayRef<int> sourceProducers, ArrayRef<Value> targetSlots,
                    ArrayRef<int> targetProducers, Votes &votes) {
  const Graph &target = context.target;
  NodeMapping &mapping = context.mapping;
  for (unsigned k = 0, e = sourceSlots.size(); k < e; ++k) {
    int s = sourceProducers[k], t = targetProducers[k];
    Value a = sourceSlots[k], b = targetSlots[k];
    // Reshapes the target added around a rewritten op (unit dimensions
    // folded: the op's operands collapsed, its result expanded, a padded
    // value sliced down and back) stand between the two producers: look
    // through them, to a value of as many elements. A chain of reshapes is
    // one reshape.
    // (Taken producers first: they end most slots without reading an op.)
    if (s == Graph::kNoProducer || t == Graph::kNoProducer ||
        mapping.isSourceTaken(s))
      continue;
    // They are looked through where the reshape itself may not be the
    // source producer's image, or where the op behind them is the same op
    // (a pad the fold rewrote between slices pairs with the new pad, not
    // with the slice that reshapes its result).
    bool through = false;
    if (!mapping.isTargetTaken(t) && context.isReshapeNode(false, t) &&
        !context.isReshapeNode(true, s)) {
      auto to = dyn_cast<ShapedType>(a.getType());
      Value behind = b;
      int producerBehind = t;
      constexpr unsigned maxChain = 4;
      for (unsigned k = 0;
           k < maxChain && !mapping.isTargetTaken(producerBehind) &&
           context.isReshapeNode(false, producerBehind);
           ++k) {
        Value above = target.getNode(producerBehind)->getOperand(0);
        auto from = dyn_cast<ShapedType>(above.getType());
        std::optional<unsigned> producer = target.getProducer(above);
        if (!producer || !from || !to || !from.hasStaticShape() ||
            !to.hasStaticShape() ||
            from.getNumElements() != to.getNumElements() ||
            from.getElementType() != to.getElementType())
          break;
        behind = above;
        producerBehind = static_cast<int>(*producer);
      }
      auto nameOf = [&](bool isSource, unsigned node) {
        return (isSource ? context.state.sourceKinds
                         : context.state.targetKinds)[node]
            .name;
      };
      if (producerBehind != t &&
          (!context.compatible(s, t) ||
           nameOf(false, producerBehind) == nameOf(true, s))) {
        b = behind;
        t = producerBehind;
        through = true;
      }
    }
    if (!context.state.isFree(s, t))
      continue;
    // Across a lowering, a reshape of a node paired with another source node
    // stands for that node's value.
    if (context.lowered && !through && context.isReshapeNode(false, t))
      if (std::optional<unsigned> above =
              target.getProducer(target.getNode(t)->getOperand(0)))
        if (std::optional<unsigned> image = mapping.getSource(*above);
            image && *image != static_cast<unsigned>(s))
          continue;
    if ((!through && a.getType() != b.getType() &&
         !(context.lowered && sameModuloUnitDims(a.getType(), b.getType()))) ||
        cast<OpResult>(a).getResultNumber() !=
            cast<OpResult>(b).getResultNumber() ||
        !context.compatible(s, t))
      continue;
    context.cast(votes, s, t);
  }
}

} // namespace

void graphdiff::voteSlotBySlot(VoteContext &context,
                               ArrayRef<Value> sourceSlots,
                               ArrayRef<int> sourceProducers,
                               ArrayRef<Value> targetSlots,
                               ArrayRef<int> targetProducers, Votes &votes,
                               bool commutative, bool renamed) {
  // Votes go only to free source producers. In the propagations seeded with
  // every pair, most pairs have none left: then nothing below can vote
  // (whatever the slots' order), and the ops need not be read at all.
  if (llvm::all_of(sourceProducers, [&](int s) {
        return s == Graph::kNoProducer || context.mapping.isSourceTaken(s);
      }))
    return;
  // Different slots: a fused op reads its producers' inputs too, so slot
  // positions say nothing; voteThroughFusedChain looks at them instead. But a
  // renamed op may read a value twice where it read it once.
  if (sourceSlots.size() != targetSlots.size()) {
    voteUnequalSlots(context, sourceSlots, sourceProducers, targetSlots,
                     targetProducers, votes, commutative, renamed);
    return;
  }
  SmallVector<Value, 8> permuted;
  SmallVector<int, 8> permutedProducers;
  if (commutative && sourceSlots.size() > 1 &&
      alignCommutative(context, sourceSlots, sourceProducers, targetSlots,
                       targetProducers, permuted, permutedProducers)) {
    targetSlots = permuted;
    targetProducers = permutedProducers;
  }
  voteEqualSlots(context, sourceSlots, sourceProducers, targetSlots,
                 targetProducers, votes);
}

void graphdiff::voteAlongOperands(VoteContext &context, unsigned s, unsigned t,
                                  Votes &votes) {
  const Graph &source = context.source;
  const Graph &target = context.target;
  ArrayRef<Value> sourceSlots = source.getSlots(s);
  ArrayRef<Value> targetSlots = target.getSlots(t);
  // Whether the op was renamed matters only for slots that differ (reading
  // the op is a cache miss on large graphs).
  bool renamed = sourceSlots.size() != targetSlots.size() &&
                 source.getNode(s)->getName() != target.getNode(t)->getName();
  voteSlotBySlot(
      context, sourceSlots, source.getSlotProducers(s), targetSlots,
      target.getSlotProducers(t), votes, context.state.sourceCommutative[s],
      renamed && (isa<DestinationStyleOpInterface>(source.getNode(s)) ||
                  isa<DestinationStyleOpInterface>(target.getNode(t))));
}
