//===- MemoryEdges.cpp - Data flow through buffers, from memory effects ---===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Graph/MemoryEdges.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Interfaces/CastInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/DenseMap.h"

#include <algorithm>

using namespace mlir;
using namespace graphdiff;

StringRef graphdiff::stringifyMemoryEdgeKind(MemoryEdge::Kind kind) {
  switch (kind) {
  case MemoryEdge::Flow:
    return "flow";
  case MemoryEdge::Anti:
    return "anti";
  case MemoryEdge::Output:
    return "output";
  }
  llvm_unreachable("unknown memory edge kind");
}

/// The buffer `value` is a view of: followed back through views and casts.
static Value bufferOf(Value value) {
  // Bounded: a chain of views longer than this is not real IR.
  for (unsigned step = 0; step < 64; ++step) {
    Operation *def = value.getDefiningOp();
    if (!def)
      return value;
    if (auto view = dyn_cast<ViewLikeOpInterface>(def)) {
      value = view.getViewSource();
      continue;
    }
    if (isa<CastOpInterface>(def) && def->getNumOperands() == 1 &&
        isa<BaseMemRefType>(def->getOperand(0).getType())) {
      value = def->getOperand(0);
      continue;
    }
    return value;
  }
  return value;
}

namespace {
/// The buffers one node reads and writes.
struct Accesses {
  SmallVector<Value, 4> reads, writes;
};
} // namespace

static void addUnique(SmallVectorImpl<Value> &list, Value value) {
  if (!llvm::is_contained(list, value))
    list.push_back(value);
}

/// What `node` reads and writes, by buffer.
static Accesses accessesOf(Operation *node) {
  Accesses out;
  std::optional<SmallVector<MemoryEffects::EffectInstance>> effects =
      getEffectsRecursively(node);
  if (!effects) {
    // Says nothing: each memref it reads may be read and written.
    for (Value operand : node->getOperands())
      if (isa<BaseMemRefType>(operand.getType())) {
        addUnique(out.reads, bufferOf(operand));
        addUnique(out.writes, bufferOf(operand));
      }
    return out;
  }
  for (const MemoryEffects::EffectInstance &effect : *effects) {
    Value value = effect.getValue();
    if (!value || !isa<BaseMemRefType>(value.getType()))
      continue;
    // A buffer made inside the node (a nested alloc) is not shared.
    if (Operation *def = value.getDefiningOp();
        def && def != node && node->isAncestor(def))
      continue;
    if (isa<MemoryEffects::Read>(effect.getEffect()))
      addUnique(out.reads, bufferOf(value));
    else if (isa<MemoryEffects::Write>(effect.getEffect()))
      addUnique(out.writes, bufferOf(value));
  }
  return out;
}

/// The memory edges of `ops` in this order; `touchesMemRef(i)` is a cheap
/// test that op `i` reads or captures a memref value at all (most nodes of a
/// tensor graph do not).
template <typename TouchesMemRef>
static std::vector<MemoryEdge> computeEdges(ArrayRef<Operation *> ops,
                                            TouchesMemRef touchesMemRef) {
  std::vector<MemoryEdge> edges;
  struct BufferState {
    std::optional<unsigned> lastWriter;
    SmallVector<unsigned, 2> readersSince;
  };
  llvm::DenseMap<Value, BufferState> buffers;
  for (unsigned node = 0; node < ops.size(); ++node) {
    if (!touchesMemRef(node))
      continue;
    Accesses accesses = accessesOf(ops[node]);
    for (Value buffer : accesses.reads) {
      BufferState &state = buffers[buffer];
      if (state.lastWriter && *state.lastWriter != node)
        edges.push_back({*state.lastWriter, node, MemoryEdge::Flow});
    }
    for (Value buffer : accesses.writes) {
      BufferState &state = buffers[buffer];
      if (state.lastWriter && *state.lastWriter != node)
        edges.push_back({*state.lastWriter, node, MemoryEdge::Output});
      for (unsigned reader : state.readersSince)
        if (reader != node)
          edges.push_back({reader, node, MemoryEdge::Anti});
    }
    // Reads first, so that a node that reads and writes a buffer (an
    // accumulating `outs`) is a reader of the value before its own write.
    for (Value buffer : accesses.writes) {
      BufferState &state = buffers[buffer];
      state.lastWriter = node;
      state.readersSince.clear();
    }
    for (Value buffer : accesses.reads)
      if (!llvm::is_contained(accesses.writes, buffer))
        buffers[buffer].readersSince.push_back(node);
  }
  llvm::sort(edges, [](const MemoryEdge &a, const MemoryEdge &b) {
    return std::tie(a.to, a.from, a.kind) < std::tie(b.to, b.from, b.kind);
  });
  edges.erase(std::unique(edges.begin(), edges.end(),
                          [](const MemoryEdge &a, const MemoryEdge &b) {
                            return a.from == b.from && a.to == b.to &&
                                   a.kind == b.kind;
                          }),
              edges.end());
  return edges;
}

Value graphdiff::getViewedBuffer(Value value) { return bufferOf(value); }

SmallVector<Value, 2> graphdiff::getWrittenBuffers(Operation *node) {
  Accesses accesses = accessesOf(node);
  return SmallVector<Value, 2>(accesses.writes.begin(), accesses.writes.end());
}

static bool isMemRef(Value value) {
  return isa<BaseMemRefType>(value.getType());
}

std::vector<MemoryEdge> graphdiff::computeMemoryEdges(const Graph &graph) {
  // A tensor graph: no node reads a buffer (Graph::build saw every slot).
  if (!graph.readsMemRefs())
    return {};
  return computeEdges(graph.getNodes(), [&](unsigned node) {
    return llvm::any_of(graph.getSlots(node), isMemRef);
  });
}

std::vector<MemoryEdge>
graphdiff::computeMemoryEdges(ArrayRef<Operation *> ops) {
  return computeEdges(ops, [&](unsigned node) {
    // Operands of the op and of the ops nested in it: a superset of the
    // values it captures.
    WalkResult found = ops[node]->walk([](Operation *op) {
      return llvm::any_of(op->getOperands(), isMemRef) ? WalkResult::interrupt()
                                                       : WalkResult::advance();
    });
    return found.wasInterrupted();
  });
}
