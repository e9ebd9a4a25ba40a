//===- ThroughPayload.cpp - Votes through a generic's payload -------------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Differ/Votes/ThroughPayload.h"

#include "GraphDiff/Differ/Votes/AlongOperands.h"
#include "GraphDiff/Graph/Graph.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/Operation.h"

using namespace mlir;
using namespace graphdiff;

namespace {

/// The payload of an elementwise `linalg.generic`, as the rule reads it.
struct Payload {
  explicit Payload(linalg::GenericOp generic)
      : generic(generic), body(generic.getBody()),
        numInputs(generic.getNumDpsInputs()) {}

  /// The op of the payload that makes `value`, if any.
  Operation *opOf(Value value) const {
    Operation *def = value.getDefiningOp();
    return def && def->getBlock() == body ? def : nullptr;
  }
  /// Whether payload op `y` is what source op `x` became: the same name and
  /// as many operands (its operands are scalars, the source op's tensors).
  static bool corresponds(Operation *x, Operation *y) {
    return y && x->getName() == y->getName() &&
           x->getNumOperands() == y->getNumOperands() &&
           y->getNumResults() == 1;
  }
  /// Whether a payload operand is a constant: made by one, or a block
  /// argument for an input that is (a splat read as an input or as a
  /// scalar).
  bool isConstant(Value value) const {
    if (auto argument = dyn_cast<BlockArgument>(value))
      return argument.getOwner() == body &&
             argument.getArgNumber() < numInputs &&
             isConstantValue(generic->getOperand(argument.getArgNumber()));
    return isConstantValue(value);
  }
  /// The input of the generic that payload operand `value` reads, if it is
  /// an input's block argument (an init is what it writes, not a value the
  /// source op read).
  Value inputOf(BlockArgument argument) const {
    if (argument.getOwner() != body || argument.getArgNumber() >= numInputs)
      return nullptr;
    return generic->getOperand(argument.getArgNumber());
  }
  /// Sets `order` so that operand k of source op `x` is operand order[k] of
  /// payload op `y`. Fusion clones the ops in order, but a commutative op
  /// may have had its constants moved last: constants then go to constants
  /// and the rest to the rest, in order. Returns false if they cannot.
  bool operandOrder(Operation *x, Operation *y,
                    SmallVectorImpl<unsigned> &order) const {
    unsigned n = x->getNumOperands();
    for (unsigned k = 0; k < n; ++k)
      order.push_back(k);
    if (!x->hasTrait<OpTrait::IsCommutative>() ||
        llvm::none_of(order, [&](unsigned k) {
          return isConstantValue(x->getOperand(k)) !=
                 isConstant(y->getOperand(k));
        }))
      return true;
    SmallVector<unsigned, 4> constants[2];
    for (unsigned k = 0; k < n; ++k)
      constants[isConstant(y->getOperand(k))].push_back(k);
    unsigned used[2] = {0, 0};
    for (unsigned k = 0; k < n; ++k) {
      bool constant = isConstantValue(x->getOperand(k));
      if (used[constant] == constants[constant].size())
        return false;
      order[k] = constants[constant][used[constant]++];
    }
    return true;
  }

  linalg::GenericOp generic;
  Block *body;
  unsigned numInputs;
};

int producerOf(const Graph &graph, Value value) {
  std::optional<unsigned> producer = graph.getProducer(value);
  return producer ? static_cast<int>(*producer) : Graph::kNoProducer;
}

} // namespace

bool graphdiff::voteThroughPayload(VoteContext &context, unsigned s, unsigned t,
                                   Votes &votes) {
  const Graph &source = context.source;
  const Graph &target = context.target;
  StructuralState &state = context.state;
  if (!state.sourceElementwise[s] || !state.targetPayload.count(t))
    return false;
  auto generic = dyn_cast<linalg::GenericOp>(target.getNode(t));
  Operation *op = source.getNode(s);
  if (!generic || generic->getNumResults() != 1 || op->getNumResults() != 1)
    return false;
  Payload payload(generic);
  Operation *sink = payload.opOf(payload.body->getTerminator()->getOperand(0));
  if (!Payload::corresponds(op, sink))
    return false;
  SmallVector<Value, 8> a, b;
  SmallVector<int, 8> pa, pb;
  // (source op, payload op) pairs, from the sink up through the fused
  // producers, bounded.
  constexpr unsigned maxOps = 16;
  SmallVector<std::pair<Operation *, Operation *>, 8> work{{op, sink}};
  for (unsigned next = 0; next < work.size(); ++next) {
    Operation *x = work[next].first, *y = work[next].second;
    SmallVector<unsigned, 4> order;
    if (!payload.operandOrder(x, y, order))
      return false;
    for (unsigned k = 0, n = x->getNumOperands(); k < n; ++k) {
      Value from = x->getOperand(k), to = y->getOperand(order[k]);
      if (auto argument = dyn_cast<BlockArgument>(to)) {
        if (Value input = payload.inputOf(argument)) {
          a.push_back(from);
          pa.push_back(producerOf(source, from));
          b.push_back(input);
          pb.push_back(producerOf(target, input));
        }
        continue;
      }
      // Computed in the payload: a producer fused into `t`, if the source
      // value is made by a free elementwise op of the payload op's name.
      // (A constant the payload makes or captures is a splat made scalar.)
      Operation *def = payload.opOf(to);
      std::optional<unsigned> producer = source.getProducer(from);
      if (!def || def->hasTrait<OpTrait::ConstantLike>() || !producer ||
          context.mapping.isSourceTaken(*producer) ||
          !state.sourceElementwise[*producer] || work.size() == maxOps)
        continue;
      Operation *fused = source.getNode(*producer);
      if (Payload::corresponds(fused, def) &&
          llvm::none_of(work,
                        [&](auto &entry) { return entry.first == fused; }))
        work.push_back({fused, def});
    }
  }
  voteSlotBySlot(context, a, pa, b, pb, votes);
  return true;
}
