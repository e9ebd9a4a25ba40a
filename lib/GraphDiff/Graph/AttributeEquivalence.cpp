//===- AttributeEquivalence.cpp - When two attribute values are the same --===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Graph/AttributeEquivalence.h"

#include "mlir/IR/AsmState.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
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
  // A handle whose file gives no data (a dump printed with elided constants)
  // is known by its key alone (ResourceBlobs.h: the key its file gives it):
  // two such handles are the same if their keys are, and not known to be
  // otherwise.
  if (!blobA || !blobB)
    return !blobA && !blobB &&
           resourceA.getRawHandle().getKey() ==
               resourceB.getRawHandle().getKey();
  return blobA->getData() == blobB->getData();
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
  if (auto resource = dyn_cast_or_null<DenseResourceElementsAttr>(attr)) {
    const AsmResourceBlob *blob = resource.getRawHandle().getBlob();
    if (!blob)
      return llvm::hash_combine(resource.getType(),
                                resource.getRawHandle().getKey());
    ArrayRef<char> data = blob->getData();
    return llvm::hash_combine(
        resource.getType(),
        llvm::xxh3_64bits(StringRef(data.data(), data.size())));
  }
  return mlir::hash_value(attr);
}

bool graphdiff::isEmptyAttrList(ArrayAttr list) {
  return !list || llvm::all_of(list, [](Attribute entry) {
    auto dict = dyn_cast_or_null<DictionaryAttr>(entry);
    return !dict || dict.empty();
  });
}

DictionaryAttr graphdiff::graphAttributes(Operation *graph) {
  auto function = dyn_cast<FunctionOpInterface>(graph);
  ArrayAttr argAttrs = function ? function.getArgAttrsAttr() : ArrayAttr();
  ArrayAttr resAttrs = function ? function.getResAttrsAttr() : ArrayAttr();
  NamedAttrList own;
  for (NamedAttribute attr : graph->getAttrDictionary()) {
    Attribute value = attr.getValue();
    if (attr.getName() == SymbolTable::getSymbolAttrName())
      continue;
    // The function type, under whatever name the op keeps it.
    if (auto type = dyn_cast<TypeAttr>(value);
        function && type && type.getValue() == function.getFunctionType())
      continue;
    if (value && ((value == argAttrs && isEmptyAttrList(argAttrs)) ||
                  (value == resAttrs && isEmptyAttrList(resAttrs))))
      continue;
    own.push_back(attr);
  }
  return own.getDictionary(graph->getContext());
}

namespace {
/// Compares two op trees in two passes: the first pairs the blocks, block
/// arguments and op results defined inside them position by position (so a
/// use that comes before its definition, as graph regions allow, is paired
/// too), the second compares each pair of ops.
class BodyComparer {
public:
  BodyComparer(graphdiff::OuterValueMatch outer, bool ignoreLocations)
      : outer(outer), ignoreLocations(ignoreLocations) {}

  bool sameRegion(Region &a, Region &b) {
    return pairRegion(a, b) && compareRegion(a, b);
  }

  bool sameOp(Operation *a, Operation *b) {
    if (a->getNumRegions() != b->getNumRegions())
      return false;
    for (auto [ra, rb] : llvm::zip(a->getRegions(), b->getRegions()))
      if (!pairRegion(ra, rb))
        return false;
    return compareOp(*a, *b);
  }

private:
  void pairValue(Value a, Value b) {
    inside[a] = b;
    insideB.insert(b);
  }

  bool pairRegion(Region &a, Region &b) {
    if (a.getBlocks().size() != b.getBlocks().size())
      return false;
    for (auto [ba, bb] : llvm::zip(a, b)) {
      blocks[&ba] = &bb;
      if (ba.getNumArguments() != bb.getNumArguments() ||
          ba.getOperations().size() != bb.getOperations().size())
        return false;
      for (auto [x, y] : llvm::zip(ba.getArguments(), bb.getArguments())) {
        if (x.getType() != y.getType())
          return false;
        pairValue(x, y);
      }
      for (auto [x, y] : llvm::zip(ba, bb)) {
        if (x.getName() != y.getName() ||
            x.getNumResults() != y.getNumResults() ||
            x.getNumRegions() != y.getNumRegions())
          return false;
        for (auto [rx, ry] : llvm::zip(x.getResults(), y.getResults()))
          pairValue(rx, ry);
        for (auto [rx, ry] : llvm::zip(x.getRegions(), y.getRegions()))
          if (!pairRegion(rx, ry))
            return false;
      }
    }
    return true;
  }

  bool compareRegion(Region &a, Region &b) {
    for (auto [ba, bb] : llvm::zip(a, b))
      for (auto [x, y] : llvm::zip(ba, bb))
        if (!compareOp(x, y))
          return false;
    return true;
  }

  bool sameValue(Value a, Value b) {
    auto it = inside.find(a);
    if (it != inside.end())
      return it->second == b;
    return !insideB.contains(b) && outer(a, b);
  }

  static bool sameAttributes(Operation &a, Operation &b) {
    // The common case, without building any attribute.
    if (a.getRawDictionaryAttrs() == b.getRawDictionaryAttrs() &&
        (a.getPropertiesStorageSize() == 0 ||
         a.getName().compareOpProperties(a.getPropertiesStorage(),
                                         b.getPropertiesStorage())))
      return true;
    if (!graphdiff::isSameAttrDictionary(a.getAttrDictionary(),
                                         b.getAttrDictionary()))
      return false;
    Attribute pa = a.getPropertiesAsAttribute();
    Attribute pb = b.getPropertiesAsAttribute();
    auto da = dyn_cast_or_null<DictionaryAttr>(pa);
    auto db = dyn_cast_or_null<DictionaryAttr>(pb);
    return da && db ? graphdiff::isSameAttrDictionary(da, db) : pa == pb;
  }

  bool compareOp(Operation &a, Operation &b) {
    if (a.getName() != b.getName() || !sameAttributes(a, b) ||
        a.getResultTypes() != b.getResultTypes() ||
        a.getOperandTypes() != b.getOperandTypes() ||
        a.getNumSuccessors() != b.getNumSuccessors() ||
        a.getNumRegions() != b.getNumRegions() ||
        (!ignoreLocations && a.getLoc() != b.getLoc()))
      return false;
    for (auto [x, y] : llvm::zip(a.getOperands(), b.getOperands()))
      if (!sameValue(x, y))
        return false;
    for (auto [x, y] : llvm::zip(a.getSuccessors(), b.getSuccessors()))
      if (blocks.lookup(x) != y)
        return false;
    for (auto [x, y] : llvm::zip(a.getRegions(), b.getRegions()))
      if (!compareRegion(x, y))
        return false;
    return true;
  }

  graphdiff::OuterValueMatch outer;
  bool ignoreLocations;
  /// What is defined inside `a`'s side, paired with `b`'s.
  DenseMap<Value, Value> inside;
  DenseSet<Value> insideB;
  DenseMap<Block *, Block *> blocks;
};
} // namespace

bool graphdiff::isSameRegion(Region &a, Region &b, OuterValueMatch outer,
                             bool ignoreLocations) {
  return BodyComparer(outer, ignoreLocations).sameRegion(a, b);
}

bool graphdiff::isSameOp(Operation *a, Operation *b, OuterValueMatch outer,
                         bool ignoreLocations) {
  return BodyComparer(outer, ignoreLocations).sameOp(a, b);
}

std::string graphdiff::abbreviateAttribute(Attribute attr, size_t limit) {
  if (!attr)
    return "none";
  std::string out;
  llvm::raw_string_ostream os(out);
  auto elements = dyn_cast<ElementsAttr>(attr);
  if (elements && !elements.isSplat() && elements.getNumElements() > 8 &&
      !isa<DenseResourceElementsAttr>(attr)) {
    // Printing every value of a weight tensor would be megabytes.
    os << "dense<..." << elements.getNumElements()
       << " values> : " << elements.getType();
    return out;
  }
  attr.print(os);
  if (out.size() > limit) {
    out.resize(limit);
    out += "...";
  }
  return out;
}
