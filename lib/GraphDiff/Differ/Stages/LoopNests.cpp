//===- LoopNests.cpp - Ops and the loop nests they become -----------------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "LoopNests.h"

#include "GraphDiff/Graph/MemoryEdges.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Interfaces/LoopLikeInterface.h"

using namespace mlir;
using namespace graphdiff;

/// Sorts `types` into a canonical order.
static void sortTypes(SmallVectorImpl<Type> &types) {
  llvm::sort(types, [](Type x, Type y) {
    return x.getAsOpaquePointer() < y.getAsOpaquePointer();
  });
}

/// The types of the buffers `op` writes, itself or in its regions, sorted.
static SmallVector<Type> writtenTypes(Operation *op) {
  SmallVector<Type> types;
  for (Value buffer : getWrittenBuffers(op))
    types.push_back(buffer.getType());
  sortTypes(types);
  return types;
}

Type graphdiff::asPlainBuffer(Type type) {
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    return MemRefType::get(tensor.getShape(), tensor.getElementType());
  if (auto buffer = dyn_cast<MemRefType>(type))
    return MemRefType::get(buffer.getShape(), buffer.getElementType());
  return nullptr;
}

bool graphdiff::loopNestForms(Operation *a, Operation *b) {
  // Two loops of different dialects (`affine.for` lowered to `scf.for`):
  // the same nest if they write buffers of the same types and compute the
  // same ops.
  if (isa<LoopLikeOpInterface>(a) && isa<LoopLikeOpInterface>(b)) {
    SmallVector<Type> written = writtenTypes(a);
    return a->getName() != b->getName() && !written.empty() &&
           written == writtenTypes(b) && computeOps(a) == computeOps(b);
  }
  if (isa<LoopLikeOpInterface>(a) == isa<LoopLikeOpInterface>(b))
    return false;
  SmallVector<Type> written = writtenTypes(a);
  if (!written.empty() && written == writtenTypes(b))
    return true;
  Operation *loop = isa<LoopLikeOpInterface>(a) ? a : b;
  Operation *op = loop == a ? b : a;
  if (op->getNumResults() == 0 ||
      !llvm::all_of(op->getResultTypes(), llvm::IsaPred<RankedTensorType>))
    return false;
  SmallVector<Type> made, stored;
  for (Type type : op->getResultTypes())
    made.push_back(asPlainBuffer(type));
  for (Type type : writtenTypes(loop))
    stored.push_back(asPlainBuffer(type));
  sortTypes(made);
  sortTypes(stored);
  return made == stored;
}

SmallVector<StringRef> graphdiff::computeOps(Operation *op) {
  SmallVector<StringRef> names;
  op->walk([&](Operation *inner) {
    if (inner == op)
      return;
    StringRef dialect = inner->getName().getDialectNamespace();
    if (dialect == "scf" || dialect == "memref" || dialect == "affine" ||
        inner->getName().getStringRef() == "linalg.index" ||
        inner->getName().getStringRef() == "arith.index_cast" ||
        inner->hasTrait<OpTrait::ConstantLike>() ||
        inner->hasTrait<OpTrait::IsTerminator>())
      return;
    if (inner->getNumResults() != 0 &&
        llvm::all_of(inner->getResultTypes(), llvm::IsaPred<IndexType>))
      return;
    names.push_back(inner->getName().getStringRef());
  });
  llvm::sort(names);
  names.erase(std::unique(names.begin(), names.end()), names.end());
  return names;
}

std::optional<SmallVector<int64_t>> graphdiff::loopTrips(Operation *loop) {
  SmallVector<int64_t> trips;
  bool known = true;
  loop->walk([&](LoopLikeOpInterface inner) {
    auto forOp = dyn_cast<scf::ForOp>(inner.getOperation());
    std::optional<int64_t> lb, ub, step;
    if (forOp) {
      lb = getConstantIntValue(forOp.getLowerBound());
      ub = getConstantIntValue(forOp.getUpperBound());
      step = getConstantIntValue(forOp.getStep());
    }
    if (!lb || !ub || !step || *step <= 0) {
      known = false;
      return;
    }
    int64_t trip = (*ub - *lb + *step - 1) / *step;
    if (trip != 1)
      trips.push_back(trip);
  });
  if (!known)
    return std::nullopt;
  llvm::sort(trips);
  return trips;
}

std::optional<SmallVector<int64_t>> graphdiff::linalgTrips(Operation *op) {
  auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
  if (!linalgOp || !linalgOp.getShapesToLoopsMap())
    return std::nullopt;
  SmallVector<int64_t> trips;
  for (int64_t range : linalgOp.getStaticLoopRanges()) {
    if (ShapedType::isDynamic(range))
      return std::nullopt;
    if (range != 1)
      trips.push_back(range);
  }
  llvm::sort(trips);
  return trips;
}

bool graphdiff::makesTensors(Operation *op) {
  return op->getNumResults() != 0 &&
         llvm::all_of(op->getResultTypes(), llvm::IsaPred<RankedTensorType>);
}

bool graphdiff::fusesElementwise(const Graph &graph, unsigned p,
                                 ArrayRef<unsigned> chain) {
  auto producer = dyn_cast<linalg::GenericOp>(graph.getNode(p));
  if (!producer || producer.getNumLoops() != producer.getNumParallelLoops() ||
      producer->getNumResults() != 1 ||
      !producer.getIndexingMapMatchingResult(producer->getResult(0))
           .isPermutation())
    return false;
  for (unsigned member : chain) {
    Operation *op = graph.getNode(member);
    for (OpOperand &operand : op->getOpOperands()) {
      if (operand.get().getDefiningOp() != producer.getOperation())
        continue;
      auto consumer = dyn_cast<linalg::GenericOp>(op);
      if (!consumer || !consumer.isDpsInput(&operand))
        return false;
    }
  }
  return true;
}
