//===- APIApplyPlan.cpp - Apply and verify the plan of an API diff --------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/API/Diff/APIPlan.h"

#include "APISide.h"
#include "mlir/IR/Verifier.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;
using namespace graphdiff;
using namespace graphdiff::apidiff;

namespace {
class Applier {
public:
  Applier(patch::PlanOp plan, ModuleOp copy) : plan(plan), copy(copy) {
    Side side;
    side.collect(copy);
    for (auto [index, ref] : llvm::enumerate(side.refNames))
      current[ref] = side.objects[index];
  }

  LogicalResult run() {
    for (Operation &action : plan.getActions().front())
      if (failed(apply(action)))
        return failure();
    return eraseDoomed();
  }

private:
  patch::PlanOp plan;
  ModuleOp copy;
  /// The object each old reference names now, and the objects actions made.
  llvm::StringMap<Operation *> current, made;
  /// Deleted and replaced objects, in plan order, with the action that
  /// deleted each.
  llvm::SetVector<Operation *> doomed;
  llvm::DenseMap<Operation *, Operation *> doomedBy;

  FailureOr<Operation *> resolve(Operation *action, patch::RefAttr ref) {
    StringRef name = ref.getName().getValue();
    if (Operation *op = (ref.getIsNew() ? made : current).lookup(name))
      return op;
    return action->emitOpError()
           << "names " << ref.str()
           << (ref.getIsNew() ? ", which no earlier action made"
                              : ", which is not an object of the source API");
  }

  /// The body an object whose action lists `inputs` goes in.
  FailureOr<Block *> scopeOf(Operation *action, ArrayAttr inputs) {
    if (inputs.empty())
      return copy.getBody();
    if (inputs.size() != 1)
      return action->emitOpError()
             << "lists " << inputs.size()
             << " inputs; an API object sits in one scope";
    FailureOr<Operation *> scope =
        resolve(action, cast<patch::RefAttr>(inputs[0]));
    if (failed(scope))
      return failure();
    Block *body = api::getBodyBlock(*scope);
    if (!isa<api::APIModuleOp, api::ClassOp>(*scope) || !body)
      return action->emitOpError()
             << "puts an object in " << inputs[0]
             << ", which is not an api.module or api.class";
    return body;
  }

  /// A copy of the object `action` writes out.
  FailureOr<Operation *> copyNewNode(Operation *action) {
    Operation *node = cast<patch::NewNodeOpInterface>(action).getNewNode();
    if (!api::isAPIObject(node))
      return action->emitOpError()
             << "writes out '" << node->getName()
             << "'; an API plan writes out api.module, api.class or api.func";
    Operation *fresh = node->clone();
    if (fresh->getRegion(0).empty())
      fresh->getRegion(0).emplaceBlock();
    return fresh;
  }

  LogicalResult doom(Operation *action, patch::RefAttr ref) {
    FailureOr<Operation *> op = resolve(action, ref);
    if (failed(op))
      return failure();
    doomed.insert(*op);
    doomedBy[*op] = action;
    return success();
  }

  LogicalResult apply(Operation &action) {
    if (auto del = dyn_cast<patch::DeleteOp>(action))
      return doom(&action, del.getNode());
    if (auto update = dyn_cast<patch::UpdateOp>(action))
      return applyUpdate(update);
    if (isa<patch::InsertOp, patch::ReplaceOp>(action)) {
      if (auto replace = dyn_cast<patch::ReplaceOp>(action))
        for (auto member : replace.getRegion().getAsRange<patch::RefAttr>())
          if (failed(doom(&action, member)))
            return failure();
      auto newNode = cast<patch::NewNodeOpInterface>(action);
      FailureOr<Block *> scope = scopeOf(&action, newNode.getInputs());
      if (failed(scope))
        return failure();
      FailureOr<Operation *> fresh = copyNewNode(&action);
      if (failed(fresh))
        return failure();
      (*scope)->push_back(*fresh);
      made[cast<patch::ActionOpInterface>(action)
               .getNewName()
               .getName()
               .getValue()] = *fresh;
      return success();
    }
    return action.emitOpError("is not an action of an API plan (delete, "
                              "insert, update, replace)");
  }

  LogicalResult applyUpdate(patch::UpdateOp update) {
    FailureOr<Operation *> old = resolve(update, update.getNode());
    if (failed(old))
      return failure();
    bool moves = patch::bitEnumContainsAll(update.getChanges(),
                                           patch::NodeChange::Inputs);
    FailureOr<Block *> scope = moves ? scopeOf(update, update.getInputs())
                                     : FailureOr<Block *>((*old)->getBlock());
    if (failed(scope))
      return failure();
    FailureOr<Operation *> fresh = copyNewNode(update);
    if (failed(fresh))
      return failure();
    // The nested objects stay; the own content is the new one.
    Block &inside = (*fresh)->getRegion(0).front();
    if (Block *body = api::getBodyBlock(*old))
      for (Operation &child : llvm::make_early_inc_range(*body))
        if (api::isAPIObject(&child))
          child.moveBefore(&inside, inside.end());
    if (moves)
      (*scope)->push_back(*fresh);
    else
      (*old)->getBlock()->getOperations().insert((*old)->getIterator(), *fresh);
    (*old)->erase();
    current[update.getNode().getName().getValue()] = *fresh;
    return success();
  }

  LogicalResult eraseDoomed() {
    std::vector<Operation *> tops;
    for (Operation *op : doomed) {
      if (Block *body = api::getBodyBlock(op))
        for (Operation &child : *body)
          if (api::isAPIObject(&child) && !doomed.contains(&child))
            return doomedBy[op]->emitOpError()
                   << "removes an object that still holds @"
                   << displayName(SymbolTable::getSymbolName(&child).getValue())
                   << ", which no action deletes or moves out";
      bool nested = false;
      for (Operation *up = op->getParentOp(); up && !nested;
           up = up->getParentOp())
        nested = doomed.contains(up);
      if (!nested)
        tops.push_back(op);
    }
    for (Operation *op : tops)
      op->erase();
    return success();
  }
};

std::vector<Operation *> objectsIn(Block *body) {
  std::vector<Operation *> objects;
  if (body)
    for (Operation &op : *body)
      if (api::isAPIObject(&op))
        objects.push_back(&op);
  return objects;
}

std::optional<APIMismatch> compareScopes(Block *applied, Block *target,
                                         const std::string &prefix) {
  llvm::StringMap<Operation *> byName;
  std::vector<Operation *> appliedObjects = objectsIn(applied);
  for (Operation *op : appliedObjects)
    byName[SymbolTable::getSymbolName(op)] = op;
  auto pathOf = [&](Operation *op) {
    return qualifiedName(prefix, SymbolTable::getSymbolName(op).getValue());
  };
  llvm::DenseSet<Operation *> seen;
  for (Operation *t : objectsIn(target)) {
    std::string path = pathOf(t);
    Operation *a = byName.lookup(SymbolTable::getSymbolName(t));
    if (!a)
      return APIMismatch{nullptr, t, path, "is missing from the applied API"};
    seen.insert(a);
    if (a->getName() != t->getName())
      return APIMismatch{a, t, path,
                         ("is an '" + a->getName().getStringRef() +
                          "' here but an '" + t->getName().getStringRef() +
                          "' in the target")
                             .str()};
    if (contentAttributes(a) != contentAttributes(t)) {
      std::string reason;
      llvm::raw_string_ostream os(reason);
      os << "has attributes " << contentAttributes(a) << " here but "
         << contentAttributes(t) << " in the target";
      return APIMismatch{a, t, path, reason};
    }
    if (!isSameContent(a, t))
      return APIMismatch{a, t, path,
                         "has other parameters, results or facts than in the "
                         "target"};
    if (std::optional<APIMismatch> inner =
            compareScopes(api::getBodyBlock(a), api::getBodyBlock(t), path))
      return inner;
  }
  for (Operation *a : appliedObjects)
    if (!seen.contains(a))
      return APIMismatch{a, nullptr, pathOf(a), "is not in the target"};
  return std::nullopt;
}
} // namespace

FailureOr<OwningOpRef<ModuleOp>> graphdiff::applyAPIPlan(patch::PlanOp plan,
                                                         ModuleOp source) {
  if (failed(verify(plan)))
    return failure();
  OwningOpRef<ModuleOp> copy(source.clone());
  if (failed(Applier(plan, *copy).run()) || failed(verify(*copy)))
    return failure();
  return copy;
}

std::optional<APIMismatch> graphdiff::findAPIMismatch(ModuleOp applied,
                                                      ModuleOp target) {
  return compareScopes(applied.getBody(), target.getBody(), "");
}

LogicalResult graphdiff::verifyAPIPlan(patch::PlanOp plan, ModuleOp source,
                                       ModuleOp target) {
  FailureOr<OwningOpRef<ModuleOp>> applied = applyAPIPlan(plan, source);
  if (failed(applied))
    return failure();
  std::optional<APIMismatch> mismatch = findAPIMismatch(**applied, target);
  if (!mismatch)
    return success();
  Operation *at = mismatch->target ? mismatch->target : mismatch->applied;
  InFlightDiagnostic diag = emitError(at->getLoc())
                            << "the plan does not give the new API: "
                            << mismatch->path << " " << mismatch->reason;
  if (mismatch->target && mismatch->applied)
    diag.attachNote(mismatch->applied->getLoc()) << "the applied object";
  return diag;
}
