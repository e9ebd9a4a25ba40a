//===- ApplyPlans.cpp - graph-apply-plans pass ----------------------------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Transforms/Passes.h"

#include "GraphDiff/Dialect/Patch/IR/Patch.h"
#include "GraphDiff/Differ/GraphDiffer.h"
#include "GraphDiff/Graph/Graph.h"
#include "GraphDiff/Plan/ApplyPlan.h"
#include "mlir/IR/SymbolTable.h"

namespace graphdiff {
#define GEN_PASS_DEF_GRAPHAPPLYPLANS
#include "GraphDiff/Transforms/Passes.h.inc"
} // namespace graphdiff

using namespace mlir;
using namespace graphdiff;

namespace {
struct GraphApplyPlansPass
    : public graphdiff::impl::GraphApplyPlansBase<GraphApplyPlansPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    // Plans at the top and in nested modules: `cat source.mlir plan.mlir`
    // puts the plan file's `module { patch.plan ... }` inside the source's.
    SmallVector<patch::PlanOp> plans;
    module.walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (auto plan = dyn_cast<patch::PlanOp>(op))
        plans.push_back(plan);
      return isa<ModuleOp>(op) ? WalkResult::advance() : WalkResult::skip();
    });
    for (patch::PlanOp plan : plans) {
      Operation *graphOp = lookupSourceGraph(plan, module);
      if (!graphOp || !isDiffableGraph(graphOp)) {
        plan.emitError() << "source graph " << plan.getSourceAttr()
                         << " is not defined in this module";
        return signalPassFailure();
      }
      if (failed(checkRename(plan, graphOp)))
        return signalPassFailure();
      FailureOr<std::unique_ptr<Graph>> graph = Graph::build(graphOp);
      if (failed(graph))
        return signalPassFailure();
      FailureOr<OwningOpRef<Operation *>> applied = applyPlan(plan, **graph);
      if (failed(applied))
        return signalPassFailure();
      if (failed(declarePlanSymbols(plan, graphOp->getParentOp(), graphOp)))
        return signalPassFailure();
      Operation *result = applied->release();
      graphOp->getBlock()->getOperations().insert(graphOp->getIterator(),
                                                  result);
      graphOp->erase();
      auto holder = dyn_cast<ModuleOp>(plan->getParentOp());
      plan.erase();
      // A nested module that only held plans goes with them.
      if (holder && holder != module && holder.getBody()->empty())
        holder.erase();
    }
  }

  /// A plan that renames its graph (applyPlan gives the copy the target's
  /// name) renames it where it is: the target's path must lead to the same
  /// module, and no other symbol of the module may have the new name.
  static LogicalResult checkRename(patch::PlanOp plan, Operation *graphOp) {
    if (!plan.isRename())
      return success();
    auto modules = [](SymbolRefAttr path) {
      SmallVector<StringAttr> names{path.getRootReference()};
      for (FlatSymbolRefAttr nested : path.getNestedReferences())
        names.push_back(nested.getAttr());
      names.pop_back();
      return names;
    };
    if (modules(plan.getSource()) != modules(plan.getTarget()))
      return plan.emitError()
             << "moves graph " << plan.getSource() << " to " << plan.getTarget()
             << ", in another module; graph-apply-plans renames a graph only "
                "where it is";
    StringAttr name = plan.getTarget().getLeafReference();
    Operation *taken =
        SymbolTable::lookupSymbolIn(graphOp->getParentOp(), name);
    if (taken && taken != graphOp) {
      InFlightDiagnostic diag = plan.emitError()
                                << "renames graph " << plan.getSource()
                                << " to @" << name.getValue()
                                << ", a name its module already gives "
                                   "another symbol";
      diag.attachNote(taken->getLoc())
          << "the other symbol @" << name.getValue();
      return diag;
    }
    return success();
  }

  /// The graph a plan names: in the plan's module, or in one enclosing it.
  static Operation *lookupSourceGraph(patch::PlanOp plan, ModuleOp top) {
    for (Operation *scope = plan->getParentOp(); scope;
         scope = scope == top.getOperation() ? nullptr : scope->getParentOp())
      if (scope->hasTrait<OpTrait::SymbolTable>())
        if (Operation *graph =
                SymbolTable::lookupSymbolIn(scope, plan.getSourceAttr()))
          return graph;
    return nullptr;
  }
};
} // namespace
