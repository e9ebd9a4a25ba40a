//===- APIPlanEmitter.cpp - The patch plan of an API diff -----------------===//
//
// Part of graph-diff.
//
// The plan follows the dataflow PlanEmitter's conventions on a tree: every
// action is anchored on an old object (`@keras.layers.Dense`) or names the
// new object it makes (`new @keras.layers.Dense`); a new node is written out
// in full in the action's body (here: the object with its own parameters,
// results and facts, without the objects nested in it, which have actions of
// their own); the one input of an action is the scope the object sits in
// (none at the top level), so a move is an update of its `inputs`. Actions
// come in the new API's preorder, so a scope is made before what goes in
// it, then the plain deletes in the old API's preorder.
//
//===----------------------------------------------------------------------===//

#include "APIStages.h"

#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;
using namespace graphdiff;
using namespace graphdiff::apidiff;

namespace {
class PlanEmitter {
public:
  PlanEmitter(const Side &oldSide, const Side &newSide,
              const NodeMapping &mapping, ArrayRef<unsigned> oldTies,
              OpBuilder &builder)
      : oldSide(oldSide), newSide(newSide), mapping(mapping), oldTies(oldTies),
        builder(builder) {}

  void run() {
    for (unsigned n = 0; n < newSide.objects.size(); ++n) {
      if (std::optional<unsigned> o = mapping.getSource(n))
        emitUpdate(*o, n);
      else if (!mapping.getRegion(n).empty())
        emitReplace(n);
      else
        emitInsert(n);
    }
    for (unsigned o = 0; o < oldSide.objects.size(); ++o) {
      if (mapping.isSourceTaken(o))
        continue;
      StringAttr reason;
      if (mapping.isSourceAmbiguous(o))
        reason = builder.getStringAttr(describeTie(oldTies[o], true));
      patch::DeleteOp::create(builder, oldSide.objects[o]->getLoc(),
                              oldSide.getRef(o, false), nullptr, reason,
                              nullptr);
    }
  }

private:
  const Side &oldSide, &newSide;
  const NodeMapping &mapping;
  ArrayRef<unsigned> oldTies;
  OpBuilder &builder;

  /// The scope new object `n` goes in, as the plan names it once applied:
  /// the old object paired with it, or the new one an earlier action made;
  /// none at the top level.
  patch::RefAttr scopeRef(unsigned n) const {
    int scope = newSide.parent[n];
    if (scope < 0)
      return nullptr;
    if (std::optional<unsigned> o = mapping.getSource(scope))
      return oldSide.getRef(*o, false);
    return newSide.getRef(scope, true);
  }

  ArrayAttr inputsOf(unsigned n) {
    patch::RefAttr scope = scopeRef(n);
    return scope ? builder.getArrayAttr({scope}) : builder.getArrayAttr({});
  }

  /// Whether paired object `o`, `n` sits in another scope than its old one
  /// becomes (or its old scope goes away).
  bool isMoved(unsigned o, unsigned n) const {
    int oldScope = oldSide.parent[o], newScope = newSide.parent[n];
    if (oldScope < 0 || newScope < 0)
      return oldScope != newScope;
    std::optional<unsigned> image = mapping.getTarget(oldScope);
    return !image || static_cast<int>(*image) != newScope;
  }

  /// Writes new object `n` in `action`'s body, its scope the one input.
  void buildBody(Operation *action, unsigned n) {
    Operation *object = newSide.objects[n];
    Block *body = new Block();
    action->getRegion(0).push_back(body);
    if (newSide.parent[n] >= 0)
      body->addArgument(NoneType::get(builder.getContext()), object->getLoc());
    body->push_back(cloneOwnContent(object));
  }

  patch::MatchStageAttr stageAttr(MatchStage stage) {
    return patch::MatchStageAttr::get(builder.getContext(), stage);
  }

  void emitUpdate(unsigned o, unsigned n) {
    patch::NodeChange changes =
        contentChanges(oldSide.objects[o], newSide.objects[n]);
    if (isMoved(o, n))
      changes = changes | patch::NodeChange::Inputs;
    if (changes == patch::NodeChange::None)
      return;
    auto update = patch::UpdateOp::create(
        builder, newSide.objects[n]->getLoc(), oldSide.getRef(o, false),
        changes, /*was=*/DictionaryAttr(), inputsOf(n),
        stageAttr(mapping.getPairStage(n)), /*before=*/patch::RefAttr());
    buildBody(update, n);
  }

  void emitReplace(unsigned n) {
    SmallVector<Attribute> region;
    for (unsigned o : mapping.getRegion(n))
      region.push_back(oldSide.getRef(o, false));
    auto replace = patch::ReplaceOp::create(
        builder, newSide.objects[n]->getLoc(), cast<patch::RefAttr>(region[0]),
        newSide.getRef(n, true), builder.getArrayAttr(region), inputsOf(n),
        builder.getArrayAttr({}), /*init=*/false,
        stageAttr(mapping.getRegionStage(n)),
        /*before=*/patch::RefAttr());
    buildBody(replace, n);
  }

  void emitInsert(unsigned n) {
    auto insert =
        patch::InsertOp::create(builder, newSide.objects[n]->getLoc(),
                                newSide.getRef(n, true), inputsOf(n), nullptr,
                                /*before=*/patch::RefAttr(),
                                /*reason=*/StringAttr());
    buildBody(insert, n);
  }
};
} // namespace

patch::PlanOp apidiff::emitAPIPlan(const Side &oldSide, const Side &newSide,
                                   const NodeMapping &mapping,
                                   ArrayRef<unsigned> oldTies,
                                   OpBuilder &builder, SymbolRefAttr source,
                                   SymbolRefAttr target) {
  auto plan =
      patch::PlanOp::create(builder, builder.getUnknownLoc(), source, target);
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToEnd(&plan.getActions().front());
  PlanEmitter(oldSide, newSide, mapping, oldTies, builder).run();
  return plan;
}
