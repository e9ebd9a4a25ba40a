//===- ApplyPlanTest.cpp - Applying plans and comparing graphs ------------===//
//
// Every positive case applies a hand-written plan to its source graph and
// checks, with findMismatch, that the result is the target. Negative cases
// check that wrong plans and different graphs are caught, with a reason.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Plan/ApplyPlan.h"
#include "GraphDiff/Dialect/LG/IR/LG.h"
#include "GraphDiff/Dialect/Patch/IR/Patch.h"
#include "GraphDiff/Graph/Graph.h"
#include "GraphDiff/Plan/Isomorphism.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/IR/Verifier.h"
#include "mlir/InitAllDialects.h"
#include "mlir/Parser/Parser.h"

#include "gtest/gtest.h"

#include <random>

using namespace mlir;
using namespace graphdiff;

namespace {

class ApplyPlanTest : public ::testing::Test {
protected:
  ApplyPlanTest() {
    DialectRegistry registry;
    registerAllDialects(registry);
    registry.insert<lg::LGDialect, patch::PatchDialect>();
    context.appendDialectRegistry(registry);
    context.loadAllAvailableDialects();
    handler = std::make_unique<ScopedDiagnosticHandler>(
        &context, [this](Diagnostic &diag) {
          diagnostics += diag.str() + "\n";
          return success();
        });
  }

  /// Parses `text` into a module kept alive by the fixture, or null.
  ModuleOp parse(StringRef text) {
    OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(text, &context);
    if (!module)
      return nullptr;
    modules.push_back(std::move(module));
    return modules.back().get();
  }

  static Operation *symbol(ModuleOp module, StringRef name) {
    return SymbolTable::lookupSymbolIn(module, name);
  }
  static Operation *symbol(ModuleOp module, SymbolRefAttr path) {
    return SymbolTable::lookupSymbolIn(module.getOperation(), path);
  }

  static patch::PlanOp planIn(ModuleOp module) {
    auto plans = module.getOps<patch::PlanOp>();
    return plans.empty() ? nullptr : *plans.begin();
  }

  std::unique_ptr<Graph> graphOf(Operation *op) {
    if (!op)
      return nullptr;
    FailureOr<std::unique_ptr<Graph>> graph = Graph::build(op);
    if (failed(graph))
      return nullptr;
    return std::move(*graph);
  }

  /// Applies the plan of `module` to its source and compares the result with
  /// its target. Fails with the diagnostics if the plan cannot be applied;
  /// otherwise `mismatch` holds the comparison.
  ::testing::AssertionResult apply(ModuleOp module,
                                   std::optional<GraphMismatch> &mismatch) {
    if (!module)
      return ::testing::AssertionFailure() << "parse error:\n" << diagnostics;
    patch::PlanOp plan = planIn(module);
    if (!plan)
      return ::testing::AssertionFailure() << "no plan in the module";
    Operation *sourceOp = symbol(module, plan.getSource());
    Operation *targetOp = symbol(module, plan.getTarget());
    std::unique_ptr<Graph> source = graphOf(sourceOp);
    std::unique_ptr<Graph> target = graphOf(targetOp);
    if (!source || !target)
      return ::testing::AssertionFailure() << "source or target is missing:\n"
                                           << diagnostics;
    FailureOr<OwningOpRef<Operation *>> applied = applyPlan(plan, *source);
    if (failed(applied))
      return ::testing::AssertionFailure() << "cannot apply the plan:\n"
                                           << diagnostics;
    if (failed(verify(applied->get())))
      return ::testing::AssertionFailure() << "the applied graph is invalid:\n"
                                           << diagnostics;
    std::unique_ptr<Graph> appliedGraph = graphOf(applied->get());
    if (!appliedGraph)
      return ::testing::AssertionFailure()
             << "the applied graph is not a graph:\n"
             << diagnostics;
    mismatch = findMismatch(*appliedGraph, *target);
    appliedOps.push_back(std::move(*applied));
    return ::testing::AssertionSuccess();
  }

  /// Applies the plan and expects the target.
  ::testing::AssertionResult givesTarget(StringRef text) {
    std::optional<GraphMismatch> mismatch;
    ::testing::AssertionResult result = apply(parse(text), mismatch);
    if (!result)
      return result;
    if (mismatch) {
      std::string text;
      llvm::raw_string_ostream os(text);
      appliedOps.back()->print(os);
      return ::testing::AssertionFailure()
             << "the applied graph differs from the target: "
             << mismatch->reason << "\n"
             << text;
    }
    return ::testing::AssertionSuccess();
  }

  /// The reason why the graphs @a and @b of `text` differ, or "" if they are
  /// isomorphic.
  std::string compare(StringRef text, StringRef a = "a", StringRef b = "b") {
    ModuleOp module = parse(text);
    EXPECT_TRUE(module) << diagnostics;
    if (!module)
      return "<parse error>";
    std::unique_ptr<Graph> graphA = graphOf(symbol(module, a));
    std::unique_ptr<Graph> graphB = graphOf(symbol(module, b));
    EXPECT_TRUE(graphA && graphB);
    if (!graphA || !graphB)
      return "<no graph>";
    std::optional<GraphMismatch> mismatch = findMismatch(*graphA, *graphB);
    // Isomorphism is symmetric: the other direction agrees.
    std::optional<GraphMismatch> reverse = findMismatch(*graphB, *graphA);
    EXPECT_EQ(mismatch.has_value(), reverse.has_value());
    return mismatch ? mismatch->reason : "";
  }

  MLIRContext context;
  std::unique_ptr<ScopedDiagnosticHandler> handler;
  std::string diagnostics;
  std::vector<OwningOpRef<ModuleOp>> modules;
  std::vector<OwningOpRef<Operation *>> appliedOps;
};

} // namespace

//===----------------------------------------------------------------------===//
// Plans that give their target
//===----------------------------------------------------------------------===//

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

//===----------------------------------------------------------------------===//
// Plans that are wrong
//===----------------------------------------------------------------------===//

TEST_F(ApplyPlanTest, AWrongPlanGivesAMismatch) {
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

TEST_F(ApplyPlanTest, AnIncompletePlanGivesAMismatch) {
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

TEST_F(ApplyPlanTest, CannotDeleteANodeStillInUse) {
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

TEST_F(ApplyPlanTest, CannotDeleteAnOutput) {
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

TEST_F(ApplyPlanTest, CannotRemoveAnInputStillInUse) {
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

TEST_F(ApplyPlanTest, RejectsBadReferencesAndPositions) {
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

TEST_F(ApplyPlanTest, RejectsACycle) {
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

//===----------------------------------------------------------------------===//
// Isomorphism
//===----------------------------------------------------------------------===//

static const char *const kDiamond = R"mlir(
lg.graph @a(%x: tensor<4xf32>, %y: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %s = lg.node @stem "Conv"(%x) stateful : (tensor<4xf32>) -> tensor<4xf32>
  %l = lg.node @left "ReLU"(%s) : (tensor<4xf32>) -> tensor<4xf32>
  %r = lg.node @right "ReLU"(%s) : (tensor<4xf32>) -> tensor<4xf32>
  %j = lg.node @join "Add"(%l, %r) metadata {alpha = 1 : i64} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %t = lg.node @tail "Mul"(%j, %y) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %d = lg.node @dead "Print"(%l) : (tensor<4xf32>) -> tensor<4xf32>
  lg.output %t, %l : tensor<4xf32>, tensor<4xf32>
}
)mlir";

TEST_F(ApplyPlanTest, AGraphIsIsomorphicToAShuffledCopy) {
  EXPECT_EQ(compare(std::string(kDiamond) + R"mlir(
lg.graph @b(%x: tensor<4xf32>, %y: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %d = lg.node @dead "Print"(%l) : (tensor<4xf32>) -> tensor<4xf32>
  %t = lg.node @tail "Mul"(%j, %y) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %r = lg.node @right "ReLU"(%s) : (tensor<4xf32>) -> tensor<4xf32>
  %j = lg.node @join "Add"(%l, %r) metadata {alpha = 1 : i64} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %s = lg.node @stem "Conv"(%x) stateful : (tensor<4xf32>) -> tensor<4xf32>
  %l = lg.node @left "ReLU"(%s) : (tensor<4xf32>) -> tensor<4xf32>
  lg.output %t, %l : tensor<4xf32>, tensor<4xf32>
}
)mlir"),
            "");
}

TEST_F(ApplyPlanTest, ARewiredEdgeIsAMismatch) {
  EXPECT_EQ(compare(std::string(kDiamond) + R"mlir(
lg.graph @b(%x: tensor<4xf32>, %y: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %s = lg.node @stem "Conv"(%x) stateful : (tensor<4xf32>) -> tensor<4xf32>
  %l = lg.node @left "ReLU"(%s) : (tensor<4xf32>) -> tensor<4xf32>
  %r = lg.node @right "ReLU"(%s) : (tensor<4xf32>) -> tensor<4xf32>
  %j = lg.node @join "Add"(%l, %r) metadata {alpha = 1 : i64} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %t = lg.node @tail "Mul"(%j, %x) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %d = lg.node @dead "Print"(%l) : (tensor<4xf32>) -> tensor<4xf32>
  lg.output %t, %l : tensor<4xf32>, tensor<4xf32>
}
)mlir"),
            "operand #1 comes from %arg1 here but from %arg0 in the target");
}

TEST_F(ApplyPlanTest, AChangedAttributeIsAMismatch) {
  EXPECT_EQ(compare(std::string(kDiamond) + R"mlir(
lg.graph @b(%x: tensor<4xf32>, %y: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %s = lg.node @stem "Conv"(%x) stateful : (tensor<4xf32>) -> tensor<4xf32>
  %l = lg.node @left "ReLU"(%s) : (tensor<4xf32>) -> tensor<4xf32>
  %r = lg.node @right "ReLU"(%s) : (tensor<4xf32>) -> tensor<4xf32>
  %j = lg.node @join "Add"(%l, %r) metadata {alpha = 2 : i64} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %t = lg.node @tail "Mul"(%j, %y) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %d = lg.node @dead "Print"(%l) : (tensor<4xf32>) -> tensor<4xf32>
  lg.output %t, %l : tensor<4xf32>, tensor<4xf32>
}
)mlir"),
            "attribute 'metadata' differs: {alpha = 1 : i64} vs {alpha = 2 : "
            "i64}");
}

TEST_F(ApplyPlanTest, SwappedOutputsAreAMismatch) {
  EXPECT_EQ(compare(std::string(kDiamond) + R"mlir(
lg.graph @b(%x: tensor<4xf32>, %y: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %s = lg.node @stem "Conv"(%x) stateful : (tensor<4xf32>) -> tensor<4xf32>
  %l = lg.node @left "ReLU"(%s) : (tensor<4xf32>) -> tensor<4xf32>
  %r = lg.node @right "ReLU"(%s) : (tensor<4xf32>) -> tensor<4xf32>
  %j = lg.node @join "Add"(%l, %r) metadata {alpha = 1 : i64} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %t = lg.node @tail "Mul"(%j, %y) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %d = lg.node @dead "Print"(%l) : (tensor<4xf32>) -> tensor<4xf32>
  lg.output %l, %t : tensor<4xf32>, tensor<4xf32>
}
)mlir"),
            "output #0 differs: @tail here but @left in the target");
}

TEST_F(ApplyPlanTest, AMissingNodeIsAMismatch) {
  EXPECT_EQ(compare(std::string(kDiamond) + R"mlir(
lg.graph @b(%x: tensor<4xf32>, %y: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %s = lg.node @stem "Conv"(%x) stateful : (tensor<4xf32>) -> tensor<4xf32>
  %l = lg.node @left "ReLU"(%s) : (tensor<4xf32>) -> tensor<4xf32>
  %r = lg.node @right "ReLU"(%s) : (tensor<4xf32>) -> tensor<4xf32>
  %j = lg.node @join "Add"(%l, %r) metadata {alpha = 1 : i64} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %t = lg.node @tail "Mul"(%j, %y) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  lg.output %t, %l : tensor<4xf32>, tensor<4xf32>
}
)mlir"),
            "extra node @dead in the applied graph");
}

TEST_F(ApplyPlanTest, AChangedDeadEndIsReportedAsChanged) {
  EXPECT_EQ(compare(std::string(kDiamond) + R"mlir(
lg.graph @b(%x: tensor<4xf32>, %y: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %s = lg.node @stem "Conv"(%x) stateful : (tensor<4xf32>) -> tensor<4xf32>
  %l = lg.node @left "ReLU"(%s) : (tensor<4xf32>) -> tensor<4xf32>
  %r = lg.node @right "ReLU"(%s) : (tensor<4xf32>) -> tensor<4xf32>
  %j = lg.node @join "Add"(%l, %r) metadata {alpha = 1 : i64} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %t = lg.node @tail "Mul"(%j, %y) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %d = lg.node @dead "Log"(%l) : (tensor<4xf32>) -> tensor<4xf32>
  lg.output %t, %l : tensor<4xf32>, tensor<4xf32>
}
)mlir"),
            "attribute 'kind' differs: \"Print\" vs \"Log\"");
}

TEST_F(ApplyPlanTest, SymmetricNodesArePairedConsistently) {
  // Two identical dead ends hang off two identical nodes, one of which is the
  // output: the dead ends must follow the pairing the output forces.
  EXPECT_EQ(compare(R"mlir(
func.func @a(%x: tensor<4xf32>) -> tensor<4xf32> {
  %p = arith.negf %x : tensor<4xf32>
  %q = arith.negf %x : tensor<4xf32>
  %d1 = arith.addf %p, %p : tensor<4xf32>
  %d2 = arith.addf %q, %q : tensor<4xf32>
  return %q : tensor<4xf32>
}
func.func @b(%x: tensor<4xf32>) -> tensor<4xf32> {
  %q = arith.negf %x : tensor<4xf32>
  %d2 = arith.addf %q, %q : tensor<4xf32>
  %p = arith.negf %x : tensor<4xf32>
  %d1 = arith.addf %p, %p : tensor<4xf32>
  return %q : tensor<4xf32>
}
)mlir"),
            "");
  // The same with one dead end reading the other node.
  EXPECT_EQ(compare(R"mlir(
func.func @a(%x: tensor<4xf32>) -> tensor<4xf32> {
  %q = arith.negf %x : tensor<4xf32>
  %p = arith.negf %x : tensor<4xf32>
  %d2 = arith.addf %q, %q : tensor<4xf32>
  %d1 = arith.addf %p, %p : tensor<4xf32>
  return %q : tensor<4xf32>
}
func.func @b(%x: tensor<4xf32>) -> tensor<4xf32> {
  %q = arith.negf %x : tensor<4xf32>
  %d2 = arith.addf %q, %q : tensor<4xf32>
  %p = arith.negf %x : tensor<4xf32>
  %d1 = arith.addf %q, %q : tensor<4xf32>
  return %q : tensor<4xf32>
}
)mlir"),
            "operand #0 comes from %1 here but from %0 in the target");
}

TEST_F(ApplyPlanTest, ComparesFunctionsWithNestedRegions) {
  const char *generic = R"mlir(
#map = affine_map<(d0) -> (d0)>
func.func @a(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %c = arith.constant 2.0 : f32
  %0 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]}
      ins(%a : tensor<4xf32>) outs(%b : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %s = arith.mulf %in, %c : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
func.func @b(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %c = arith.constant 2.0 : f32
  %0 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]}
      ins(%a : tensor<4xf32>) outs(%b : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %s = arith.BODY %in, %c : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
)mlir";
  std::string same = generic;
  same.replace(same.find("BODY"), 4, "mulf");
  EXPECT_EQ(compare(same), "");
  std::string other = generic;
  other.replace(other.find("BODY"), 4, "addf");
  EXPECT_EQ(compare(other), "region #0 differs");
}

TEST_F(ApplyPlanTest, DifferentInputsAreAMismatch) {
  EXPECT_EQ(compare(R"mlir(
lg.graph @a(%x: tensor<4xf32>) -> tensor<4xf32> {
  lg.output %x : tensor<4xf32>
}
lg.graph @b(%x: tensor<8xf32>) -> tensor<8xf32> {
  lg.output %x : tensor<8xf32>
}
)mlir"),
            "input #0 has type tensor<4xf32> here but tensor<8xf32> in the "
            "target");
}

TEST_F(ApplyPlanTest, ComparesLocationsOnlyWhenAsked) {
  ModuleOp module = parse(R"mlir(
lg.graph @a(%x: tensor<4xf32>) -> tensor<4xf32> {
  %r = lg.node @r "ReLU"(%x) : (tensor<4xf32>) -> tensor<4xf32> loc("a.py":1:1)
  lg.output %r : tensor<4xf32>
}
lg.graph @b(%x: tensor<4xf32>) -> tensor<4xf32> {
  %r = lg.node @r "ReLU"(%x) : (tensor<4xf32>) -> tensor<4xf32> loc("a.py":2:1)
  lg.output %r : tensor<4xf32>
}
)mlir");
  ASSERT_TRUE(module) << diagnostics;
  std::unique_ptr<Graph> a = graphOf(symbol(module, "a"));
  std::unique_ptr<Graph> b = graphOf(symbol(module, "b"));
  ASSERT_TRUE(a && b);
  EXPECT_FALSE(findMismatch(*a, *b));
  std::optional<GraphMismatch> mismatch =
      findMismatch(*a, *b, /*ignoreLocations=*/false);
  ASSERT_TRUE(mismatch);
  EXPECT_EQ(mismatch->reason, "location differs");

  // The mismatch is reported at the target node, with a note at the other.
  diagnostics.clear();
  EXPECT_TRUE(failed(emitMismatch(*mismatch)));
  EXPECT_NE(diagnostics.find("location differs"), std::string::npos)
      << diagnostics;
}

/// A random DAG of `n` lg nodes with few kinds, written in `order`.
static std::string randomGraph(StringRef name, unsigned n, unsigned seed,
                               bool shuffle, int rewire = -1) {
  std::mt19937 rng(seed);
  // Inputs of node i: one or two earlier nodes or graph inputs (-1, -2).
  std::vector<std::vector<int>> inputs(n);
  for (unsigned i = 0; i < n; ++i) {
    unsigned count = 1 + rng() % 2;
    for (unsigned k = 0; k < count; ++k)
      inputs[i].push_back(int(rng() % (i + 2)) - 2);
  }
  if (rewire >= 0) {
    // Point the first input of node `rewire` somewhere else.
    int &input = inputs[rewire][0];
    input = input == -1 ? -2 : -1;
  }
  std::vector<unsigned> order(n);
  for (unsigned i = 0; i < n; ++i)
    order[i] = i;
  if (shuffle)
    for (unsigned i = n; i > 1; --i)
      std::swap(order[i - 1], order[rng() % i]);
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "lg.graph @" << name
     << "(%x: tensor<4xf32>, %y: tensor<4xf32>) -> (tensor<4xf32>, "
        "tensor<4xf32>) {\n";
  auto value = [](int input) -> std::string {
    if (input == -2)
      return "%x";
    if (input == -1)
      return "%y";
    return "%n" + std::to_string(input);
  };
  for (unsigned i : order) {
    os << "  %n" << i << " = lg.node @n" << i << " \"K" << i % 3 << "\"(";
    for (size_t k = 0; k < inputs[i].size(); ++k)
      os << (k ? ", " : "") << value(inputs[i][k]);
    os << ") : (";
    for (size_t k = 0; k < inputs[i].size(); ++k)
      os << (k ? ", " : "") << "tensor<4xf32>";
    os << ") -> tensor<4xf32>\n";
  }
  os << "  lg.output %n" << n - 1 << ", %n" << n / 2
     << " : tensor<4xf32>, tensor<4xf32>\n}\n";
  return text;
}

TEST_F(ApplyPlanTest, RandomGraphsAndTheirShuffledCopies) {
  for (unsigned seed = 0; seed < 20; ++seed) {
    unsigned n = 30 + seed;
    std::string same = randomGraph("a", n, seed, false) +
                       randomGraph("b", n, seed, /*shuffle=*/true);
    EXPECT_EQ(compare(same), "") << same;
    // Rewiring one input (a graph input, so the reason is fixed) is caught.
    unsigned victim = seed % n;
    std::string rewired =
        randomGraph("a", n, seed, false) +
        randomGraph("b", n, seed, /*shuffle=*/true, /*rewire=*/victim);
    EXPECT_NE(compare(rewired), "") << rewired;
  }
}

TEST_F(ApplyPlanTest, ResourceBlobsCompareByContent) {
  // Parsing the same file twice into one context renames the second copy's
  // blob; the constants are still the same.
  const char *text = R"mlir(
func.func @g(%x: tensor<2xf32>) -> tensor<2xf32> {
  %w = arith.constant dense_resource<weights> : tensor<2xf32>
  %0 = arith.addf %x, %w : tensor<2xf32>
  return %0 : tensor<2xf32>
}
{-#
  dialect_resources: {
    builtin: {
      weights: "0x040000000000803F00000040"
    }
  }
#-}
)mlir";
  ModuleOp first = parse(text);
  ModuleOp second = parse(text);
  std::string changed = text;
  changed.replace(changed.find("00000040"), 8, "00004040");
  ModuleOp third = parse(changed);
  ASSERT_TRUE(first && second && third) << diagnostics;
  std::unique_ptr<Graph> a = graphOf(symbol(first, "g"));
  std::unique_ptr<Graph> b = graphOf(symbol(second, "g"));
  std::unique_ptr<Graph> c = graphOf(symbol(third, "g"));
  ASSERT_TRUE(a && b && c);
  EXPECT_NE(a->getNode(0)->getAttrDictionary(),
            b->getNode(0)->getAttrDictionary())
      << "the parser no longer renames blobs; this test tests nothing";
  std::optional<GraphMismatch> same = findMismatch(*a, *b);
  EXPECT_FALSE(same) << same->reason;
  std::optional<GraphMismatch> different = findMismatch(*a, *c);
  ASSERT_TRUE(different);
  EXPECT_EQ(different->reason.rfind("attribute 'value' differs", 0), 0u)
      << different->reason;
}
