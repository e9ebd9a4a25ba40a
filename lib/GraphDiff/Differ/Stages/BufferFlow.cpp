//===- BufferFlow.cpp - Pairs across bufferization ------------------------===//
//
// Part of graph-diff.
//
// After bufferization an op writes its result into a buffer instead of
// returning it: `%y = linalg.generic ins(%x) outs(%e) -> tensor` becomes
// `linalg.generic ins(%a) outs(%b)` on memrefs, with no result, and the next
// op reads `%b`. SSA edges then lead from every op to the buffer's
// `memref.alloc` rather than to the op that wrote it, so the other stages
// find no structure to follow, and the result types they compare differ
// (tensor against memref). This stage follows the data instead: a slot that
// reads a buffer reads what the last node before it wrote there, and the
// `bufferization.to_tensor` / `to_buffer` conversions at the edges are looked
// through. From the outputs, pairs then grow slot by slot between an op and
// its buffer form (the same op, `tensor.empty` and `memref.alloc`, a tensor
// constant and `memref.get_global`, ...).
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Differ/Stages/Stages.h"

#include "LoopNests.h"

#include "GraphDiff/Differ/NodeMapping.h"
#include "GraphDiff/Graph/Graph.h"
#include "GraphDiff/Graph/MemoryEdges.h"
#include "GraphDiff/Graph/Reshape.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/MapVector.h"

using namespace mlir;
using namespace graphdiff;

namespace {
/// What each slot of each node reads once data through buffers is followed.
struct FlowView {
  /// Per node, per slot: the node whose result the slot reads or, for a
  /// buffer the node does not only write, the last node before it that wrote
  /// the buffer if that came after the node that made the value read (else that
  /// node); -1 for a graph input or a value from outside.
  std::vector<SmallVector<int, 4>> producers;
  /// Per graph output: the node that makes it, in the same sense.
  SmallVector<int> outputs;
};
} // namespace

static bool isMemRef(Value value) {
  return isa<BaseMemRefType>(value.getType());
}

/// A conversion between a tensor and a buffer, which data passes unchanged.
static bool isConversion(Operation *op) {
  StringRef name = op->getName().getStringRef();
  return name == "bufferization.to_tensor" || name == "bufferization.to_buffer";
}

/// Whether `op` writes buffer `value` (one of its operands) without reading
/// it (`linalg.fill`'s `outs`, a generic's `outs` its body does not read):
/// what was there before does not flow into it.
static bool onlyWrites(Operation *op, Value value) {
  auto effects = dyn_cast<MemoryEffectOpInterface>(op);
  if (!effects)
    return false;
  SmallVector<MemoryEffects::EffectInstance> list;
  effects.getEffects(list);
  bool writes = false, reads = false;
  for (const MemoryEffects::EffectInstance &effect : list)
    if (effect.getValue() == value) {
      writes |= isa<MemoryEffects::Write>(effect.getEffect());
      reads |= isa<MemoryEffects::Read>(effect.getEffect());
    }
  return writes && !reads;
}

static FlowView computeFlow(const Graph &graph) {
  FlowView view;
  view.producers.resize(graph.size());
  // For a conversion node: the node it passes on (-1: none), else -2.
  std::vector<int> passes(graph.size(), -2);
  auto through = [&](int node) {
    return node >= 0 && passes[node] != -2 ? passes[node] : node;
  };
  llvm::DenseMap<Value, unsigned> lastWriter;
  for (unsigned n = 0; n < graph.size(); ++n) {
    ArrayRef<Value> slots = graph.getSlots(n);
    ArrayRef<int> ssa = graph.getSlotProducers(n);
    SmallVector<int, 4> &out = view.producers[n];
    bool touchesBuffers = false;
    for (auto [value, producer] : llvm::zip(slots, ssa)) {
      int flow = producer;
      if (isMemRef(value)) {
        touchesBuffers = true;
        // The last write, if it came after the value was made: a view made
        // after the write (`memref.collapse_shape`) stands between, as its
        // tensor form does before bufferization.
        auto it = lastWriter.find(getViewedBuffer(value));
        if (it != lastWriter.end() && it->second != n &&
            static_cast<int>(it->second) > producer &&
            !onlyWrites(graph.getNode(n), value))
          flow = it->second;
      }
      out.push_back(through(flow));
    }
    Operation *op = graph.getNode(n);
    if (isConversion(op))
      passes[n] = out.empty() ? -1 : out.front();
    if (touchesBuffers) {
      for (Value buffer : getWrittenBuffers(op))
        lastWriter[buffer] = n;
    }
  }
  // A buffer the graph returns (a function bufferized with its boundaries)
  // holds what was last written there, as a slot that reads it does.
  for (Value output : graph.getOutputs()) {
    std::optional<unsigned> producer = graph.getProducer(output);
    int flow = producer ? static_cast<int>(*producer) : -1;
    if (isMemRef(output)) {
      auto it = lastWriter.find(getViewedBuffer(output));
      if (it != lastWriter.end() && static_cast<int>(it->second) > flow)
        flow = it->second;
    }
    view.outputs.push_back(through(flow));
  }
  return view;
}

/// The shape and element type of a shaped type, or nothing.
static std::optional<std::pair<ArrayRef<int64_t>, Type>> shapeOf(Type type) {
  auto shaped = dyn_cast<ShapedType>(type);
  if (!shaped || !shaped.hasRank())
    return std::nullopt;
  return std::make_pair(shaped.getShape(), shaped.getElementType());
}

/// Whether `b` may be `a` after bufferization (or before): the same op, or a
/// tensor op and its buffer form, with results of the same shape.
static bool bufferForms(Operation *a, Operation *b) {
  StringRef x = a->getName().getStringRef(), y = b->getName().getStringRef();
  static constexpr std::pair<StringLiteral, StringLiteral> forms[] = {
      {"tensor.empty", "memref.alloc"},
      {"bufferization.alloc_tensor", "memref.alloc"},
      {"arith.constant", "memref.get_global"},
      {"tensor.collapse_shape", "memref.collapse_shape"},
      {"tensor.expand_shape", "memref.expand_shape"},
      {"tensor.extract_slice", "memref.subview"},
      {"tensor.cast", "memref.cast"},
      // A slice written into a larger tensor (a concatenation) is a copy
      // into a view of the larger buffer; a padded tensor, a copy into the
      // middle of a buffer filled with the padding value.
      {"tensor.insert_slice", "memref.copy"},
      {"tensor.pad", "memref.copy"},
  };
  bool related = x == y;
  for (auto [tensorForm, bufferForm] : forms)
    related |= (x == tensorForm && y == bufferForm) ||
               (x == bufferForm && y == tensorForm);
  // A reshape of a constant folds into a constant of its shape, which
  // becomes a global.
  auto foldsToConstant = [](Operation *op) {
    return op->getNumOperands() != 0 && isConstantValue(op->getOperand(0)) &&
           isPureReshape(op);
  };
  related |= (y == "memref.get_global" && foldsToConstant(a)) ||
             (x == "memref.get_global" && foldsToConstant(b));
  if (!related)
    return false;
  // Results, where both have them, of the same shape: a scalar constant
  // stays a constant; a tensor one becomes a global of its shape.
  if (a->getNumResults() != 0 && b->getNumResults() != 0) {
    auto p = shapeOf(a->getResult(0).getType());
    auto q = shapeOf(b->getResult(0).getType());
    if (a->getNumResults() != b->getNumResults() || bool(p) != bool(q) ||
        (p && *p != *q) || (!p && a->getResultTypes() != b->getResultTypes()))
      return false;
  }
  return true;
}

/// Whether `value` is an init of linalg op `op` that its payload does not
/// read (a `tensor.empty` the op fills): it holds no data the op reads.
static bool isOnlyWrittenInit(Operation *op, Value value) {
  auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
  return linalgOp &&
         llvm::any_of(linalgOp.getDpsInitsMutable(), [&](OpOperand &init) {
           return init.get() == value &&
                  !linalgOp.payloadUsesValueFromOperand(&init);
         });
}

/// Moves the values of `data` that every one of `nodes` reading them only
/// writes to the end, in order: the data read first then meets the buffers a
/// loop nest reads, in place or not.
static void placeWrittenLast(SmallVectorImpl<std::pair<Value, int>> &data,
                             ArrayRef<unsigned> nodes, const Graph &graph) {
  auto written = [&](const std::pair<Value, int> &entry) {
    bool readerSeen = false, onlyWritten = true;
    for (unsigned node : nodes)
      if (llvm::is_contained(graph.getSlots(node), entry.first)) {
        readerSeen = true;
        onlyWritten &= isOnlyWrittenInit(graph.getNode(node), entry.first);
      }
    return readerSeen && onlyWritten;
  };
  std::stable_partition(data.begin(), data.end(),
                        [&](const auto &entry) { return !written(entry); });
}

/// The buffers `node` reads, each once, in the order of its slots, with
/// the producer of each: `ins(%a, %b) outs(%a)` reads %a and %b, as a loop
/// nest that loads both and stores into %a captures them. A node that reads
/// no buffer (an op on tensors), its ranked tensors the same way: what
/// their buffers will hold.
static SmallVector<std::pair<Value, int>, 4>
bufferProducers(const Graph &graph, const FlowView &flow, unsigned node) {
  SmallVector<std::pair<Value, int>, 4> buffers;
  auto collect = [&](auto isData) {
    for (auto [value, producer] :
         llvm::zip(graph.getSlots(node), flow.producers[node]))
      if (isData(value) && llvm::none_of(buffers, [&](const auto &buffer) {
            return buffer.first == value;
          }))
        buffers.push_back({value, producer});
  };
  collect(isMemRef);
  if (!buffers.empty())
    return buffers;
  collect([](Value value) { return isa<RankedTensorType>(value.getType()); });
  placeWrittenLast(buffers, {node}, graph);
  return buffers;
}

/// Whether data of type `x` on one side may be data of type `y` on the other:
/// the same type, or a tensor and a buffer of its shape and element type.
static bool sameData(Type x, Type y) {
  if (x == y)
    return true;
  if (isa<RankedTensorType>(x) == isa<RankedTensorType>(y))
    return false;
  Type p = asPlainBuffer(x);
  return p && p == asPlainBuffer(y);
}

namespace {
/// One run of pairAcrossBuffers: pairs grown breadth first from the pairs
/// made so far and the outputs.
class BufferPairing {
public:
  explicit BufferPairing(StructuralState &state)
      : state(state), source(computeFlow(state.source)),
        target(computeFlow(state.target)), worklist(state.allPairs()) {}

  SmallVector<NodePair> run();

private:
  /// Pairs `s` and `t` if they may be one op before and after; returns
  /// whether `s` is settled: paired now, or taken before.
  bool tryPair(int s, int t);
  /// For an op on tensors `s` and a loop nest `t` writing buffers of its
  /// results' shapes: `s` and the free producers fused into it (elementwise
  /// fusion before bufferization), in that order, whose payloads together
  /// compute what the loop nest computes (computeOps); empty if there are
  /// none.
  SmallVector<unsigned, 4> fusedChain(unsigned s, unsigned t) const;
  /// Pairs the producers of the data `s` and `t` read, slot by slot.
  void pairProducers(unsigned s, unsigned t);
  /// Pairs producer `p` of source reader `s` with `q`, as tryPair does, but
  /// holds a shared blank (isSharedBlank) that may be `q` back: its pair is
  /// chosen once the walk is done (pairSharedBlanks). Returns whether `p` is
  /// settled or held.
  bool pairProducer(int p, int q, unsigned s);
  /// Whether source node `p` makes a value that several nodes read, each
  /// only as an init it overwrites (one `tensor.empty` that several ops
  /// fill): bufferization gives the blank a buffer where it stands, and a
  /// reader whose write would clobber data still live a buffer of its own,
  /// made at that reader. Which reader the walk reaches first says nothing
  /// of which buffer is the blank's.
  bool isSharedBlank(int p) const;
  /// Pairs each held shared blank with the first of its readers' buffers in
  /// the target's order that is free: a buffer made for a reader comes after
  /// the blank's own.
  void pairSharedBlanks();
  /// The data source node `s` reads (bufferProducers), or, for the sink of
  /// a fused chain, what the chain reads from outside it.
  SmallVector<std::pair<Value, int>, 4> sourceData(unsigned s) const;
  /// A view the other side has no counterpart for (the `memref.subview` a
  /// copy writes into) is looked through, to what its buffer holds.
  static int throughView(const Graph &graph, const FlowView &flow, int node) {
    if (node >= 0 && isa<ViewLikeOpInterface>(graph.getNode(node)) &&
        !flow.producers[node].empty())
      return flow.producers[node].front();
    return -1;
  }

  StructuralState &state;
  FlowView source, target;
  SmallVector<NodePair> worklist, pairs;
  /// The sink of each fused chain paired with a loop nest -> its members.
  llvm::DenseMap<unsigned, SmallVector<unsigned, 4>> chains;
  /// Each held shared blank -> (its reader, the target node that reader's
  /// counterpart reads in its place), in the order they were seen.
  llvm::MapVector<unsigned, SmallVector<std::pair<unsigned, unsigned>, 2>>
      heldBlanks;
};
} // namespace

SmallVector<unsigned, 4> BufferPairing::fusedChain(unsigned s,
                                                   unsigned t) const {
  constexpr unsigned maxChain = 4;
  SmallVector<StringRef> goal = computeOps(state.target.getNode(t));
  SmallVector<unsigned, 4> chain{s};
  SmallVector<StringRef> have = computeOps(state.source.getNode(s));
  auto isMember = [&](unsigned node) {
    return llvm::is_contained(chain, node);
  };
  // The free producers of the members, in slot order, that only the chain
  // reads.
  auto candidates = [&] {
    SmallVector<unsigned, 4> found;
    for (unsigned member : chain)
      for (int p : state.source.getSlotProducers(member))
        if (p != Graph::kNoProducer && !isMember(p) &&
            !llvm::is_contained(found, static_cast<unsigned>(p)) &&
            !state.mapping.isSourceTaken(p) &&
            makesTensors(state.source.getNode(p)) &&
            llvm::all_of(state.source.getUses(p), [&](const Graph::Use &use) {
              return isMember(use.user);
            }))
          found.push_back(p);
    return found;
  };
  auto coverage = [&](ArrayRef<StringRef> ops) {
    return llvm::count_if(
        goal, [&](StringRef name) { return llvm::is_contained(ops, name); });
  };
  // The loop nest computes nothing the chain does not, and something
  // exactly when the chain does. The chain may compute more (the
  // canonicalizer folds away what constants make trivial); in a nest of
  // four kinds of ops or more, one kind may be new (it rewrites a division
  // by a square root into a product with the reciprocal square root).
  auto covered = [&](ArrayRef<StringRef> ops) {
    size_t missing = goal.size() - coverage(ops);
    return ops.empty() == goal.empty() &&
           (missing == 0 || (missing == 1 && goal.size() >= 4));
  };
  while (!covered(have) && chain.size() < maxChain) {
    // First a producer whose payload brings ops the loop nest computes;
    // else a reshape between the chain and such a producer (the fusion
    // folds it away).
    std::optional<unsigned> next;
    SmallVector<StringRef> grown;
    SmallVector<unsigned, 4> found = candidates();
    for (unsigned p : found) {
      SmallVector<StringRef> ops = computeOps(state.source.getNode(p));
      SmallVector<StringRef> both = have;
      both.append(ops.begin(), ops.end());
      llvm::sort(both);
      both.erase(std::unique(both.begin(), both.end()), both.end());
      if (coverage(both) > coverage(have)) {
        next = p;
        grown = std::move(both);
        break;
      }
    }
    // Else a producer that computes only ops the nest computes (a clamp's
    // second half), or a reshape, between the chain and such a producer.
    if (!next) {
      for (unsigned p : found) {
        SmallVector<StringRef> ops = computeOps(state.source.getNode(p));
        if ((!ops.empty() && llvm::includes(goal, ops)) ||
            isPureReshape(state.source.getNode(p))) {
          next = p;
          grown = have;
          break;
        }
      }
    }
    if (!next)
      return {};
    chain.push_back(*next);
    have = std::move(grown);
  }
  if (!covered(have))
    return {};
  // Elementwise fusion takes every producer it can fuse that only the chain
  // reads, not only those the nest needed to be covered: the other branch
  // of a residual add computes ops the nest already has (a producer that
  // computes none of the nest's ops is not one the nest took in).
  while (chain.size() < maxChain) {
    SmallVector<unsigned, 4> found = candidates();
    auto fused = llvm::find_if(found, [&](unsigned p) {
      SmallVector<StringRef> ops = computeOps(state.source.getNode(p));
      return coverage(ops) > 0 && fusesElementwise(state.source, p, chain);
    });
    if (fused == found.end())
      break;
    chain.push_back(*fused);
  }
  return chain;
}

bool BufferPairing::tryPair(int s, int t) {
  if (s < 0 || t < 0)
    return false;
  Operation *a = state.source.getNode(s), *b = state.target.getNode(t);
  SmallVector<unsigned, 4> chain;
  if (!bufferForms(a, b) && !loopNestForms(a, b)) {
    if (int u = throughView(state.target, target, t); u >= 0)
      t = u;
    else if (int u = throughView(state.source, source, s); u >= 0)
      s = u;
    else
      return false;
    if (s < 0 || t < 0 ||
        !bufferForms(state.source.getNode(s), state.target.getNode(t)))
      return false;
  } else if (makesTensors(a) && isa<LoopLikeOpInterface>(b)) {
    // An op on tensors and a loop nest: only if the nest runs the op's
    // loops (fusion keeps the sink's), where both are known, and computes
    // what the op (with what was fused into it) computes.
    // (The number of iterations: fusing through a reshape splits a loop.)
    std::optional<SmallVector<int64_t>> x = linalgTrips(a), y = loopTrips(b);
    auto product = [](ArrayRef<int64_t> trips) {
      uint64_t total = 1;
      for (int64_t trip : trips)
        total = llvm::SaturatingMultiply(total, static_cast<uint64_t>(trip));
      return total;
    };
    if (x && y && product(*x) != product(*y))
      return false;
    chain = fusedChain(s, t);
    if (chain.empty())
      return false;
  }
  if (!state.isFree(s, t))
    return state.mapping.isSourceTaken(s);
  state.pair(s, t);
  pairs.push_back({s, t});
  worklist.push_back({s, t});
  if (chain.size() > 1)
    chains[s] = std::move(chain);
  return true;
}

SmallVector<std::pair<Value, int>, 4>
BufferPairing::sourceData(unsigned s) const {
  auto it = chains.find(s);
  if (it == chains.end())
    return bufferProducers(state.source, source, s);
  ArrayRef<unsigned> chain = it->second;
  SmallVector<std::pair<Value, int>, 4> data;
  for (unsigned member : chain)
    for (auto [value, producer] : bufferProducers(state.source, source, member))
      if ((producer < 0 ||
           !llvm::is_contained(chain, static_cast<unsigned>(producer))) &&
          llvm::none_of(data,
                        [&](const auto &seen) { return seen.first == value; }))
        data.push_back({value, producer});
  placeWrittenLast(data, chain, state.source);
  return data;
}

void BufferPairing::pairProducers(unsigned s, unsigned t) {
  ArrayRef<int> a = source.producers[s], b = target.producers[t];
  Operation *op = state.source.getNode(s), *other = state.target.getNode(t);
  bool tensorsToLoop = makesTensors(op) && isa<LoopLikeOpInterface>(other);
  // An op and the loop nest it became, or a loop and its form in another
  // dialect: the slots (a nest's bounds, then what its body captures) never
  // correspond slot by slot, even where they are as many.
  bool acrossLoops =
      (isa<LoopLikeOpInterface>(op) || isa<LoopLikeOpInterface>(other)) &&
      op->getName() != other->getName();
  if (a.size() == b.size() && !acrossLoops) {
    for (auto [p, q] : llvm::zip(a, b))
      pairProducer(p, q, s);
    return;
  }
  // A loop nest reads its bounds and what its body captures, and a buffer
  // the op reads for its shape only (a pooling window) is not captured:
  // the buffers still correspond, each with the first one of its type
  // left on the other side, in the order they are first read.
  SmallVector<std::pair<Value, int>, 4> x = sourceData(s);
  SmallVector<std::pair<Value, int>, 4> y =
      bufferProducers(state.target, target, t);
  SmallVector<bool, 4> used(y.size(), false);
  SmallVector<std::pair<Value, int>, 4> unmatched;
  // Each with the first one of its type left on the other side; from an
  // op on tensors to a loop nest, the first one that pairs (several
  // buffers of one shape are common there, and tryPair checks what each
  // loop nest computes).
  auto match = [&](Value value, int p) {
    for (auto [k, other] : llvm::enumerate(y)) {
      if (used[k] || !sameData(other.first.getType(), value.getType()))
        continue;
      if (pairProducer(p, other.second, s) || !tensorsToLoop || p < 0) {
        used[k] = true;
        return true;
      }
    }
    return false;
  };
  for (auto [buffer, p] : x)
    if (!match(buffer, p))
      unmatched.push_back({buffer, p});
  // A reshape on the source side that the other side folded into its
  // accesses (a loop nest loads the buffer the reshape read): its input.
  for (auto [buffer, p] : unmatched) {
    if (p < 0 || !isPureReshape(state.source.getNode(p)) ||
        state.mapping.isSourceTaken(p))
      continue;
    SmallVector<std::pair<Value, int>, 4> input =
        bufferProducers(state.source, source, p);
    if (!input.empty())
      match(input.front().first, input.front().second);
  }
}

SmallVector<NodePair> BufferPairing::run() {
  for (unsigned k = 0,
                e = std::min(source.outputs.size(), target.outputs.size());
       k < e; ++k)
    tryPair(source.outputs[k], target.outputs[k]);
  // Breadth first from the pairs, slot by slot where the slots correspond
  // (as many on both sides).
  for (size_t next = 0; next < worklist.size(); ++next) {
    auto [s, t] = worklist[next];
    pairProducers(s, t);
  }
  pairSharedBlanks();
  return std::move(pairs);
}

bool BufferPairing::isSharedBlank(int p) const {
  if (p < 0)
    return false;
  ArrayRef<Graph::Use> uses = state.source.getUses(p);
  if (state.source.getUsers(p).size() < 2 || state.source.isOutputNode(p))
    return false;
  return llvm::all_of(uses, [&](const Graph::Use &use) {
    Operation *reader = state.source.getNode(use.user);
    return isOnlyWrittenInit(reader, state.source.getSlots(use.user)[use.slot]);
  });
}

bool BufferPairing::pairProducer(int p, int q, unsigned s) {
  if (q < 0 || !isSharedBlank(p) || state.mapping.isSourceTaken(p) ||
      !bufferForms(state.source.getNode(p), state.target.getNode(q)))
    return tryPair(p, q);
  heldBlanks[p].push_back({s, static_cast<unsigned>(q)});
  return true;
}

void BufferPairing::pairSharedBlanks() {
  for (auto &[p, seen] : heldBlanks) {
    llvm::stable_sort(
        seen, [](const auto &x, const auto &y) { return x.second < y.second; });
    for (auto [reader, q] : seen)
      if (!state.mapping.isTargetTaken(q) && tryPair(p, q))
        break;
  }
}

SmallVector<NodePair> graphdiff::pairAcrossBuffers(StructuralState &state) {
  // Most graphs hold no buffer (the views know, from building: no scan of
  // the slots' types here).
  if (!state.source.readsMemRefs() && !state.target.readsMemRefs())
    return {};
  return BufferPairing(state).run();
}

void BufferStage::runOn(StructuralState &state) const {
  pairAcrossBuffers(state);
}
