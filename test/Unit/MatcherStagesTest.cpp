//===- MatcherStagesTest.cpp - Each stage of the matcher alone ------------===//
//
// Each stage of Stages.h run by itself through a MatchContext, as the
// runner runs it: what it pairs, and what it must leave alone. Then the
// runner: the table's order and the statistics it records. The rules the
// stages are made of are tested alone in StructuralStagesTest.cpp.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Differ/Stages/Stages.h"

#include "GraphFixture.h"

using namespace mlir;
using namespace graphdiff;

namespace {

class MatcherStagesTest : public test::GraphFixture {
protected:
  /// Parses the pair (locations kept if `keepLocations`) and sets up the
  /// mapping and a context over it.
  bool setUp(llvm::StringRef sourceText, llvm::StringRef targetText,
             bool keepLocations = false) {
    source = graph(sourceText, keepLocations);
    target = graph(targetText, keepLocations);
    if (!source || !target)
      return false;
    mapping = std::make_unique<NodeMapping>(source->size(), target->size());
    context =
        std::make_unique<MatchContext>(*source, *target, *mapping, options);
    return true;
  }
  /// Pairs source node `s` with target node `t` as a structural stage would.
  void pair(unsigned s, unsigned t) {
    mapping->pair(s, t, MatchStage::Structure);
  }
  unsigned numPairs() const {
    unsigned n = 0;
    for (unsigned t = 0; t < target->size(); ++t)
      n += mapping->getSource(t).has_value();
    return n;
  }

  std::unique_ptr<MatchContext> context;
};

/// One exp of the input, returned.
constexpr const char *kOneExp = R"mlir(
func.func @f(%x: f32) -> f32 {
  %a = math.exp %x : f32
  return %a : f32
}
)mlir";

/// Two equal exps of the input, both returned.
constexpr const char *kTwoExps = R"mlir(
func.func @f(%x: f32) -> (f32, f32) {
  %a = math.exp %x : f32
  %b = math.exp %x : f32
  return %a, %b : f32, f32
}
)mlir";

/// `lg` graphs @f: a chain a -> b -> c.
constexpr const char *kLGChain = R"mlir(
lg.graph @f(%x: i32) -> i32 {
  %a = lg.node @a "A"(%x) : (i32) -> i32
  %b = lg.node @b "B"(%a) : (i32) -> i32
  %c = lg.node @c "C"(%b) : (i32) -> i32
  lg.output %c : i32
}
)mlir";

//===----------------------------------------------------------------------===//
// What the input says.
//===----------------------------------------------------------------------===//

TEST_F(MatcherStagesTest, IdsPairLGNodesOfTheSameId) {
  ASSERT_TRUE(setUp(kLGChain, R"mlir(
lg.graph @f(%x: i32) -> i32 {
  %a = lg.node @a "A"(%x) : (i32) -> i32
  %z = lg.node @z "B"(%a) : (i32) -> i32
  %c = lg.node @c "C2"(%z) : (i32) -> i32
  lg.output %c : i32
}
)mlir"));
  IdStage().run(*context);
  EXPECT_EQ(mapping->getTarget(0), 0u);
  EXPECT_EQ(mapping->getPairStage(0), MatchStage::Id);
  // @b and @z have the same kind but not the same id: not paired.
  EXPECT_FALSE(mapping->getTarget(1));
  // An id is the identity, whatever the kind became.
  EXPECT_EQ(mapping->getTarget(2), 2u);
}

TEST_F(MatcherStagesTest, IdsLeaveFunctionsAlone) {
  ASSERT_TRUE(setUp(test::kChain, test::kChain));
  IdStage().run(*context);
  EXPECT_EQ(numPairs(), 0u);
}

TEST_F(MatcherStagesTest, ProvenanceGivesTheRegionItNames) {
  ASSERT_TRUE(setUp(kLGChain, R"mlir(
lg.graph @f(%x: i32) -> i32 {
  %a = lg.node @a "A"(%x) : (i32) -> i32
  %f = lg.node @bc "BC"(%a) fused_from [@b, @c] : (i32) -> i32
  lg.output %f : i32
}
)mlir"));
  ProvenanceStage().run(*context);
  EXPECT_EQ(mapping->getRegion(1), ArrayRef<unsigned>({1, 2}));
  EXPECT_EQ(mapping->getRegionStage(1), MatchStage::Provenance);
  // @a is for the ids stage; provenance pairs nothing.
  EXPECT_EQ(numPairs(), 0u);
}

TEST_F(MatcherStagesTest, ProvenanceNamingATakenNodeIsNotTaken) {
  ASSERT_TRUE(setUp(kLGChain, R"mlir(
lg.graph @f(%x: i32) -> i32 {
  %a = lg.node @a "A"(%x) : (i32) -> i32
  %f = lg.node @bc "BC"(%a) fused_from [@b, @c] : (i32) -> i32
  lg.output %f : i32
}
)mlir"));
  // @c is taken already: a region the optimizer names is taken whole or not.
  pair(2, 0);
  ProvenanceStage().run(*context);
  EXPECT_TRUE(mapping->getRegion(1).empty());
  EXPECT_FALSE(mapping->isSourceTaken(1));
}

/// Two exps at their own locations; `second` is the second one's location.
static std::string locatedExps(llvm::StringRef first, llvm::StringRef second) {
  return (R"mlir(
func.func @f(%x: f32) -> (f32, f32) {
  %a = math.exp %x : f32 loc()mlir" +
          first + R"mlir()
  %b = math.exp %x : f32 loc()mlir" +
          second + R"mlir()
  return %a, %b : f32, f32
}
)mlir")
      .str();
}

TEST_F(MatcherStagesTest, LocationsPairOpsOfOneUniqueLocation) {
  // The target swapped the two exps: their locations say which is which.
  ASSERT_TRUE(setUp(locatedExps("\"p\"", "\"q\""),
                    locatedExps("\"q\"", "\"p\""), /*keepLocations=*/true));
  LocationStage().run(*context);
  EXPECT_EQ(mapping->getTarget(0), 1u);
  EXPECT_EQ(mapping->getTarget(1), 0u);
  EXPECT_EQ(mapping->getPairStage(0), MatchStage::Location);
}

TEST_F(MatcherStagesTest, LocationsSharedByTwoOpsPairNothing) {
  ASSERT_TRUE(setUp(locatedExps("\"p\"", "\"p\""),
                    locatedExps("\"p\"", "\"p\""), /*keepLocations=*/true));
  LocationStage().run(*context);
  EXPECT_EQ(numPairs(), 0u);
}

/// An exp at "p" and a constant at "k"; the target made a constant at "p"
/// beside the exp (a rewrite's leaf) and keeps the other at "k".
constexpr const char *kLeafSource = R"mlir(
func.func @f(%x: f32) -> (f32, f32) {
  %a = math.exp %x : f32 loc("p")
  %k = arith.constant 1.0 : f32 loc("k")
  return %a, %k : f32, f32
}
)mlir";

TEST_F(MatcherStagesTest, LocationsPairAReaderWithTheOneReaderThere) {
  ASSERT_TRUE(setUp(kLeafSource, R"mlir(
func.func @f(%x: f32) -> (f32, f32) {
  %c = arith.constant 2.0 : f32 loc("p")
  %a = math.exp %x : f32 loc("p")
  %k = arith.constant 1.0 : f32 loc("k")
  return %a, %k : f32, f32
}
)mlir",
                    /*keepLocations=*/true));
  LocationStage().run(*context);
  // The exp reads something: of the two nodes at "p", the one that does.
  EXPECT_EQ(mapping->getTarget(0), 1u);
  EXPECT_EQ(mapping->getTarget(1), 2u);
  EXPECT_FALSE(mapping->isTargetTaken(0));
}

TEST_F(MatcherStagesTest, LocationsPairALeafWithTheOneLeafThere) {
  ASSERT_TRUE(setUp(kLeafSource, R"mlir(
func.func @f(%x: f32) -> (f32, f32) {
  %a = math.exp %x : f32 loc("p")
  %k = arith.constant 1.0 : f32 loc("k")
  %n = arith.negf %k : f32 loc("k")
  return %a, %n : f32, f32
}
)mlir",
                    /*keepLocations=*/true));
  LocationStage().run(*context);
  // The constant reads nothing: of the two nodes at "k", the leaf.
  EXPECT_EQ(mapping->getTarget(1), 1u);
  EXPECT_FALSE(mapping->isTargetTaken(2));
}

TEST_F(MatcherStagesTest, LocationsOfTwoReadersThereStayATie) {
  ASSERT_TRUE(setUp(kLeafSource, R"mlir(
func.func @f(%x: f32) -> (f32, f32) {
  %a = math.exp %x : f32 loc("p")
  %b = math.exp %a : f32 loc("p")
  %k = arith.constant 1.0 : f32 loc("k")
  return %b, %k : f32, f32
}
)mlir",
                    /*keepLocations=*/true));
  LocationStage().run(*context);
  EXPECT_FALSE(mapping->getTarget(0));
}

TEST_F(MatcherStagesTest, ConventionsGiveAFusedNodeItsAnchor) {
  ASSERT_TRUE(setUp(kLGChain, R"mlir(
lg.graph @f(%x: i32) -> i32 {
  %a = lg.node @a "A"(%x) : (i32) -> i32
  %f = lg.node @fused_b "BC"(%a) : (i32) -> i32
  lg.output %f : i32
}
)mlir"));
  ConventionStage().run(*context);
  EXPECT_EQ(mapping->getRegion(1), ArrayRef<unsigned>({1}));
  EXPECT_EQ(mapping->getRegionStage(1), MatchStage::Convention);
}

TEST_F(MatcherStagesTest, ConventionsNamingNoSourceNodeDoNothing) {
  ASSERT_TRUE(setUp(kLGChain, R"mlir(
lg.graph @f(%x: i32) -> i32 {
  %f = lg.node @fused_q "AB"(%x) : (i32) -> i32
  lg.output %f : i32
}
)mlir"));
  ConventionStage().run(*context);
  EXPECT_TRUE(mapping->getRegion(0).empty());
}

//===----------------------------------------------------------------------===//
// Exact structure.
//===----------------------------------------------------------------------===//

/// Two exps of %x (twins) under a sqrt of the first.
constexpr const char *kTwinsUnderSqrt = R"mlir(
func.func @f(%x: f32) -> (f32, f32) {
  %a = math.exp %x : f32
  %b = math.exp %x : f32
  %s = math.sqrt %a : f32
  return %s, %b : f32, f32
}
)mlir";

TEST_F(MatcherStagesTest, IdenticalConesPairUniqueConesAndTheirOperands) {
  ASSERT_TRUE(setUp(kTwinsUnderSqrt, kTwinsUnderSqrt));
  IdenticalConesStage().run(*context);
  // The sqrt's cone is unique; its operand is the one exp it reads.
  EXPECT_EQ(mapping->getTarget(2), 2u);
  EXPECT_EQ(mapping->getTarget(0), 0u);
  // The other exp has the same cone as the first: left, nothing unique
  // says which it is... until the first is taken, and then it is unique.
  EXPECT_EQ(mapping->getTarget(1), 1u);
}

TEST_F(MatcherStagesTest, IdenticalConesLeaveTies) {
  ASSERT_TRUE(setUp(kTwoExps,
                    R"mlir(
func.func @f(%x: f32) -> (f32, f32, f32) {
  %a = math.exp %x : f32
  %b = math.exp %x : f32
  %c = math.exp %x : f32
  return %a, %b, %c : f32, f32, f32
}
)mlir"));
  IdenticalConesStage().run(*context);
  // Two against three: no bucket is unique, and the outputs' producers
  // disagree on nothing only where the counts match.
  EXPECT_EQ(numPairs(), 0u);
}

TEST_F(MatcherStagesTest, IdenticalContextsPairWhatChangedAbove) {
  // The exp became a log: every cone changed, but the sqrt and the absf
  // still feed the same outputs.
  ASSERT_TRUE(setUp(test::kChain, R"mlir(
func.func @f(%x: f32) -> f32 {
  %a = math.log %x : f32
  %b = math.sqrt %a : f32
  %c = math.absf %b : f32
  return %c : f32
}
)mlir"));
  IdenticalConesStage().run(*context);
  EXPECT_EQ(numPairs(), 0u);
  IdenticalContextsStage().run(*context);
  EXPECT_EQ(mapping->getTarget(2), 2u);
  EXPECT_EQ(mapping->getTarget(1), 1u);
}

TEST_F(MatcherStagesTest, IdenticalContextsLeaveChangedContexts) {
  // Every output changed below the exp: no downstream context is the same.
  ASSERT_TRUE(setUp(test::kChain, R"mlir(
func.func @f(%x: f32) -> f32 {
  %a = math.exp %x : f32
  %b = math.sqrt %a : f32
  %c = math.floor %b : f32
  return %c : f32
}
)mlir"));
  IdenticalContextsStage().run(*context);
  EXPECT_EQ(numPairs(), 0u);
}

TEST_F(MatcherStagesTest, SameOpGrowsFromAPairToOpsOfTheSameKind) {
  // The addf gained a flag: not identical, but the same op, and the exp it
  // feeds is paired.
  ASSERT_TRUE(setUp(R"mlir(
func.func @f(%x: f32, %y: f32) -> f32 {
  %a = arith.addf %x, %y : f32
  %b = math.exp %a : f32
  return %b : f32
}
)mlir",
                    R"mlir(
func.func @f(%x: f32, %y: f32) -> f32 {
  %a = arith.addf %x, %y fastmath<fast> : f32
  %b = math.exp %a : f32
  return %b : f32
}
)mlir"));
  SameOpStage().run(*context);
  EXPECT_EQ(mapping->getTarget(1), 1u);
  EXPECT_EQ(mapping->getTarget(0), 0u);
}

TEST_F(MatcherStagesTest, SameOpLeavesAnotherOp) {
  ASSERT_TRUE(setUp(R"mlir(
func.func @f(%x: f32, %y: f32) -> f32 {
  %a = arith.addf %x, %y : f32
  %b = math.exp %a : f32
  return %b : f32
}
)mlir",
                    R"mlir(
func.func @f(%x: f32, %y: f32) -> f32 {
  %a = arith.mulf %x, %y : f32
  %b = math.exp %a : f32
  return %b : f32
}
)mlir"));
  SameOpStage().run(*context);
  EXPECT_EQ(mapping->getTarget(1), 1u);
  EXPECT_FALSE(mapping->getTarget(0));
}

/// `count` interchangeable dead ends.
static std::string asserts(unsigned count) {
  std::string text = "func.func @f(%t: i1) {\n";
  for (unsigned i = 0; i < count; ++i)
    text += "  cf.assert %t, \"training\"\n";
  return text + "  return\n}\n";
}

TEST_F(MatcherStagesTest, TwinsPairInterchangeableDeadEnds) {
  ASSERT_TRUE(setUp(asserts(2), asserts(2)));
  TwinStage().run(*context);
  EXPECT_EQ(numPairs(), 2u);
}

TEST_F(MatcherStagesTest, TwinsInUnequalNumbersStayFree) {
  ASSERT_TRUE(setUp(asserts(3), asserts(2)));
  TwinStage().run(*context);
  EXPECT_EQ(numPairs(), 0u);
}

TEST_F(MatcherStagesTest, RetypedSplatsPairASplatWithItsScalar) {
  ASSERT_TRUE(setUp(R"mlir(
func.func @f() -> (tensor<4xf32>, tensor<4xf32>) {
  %a = arith.constant dense<5.000000e-01> : tensor<4xf32>
  %b = arith.constant dense<2.000000e+00> : tensor<4xf32>
  return %a, %b : tensor<4xf32>, tensor<4xf32>
}
)mlir",
                    R"mlir(
func.func @f() -> f32 {
  %a = arith.constant 5.000000e-01 : f32
  return %a : f32
}
)mlir"));
  RetypedSplatStage().run(*context);
  EXPECT_EQ(mapping->getTarget(0), 0u);
  EXPECT_FALSE(mapping->getTarget(1));
}

TEST_F(MatcherStagesTest, MovedConstantsPairAcrossOps) {
  ASSERT_TRUE(setUp(R"mlir(
func.func @f() -> tensor<3xi16> {
  %t = "tosa.const"() <{values = dense<[1, 2, 3]> : tensor<3xi16>}> : () -> tensor<3xi16>
  return %t : tensor<3xi16>
}
)mlir",
                    R"mlir(
func.func @f() -> tensor<3xi16> {
  %t = arith.constant dense<[1, 2, 3]> : tensor<3xi16>
  return %t : tensor<3xi16>
}
)mlir"));
  MovedConstantStage().run(*context);
  EXPECT_EQ(mapping->getTarget(0), 0u);
}

TEST_F(MatcherStagesTest, MovedConstantsLeaveOtherValues) {
  ASSERT_TRUE(setUp(R"mlir(
func.func @f() -> tensor<3xi16> {
  %t = "tosa.const"() <{values = dense<[1, 2, 3]> : tensor<3xi16>}> : () -> tensor<3xi16>
  return %t : tensor<3xi16>
}
)mlir",
                    R"mlir(
func.func @f() -> tensor<3xi16> {
  %t = arith.constant dense<[1, 2, 4]> : tensor<3xi16>
  return %t : tensor<3xi16>
}
)mlir"));
  MovedConstantStage().run(*context);
  EXPECT_EQ(numPairs(), 0u);
}

//===----------------------------------------------------------------------===//
// Weak evidence.
//===----------------------------------------------------------------------===//

TEST_F(MatcherStagesTest, SimilarityPairsByAgreeingNeighbours) {
  // The input is the only agreeing neighbour at first; each pair then
  // brings the next.
  ASSERT_TRUE(setUp(test::kChain, test::kChain));
  SimilarityStage().run(*context);
  EXPECT_EQ(numPairs(), 3u);
  EXPECT_TRUE(SimilarityStage().isWeak());
}

TEST_F(MatcherStagesTest, SimilarityLeavesOpsOfAnotherKind) {
  ASSERT_TRUE(setUp(test::kChain, R"mlir(
func.func @f(%x: f32) -> f32 {
  %a = math.log %x : f32
  %b = math.floor %a : f32
  %c = math.ceil %b : f32
  return %c : f32
}
)mlir"));
  SimilarityStage().run(*context);
  EXPECT_EQ(numPairs(), 0u);
}

TEST_F(MatcherStagesTest, ChangedOpsPairAnOpThatChangedName) {
  // exp -> log, same dialect and types: the output says which it became.
  ASSERT_TRUE(setUp(kOneExp,
                    R"mlir(
func.func @f(%x: f32) -> f32 {
  %a = math.log %x : f32
  return %a : f32
}
)mlir"));
  ChangedOpStage().run(*context);
  EXPECT_EQ(mapping->getTarget(0), 0u);
}

TEST_F(MatcherStagesTest, ChangedOpsLeaveAnotherDialect) {
  ASSERT_TRUE(setUp(kOneExp,
                    R"mlir(
func.func @f(%x: f32) -> f32 {
  %a = arith.negf %x : f32
  return %a : f32
}
)mlir"));
  ChangedOpStage().run(*context);
  EXPECT_EQ(numPairs(), 0u);
}

TEST_F(MatcherStagesTest, LoweredReductionsPairInOrderAndMarkTheLowering) {
  ASSERT_TRUE(setUp(R"mlir(
func.func @f(%x: tensor<1x8xi32>) -> tensor<1x1xi32> {
  %s = tosa.reduce_sum %x {axis = 1 : i32} : (tensor<1x8xi32>) -> tensor<1x1xi32>
  return %s : tensor<1x1xi32>
}
)mlir",
                    R"mlir(
func.func @f(%x: tensor<1x8xi32>) -> tensor<1xi32> {
  %e = tensor.empty() : tensor<1xi32>
  %s = linalg.reduce ins(%x : tensor<1x8xi32>) outs(%e : tensor<1xi32>) dimensions = [1]
    (%in: i32, %init: i32) {
      %0 = arith.addi %in, %init : i32
      linalg.yield %0 : i32
    }
  return %s : tensor<1xi32>
}
)mlir"));
  LoweredReductionStage().run(*context);
  EXPECT_EQ(mapping->getTarget(0), 1u);
  EXPECT_TRUE(context->getStructure().acrossLowering);
}

TEST_F(MatcherStagesTest, LoweredReductionsLeaveGraphsWithoutReductions) {
  ASSERT_TRUE(setUp(test::kChain, test::kChain));
  LoweredReductionStage().run(*context);
  EXPECT_EQ(numPairs(), 0u);
  EXPECT_FALSE(context->getStructure().acrossLowering);
}

TEST_F(MatcherStagesTest, LoweredOpsPairByResultTypesAlongOperands) {
  // exp became a negf of another dialect: only the types and the output
  // that reads it say which it is.
  ASSERT_TRUE(setUp(kOneExp,
                    R"mlir(
func.func @f(%x: f32) -> f32 {
  %a = arith.negf %x : f32
  return %a : f32
}
)mlir"));
  LoweredOpStage().run(*context);
  EXPECT_EQ(mapping->getTarget(0), 0u);
}

TEST_F(MatcherStagesTest, LoweredOpsLeaveOtherTypes) {
  ASSERT_TRUE(setUp(kOneExp,
                    R"mlir(
func.func @f(%x: f32) -> f16 {
  %a = arith.truncf %x : f32 to f16
  return %a : f16
}
)mlir"));
  LoweredOpStage().run(*context);
  EXPECT_EQ(numPairs(), 0u);
}

TEST_F(MatcherStagesTest, MergedConstantsGoToTheFirst) {
  ASSERT_TRUE(setUp(R"mlir(
func.func @f() -> (f32, f32) {
  %a = arith.constant 7.000000e+00 : f32
  %b = arith.constant 7.000000e+00 : f32
  return %a, %b : f32, f32
}
)mlir",
                    R"mlir(
func.func @f() -> f32 {
  %a = arith.constant 7.000000e+00 : f32
  return %a : f32
}
)mlir"));
  MergedConstantStage().run(*context);
  EXPECT_EQ(mapping->getTarget(0), 0u);
  EXPECT_FALSE(mapping->getTarget(1));
}

TEST_F(MatcherStagesTest, MergedConstantsLeaveTiesOfEqualNumbers) {
  ASSERT_TRUE(setUp(R"mlir(
func.func @f() -> (f32, f32) {
  %a = arith.constant 7.000000e+00 : f32
  %b = arith.constant 7.000000e+00 : f32
  return %a, %b : f32, f32
}
)mlir",
                    R"mlir(
func.func @f() -> (f32, f32) {
  %a = arith.constant 7.000000e+00 : f32
  %b = arith.constant 7.000000e+00 : f32
  return %b, %a : f32, f32
}
)mlir"));
  MergedConstantStage().run(*context);
  EXPECT_EQ(numPairs(), 0u);
}

/// CSE kept one of two twin exps; the sqrt read the second.
constexpr const char *kTwinSource = R"mlir(
func.func @f(%x: f32) -> f32 {
  %a = math.exp %x : f32
  %b = math.exp %x : f32
  %u = math.sqrt %b : f32
  return %u : f32
}
)mlir";
constexpr const char *kMergedTarget = R"mlir(
func.func @f(%x: f32) -> f32 {
  %e = math.exp %x : f32
  %u = math.sqrt %e : f32
  return %u : f32
}
)mlir";

TEST_F(MatcherStagesTest, SettleTwinsMovesAPairToTheTwinItsReadersVouchFor) {
  ASSERT_TRUE(setUp(kTwinSource, kMergedTarget));
  // The first twin took the exp; the sqrt's partner reads the second.
  pair(0, 0);
  pair(2, 1);
  SettleTwinStage().run(*context);
  EXPECT_EQ(mapping->getTarget(1), 0u);
  EXPECT_FALSE(mapping->getTarget(0));
}

TEST_F(MatcherStagesTest, SettleTwinsKeepsAPairItsReadersVouchFor) {
  ASSERT_TRUE(setUp(kTwinSource, kMergedTarget));
  pair(1, 0);
  pair(2, 1);
  SettleTwinStage().run(*context);
  EXPECT_EQ(mapping->getTarget(1), 0u);
  EXPECT_FALSE(mapping->getTarget(0));
  EXPECT_EQ(mapping->getCounts().pairsUndone, 0u);
}

TEST_F(MatcherStagesTest, UnresolvedTiesAreMarkedAmbiguous) {
  ASSERT_TRUE(setUp(kTwoExps, kOneExp));
  UnresolvedTieStage().run(*context);
  EXPECT_TRUE(mapping->isSourceAmbiguous(0));
  EXPECT_TRUE(mapping->isSourceAmbiguous(1));
  EXPECT_TRUE(mapping->isTargetAmbiguous(0));
  EXPECT_EQ(numPairs(), 0u);
}

TEST_F(MatcherStagesTest, UnresolvedTiesLeaveNodesWithoutACounterpart) {
  ASSERT_TRUE(setUp(test::kChain, R"mlir(
func.func @f(%x: f32) -> f32 {
  %a = math.log %x : f32
  return %a : f32
}
)mlir"));
  UnresolvedTieStage().run(*context);
  for (unsigned s = 0; s < source->size(); ++s)
    EXPECT_FALSE(mapping->isSourceAmbiguous(s));
}

//===----------------------------------------------------------------------===//
// The runner.
//===----------------------------------------------------------------------===//

TEST_F(MatcherStagesTest, TheTableRunsInOrderOfTrust) {
  SmallVector<StringRef> names;
  for (const MatcherStage *stage : getMatcherStages())
    names.push_back(stage->getName());
  EXPECT_EQ(names,
            SmallVector<StringRef>(
                {"ids", "provenance", "locations", "conventions",
                 "identical-cones", "identical-contexts", "buffers", "same-op",
                 "twins", "retyped-splats", "moved-constants", "similarity",
                 "changed-ops", "lowered-reductions", "lowered-ops",
                 "merged-constants", "settle-twins", "unresolved-ties"}));
  // Weak evidence comes after every strict stage.
  bool weak = false;
  for (const MatcherStage *stage : getMatcherStages()) {
    if (stage->getName() == "unresolved-ties")
      break;
    EXPECT_TRUE(!weak || stage->isWeak()) << stage->getName().str();
    weak |= stage->isWeak();
  }
}

TEST_F(MatcherStagesTest, TheRunnerRecordsWhatEachStageDid) {
  ASSERT_TRUE(setUp(test::kChain, R"mlir(
func.func @f(%x: f32) -> f32 {
  %a = math.log %x : f32
  %b = math.sqrt %a : f32
  %c = math.absf %b : f32
  return %c : f32
}
)mlir"));
  MatchOutcome outcome = runMatcherStages(*context);
  ASSERT_EQ(outcome.stages.size(), getMatcherStages().size());
  auto stats = [&](StringRef name) {
    for (const StageStats &stage : outcome.stages)
      if (stage.name == name)
        return stage;
    ADD_FAILURE() << "no stage " << name.str();
    return StageStats();
  };
  EXPECT_EQ(stats("identical-cones").paired, 0u);
  EXPECT_EQ(stats("identical-contexts").paired, 2u);
  EXPECT_EQ(stats("identical-contexts").freeSource, 1u);
  EXPECT_EQ(stats("identical-contexts").freeTarget, 1u);
  // exp -> log: the same dialect and types, paired on weak evidence.
  EXPECT_EQ(stats("changed-ops").paired, 1u);
  EXPECT_TRUE(stats("changed-ops").weak);
  EXPECT_EQ(outcome.weakPairs, 1u);
  EXPECT_EQ(outcome.stages.back().freeSource, 0u);
  EXPECT_EQ(outcome.stages.back().freeTarget, 0u);
}

TEST_F(MatcherStagesTest, StructuralStagesLeaveLGGraphsAlone) {
  ASSERT_TRUE(setUp(kLGChain, R"mlir(
lg.graph @f(%x: i32) -> i32 {
  %a = lg.node @p "A"(%x) : (i32) -> i32
  %b = lg.node @q "B"(%a) : (i32) -> i32
  %c = lg.node @r "C"(%b) : (i32) -> i32
  lg.output %c : i32
}
)mlir"));
  // Same kinds, other ids: different nodes, whatever their shape.
  MatchOutcome outcome = runMatcherStages(*context);
  EXPECT_EQ(numPairs(), 0u);
  EXPECT_EQ(outcome.stages.back().freeSource, 3u);
}

} // namespace
