//===- ContentChanges.cpp - How a paired node's content changed -----------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Differ/ContentChanges.h"

#include "GraphDiff/Dialect/LG/IR/LG.h"
#include "GraphDiff/Graph/AttributeEquivalence.h"

using namespace mlir;
using namespace graphdiff;

bool graphdiff::contentChanged(Operation *a, Operation *b,
                               patch::NodeChange &changes) {
  // The common case, checked without building any attribute: the same op
  // with the same attributes, properties and types, and no regions.
  if (a->getName() == b->getName() && a->getNumRegions() == 0 &&
      b->getNumRegions() == 0 &&
      a->getRawDictionaryAttrs() == b->getRawDictionaryAttrs() &&
      a->getResultTypes() == b->getResultTypes() &&
      (a->getPropertiesStorageSize() == 0 ||
       a->getName().compareOpProperties(a->getPropertiesStorage(),
                                        b->getPropertiesStorage())))
    return false;
  if (a->getName() != b->getName())
    changes |= patch::NodeChange::Kind;
  else if (auto na = dyn_cast<lg::NodeOp>(a))
    if (na.getKind() != cast<lg::NodeOp>(b).getKind())
      changes |= patch::NodeChange::Kind;
  if (a->getName() == b->getName()) {
    DictionaryAttr da = a->getAttrDictionary(), db = b->getAttrDictionary();
    if (!isSameAttrDictionary(da, db)) {
      // The kind of an lg node is an attribute, reported on its own.
      bool onlyKind = false;
      if (isa<lg::NodeOp>(a)) {
        NamedAttrList la(da), lb(db);
        la.erase("kind");
        lb.erase("kind");
        onlyKind = la.getDictionary(a->getContext()) ==
                   lb.getDictionary(a->getContext());
      }
      if (!onlyKind)
        changes |= patch::NodeChange::Attributes;
    }
    Attribute pa = a->getPropertiesAsAttribute();
    Attribute pb = b->getPropertiesAsAttribute();
    bool sameProperties = isa_and_nonnull<DictionaryAttr>(pa) &&
                                  isa_and_nonnull<DictionaryAttr>(pb)
                              ? isSameAttrDictionary(cast<DictionaryAttr>(pa),
                                                     cast<DictionaryAttr>(pb))
                              : pa == pb;
    if (!sameProperties && !isa<lg::NodeOp>(a))
      changes |= patch::NodeChange::Attributes;
  }
  if (a->getResultTypes() != b->getResultTypes())
    changes |= patch::NodeChange::Types;
  if (a->getName() == b->getName() &&
      a->getNumRegions() == b->getNumRegions() && a->getNumRegions() != 0) {
    // The whole ops, as the differ always compared them (so a change of
    // types or operand count with equal bodies still reads as "regions").
    // Values from outside the two ops (their operands, captured values) are
    // edges, compared elsewhere; values defined inside must correspond.
    bool same = isSameOp(
        a, b, [](Value, Value) { return true; }, /*ignoreLocations=*/true);
    if (!same &&
        !patch::bitEnumContainsAny(changes, patch::NodeChange::Attributes))
      changes |= patch::NodeChange::Regions;
  }
  return changes != patch::NodeChange::None;
}
