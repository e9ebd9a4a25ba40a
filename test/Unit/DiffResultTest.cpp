//===- DiffResultTest.cpp - diffModules and the result it returns ---------===//
//
// The C++ API: diffModules takes options and returns the result model, which
// owns its plans; every pair's statuses, images, stages and summary agree
// with its plan.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Differ/DiffResult.h"
#include "DifferTestSupport.h"
#include "GraphDiff/Dialect/Patch/IR/Patch.h"
#include "GraphDiff/Renderers/Renderers.h"
#include "mlir/IR/Diagnostics.h"

using namespace mlir;
using namespace graphdiff;
using namespace graphdiff::test;

namespace {
using DiffResultTest = DifferTest;

/// The chain, and a graph the target does not have.
const std::string kSource = kChain + R"mlir(
lg.graph @old(%x: i32) -> i32 {
  lg.output %x : i32
}
)mlir";

TEST_F(DiffResultTest, ResultOwnsItsPlansAndDescribesEachPair) {
  ModuleOp source = parse(kSource);
  ModuleOp target = parse(R"mlir(
lg.graph @new(%x: i32) -> i32 {
  lg.output %x : i32
}
)mlir" + chain({"a A", "f BC fused_from [@b, @c]", "d D"}));
  DiffOptions options;
  options.sourceFile = "before.mlir";
  options.targetFile = "after.mlir";
  FailureOr<DiffResult> diff = diffModules(source, target, options);
  ASSERT_TRUE(succeeded(diff));
  EXPECT_EQ(diff->sourceFile, "before.mlir");
  EXPECT_EQ(diff->targetFile, "after.mlir");
  EXPECT_TRUE(diff->isDifferent());
  EXPECT_EQ(diff->removedGraphs, std::vector<std::string>({"old"}));
  EXPECT_EQ(diff->addedGraphs, std::vector<std::string>({"new"}));
  EXPECT_TRUE(diff->changedGraphs.empty());
  // The graphs only one side has keep their views, for renderers that draw
  // them whole.
  ASSERT_EQ(diff->removedGraphViews.size(), 1u);
  ASSERT_EQ(diff->addedGraphViews.size(), 1u);
  ASSERT_TRUE(diff->removedGraphViews.front());
  ASSERT_TRUE(diff->addedGraphViews.front());
  EXPECT_EQ(diff->removedGraphViews.front()->getName(), "old");
  EXPECT_EQ(diff->addedGraphViews.front()->getName(), "new");
  EXPECT_EQ(diff->removedGraphViews.front()->size(), 0u);

  // The plans module is the result's: the plan, then the graph edits.
  ASSERT_TRUE(diff->plans);
  SmallVector<StringRef> ops;
  for (Operation &op : diff->plans->getBody()->getOperations())
    ops.push_back(op.getName().getStringRef());
  EXPECT_EQ(ops, SmallVector<StringRef>(
                     {"patch.plan", "patch.remove_graph", "patch.add_graph"}));
  ASSERT_EQ(diff->pairs.size(), 1u);
  const GraphPairDiff &pair = diff->pairs.front();
  EXPECT_EQ(pair.plan->getParentOp(), diff->plans->getOperation());

  const Graph &s = *pair.source, &t = *pair.target;
  unsigned sa = node(s, "a"), sb = node(s, "b"), sc = node(s, "c"),
           sd = node(s, "d");
  unsigned ta = node(t, "a"), tf = node(t, "f"), td = node(t, "d");
  EXPECT_EQ(pair.mapping.getSource(ta), sa);
  EXPECT_EQ(pair.mapping.getPairStage(ta), MatchStage::Id);
  EXPECT_EQ(pair.sourceStatus[sa], NodeStatus::Unchanged);
  EXPECT_EQ(pair.sourceStatus[sb], NodeStatus::Replaced);
  EXPECT_EQ(pair.sourceStatus[sc], NodeStatus::Replaced);
  EXPECT_EQ(pair.targetStatus[tf], NodeStatus::Replacing);
  // @d reads the new node where it read @c: unchanged.
  EXPECT_EQ(pair.targetStatus[td], NodeStatus::Unchanged);
  EXPECT_EQ(pair.image[sb], tf);
  EXPECT_EQ(pair.image[sa], ta);
  EXPECT_EQ(pair.image[sd], td);
  ASSERT_EQ(pair.replacements.size(), 1u);
  EXPECT_EQ(pair.replacements[0].anchor, sc);
  EXPECT_EQ(pair.replacements[0].stage, MatchStage::Provenance);
  EXPECT_EQ(pair.sourceOrder, std::vector<unsigned>({sa, sb, sc, sd}));
  EXPECT_EQ(pair.summary.unchanged, 2u);
  EXPECT_EQ(pair.summary.replaced, 2u);
  EXPECT_EQ(pair.summary.inserted, 0u);
  EXPECT_EQ(pair.summary.replacements, 1u);

  // Each action op is recorded as the engine emitted it, in plan order, with
  // its nodes as indices: the delete the replace absorbs, then the replace.
  SmallVector<Operation *> actionOps;
  patch::PlanOp plan = pair.plan;
  for (Operation &op : plan.getActions().front())
    actionOps.push_back(&op);
  ASSERT_EQ(actionOps.size(), 2u);
  ASSERT_EQ(pair.actions.size(), 2u);
  const PlanAction &absorbed = pair.actions[0], &replace = pair.actions[1];
  EXPECT_EQ(absorbed.kind, "delete");
  EXPECT_EQ(absorbed.op, actionOps[0]);
  EXPECT_TRUE(absorbed.isAbsorbed());
  EXPECT_EQ(absorbed.sources, SmallVector<unsigned>({sb}));
  EXPECT_EQ(absorbed.anchor, sc);
  EXPECT_EQ(absorbed.stage, MatchStage::Provenance);
  EXPECT_TRUE(replace.is<patch::ReplaceOp>());
  EXPECT_EQ(replace.op, actionOps[1]);
  EXPECT_EQ(replace.sources, SmallVector<unsigned>({sb, sc}));
  EXPECT_EQ(replace.anchor, sc);
  EXPECT_EQ(replace.target, tf);
  EXPECT_EQ(replace.stage, MatchStage::Provenance);

  // Moving the result keeps its plans and views valid.
  DiffResult moved = std::move(*diff);
  EXPECT_EQ(moved.pairs.front().plan->getParentOp(),
            moved.plans->getOperation());
}

/// An update's record says what it changes, worked out once by the engine:
/// the attribute with its old and new value, and the change kinds.
TEST_F(DiffResultTest, UpdateRecordsItsChangeDetails) {
  ModuleOp source = parse(chain({"a A", "b B metadata {k = 2 : i64}", "c C"}));
  ModuleOp target = parse(chain({"a A", "b B metadata {k = 3 : i64}", "c C"}));
  FailureOr<DiffResult> diff = diffModules(source, target);
  ASSERT_TRUE(succeeded(diff));
  ASSERT_EQ(diff->pairs.size(), 1u);
  const GraphPairDiff &pair = diff->pairs.front();
  ASSERT_EQ(pair.actions.size(), 1u);
  const PlanAction &update = pair.actions.front();
  EXPECT_TRUE(update.is<patch::UpdateOp>());
  patch::PlanOp plan = pair.plan;
  EXPECT_EQ(update.op, &plan.getActions().front().front());
  EXPECT_EQ(update.sources, SmallVector<unsigned>({node(*pair.source, "b")}));
  EXPECT_EQ(update.target, node(*pair.target, "b"));
  EXPECT_EQ(update.changes, patch::NodeChange::Attributes);
  ASSERT_EQ(update.details.size(), 1u);
  EXPECT_EQ(update.details[0].change, "attribute");
  EXPECT_EQ(update.details[0].name, "metadata");
  EXPECT_EQ(update.details[0].before, "{k = 2 : i64}");
  EXPECT_EQ(update.details[0].after, "{k = 3 : i64}");
}

/// The MLIR renderer verifies the plans before it prints them unless the
/// caller says it has (RenderOptions::plansVerified): a verified plan prints
/// the same either way, one that fails prints in the generic form unless the
/// caller vouched for it.
TEST_F(DiffResultTest, MLIRRendererVerifiesUnlessTheCallerDid) {
  ModuleOp source = parse(kChain);
  ModuleOp target = parse(chain({"a A", "f BC fused_from [@b, @c]", "d D"}));
  FailureOr<DiffResult> diff = diffModules(source, target);
  ASSERT_TRUE(succeeded(diff));
  auto render = [&](bool verified) {
    RenderOptions options;
    options.plansVerified = verified;
    std::string text;
    llvm::raw_string_ostream os(text);
    EXPECT_TRUE(succeeded(renderMLIR(*diff, os, options)));
    return text;
  };
  std::string checked = render(false);
  EXPECT_NE(checked.find("patch.plan @g to @g"), std::string::npos) << checked;
  EXPECT_EQ(render(true), checked);

  // A second copy of the replace makes the same new node twice: the plan no
  // longer verifies.
  patch::ReplaceOp replace;
  diff->plans->walk([&](patch::ReplaceOp op) { replace = op; });
  ASSERT_TRUE(replace);
  OpBuilder builder(replace);
  builder.setInsertionPointAfter(replace);
  builder.clone(*replace);
  EXPECT_NE(render(false).find("\"patch.plan\""), std::string::npos);
  EXPECT_EQ(render(true).find("\"patch.plan\""), std::string::npos);
}

TEST_F(DiffResultTest, IdenticalModulesAreTheSame) {
  ModuleOp source = parse(kSource);
  ModuleOp target = parse(kSource);
  FailureOr<DiffResult> diff = diffModules(source, target);
  ASSERT_TRUE(succeeded(diff));
  EXPECT_FALSE(diff->isDifferent());
  ASSERT_EQ(diff->pairs.size(), 2u);
  for (const GraphPairDiff &pair : diff->pairs) {
    EXPECT_TRUE(llvm::all_of(pair.sourceStatus, [](NodeStatus status) {
      return status == NodeStatus::Unchanged;
    }));
    EXPECT_DOUBLE_EQ(pair.summary.similarity(), 1.0);
  }
}

TEST_F(DiffResultTest, FailureReportsALocatedErrorAndReturnsNothing) {
  ModuleOp source = parse(R"mlir(
module {
  lg.graph @f(%x: i32) -> i32 {
    lg.output %x : i32
  }
}
module {
  lg.graph @f(%x: i32) -> i32 {
    lg.output %x : i32
  }
}
)mlir");
  ModuleOp target = parse(kSource);
  std::string errors;
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
    if (diag.getSeverity() == DiagnosticSeverity::Error)
      errors += diag.str();
    return success();
  });
  FailureOr<DiffResult> diff = diffModules(source, target);
  EXPECT_TRUE(failed(diff));
  EXPECT_NE(errors.find("has the same symbol path @f"), std::string::npos)
      << errors;
}
} // namespace
