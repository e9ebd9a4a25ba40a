//===- APISide.cpp - One side of an API diff, as the stages see it --------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "APISide.h"

#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace graphdiff;
using namespace graphdiff::apidiff;

bool apidiff::isPrivateSymbol(Operation *op) {
  return SymbolTable::getSymbolVisibility(op) ==
         SymbolTable::Visibility::Private;
}

std::string apidiff::displayName(StringRef name) {
  return name.empty() ? "\"\"" : name.str();
}

std::string apidiff::qualifiedName(StringRef prefix, StringRef name) {
  return prefix.empty() ? displayName(name)
                        : (prefix + "." + displayName(name)).str();
}

void Side::collect(Operation *root) {
  collect(root, -1, "", true);
  // Qualified names join with '.', and names may hold dots themselves
  // (`api.module @"keras.layers"`): number the repeats.
  llvm::StringMap<unsigned> seen;
  for (const std::string &name : names)
    ++seen[name];
  llvm::StringMap<unsigned> repeat;
  for (const std::string &name : names) {
    std::string ref = name;
    if (seen[name] > 1)
      do
        ref = name + "#" + std::to_string(++repeat[name]);
      while (seen.count(ref));
    byRef[ref] = refNames.size();
    refNames.push_back(std::move(ref));
  }
}

void Side::collect(Operation *scope, int parentIndex, const std::string &prefix,
                   bool parentPublic) {
  Block *body = api::getBodyBlock(scope);
  if (!body)
    return;
  for (Operation &op : *body) {
    if (!api::isAPIObject(&op))
      continue;
    unsigned index = objects.size();
    StringRef name = SymbolTable::getSymbolName(&op).getValue();
    objects.push_back(&op);
    std::string qualified = qualifiedName(prefix, name);
    names.push_back(qualified);
    parent.push_back(parentIndex);
    bool isPublic = parentPublic && !isPrivateSymbol(&op);
    publicChain.push_back(isPublic);
    children.emplace_back();
    subtreeEnd.push_back(index);
    (parentIndex < 0 ? rootChildren : children[parentIndex]).push_back(index);
    collect(&op, index, qualified, isPublic);
    subtreeEnd[index] = objects.size() - 1;
  }
}

std::optional<unsigned> Side::lookup(patch::RefAttr ref) const {
  if (!ref || ref.isNone() || !ref.getSymbol() || ref.getResult() != 0)
    return std::nullopt;
  auto it = byRef.find(ref.getName().getValue());
  if (it == byRef.end())
    return std::nullopt;
  return it->second;
}

patch::RefAttr Side::getRef(unsigned index, bool isNew) const {
  MLIRContext *context = objects[index]->getContext();
  return patch::RefAttr::get(context, StringAttr::get(context, refNames[index]),
                             /*symbol=*/true, /*result=*/0, isNew);
}

std::vector<api::ParamOp> apidiff::paramsOf(Operation *func) {
  std::vector<api::ParamOp> params;
  if (Block *body = api::getBodyBlock(func))
    llvm::append_range(params, body->getOps<api::ParamOp>());
  return params;
}

std::vector<api::ResultOp> apidiff::resultsOf(Operation *func) {
  std::vector<api::ResultOp> results;
  if (Block *body = api::getBodyBlock(func))
    llvm::append_range(results, body->getOps<api::ResultOp>());
  return results;
}

std::vector<api::NodeOp> apidiff::nodesOf(Operation *op) {
  std::vector<api::NodeOp> nodes;
  if (Block *body = api::getBodyBlock(op))
    llvm::append_range(nodes, body->getOps<api::NodeOp>());
  return nodes;
}

DictionaryAttr apidiff::contentAttributes(Operation *op) {
  NamedAttrList attrs(op->getAttrDictionary());
  attrs.erase("node_id");
  // Where compspec's loader put the node (CompspecFacts.h): not content.
  attrs.erase("compspec_path");
  return attrs.getDictionary(op->getContext());
}

/// The ops of `op`'s body that are not objects: parameters, results, facts.
static SmallVector<Operation *> ownChildren(Operation *op) {
  SmallVector<Operation *> own;
  if (Block *body = api::getBodyBlock(op))
    for (Operation &child : *body)
      if (!api::isAPIObject(&child))
        own.push_back(&child);
  return own;
}

static bool isSameOwnChildren(Operation *a, Operation *b) {
  SmallVector<Operation *> ownA = ownChildren(a), ownB = ownChildren(b);
  return ownA.size() == ownB.size() &&
         llvm::all_of(llvm::zip_equal(ownA, ownB), [](auto pair) {
           return isSameContent(std::get<0>(pair), std::get<1>(pair));
         });
}

bool apidiff::isSameContent(Operation *a, Operation *b) {
  return a->getName() == b->getName() &&
         contentAttributes(a) == contentAttributes(b) &&
         isSameOwnChildren(a, b);
}

patch::NodeChange apidiff::contentChanges(Operation *oldObject,
                                          Operation *newObject) {
  using patch::NodeChange;
  NodeChange changes = NodeChange::None;
  NamedAttrList oldAttrs(contentAttributes(oldObject)),
      newAttrs(contentAttributes(newObject));
  if (oldObject->getName() != newObject->getName() ||
      oldAttrs.get("kind") != newAttrs.get("kind"))
    changes = changes | NodeChange::Kind;
  oldAttrs.erase("kind");
  newAttrs.erase("kind");
  if (oldAttrs.getDictionary(oldObject->getContext()) !=
      newAttrs.getDictionary(newObject->getContext()))
    changes = changes | NodeChange::Attributes;
  if (!isSameOwnChildren(oldObject, newObject))
    changes = changes | NodeChange::Regions;
  return changes;
}

Operation *apidiff::cloneOwnContent(Operation *object) {
  Operation *copy = object->cloneWithoutRegions();
  if (api::getBodyBlock(object)) {
    Block *block = new Block();
    copy->getRegion(0).push_back(block);
    for (Operation *child : ownChildren(object))
      block->push_back(child->clone());
  }
  return copy;
}
