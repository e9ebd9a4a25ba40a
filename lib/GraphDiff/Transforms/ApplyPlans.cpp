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
    SmallVector<patch::PlanOp> plans(module.getOps<patch::PlanOp>());
    for (patch::PlanOp plan : plans) {
      Operation *graphOp =
          SymbolTable::lookupSymbolIn(module, plan.getSourceAttr());
      if (!graphOp || !isDiffableGraph(graphOp)) {
        plan.emitError() << "source graph " << plan.getSourceAttr()
                         << " is not defined in this module";
        return signalPassFailure();
      }
      FailureOr<std::unique_ptr<Graph>> graph = Graph::build(graphOp);
      if (failed(graph))
        return signalPassFailure();
      FailureOr<OwningOpRef<Operation *>> applied = applyPlan(plan, **graph);
      if (failed(applied))
        return signalPassFailure();
      Operation *result = applied->release();
      module.getBody()->getOperations().insert(graphOp->getIterator(), result);
      graphOp->erase();
      plan.erase();
    }
  }
};
} // namespace
