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

#include "GraphDiff/Differ/NodeMapping.h"
#include "GraphDiff/Graph/Graph.h"
#include "GraphDiff/Graph/MemoryEdges.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/DenseMap.h"

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

/// The types of the buffers `op` writes, itself or in its regions, sorted.
static SmallVector<Type> writtenTypes(Operation *op) {
  SmallVector<Type> types;
  for (Value buffer : getWrittenBuffers(op))
    types.push_back(buffer.getType());
  llvm::sort(types, [](Type x, Type y) {
    return x.getAsOpaquePointer() < y.getAsOpaquePointer();
  });
  return types;
}

/// Whether one of `a` and `b` is a loop nest that may be the other lowered
/// (`--convert-linalg-to-loops`, `-affine-loops`, `-parallel-loops`): a
/// loop and an op that is none, writing buffers of the same types.
static bool loopNestForms(Operation *a, Operation *b) {
  if (isa<LoopLikeOpInterface>(a) == isa<LoopLikeOpInterface>(b))
    return false;
  SmallVector<Type> written = writtenTypes(a);
  return !written.empty() && written == writtenTypes(b);
}

/// The buffers `node` reads, each once, in the order of its slots, with
/// the producer of each: `ins(%a, %b) outs(%a)` reads %a and %b, as a loop
/// nest that loads both and stores into %a captures them.
static SmallVector<std::pair<Value, int>, 4>
bufferProducers(const Graph &graph, const FlowView &flow, unsigned node) {
  SmallVector<std::pair<Value, int>, 4> buffers;
  for (auto [value, producer] :
       llvm::zip(graph.getSlots(node), flow.producers[node]))
    if (isMemRef(value) && llvm::none_of(buffers, [&](const auto &buffer) {
          return buffer.first == value;
        }))
      buffers.push_back({value, producer});
  return buffers;
}

SmallVector<NodePair> graphdiff::pairAcrossBuffers(StructuralState &state) {
  SmallVector<NodePair> pairs;
  // Most graphs hold no buffer (the views know, from building: no scan of
  // the slots' types here).
  if (!state.source.readsMemRefs() && !state.target.readsMemRefs())
    return pairs;
  FlowView source = computeFlow(state.source);
  FlowView target = computeFlow(state.target);
  SmallVector<NodePair> worklist = state.allPairs();
  // A view the other side has no counterpart for (the `memref.subview` a
  // copy writes into) is looked through, to what its buffer holds.
  auto throughView = [](const Graph &graph, const FlowView &flow, int node) {
    if (node >= 0 && isa<ViewLikeOpInterface>(graph.getNode(node)) &&
        !flow.producers[node].empty())
      return flow.producers[node].front();
    return -1;
  };
  auto tryPair = [&](int s, int t) {
    if (s < 0 || t < 0)
      return;
    Operation *a = state.source.getNode(s), *b = state.target.getNode(t);
    if (!bufferForms(a, b) && !loopNestForms(a, b)) {
      if (int u = throughView(state.target, target, t); u >= 0)
        t = u;
      else if (int u = throughView(state.source, source, s); u >= 0)
        s = u;
      else
        return;
      if (s < 0 || t < 0 ||
          !bufferForms(state.source.getNode(s), state.target.getNode(t)))
        return;
    }
    if (!state.isFree(s, t))
      return;
    state.pair(s, t);
    pairs.push_back({s, t});
    worklist.push_back({s, t});
  };
  for (unsigned k = 0,
                e = std::min(source.outputs.size(), target.outputs.size());
       k < e; ++k)
    tryPair(source.outputs[k], target.outputs[k]);
  // Breadth first from the pairs, slot by slot where the slots correspond
  // (as many on both sides).
  for (size_t next = 0; next < worklist.size(); ++next) {
    auto [s, t] = worklist[next];
    ArrayRef<int> a = source.producers[s], b = target.producers[t];
    if (a.size() == b.size()) {
      for (auto [p, q] : llvm::zip(a, b))
        tryPair(p, q);
      continue;
    }
    // A loop nest reads its bounds and what its body captures, and a buffer
    // the op reads for its shape only (a pooling window) is not captured:
    // the buffers still correspond, each with the first one of its type
    // left on the other side, in the order they are first read.
    SmallVector<std::pair<Value, int>, 4> x =
        bufferProducers(state.source, source, s);
    SmallVector<std::pair<Value, int>, 4> y =
        bufferProducers(state.target, target, t);
    SmallVector<bool, 4> used(y.size(), false);
    for (auto [buffer, p] : x)
      for (auto [k, other] : llvm::enumerate(y))
        if (!used[k] && other.first.getType() == buffer.getType()) {
          used[k] = true;
          tryPair(p, other.second);
          break;
        }
  }
  return pairs;
}

void BufferStage::runOn(StructuralState &state) const {
  pairAcrossBuffers(state);
}
