//===- AttributeEquivalence.cpp - When two attribute values are the same --===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Graph/AttributeEquivalence.h"

#include "mlir/IR/AsmState.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "llvm/Support/xxhash.h"

using namespace mlir;

bool graphdiff::isSameAttribute(Attribute a, Attribute b) {
  if (a == b)
    return true;
  auto resourceA = dyn_cast_or_null<DenseResourceElementsAttr>(a);
  auto resourceB = dyn_cast_or_null<DenseResourceElementsAttr>(b);
  if (!resourceA || !resourceB || resourceA.getType() != resourceB.getType())
    return false;
  const AsmResourceBlob *blobA = resourceA.getRawHandle().getBlob();
  const AsmResourceBlob *blobB = resourceB.getRawHandle().getBlob();
  return blobA && blobB && blobA->getData() == blobB->getData();
}

bool graphdiff::isSameAttrDictionary(DictionaryAttr a, DictionaryAttr b) {
  if (a == b)
    return true;
  if (!a || !b || a.size() != b.size())
    return false;
  for (auto [x, y] : llvm::zip(a.getValue(), b.getValue()))
    if (x.getName() != y.getName() ||
        !isSameAttribute(x.getValue(), y.getValue()))
      return false;
  return true;
}

llvm::hash_code graphdiff::hashAttribute(Attribute attr) {
  if (auto resource = dyn_cast_or_null<DenseResourceElementsAttr>(attr))
    if (const AsmResourceBlob *blob = resource.getRawHandle().getBlob()) {
      ArrayRef<char> data = blob->getData();
      return llvm::hash_combine(
          resource.getType(),
          llvm::xxh3_64bits(StringRef(data.data(), data.size())));
    }
  return mlir::hash_value(attr);
}
