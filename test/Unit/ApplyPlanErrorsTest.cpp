//===- ApplyPlanErrorsTest.cpp - Plans that are wrong ---------------------===//
//
// Wrong plans are caught: a plan that does not give its target gives a
// mismatch with a reason, one that cannot be applied a located error.
//
//===----------------------------------------------------------------------===//

#include "ApplyPlanFixture.h"

using namespace mlir;
using namespace graphdiff;

namespace {
using ApplyPlanErrorsTest = test::ApplyPlanFixture;
} // namespace

TEST_F(ApplyPlanErrorsTest, AWrongPlanGivesAMismatch) {
  std::optional<GraphMismatch> mismatch;
  ASSERT_TRUE(apply(parse(R"mlir(
lg.graph @src(%x: tensor<4xf32>) -> tensor<4xf32> {
  %a = lg.node @fc "Linear"(%x) stateful : (tensor<4xf32>) -> tensor<4xf32>
  %b = lg.node @act "ReLU"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  lg.output %b : tensor<4xf32>
}
lg.graph @tgt(%x: tensor<4xf32>) -> tensor<4xf32> {
  %a = lg.node @fc "Linear"(%x) stateful : (tensor<4xf32>) -> tensor<4xf32>
  %b = lg.node @act "SiLU"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  lg.output %b : tensor<4xf32>
}
patch.plan @src to @tgt {
  patch.update @act changes ["kind"] inputs(@fc) {
  ^bb0(%i: tensor<4xf32>):
    %0 = lg.node @act "GELU"(%i) : (tensor<4xf32>) -> tensor<4xf32>
  }
}
)mlir"),
                    mismatch));
  ASSERT_TRUE(mismatch);
  EXPECT_EQ(mismatch->reason, "attribute 'kind' differs: \"GELU\" vs \"SiLU\"");
  ASSERT_TRUE(mismatch->target);
  EXPECT_EQ(cast<lg::NodeOp>(mismatch->target).getId(), "act");
  ASSERT_TRUE(mismatch->applied);
  EXPECT_EQ(cast<lg::NodeOp>(mismatch->applied).getId(), "act");
}

TEST_F(ApplyPlanErrorsTest, AnIncompletePlanGivesAMismatch) {
  // The plan forgets to rewire @act: the applied graph keeps Linear -> ReLU.
  std::optional<GraphMismatch> mismatch;
  ASSERT_TRUE(apply(parse(R"mlir(
lg.graph @src(%x: tensor<4xf32>) -> tensor<4xf32> {
  %a = lg.node @fc "Linear"(%x) stateful : (tensor<4xf32>) -> tensor<4xf32>
  %b = lg.node @act "ReLU"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  lg.output %b : tensor<4xf32>
}
lg.graph @tgt(%x: tensor<4xf32>) -> tensor<4xf32> {
  %a = lg.node @fc "Linear"(%x) stateful : (tensor<4xf32>) -> tensor<4xf32>
  %d = lg.node @drop "Dropout"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  %b = lg.node @act "ReLU"(%d) : (tensor<4xf32>) -> tensor<4xf32>
  lg.output %b : tensor<4xf32>
}
patch.plan @src to @tgt {
  patch.insert new @drop inputs(@fc) {
  ^bb0(%i: tensor<4xf32>):
    %0 = lg.node @drop "Dropout"(%i) : (tensor<4xf32>) -> tensor<4xf32>
  }
}
)mlir"),
                    mismatch));
  ASSERT_TRUE(mismatch);
  EXPECT_EQ(mismatch->reason,
            "operand #0 comes from @fc here but from @drop in the target");
}

TEST_F(ApplyPlanErrorsTest, CannotDeleteANodeStillInUse) {
  ModuleOp module = parse(R"mlir(
lg.graph @src(%x: tensor<4xf32>) -> tensor<4xf32> {
  %a = lg.node @a "A"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %b = lg.node @b "B"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  lg.output %b : tensor<4xf32>
}
lg.graph @tgt(%x: tensor<4xf32>) -> tensor<4xf32> {
  %b = lg.node @b "B"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  lg.output %b : tensor<4xf32>
}
patch.plan @src to @tgt {
  patch.delete @a
}
)mlir");
  ASSERT_TRUE(module) << diagnostics;
  std::optional<GraphMismatch> mismatch;
  EXPECT_FALSE(apply(module, mismatch));
  EXPECT_NE(diagnostics.find("cannot delete @a: still used by @b"),
            std::string::npos)
      << diagnostics;
}

TEST_F(ApplyPlanErrorsTest, CannotDeleteAnOutput) {
  ModuleOp module = parse(R"mlir(
lg.graph @src(%x: tensor<4xf32>) -> tensor<4xf32> {
  %a = lg.node @a "A"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  lg.output %a : tensor<4xf32>
}
lg.graph @tgt(%x: tensor<4xf32>) -> () {
  lg.output
}
patch.plan @src to @tgt {
  patch.delete @a
}
)mlir");
  ASSERT_TRUE(module) << diagnostics;
  std::optional<GraphMismatch> mismatch;
  EXPECT_FALSE(apply(module, mismatch));
  EXPECT_NE(diagnostics.find("cannot delete @a: still used by the graph "
                             "outputs"),
            std::string::npos)
      << diagnostics;
}

TEST_F(ApplyPlanErrorsTest, CannotRemoveAnInputStillInUse) {
  ModuleOp module = parse(R"mlir(
lg.graph @src(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  %a = lg.node @a "A"(%x, %y) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  lg.output %a : tensor<4xf32>
}
lg.graph @tgt(%x: tensor<4xf32>) -> tensor<4xf32> {
  %a = lg.node @a "A"(%x, %x) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  lg.output %a : tensor<4xf32>
}
patch.plan @src to @tgt {
  patch.remove_input %arg1
}
)mlir");
  ASSERT_TRUE(module) << diagnostics;
  std::optional<GraphMismatch> mismatch;
  EXPECT_FALSE(apply(module, mismatch));
  EXPECT_NE(diagnostics.find("cannot remove input %arg1: still used by @a"),
            std::string::npos)
      << diagnostics;
}

TEST_F(ApplyPlanErrorsTest, RejectsBadReferencesAndPositions) {
  // The plan stands apart from its source here, so only applying it can
  // tell that its references are wrong.
  ModuleOp source = parse(R"mlir(
lg.graph @src(%x: tensor<4xf32>) -> tensor<4xf32> {
  %a = lg.node @a "A"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  lg.output %a : tensor<4xf32>
}
)mlir");
  ASSERT_TRUE(source) << diagnostics;
  std::unique_ptr<Graph> graph = graphOf(symbol(source, "src"));
  ASSERT_TRUE(graph);
  struct Case {
    const char *plan;
    const char *error;
  } cases[] = {
      {"patch.delete @nope", "'@nope' names no node of the source graph"},
      {"patch.update @a changes [\"inputs\"] inputs(%arg3) {\n"
       "^bb0(%i: tensor<4xf32>):\n"
       "  %0 = lg.node @a \"A\"(%i) : (tensor<4xf32>) -> tensor<4xf32>\n}",
       "'%arg3' names no value of the source graph"},
      {"patch.update @a changes [\"types\"] inputs(%arg0) {\n"
       "^bb0(%i: tensor<8xf32>):\n"
       "  %0 = lg.node @a \"A\"(%i) : (tensor<8xf32>) -> tensor<4xf32>\n}",
       "input #0 (%arg0) has type 'tensor<4xf32>' but the new node expects "
       "'tensor<8xf32>'"},
      {"patch.remove_output 3", "removes output 3 but the source has 1"},
      {"patch.add_output @a at 2", "adds output 2 but only 1 output(s)"},
      {"patch.add_input new %m at 4 : tensor<4xi1>",
       "adds input 4 but only 1 input(s)"},
      {"patch.remove_input @a", "'@a' is not an input of the graph"},
      {"patch.update @a changes [\"types\"] inputs(%arg0) {\n"
       "^bb0(%i: tensor<4xf32>):\n"
       "  %0:2 = lg.node @a \"A\"(%i) : (tensor<4xf32>) -> (tensor<4xf32>, "
       "tensor<4xf32>)\n}",
       "the new node has 2 result(s) but @a has 1"},
  };
  for (const Case &c : cases) {
    diagnostics.clear();
    std::string text =
        std::string("patch.plan @src to @tgt {\n") + c.plan + "\n}\n";
    ModuleOp module = parse(text);
    ASSERT_TRUE(module) << text << "\n" << diagnostics;
    FailureOr<OwningOpRef<Operation *>> applied =
        applyPlan(planIn(module), *graph);
    EXPECT_TRUE(failed(applied)) << text;
    EXPECT_NE(diagnostics.find(c.error), std::string::npos) << text << "\n"
                                                            << diagnostics;
  }
}

TEST_F(ApplyPlanErrorsTest, RejectsACycle) {
  ModuleOp module = parse(R"mlir(
lg.graph @src(%x: tensor<4xf32>) -> tensor<4xf32> {
  %a = lg.node @a "A"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %b = lg.node @b "B"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  lg.output %b : tensor<4xf32>
}
lg.graph @tgt(%x: tensor<4xf32>) -> tensor<4xf32> {
  lg.output %x : tensor<4xf32>
}
patch.plan @src to @tgt {
  patch.update @a changes ["inputs"] inputs(@b) {
  ^bb0(%i: tensor<4xf32>):
    %0 = lg.node @a "A"(%i) : (tensor<4xf32>) -> tensor<4xf32>
  }
}
)mlir");
  ASSERT_TRUE(module) << diagnostics;
  std::optional<GraphMismatch> mismatch;
  EXPECT_FALSE(apply(module, mismatch));
  EXPECT_NE(diagnostics.find("cycle"), std::string::npos) << diagnostics;
}
