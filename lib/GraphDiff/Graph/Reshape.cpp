//===- Reshape.cpp - Ops that only reshape a tensor -----------------------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Graph/Reshape.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Operation.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

using namespace mlir;

/// Whether a slice starts at the origin and takes every element in order.
static bool isDenseFromOrigin(OffsetSizeAndStrideOpInterface slice) {
  return llvm::all_of(slice.getStaticOffsets(),
                      [](int64_t offset) { return offset == 0; }) &&
         llvm::all_of(slice.getStaticStrides(),
                      [](int64_t stride) { return stride == 1; });
}

bool graphdiff::isPureReshape(Operation *op) {
  if (op->getNumResults() != 1 || op->getNumOperands() == 0)
    return false;
  StringRef name = op->getName().getStringRef();
  if (name == "tensor.expand_shape" || name == "tensor.collapse_shape")
    return true;
  if (name != "tensor.extract_slice" && name != "tensor.insert_slice")
    return false;
  auto slice = dyn_cast<OffsetSizeAndStrideOpInterface>(op);
  auto from = dyn_cast<RankedTensorType>(op->getOperand(0).getType());
  auto to = dyn_cast<RankedTensorType>(op->getResult(0).getType());
  // A slice of the same rank keeps the shape: that is a copy or a part.
  return slice && from && to && from.hasStaticShape() && to.hasStaticShape() &&
         from.getRank() != to.getRank() &&
         from.getElementType() == to.getElementType() &&
         from.getNumElements() == to.getNumElements() &&
         isDenseFromOrigin(slice);
}
