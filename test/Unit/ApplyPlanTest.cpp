//===- ApplyPlanTest.cpp - Plans that give their target -------------------===//
//
// Every case applies a hand-written plan to its source graph and checks,
// with findMismatch, that the result is the target; then verifyPlanModule,
// which verifies a diff's plans module but for the plans already verified.
//
//===----------------------------------------------------------------------===//

#include "ApplyPlanFixture.h"

using namespace mlir;
using namespace graphdiff;

namespace {
using ApplyPlanTest = test::ApplyPlanFixture;
} // namespace

TEST_F(ApplyPlanTest, FusesConvBnReluIntoOneStatefulNode) {
  EXPECT_TRUE(givesTarget(R"mlir(
lg.graph @src(%x: tensor<1x3x8x8xf32>) -> tensor<1x4x4x4xf32> {
  %c = lg.node @conv1 "Conv2d"(%x) stateful : (tensor<1x3x8x8xf32>) -> tensor<1x4x8x8xf32>
  %b = lg.node @bn1 "BatchNorm2d"(%c) stateful : (tensor<1x4x8x8xf32>) -> tensor<1x4x8x8xf32>
  %r = lg.node @relu1 "ReLU"(%b) : (tensor<1x4x8x8xf32>) -> tensor<1x4x8x8xf32>
  %p = lg.node @pool "MaxPool2d"(%r) metadata {k = 2 : i64} : (tensor<1x4x8x8xf32>) -> tensor<1x4x4x4xf32>
  lg.output %p : tensor<1x4x4x4xf32>
}
lg.graph @tgt(%x: tensor<1x3x8x8xf32>) -> tensor<1x4x4x4xf32> {
  %p = lg.node @pool "MaxPool2d"(%f) metadata {k = 2 : i64} : (tensor<1x4x8x8xf32>) -> tensor<1x4x4x4xf32>
  %f = lg.node @fused "ConvBnReLU"(%x) stateful fused_from [@conv1, @bn1, @relu1] : (tensor<1x3x8x8xf32>) -> tensor<1x4x8x8xf32>
  lg.output %p : tensor<1x4x4x4xf32>
}
patch.plan @src to @tgt {
  patch.delete @conv1 absorbed_by @relu1
  patch.delete @bn1 absorbed_by @relu1
  patch.replace @relu1 with new @fused region [@conv1, @bn1, @relu1] inputs(%arg0) results(@relu1) init {
  ^bb0(%i: tensor<1x3x8x8xf32>):
    %0 = lg.node @fused "ConvBnReLU"(%i) stateful fused_from [@conv1, @bn1, @relu1] : (tensor<1x3x8x8xf32>) -> tensor<1x4x8x8xf32>
  }
}
)mlir"));
}

TEST_F(ApplyPlanTest, InsertsANode) {
  EXPECT_TRUE(givesTarget(R"mlir(
lg.graph @src(%x: tensor<4xf32>) -> tensor<4xf32> {
  %a = lg.node @fc "Linear"(%x) stateful : (tensor<4xf32>) -> tensor<4xf32>
  %b = lg.node @act "ReLU"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  lg.output %b : tensor<4xf32>
}
lg.graph @tgt(%x: tensor<4xf32>) -> tensor<4xf32> {
  %a = lg.node @fc "Linear"(%x) stateful : (tensor<4xf32>) -> tensor<4xf32>
  %d = lg.node @drop "Dropout"(%a) metadata {p = 0.5 : f64} : (tensor<4xf32>) -> tensor<4xf32>
  %b = lg.node @act "ReLU"(%d) : (tensor<4xf32>) -> tensor<4xf32>
  lg.output %b : tensor<4xf32>
}
patch.plan @src to @tgt {
  patch.insert new @drop inputs(@fc) {
  ^bb0(%i: tensor<4xf32>):
    %0 = lg.node @drop "Dropout"(%i) metadata {p = 0.5 : f64} : (tensor<4xf32>) -> tensor<4xf32>
  }
  patch.update @act changes ["inputs"] inputs(new @drop) {
  ^bb0(%i: tensor<4xf32>):
    %0 = lg.node @act "ReLU"(%i) : (tensor<4xf32>) -> tensor<4xf32>
  }
}
)mlir"));
}

TEST_F(ApplyPlanTest, UpdatesAKind) {
  EXPECT_TRUE(givesTarget(R"mlir(
lg.graph @src(%x: tensor<4xf32>) -> tensor<4xf32> {
  %a = lg.node @fc "Linear"(%x) stateful : (tensor<4xf32>) -> tensor<4xf32>
  %b = lg.node @act "ReLU"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  %c = lg.node @out "Softmax"(%b) : (tensor<4xf32>) -> tensor<4xf32>
  lg.output %c : tensor<4xf32>
}
lg.graph @tgt(%x: tensor<4xf32>) -> tensor<4xf32> {
  %a = lg.node @fc "Linear"(%x) stateful : (tensor<4xf32>) -> tensor<4xf32>
  %b = lg.node @act "GELU"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  %c = lg.node @out "Softmax"(%b) : (tensor<4xf32>) -> tensor<4xf32>
  lg.output %c : tensor<4xf32>
}
patch.plan @src to @tgt {
  patch.update @act changes ["kind"] inputs(@fc) {
  ^bb0(%i: tensor<4xf32>):
    %0 = lg.node @act "GELU"(%i) : (tensor<4xf32>) -> tensor<4xf32>
  }
}
)mlir"));
}

TEST_F(ApplyPlanTest, RewiresAnEdge) {
  EXPECT_TRUE(givesTarget(R"mlir(
lg.graph @src(%x: tensor<4xf32>) -> tensor<4xf32> {
  %a = lg.node @a "A"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %b = lg.node @b "B"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  %c = lg.node @c "C"(%a, %x) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  lg.output %c : tensor<4xf32>
}
lg.graph @tgt(%x: tensor<4xf32>) -> tensor<4xf32> {
  %a = lg.node @a "A"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %b = lg.node @b "B"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  %c = lg.node @c "C"(%b, %a) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  lg.output %c : tensor<4xf32>
}
patch.plan @src to @tgt {
  patch.update @c changes ["inputs"] inputs(@b, @a) {
  ^bb0(%i: tensor<4xf32>, %j: tensor<4xf32>):
    %0 = lg.node @c "C"(%i, %j) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  }
}
)mlir"));
}

TEST_F(ApplyPlanTest, ReplacesThreeNodesByOneWithThreeResults) {
  EXPECT_TRUE(givesTarget(R"mlir(
lg.graph @src(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %q = lg.node @q "Linear"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %k = lg.node @k "Linear"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %v = lg.node @v "Linear"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %a = lg.node @attn "Attention"(%q, %k, %v) : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %n = lg.node @norm "Norm"(%v) : (tensor<4xf32>) -> tensor<4xf32>
  lg.output %a, %k, %n : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}
lg.graph @tgt(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %qkv:3 = lg.node @qkv "QKV"(%x) fused_from [@q, @k, @v] : (tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>)
  %a = lg.node @attn "Attention"(%qkv#2, %qkv#0, %qkv#1) : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %n = lg.node @norm "Norm"(%qkv#1) : (tensor<4xf32>) -> tensor<4xf32>
  lg.output %a, %qkv#0, %n : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}
patch.plan @src to @tgt {
  patch.delete @q absorbed_by @v
  patch.delete @k absorbed_by @v
  patch.replace @v with new @qkv region [@q, @k, @v] inputs(%arg0) results(@k, @v, @q) {
  ^bb0(%i: tensor<4xf32>):
    %0:3 = lg.node @qkv "QKV"(%i) fused_from [@q, @k, @v] : (tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>)
  }
}
)mlir"));
}

TEST_F(ApplyPlanTest, AddsAndRemovesInputsAndOutputs) {
  // Inputs (x, y, z) become (m, x, k); outputs (a, b) become (g, a).
  EXPECT_TRUE(givesTarget(R"mlir(
lg.graph @src(%x: tensor<4xf32>, %y: tensor<4xf32>, %z: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %a = lg.node @a "Add"(%x, %y) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %b = lg.node @b "Neg"(%z) : (tensor<4xf32>) -> tensor<4xf32>
  lg.output %a, %b : tensor<4xf32>, tensor<4xf32>
}
lg.graph @tgt(%m: tensor<4xi1>, %x: tensor<4xf32>, %k: tensor<4xf16>) -> (tensor<4xf32>, tensor<4xf32>) {
  %a = lg.node @a "Add"(%x, %x) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %g = lg.node @gate "Mask"(%a, %m, %k) : (tensor<4xf32>, tensor<4xi1>, tensor<4xf16>) -> tensor<4xf32>
  lg.output %g, %a : tensor<4xf32>, tensor<4xf32>
}
patch.plan @src to @tgt {
  patch.delete @b
  patch.update @a changes ["inputs"] inputs(%arg0, %arg0) {
  ^bb0(%i: tensor<4xf32>, %j: tensor<4xf32>):
    %0 = lg.node @a "Add"(%i, %j) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  }
  patch.add_input new %k at 2 : tensor<4xf16>
  patch.add_input new %m at 0 : tensor<4xi1>
  patch.insert new @gate inputs(@a, new %m, new %k) {
  ^bb0(%i: tensor<4xf32>, %j: tensor<4xi1>, %l: tensor<4xf16>):
    %0 = lg.node @gate "Mask"(%i, %j, %l) : (tensor<4xf32>, tensor<4xi1>, tensor<4xf16>) -> tensor<4xf32>
  }
  patch.remove_input %arg1
  patch.remove_input %arg2
  patch.remove_output 1
  patch.add_output new @gate at 0
}
)mlir"));
}

TEST_F(ApplyPlanTest, UsesAResultOfANewMultiResultNode) {
  EXPECT_TRUE(givesTarget(R"mlir(
lg.graph @src(%x: tensor<4xf32>) -> tensor<4xf32> {
  %a = lg.node @a "A"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  lg.output %a : tensor<4xf32>
}
lg.graph @tgt(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %s:2 = lg.node @split "Split"(%x) : (tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
  %a = lg.node @a "A"(%s#1) : (tensor<4xf32>) -> tensor<4xf32>
  lg.output %a, %s#0 : tensor<4xf32>, tensor<4xf32>
}
patch.plan @src to @tgt {
  patch.insert new @split inputs(%arg0) {
  ^bb0(%i: tensor<4xf32>):
    %0:2 = lg.node @split "Split"(%i) : (tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
  }
  patch.update @a changes ["inputs"] inputs(new @split[1]) {
  ^bb0(%i: tensor<4xf32>):
    %0 = lg.node @a "A"(%i) : (tensor<4xf32>) -> tensor<4xf32>
  }
  patch.add_output new @split[0] at 1
}
)mlir"));
}

TEST_F(ApplyPlanTest, PatchesAFunctionWithArithOps) {
  EXPECT_TRUE(givesTarget(R"mlir(
func.func @src(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = arith.addf %a, %b : tensor<4xf32>
  %1 = arith.mulf %0, %b : tensor<4xf32>
  %2 = arith.subf %1, %a : tensor<4xf32>
  return %2 : tensor<4xf32>
}
func.func @tgt(%a: tensor<4xf32>, %b: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = arith.addf %a, %b : tensor<4xf32>
  %1 = arith.divf %0, %b : tensor<4xf32>
  %2 = arith.subf %1, %a : tensor<4xf32>
  %3 = arith.negf %2 : tensor<4xf32>
  return %3, %0 : tensor<4xf32>, tensor<4xf32>
}
patch.plan @src to @tgt {
  patch.update %1 changes ["kind"] inputs(%0, %arg1) {
  ^bb0(%p: tensor<4xf32>, %q: tensor<4xf32>):
    %r = arith.divf %p, %q : tensor<4xf32>
  }
  patch.insert new %3 inputs(%2) {
  ^bb0(%p: tensor<4xf32>):
    %r = arith.negf %p : tensor<4xf32>
  }
  patch.remove_output 0
  patch.add_output new %3 at 0
  patch.add_output %0 at 1
}
)mlir"));
}

TEST_F(ApplyPlanTest, FusesArithOpsIntoALinalgGeneric) {
  // The new node comes last in the block; sorting puts it before its users.
  EXPECT_TRUE(givesTarget(R"mlir(
#map = affine_map<(d0) -> (d0)>
func.func @src(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = arith.addf %a, %b : tensor<4xf32>
  %1 = arith.mulf %0, %b : tensor<4xf32>
  %2 = arith.subf %1, %a : tensor<4xf32>
  return %2 : tensor<4xf32>
}
func.func @tgt(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]}
      ins(%a, %b : tensor<4xf32>, tensor<4xf32>) outs(%a : tensor<4xf32>) {
  ^bb0(%in: f32, %in2: f32, %out: f32):
    %s = arith.addf %in, %in2 : f32
    %m = arith.mulf %s, %in2 : f32
    linalg.yield %m : f32
  } -> tensor<4xf32>
  %1 = arith.subf %0, %a : tensor<4xf32>
  return %1 : tensor<4xf32>
}
patch.plan @src to @tgt {
  patch.delete %0 absorbed_by %1
  patch.replace %1 with new %0 region [%0, %1] inputs(%arg0, %arg1) results(%1) {
  ^bb0(%p: tensor<4xf32>, %q: tensor<4xf32>):
    %r = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]}
        ins(%p, %q : tensor<4xf32>, tensor<4xf32>) outs(%p : tensor<4xf32>) {
    ^bb0(%in: f32, %in2: f32, %out: f32):
      %s = arith.addf %in, %in2 : f32
      %m = arith.mulf %s, %in2 : f32
      linalg.yield %m : f32
    } -> tensor<4xf32>
  }
}
)mlir"));
}

TEST_F(ApplyPlanTest, LeavesTheSourceUnchanged) {
  ModuleOp module = parse(R"mlir(
lg.graph @src(%x: tensor<4xf32>) -> tensor<4xf32> {
  %a = lg.node @a "A"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %b = lg.node @b "B"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  lg.output %b : tensor<4xf32>
}
lg.graph @tgt(%x: tensor<4xf32>) -> tensor<4xf32> {
  %a = lg.node @a "A"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  lg.output %a : tensor<4xf32>
}
patch.plan @src to @tgt {
  patch.delete @b
  patch.remove_output 0
  patch.add_output @a at 0
}
)mlir");
  ASSERT_TRUE(module) << diagnostics;
  std::string before;
  llvm::raw_string_ostream beforeOs(before);
  symbol(module, "src")->print(beforeOs);
  std::optional<GraphMismatch> mismatch;
  ASSERT_TRUE(apply(module, mismatch));
  EXPECT_FALSE(mismatch) << mismatch->reason;
  std::string after;
  llvm::raw_string_ostream afterOs(after);
  symbol(module, "src")->print(afterOs);
  EXPECT_EQ(before, after);
}

TEST_F(ApplyPlanTest, OrdersTheResultMovingOnlyWhatMust) {
  // The insert lands at the end, the update where @b was: @b now reads @n,
  // which must come first; @c, in order, keeps its place after @a.
  ModuleOp module = parse(R"mlir(
lg.graph @src(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %a = lg.node @a "A"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %c = lg.node @c "C"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  %b = lg.node @b "B"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  %d = lg.node @d "D"(%b) : (tensor<4xf32>) -> tensor<4xf32>
  lg.output %d, %c : tensor<4xf32>, tensor<4xf32>
}
lg.graph @tgt(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  lg.output %x, %x : tensor<4xf32>, tensor<4xf32>
}
patch.plan @src to @tgt {
  patch.insert new @n inputs(@a) {
  ^bb0(%i: tensor<4xf32>):
    %0 = lg.node @n "N"(%i) : (tensor<4xf32>) -> tensor<4xf32>
  }
  patch.update @b changes ["inputs"] inputs(new @n) {
  ^bb0(%i: tensor<4xf32>):
    %0 = lg.node @b "B"(%i) : (tensor<4xf32>) -> tensor<4xf32>
  }
}
)mlir");
  ASSERT_TRUE(module) << diagnostics;
  std::unique_ptr<Graph> source = graphOf(symbol(module, "src"));
  ASSERT_TRUE(source);
  FailureOr<OwningOpRef<Operation *>> applied =
      applyPlan(planIn(module), *source);
  ASSERT_TRUE(succeeded(applied)) << diagnostics;
  std::vector<std::string> ids;
  for (Operation &op : (**applied)->getRegion(0).front().without_terminator())
    ids.push_back(cast<lg::NodeOp>(op).getIdAttr().getValue().str());
  EXPECT_EQ(ids, std::vector<std::string>({"a", "c", "n", "b", "d"}));
}

TEST_F(ApplyPlanTest, SaysWhatTheAppliedNodesStandFor) {
  ModuleOp module = parse(R"mlir(
lg.graph @src(%x: tensor<4xf32>) -> tensor<4xf32> {
  %a = lg.node @fc "Linear"(%x) stateful : (tensor<4xf32>) -> tensor<4xf32>
  %n = lg.node @noise "Noise"(%a) : (tensor<4xf32>) -> tensor<4xf32>
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
  patch.delete @noise
  patch.insert new @drop inputs(@fc) {
  ^bb0(%i: tensor<4xf32>):
    %0 = lg.node @drop "Dropout"(%i) : (tensor<4xf32>) -> tensor<4xf32>
  }
  patch.update @act changes ["inputs"] inputs(new @drop) {
  ^bb0(%i: tensor<4xf32>):
    %0 = lg.node @act "ReLU"(%i) : (tensor<4xf32>) -> tensor<4xf32>
  }
}
)mlir");
  ASSERT_TRUE(module) << diagnostics;
  std::unique_ptr<Graph> source = graphOf(symbol(module, "src"));
  ASSERT_TRUE(source);
  AppliedNodes nodes;
  FailureOr<OwningOpRef<Operation *>> applied =
      applyPlan(planIn(module), *source, /*verifyResult=*/true, &nodes);
  ASSERT_TRUE(succeeded(applied)) << diagnostics;
  std::unique_ptr<Graph> copy = graphOf(applied->get());
  ASSERT_TRUE(copy);
  ASSERT_EQ(nodes.bySource.size(), 3u);
  auto idOf = [&](Operation *node) -> std::string {
    std::optional<unsigned> index = copy->getIndex(node);
    return index ? copy->getNodeName(*index).str() : "<not in the copy>";
  };
  // @fc is copied as it is; @noise is deleted; @act is the updated node,
  // which reads the new @drop.
  EXPECT_EQ(idOf(nodes.bySource[0]), "fc");
  EXPECT_EQ(nodes.bySource[1], nullptr);
  EXPECT_EQ(idOf(nodes.bySource[2]), "act");
  EXPECT_EQ(nodes.bySource[2]->getOperand(0).getDefiningOp(),
            nodes.byNewName.lookup("drop"));
  EXPECT_EQ(nodes.byNewName.size(), 1u);
  EXPECT_EQ(idOf(nodes.byNewName.lookup("drop")), "drop");
}

// verifyPlanModule: the module of a diff's plans verified as mlir::verify
// would, but for the plans verifyPlan has verified already.
namespace {
class VerifyPlanModuleTest : public ApplyPlanTest {
protected:
  /// Parses `text` without verifying it.
  ModuleOp parseUnverified(StringRef text) {
    OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(
        text, ParserConfig(&context, /*verifyAfterParse=*/false));
    if (!module)
      return nullptr;
    modules.push_back(std::move(module));
    return modules.back().get();
  }
};
} // namespace

TEST_F(VerifyPlanModuleTest, VerifiesWhatIsNotAVerifiedPlan) {
  ModuleOp module = parseUnverified(R"mlir(
patch.plan @f to @f {
}
patch.change_graph @g changes []
)mlir");
  ASSERT_TRUE(module);
  EXPECT_TRUE(failed(verifyPlanModule(module, {planIn(module)})));
  EXPECT_NE(diagnostics.find("must list at least one change"),
            std::string::npos)
      << diagnostics;
}

TEST_F(VerifyPlanModuleTest, LeavesTheVerifiedPlansAlone) {
  // The plan is invalid (a delete absorbed by a replace it does not have),
  // but listed as verified: only the others and the module are checked.
  // Unlisted, it fails.
  ModuleOp module = parseUnverified(R"mlir(
patch.plan @f to @f {
  patch.delete %3 absorbed_by %9
}
patch.add_graph @h
)mlir");
  ASSERT_TRUE(module);
  EXPECT_TRUE(failed(verify(planIn(module))));
  diagnostics.clear();
  EXPECT_TRUE(succeeded(verifyPlanModule(module, {planIn(module)})));
  EXPECT_EQ(diagnostics, "");
  EXPECT_TRUE(failed(verifyPlanModule(module, {})));
  EXPECT_NE(diagnostics, "");
}

TEST_F(VerifyPlanModuleTest, ChecksTheSymbolUsesOfVerifiedPlans) {
  // A plan beside its source graph: the module's symbol table checks its
  // references, which the plan's own verifier does not.
  ModuleOp module = parseUnverified(R"mlir(
lg.graph @src(%x: i32) -> i32 {
  %a = lg.node @a "Neg"(%x) : (i32) -> i32
  lg.output %a : i32
}
patch.plan @src to @tgt {
  patch.delete @nonexistent
}
)mlir");
  ASSERT_TRUE(module);
  EXPECT_TRUE(succeeded(verify(planIn(module))));
  EXPECT_TRUE(failed(verifyPlanModule(module, {planIn(module)})));
  EXPECT_NE(diagnostics.find("which is not a node of graph @src"),
            std::string::npos)
      << diagnostics;
}
