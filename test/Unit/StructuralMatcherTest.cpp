//===- StructuralMatcherTest.cpp - Matching id-less graphs by structure ---===//
//
// The whole stage: it pairs what is unique, resolves twins by context, and
// leaves ties free; reordered, renamed copies give empty plans. Its parts
// have their own tests (StructuralHashTest, ConsensusTest, VoteRulesTest,
// MatcherStagesTest, StructuralStagesTest, MatchStatsTest).
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Differ/MatchStats.h"
#include "GraphDiff/Differ/StructuralState.h"

#include "GraphFixture.h"

using namespace mlir;
using namespace graphdiff;

namespace {

using StructuralMatcherTest = test::GraphFixture;

TEST_F(StructuralMatcherTest, ShuffledCopiesGiveEmptyPlans) {
  std::unique_ptr<Graph> a = graph(test::kModel);
  ASSERT_TRUE(a);
  for (unsigned seed = 0; seed < 10; ++seed) {
    std::unique_ptr<Graph> copy = graph(test::kModel);
    shuffle(copy->getOperation(), seed);
    copy = *Graph::build(copy->getOperation());
    NodeMapping mapping(0, 0);
    std::string plan = diff(*a, *copy, &mapping);
    EXPECT_EQ(plan, "patch.plan @f to @f {\n}") << "seed " << seed;
    // Every node is paired, the twins %a/%b and %g/%h by their context.
    for (unsigned s = 0; s < a->size(); ++s) {
      std::optional<unsigned> t = mapping.getTarget(s);
      ASSERT_TRUE(t) << a->getNodeRef(s).str();
      EXPECT_EQ(a->getNode(s)->getName(), copy->getNode(*t)->getName());
    }
  }
}

TEST_F(StructuralMatcherTest, InterchangeableTiesArePairedInFileOrder) {
  // CSE merged two equal constants: either could be the target's, and
  // either choice gives the same plan, so the first is taken (CSE keeps it).
  std::unique_ptr<Graph> source = graph(test::kTieSource);
  std::unique_ptr<Graph> target = graph(test::kTieTarget);
  ASSERT_TRUE(source && target);
  NodeMapping mapping(source->size(), target->size());
  test::match(*source, *target, mapping);
  EXPECT_EQ(mapping.getTarget(0), 0u);
  EXPECT_FALSE(mapping.getTarget(1));
  EXPECT_FALSE(mapping.isSourceAmbiguous(1));
  EXPECT_EQ(mapping.getTarget(2), 1u);
  EXPECT_EQ(mapping.getTarget(3), 2u);
  MatchStats stats = computeMatchStats(*source, *target, mapping);
  EXPECT_EQ(stats.lowerBound, 1u); // one constant too many
  EXPECT_EQ(stats.unchangedUnmatched, 0u);
  EXPECT_EQ(stats.ambiguous, 0u);
}

TEST_F(StructuralMatcherTest, RealTiesStayUnmatchedAndAreReported) {
  // The two source constants differ: which became the target's says which
  // value changed, so neither is picked.
  std::unique_ptr<Graph> source = graph(test::kAmbiguousSource);
  std::unique_ptr<Graph> target = graph(test::kTieTarget);
  ASSERT_TRUE(source && target);
  NodeMapping mapping(source->size(), target->size());
  test::match(*source, *target, mapping);
  EXPECT_FALSE(mapping.getTarget(0));
  EXPECT_FALSE(mapping.getTarget(1));
  EXPECT_TRUE(mapping.isSourceAmbiguous(0));
  EXPECT_TRUE(mapping.isSourceAmbiguous(1));
  EXPECT_TRUE(mapping.isTargetAmbiguous(0));
  // The users are unique and still matched.
  EXPECT_EQ(mapping.getTarget(2), 1u);
  EXPECT_EQ(mapping.getTarget(3), 2u);
  MatchStats stats = computeMatchStats(*source, *target, mapping);
  EXPECT_EQ(stats.lowerBound, 3u); // no constant has an equal
  EXPECT_EQ(stats.unchangedUnmatched, 0u);
  EXPECT_EQ(stats.ambiguous, 3u);
}

TEST_F(StructuralMatcherTest, ChangedUpstreamMatchedByDownstream) {
  // The input of the chain changed kind (exp -> log); everything below it is
  // the same, so the backward hash pairs the nodes whose cones changed.
  const char *sourceText = R"mlir(
func.func @f(%x: f32, %y: f32) -> f32 {
  %a = math.exp %x : f32
  %b = arith.mulf %a, %y : f32
  %c = math.sqrt %b : f32
  %d = arith.negf %c : f32
  return %d : f32
}
)mlir";
  std::unique_ptr<Graph> source = graph(sourceText);
  std::unique_ptr<Graph> target =
      graph(std::string(sourceText)
                .replace(std::string(sourceText).find("exp"), 3, "log"));
  ASSERT_TRUE(source && target);
  NodeMapping mapping(source->size(), target->size());
  test::match(*source, *target, mapping);
  for (unsigned s = 0; s < source->size(); ++s) {
    EXPECT_EQ(mapping.getTarget(s), s);
    EXPECT_EQ(mapping.getPairStage(s), MatchStage::Structure);
  }
  // The whole differ gives that one update.
  std::string plan = diff(*source, *target);
  EXPECT_NE(plan.find("patch.update %0 changes [\"kind\"] inputs(%arg0) "
                      "stage \"structure\""),
            std::string::npos)
      << plan;
  EXPECT_EQ(plan.find("patch.update %1"), std::string::npos) << plan;
}

} // namespace

namespace {

TEST_F(StructuralMatcherTest, UnregisteredOpsWithProperties) {
  context.allowUnregisteredDialects();
  const char *text = R"mlir(
func.func @f(%x: f32) -> f32 {
  %a = "foo.bar"(%x) {k = 1 : i64} : (f32) -> f32
  %b = "foo.baz"(%a) <{p = 2 : i64}> : (f32) -> f32
  return %b : f32
}
)mlir";
  std::unique_ptr<Graph> source = graph(text);
  std::unique_ptr<Graph> same = graph(text);
  std::string changedText(text);
  changedText.replace(changedText.find("p = 2"), 5, "p = 3");
  std::unique_ptr<Graph> changed = graph(changedText);
  ASSERT_TRUE(source && same && changed);
  EXPECT_EQ(diff(*source, *same), "patch.plan @f to @f {\n}");
  std::string plan = diff(*source, *changed);
  EXPECT_NE(plan.find("patch.update %1 changes [\"attributes\"]"),
            std::string::npos)
      << plan;
  EXPECT_EQ(plan.find("patch.delete"), std::string::npos) << plan;
}

TEST_F(StructuralMatcherTest, AnOpOfConstantsMayBecomeANewConstant) {
  // %c (a collapse of a constant) may pair with the target's new collapsed
  // constant %n: a fold. Not with %k, a constant the source holds too (it is
  // that constant, kept), and a computing op never with a constant.
  ASSERT_TRUE(parsePair(R"mlir(
func.func @f(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %w = arith.constant dense<[[1.0, 2.0, 3.0, 4.0]]> : tensor<1x4xf32>
  %c = tensor.collapse_shape %w [[0, 1]] : tensor<1x4xf32> into tensor<4xf32>
  %k = arith.constant dense<5.0> : tensor<4xf32>
  %m = arith.negf %x : tensor<4xf32>
  return %c, %k, %m : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}
)mlir",
                        R"mlir(
func.func @f(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %n = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %k = arith.constant dense<5.0> : tensor<4xf32>
  return %n, %k : tensor<4xf32>, tensor<4xf32>
}
)mlir"));
  EXPECT_TRUE(state->sameConstness(1, 0));
  EXPECT_FALSE(state->sameConstness(1, 1));
  EXPECT_FALSE(state->sameConstness(3, 0));
  EXPECT_TRUE(state->sameConstness(0, 0));
  EXPECT_TRUE(state->sameTypes(1, 0));
}

TEST_F(StructuralMatcherTest, ElementwiseOpsAreOfTheKindOfGenericsHoldingThem) {
  // Source: tensor arith ops; target: what --convert-elementwise-to-linalg
  // and elementwise fusion give (%f holds the multiply and the add).
  ASSERT_TRUE(parsePair(R"mlir(
func.func @f(%x: tensor<8xf32>, %y: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  %m = arith.mulf %x, %y : tensor<8xf32>
  %a = arith.addf %m, %y : tensor<8xf32>
  %n = arith.negf %x : tensor<8xf32>
  %c = arith.constant dense<1.0> : tensor<8xf32>
  return %a, %n : tensor<8xf32>, tensor<8xf32>
}
)mlir",
                        R"mlir(
#id = affine_map<(d0) -> (d0)>
func.func @f(%x: tensor<8xf32>, %y: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  %e = tensor.empty() : tensor<8xf32>
  %f = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]} ins(%x, %y : tensor<8xf32>, tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%in: f32, %in2: f32, %out: f32):
    %0 = arith.mulf %in, %in2 : f32
    %1 = arith.addf %0, %in2 : f32
    linalg.yield %1 : f32
  } -> tensor<8xf32>
  %g = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.negf %in : f32
    linalg.yield %0 : f32
  } -> tensor<8xf32>
  return %f, %g : tensor<8xf32>, tensor<8xf32>
}
)mlir"));
  // Nodes: source %m %a %n %c; target %e %f %g.
  EXPECT_TRUE(state->sameKind(0, 1));  // the multiply, fused into %f
  EXPECT_TRUE(state->sameKind(1, 1));  // the add %f took the place of
  EXPECT_FALSE(state->sameKind(2, 1)); // %f holds no negation
  EXPECT_TRUE(state->sameKind(2, 2));
  EXPECT_FALSE(state->sameKind(3, 2)); // a constant is not elementwise
  EXPECT_FALSE(state->sameKind(1, 0)); // nor is a tensor.empty a generic
}

TEST_F(StructuralMatcherTest, NamedLinalgOpsAreOfTheKindOfTheirGenerics) {
  // Source: named ops and a ReLU generic; target: what generalizing gives.
  ASSERT_TRUE(parsePair(R"mlir(
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @f(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>, %v: tensor<8xf32>) -> (tensor<2x4xf32>, tensor<8xf32>) {
  %zero = arith.constant 0.000000e+00 : f32
  %e = tensor.empty() : tensor<2x4xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<2x4xf32>) -> tensor<2x4xf32>
  %m = linalg.matmul ins(%a, %b : tensor<2x3xf32>, tensor<3x4xf32>) outs(%f : tensor<2x4xf32>) -> tensor<2x4xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%m : tensor<2x4xf32>) outs(%e : tensor<2x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %x = arith.maximumf %in, %zero : f32
    linalg.yield %x : f32
  } -> tensor<2x4xf32>
  %n = math.exp %v : tensor<8xf32>
  return %r, %n : tensor<2x4xf32>, tensor<8xf32>
}
)mlir",
                        R"mlir(
#id = affine_map<(d0, d1) -> (d0, d1)>
#a = affine_map<(d0, d1, d2) -> (d0, d2)>
#b = affine_map<(d0, d1, d2) -> (d2, d1)>
#c = affine_map<(d0, d1, d2) -> (d0, d1)>
func.func @f(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>, %v: tensor<8xf32>) -> (tensor<2x4xf32>, tensor<8xf32>) {
  %zero = arith.constant 0.000000e+00 : f32
  %e = tensor.empty() : tensor<2x4xf32>
  %f = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]} outs(%e : tensor<2x4xf32>) {
  ^bb0(%out: f32):
    linalg.yield %zero : f32
  } -> tensor<2x4xf32>
  %m = linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : tensor<2x3xf32>, tensor<3x4xf32>) outs(%f : tensor<2x4xf32>) {
  ^bb0(%in: f32, %in2: f32, %out: f32):
    %x = arith.mulf %in, %in2 : f32
    %y = arith.addf %out, %x : f32
    linalg.yield %y : f32
  } -> tensor<2x4xf32>
  %n = math.exp %v : tensor<8xf32>
  return %m, %n : tensor<2x4xf32>, tensor<8xf32>
}
)mlir"));
  // Nodes: source %zero %e %f %m %r %n; target %zero %e %f %m %n.
  EXPECT_TRUE(state->sameKind(2, 2));  // fill -> its generic
  EXPECT_TRUE(state->sameKind(3, 3));  // matmul -> its generic
  EXPECT_FALSE(state->sameKind(2, 3)); // elementwise vs reduction
  EXPECT_FALSE(state->sameKind(3, 2));
  EXPECT_FALSE(state->sameKind(5, 3)); // not a structured op
  // A ReLU generic does not reduce: it is not the generalized matmul.
  EXPECT_FALSE(state->sameKind(4, 3));
  // It is of the generalized fill's kind (then the votes decide).
  EXPECT_TRUE(state->sameKind(4, 2));
}

TEST_F(StructuralMatcherTest, GenericsOfAFreeNamedOpsSpaceAreNotOthers) {
  // The target's 2-D generic could be the source's named transpose
  // generalized: while the transpose is free, the source's 1-D generic is
  // not of its kind. A reduction over unit loops is no reduction.
  ASSERT_TRUE(parsePair(R"mlir(
#v = affine_map<(d0) -> (d0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
#red = affine_map<(d0, d1) -> (d0)>
func.func @f(%x: tensor<8xf32>, %w: tensor<4x3xf32>, %u: tensor<8x1xf32>) -> (tensor<8xf32>, tensor<3x4xf32>, tensor<8xf32>) {
  %e = tensor.empty() : tensor<8xf32>
  %g = linalg.generic {indexing_maps = [#v, #v], iterator_types = ["parallel"]} ins(%x : tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %n = arith.negf %in : f32
    linalg.yield %n : f32
  } -> tensor<8xf32>
  %te = tensor.empty() : tensor<3x4xf32>
  %t = linalg.transpose ins(%w : tensor<4x3xf32>) outs(%te : tensor<3x4xf32>) permutation = [1, 0]
  %s = linalg.generic {indexing_maps = [#id, #red], iterator_types = ["parallel", "reduction"]} ins(%u : tensor<8x1xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %a = arith.addf %in, %out : f32
    linalg.yield %a : f32
  } -> tensor<8xf32>
  return %g, %t, %s : tensor<8xf32>, tensor<3x4xf32>, tensor<8xf32>
}
)mlir",
                        R"mlir(
#v = affine_map<(d0) -> (d0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
#tr = affine_map<(d0, d1) -> (d1, d0)>
func.func @f(%x: tensor<8xf32>, %w: tensor<4x3xf32>, %u: tensor<8x1xf32>) -> (tensor<8xf32>, tensor<3x4xf32>, tensor<8xf32>) {
  %e = tensor.empty() : tensor<8xf32>
  %te = tensor.empty() : tensor<3x4xf32>
  %t = linalg.generic {indexing_maps = [#tr, #id], iterator_types = ["parallel", "parallel"]} ins(%w : tensor<4x3xf32>) outs(%te : tensor<3x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<3x4xf32>
  %s = linalg.generic {indexing_maps = [#v, #v], iterator_types = ["parallel"]} ins(%e : tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<8xf32>
  return %s, %t, %s : tensor<8xf32>, tensor<3x4xf32>, tensor<8xf32>
}
)mlir"));
  // Nodes: source %e %g %te %t %s; target %e %te %t %s.
  EXPECT_TRUE(state->sameKind(3, 2)); // transpose -> its generic
  EXPECT_FALSE(state->sameKind(1, 2));
  state->pair(3, 1); // the transpose taken (by anything)
  EXPECT_TRUE(state->sameKind(1, 2));
  // The sum over a loop of one iteration and an elementwise generic.
  EXPECT_TRUE(state->sameKind(4, 3));
}

} // namespace
