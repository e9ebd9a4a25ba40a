//===- VoteRulesTest.cpp - The general vote rules, one at a time ----------===//
//
// Along operands, from the outputs, along users, and the settling of ties
// (Differ/Votes/): each rule run alone for one pair, with exactly the votes
// it cast, and a case where it must not vote. The rules for one pass's
// output are in RewriteVoteRulesTest.cpp.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Differ/Votes/AlongOperands.h"
#include "GraphDiff/Differ/Votes/AlongUsers.h"
#include "GraphDiff/Differ/Votes/FromOutputs.h"
#include "GraphDiff/Differ/Votes/TieSettling.h"

#include "VoteRuleFixture.h"

using namespace mlir;
using namespace graphdiff;
using test::Cast;

namespace {

using AlongOperandsTest = test::VoteRuleFixture;
using FromOutputsTest = test::VoteRuleFixture;
using AlongUsersTest = test::VoteRuleFixture;
using TieSettlingTest = test::VoteRuleFixture;

TEST_F(AlongOperandsTest, VotesForTheFreeProducerAtEachSlot) {
  // %a -> %b -> %c on each side: (%c, %c) votes for (%b, %b), once.
  ASSERT_TRUE(parseVoters(test::kChain, test::kChain));
  voteAlongOperands(*context, 2, 2, votes);
  EXPECT_EQ(cast, (Cast{{1, 1}}));
  EXPECT_EQ(context->touched, (SmallVector<unsigned>{1}));
  EXPECT_TRUE(votes.agrees(1, 1));
}

TEST_F(AlongOperandsTest, NoVoteForATakenProducer) {
  ASSERT_TRUE(parseVoters(test::kChain, test::kChain));
  state->pair(1, 1);
  voteAlongOperands(*context, 2, 2, votes);
  EXPECT_TRUE(cast.empty());
  EXPECT_TRUE(context->touched.empty());
}

TEST_F(AlongOperandsTest, ACommutativeOpsConstantGoesToAConstant) {
  // Canonicalization moved the constant of the `arith.addf` last: the slots
  // pair by constness, not by position.
  ASSERT_TRUE(parseVoters(R"mlir(
func.func @f(%x: f32) -> f32 {
  %k = arith.constant 2.000000e+00 : f32
  %e = math.exp %x : f32
  %s = arith.addf %k, %e : f32
  return %s : f32
}
)mlir",
                          R"mlir(
func.func @f(%x: f32) -> f32 {
  %k = arith.constant 2.000000e+00 : f32
  %e = math.exp %x : f32
  %s = arith.addf %e, %k : f32
  return %s : f32
}
)mlir"));
  voteAlongOperands(*context, 2, 2, votes);
  EXPECT_EQ(cast, (Cast{{0, 0}, {1, 1}}));
}

/// `arith.addf` of an exp and a sqrt, on tensors.
constexpr const char *kAddOfTwo = R"mlir(
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  %a = math.exp %x : tensor<4xf32>
  %b = math.sqrt %x : tensor<4xf32>
  %s = arith.addf %a, %b : tensor<4xf32>
  return %s : tensor<4xf32>
}
)mlir";

/// kAddOfTwo as a `linalg.generic` that writes into its first input `%a`
/// (`INIT` is replaced by the value it writes into).
static std::string genericOfTwo(StringRef init, StringRef empty = "") {
  return (R"mlir(
#id = affine_map<(d0) -> (d0)>
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  %a = math.exp %x : tensor<4xf32>
  %b = math.sqrt %x : tensor<4xf32>
)mlir" + empty +
          R"mlir(
  %s = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]} ins(%a, %b : tensor<4xf32>, tensor<4xf32>) outs()mlir" +
          init + R"mlir( : tensor<4xf32>) {
  ^bb0(%i: f32, %j: f32, %o: f32):
    %0 = arith.addf %i, %j : f32
    linalg.yield %0 : f32
  } -> tensor<4xf32>
  return %s : tensor<4xf32>
}
)mlir")
      .str();
}

TEST_F(AlongOperandsTest, ARenamedOpKeepsEachValuesFirstSlot) {
  // The generic reads %a twice (input and init): once each value keeps its
  // first slot, the two lists correspond.
  ASSERT_TRUE(parseVoters(kAddOfTwo, genericOfTwo("%a")));
  voteAlongOperands(*context, 2, 2, votes);
  EXPECT_EQ(cast, (Cast{{0, 0}, {1, 1}}));
}

TEST_F(AlongOperandsTest, NoVoteWhereSlotsStillDiffer) {
  // A new `tensor.empty` init: three values against two, no vote (that is
  // voteDestinationInputs' case).
  ASSERT_TRUE(parseVoters(
      kAddOfTwo, genericOfTwo("%e", "  %e = tensor.empty() : tensor<4xf32>")));
  voteAlongOperands(*context, 2, 3, votes);
  EXPECT_TRUE(cast.empty());
}

TEST_F(AlongOperandsTest, NoVoteAcrossAFusionThatReadsAValueTwice) {
  // `arith.addf %m, %c` became `math.fma %x, %x, %c` with `%m = arith.mulf
  // %x, %x`: neither is destination-style, so the difference in slots is a
  // fusion, and positions say nothing.
  ASSERT_TRUE(parseVoters(R"mlir(
func.func @f(%a: f32) -> f32 {
  %x = math.exp %a : f32
  %c = math.absf %a : f32
  %m = arith.mulf %x, %x : f32
  %r = arith.addf %m, %c : f32
  return %r : f32
}
)mlir",
                          R"mlir(
func.func @f(%a: f32) -> f32 {
  %x = math.exp %a : f32
  %c = math.absf %a : f32
  %r = math.fma %x, %x, %c : f32
  return %r : f32
}
)mlir"));
  voteAlongOperands(*context, 3, 2, votes);
  EXPECT_TRUE(cast.empty());
}

TEST_F(AlongOperandsTest, LooksThroughAReshapeTheTargetAdded) {
  // The target expanded %a's result to read it as tensor<1x4xf32>: the vote
  // goes to the producer above the reshape, of as many elements.
  ASSERT_TRUE(parseVoters(R"mlir(
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  %a = math.exp %x : tensor<4xf32>
  %s = math.absf %a : tensor<4xf32>
  return %s : tensor<4xf32>
}
)mlir",
                          R"mlir(
func.func @f(%x: tensor<4xf32>) -> tensor<1x4xf32> {
  %a = math.exp %x : tensor<4xf32>
  %r = tensor.expand_shape %a [[0, 1]] output_shape [1, 4] : tensor<4xf32> into tensor<1x4xf32>
  %s = math.absf %r : tensor<1x4xf32>
  return %s : tensor<1x4xf32>
}
)mlir"));
  voteAlongOperands(*context, 1, 2, votes);
  EXPECT_EQ(cast, (Cast{{0, 0}}));
}

/// A chain on `type`: an exp read by an absf.
static std::string expAbs(StringRef type) {
  return (R"mlir(
func.func @f(%x: )mlir" +
          type + ") -> " + type + R"mlir( {
  %a = math.exp %x : )mlir" +
          type + R"mlir(
  %s = math.absf %a : )mlir" +
          type + R"mlir(
  return %s : )mlir" +
          type + "\n}\n")
      .str();
}

TEST_F(AlongOperandsTest, TypesUpToUnitDimensionsOnlyAcrossALowering) {
  // Values of one shape but for a unit dimension: no vote, unless the votes
  // are across a lowering.
  ASSERT_TRUE(parseVoters(expAbs("tensor<4xf32>"), expAbs("tensor<1x4xf32>")));
  voteAlongOperands(*context, 1, 1, votes);
  EXPECT_TRUE(cast.empty());
  ASSERT_TRUE(parseVoters(expAbs("tensor<4xf32>"), expAbs("tensor<1x4xf32>"),
                          /*lowered=*/true));
  voteAlongOperands(*context, 1, 1, votes);
  EXPECT_EQ(cast, (Cast{{0, 0}}));
}

TEST_F(FromOutputsTest, VotesForTheOutputsProducersByPosition) {
  ASSERT_TRUE(parseVoters(test::kTieSource, test::kTieTarget));
  voteFromOutputs(*context, votes);
  EXPECT_EQ(cast, (Cast{{2, 1}, {3, 2}}));
}

TEST_F(FromOutputsTest, NoVoteForATakenProducerOrAnotherType) {
  ASSERT_TRUE(parseVoters(test::kChain, test::kChain));
  state->pair(2, 2);
  voteFromOutputs(*context, votes);
  EXPECT_TRUE(cast.empty());
  ASSERT_TRUE(parseVoters(expAbs("tensor<4xf32>"), expAbs("tensor<8xf32>")));
  voteFromOutputs(*context, votes);
  EXPECT_TRUE(cast.empty());
}

/// A node %h read at slot 1 by one `arith.subf` and at slot 0 by `count`
/// `arith.addf`s: the one user at slot 1 is unique, those at slot 0 are not.
static std::string hub(unsigned count) {
  std::string text = "func.func @f(%x: f32, %y: f32) -> f32 {\n"
                     "  %h = math.exp %x : f32\n"
                     "  %s = arith.subf %y, %h : f32\n";
  for (unsigned i = 0; i < count; ++i)
    text += "  %a" + std::to_string(i) + " = arith.addf %h, %y : f32\n";
  return text + "  return %s : f32\n}\n";
}

TEST_F(AlongUsersTest, VotesForTheOneFreeUserAtAPosition) {
  // Few uses are searched in a list, many indexed: the same votes.
  for (unsigned count : {2u, 20u}) {
    SCOPED_TRACE(count);
    ASSERT_TRUE(parseVoters(hub(count), hub(count)));
    UserVoter().vote(*context, 0, 0, votes);
    EXPECT_EQ(cast, (Cast{{1, 1}}));
  }
}

TEST_F(AlongUsersTest, NoVoteForUsersReadingUnequallyMany) {
  // The one user at (0, 0) is a `tensor.concat` on both sides, of two values
  // in the source and three in the target: its slot says nothing.
  ASSERT_TRUE(parseVoters(R"mlir(
func.func @f(%x: tensor<2xf32>, %y: tensor<2xf32>) -> tensor<4xf32> {
  %h = math.exp %x : tensor<2xf32>
  %c = tensor.concat dim(0) %h, %y : (tensor<2xf32>, tensor<2xf32>) -> tensor<4xf32>
  return %c : tensor<4xf32>
}
)mlir",
                          R"mlir(
func.func @f(%x: tensor<2xf32>, %y: tensor<2xf32>) -> tensor<6xf32> {
  %h = math.exp %x : tensor<2xf32>
  %c = tensor.concat dim(0) %h, %y, %x : (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<6xf32>
  return %c : tensor<6xf32>
}
)mlir"));
  ASSERT_TRUE(state->sameKind(1, 1));
  UserVoter().vote(*context, 0, 0, votes);
  EXPECT_TRUE(cast.empty());
}

TEST_F(TieSettlingTest, InterchangeableCandidatesPairInFileOrder) {
  // The target's constant got a vote for each of the source's two equal
  // constants: the first is kept, as CSE keeps it.
  ASSERT_TRUE(parseVoters(test::kTieSource, test::kTieTarget));
  votes.add(0, 0);
  votes.add(1, 0);
  SmallVector<NodePair> pairs;
  SettledTies settled;
  settleTie(*context, 0, votes, nullptr, pairs, settled);
  EXPECT_EQ(pairs, (SmallVector<NodePair>{{0, 0}}));
  EXPECT_EQ(mapping->getTarget(0), 0u);
  EXPECT_TRUE(settled.contains(true, 0));
  EXPECT_TRUE(settled.contains(true, 1));
  EXPECT_TRUE(settled.contains(false, 0));
}

TEST_F(TieSettlingTest, AVetoOverridesFileOrder) {
  ASSERT_TRUE(parseVoters(test::kTieSource, test::kTieTarget));
  votes.add(0, 0);
  votes.add(1, 0);
  Votes veto(source->size(), target->size());
  veto.add(1, 0);
  SmallVector<NodePair> pairs;
  SettledTies settled;
  settleTie(*context, 0, votes, &veto, pairs, settled);
  EXPECT_EQ(pairs, (SmallVector<NodePair>{{1, 0}}));
}

TEST_F(TieSettlingTest, DifferentCandidatesAreNoTie) {
  // The source's two constants differ: which one the target's became would
  // change the plan. Nothing is paired or settled.
  ASSERT_TRUE(parseVoters(test::kAmbiguousSource, test::kTieTarget));
  votes.add(0, 0);
  votes.add(1, 0);
  SmallVector<NodePair> pairs;
  SettledTies settled;
  settleTie(*context, 0, votes, nullptr, pairs, settled);
  EXPECT_TRUE(pairs.empty());
  EXPECT_FALSE(mapping->getSource(0));
  EXPECT_FALSE(settled.contains(true, 0));
  EXPECT_FALSE(settled.contains(false, 0));
}

} // namespace
