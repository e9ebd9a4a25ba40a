//===- RewriteVoteRulesTest.cpp - Vote rules for rewrites, one at a time --===//
//
// The rules for what one pass makes of an op (Differ/Votes/): through a
// fused chain, through a generic's payload, input by input and init by init
// for destination-style ops. Each rule run alone for one pair, with exactly
// the votes it cast, and a case where it must not vote.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Differ/Votes/DestinationInits.h"
#include "GraphDiff/Differ/Votes/DestinationInputs.h"
#include "GraphDiff/Differ/Votes/ThroughFusedChain.h"
#include "GraphDiff/Differ/Votes/ThroughPayload.h"

#include "VoteRuleFixture.h"

using namespace mlir;
using namespace graphdiff;
using test::Cast;

namespace {

using ThroughFusedChainTest = test::VoteRuleFixture;
using ThroughPayloadTest = test::VoteRuleFixture;
using DestinationInputsTest = test::VoteRuleFixture;
using DestinationInitsTest = test::VoteRuleFixture;

TEST_F(ThroughFusedChainTest, VotesForWhatTheChainRead) {
  // The target's %r reads what the source's chain %m -> %r read (a fusion
  // folded %m in): the constant, the one value of the chain that fits.
  ASSERT_TRUE(parseVoters(R"mlir(
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  %c = arith.constant dense<2.000000e+00> : tensor<4xf32>
  %m = arith.mulf %x, %c : tensor<4xf32>
  %r = math.exp %m : tensor<4xf32>
  return %r : tensor<4xf32>
}
)mlir",
                          R"mlir(
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  %c = arith.constant dense<2.000000e+00> : tensor<4xf32>
  %r = arith.addf %x, %c : tensor<4xf32>
  return %r : tensor<4xf32>
}
)mlir"));
  voteThroughFusedChain(*context, 2, 1, votes);
  EXPECT_EQ(cast, (Cast{{0, 0}}));
}

/// `arith.addf %m, %c` with `%m = arith.mulf %x, %y`, fused into one
/// `math.fma %x, %y, %c` in the target.
constexpr const char *kUnfused = R"mlir(
func.func @f(%a: f32) -> f32 {
  %x = math.exp %a : f32
  %y = math.sqrt %a : f32
  %c = math.absf %a : f32
  %m = arith.mulf %x, %y : f32
  %r = arith.addf %m, %c : f32
  return %r : f32
}
)mlir";
constexpr const char *kFused = R"mlir(
func.func @f(%a: f32) -> f32 {
  %x = math.exp %a : f32
  %y = math.sqrt %a : f32
  %c = math.absf %a : f32
  %r = math.fma %x, %y, %c : f32
  return %r : f32
}
)mlir";

TEST_F(ThroughFusedChainTest, VotesForTheKeptInputThenTheChain) {
  // %c is read by both ops (the input the fused op kept): its vote comes
  // first; %x and %y are read by %m, which the fusion folded in.
  ASSERT_TRUE(parseVoters(kUnfused, kFused));
  voteThroughFusedChain(*context, 4, 3, votes);
  EXPECT_EQ(cast, (Cast{{2, 2}, {0, 0}, {1, 1}}));
}

TEST_F(ThroughFusedChainTest, NoVoteForAnUnchangedNode) {
  // The same content and slots: no chain can have been folded in.
  ASSERT_TRUE(parseVoters(kUnfused, kUnfused));
  voteThroughFusedChain(*context, 4, 4, votes);
  EXPECT_TRUE(cast.empty());
}

TEST_F(ThroughFusedChainTest, NoVoteWhereTwoValuesOfTheChainFit) {
  // The target's %e could be either exp the chain reads.
  ASSERT_TRUE(parseVoters(R"mlir(
func.func @f(%a: f32, %b: f32) -> f32 {
  %e1 = math.exp %a : f32
  %e2 = math.exp %b : f32
  %m = arith.mulf %e1, %e2 : f32
  %r = math.absf %m : f32
  return %r : f32
}
)mlir",
                          R"mlir(
func.func @f(%a: f32, %b: f32) -> f32 {
  %e = math.exp %a : f32
  %r = math.sqrt %e : f32
  return %r : f32
}
)mlir"));
  voteThroughFusedChain(*context, 3, 1, votes);
  EXPECT_TRUE(cast.empty());
}

/// %2 was fused into %3's generic, which reads %1's generic where %3 read
/// %2.
constexpr const char *kElementwise = R"mlir(
func.func @f(%a: tensor<4xf32>, %x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %1 = arith.mulf %a, %x : tensor<4xf32>
  %2 = arith.mulf %1, %x : tensor<4xf32>
  %3 = arith.addf %2, %x : tensor<4xf32>
  %4 = arith.maximumf %1, %x : tensor<4xf32>
  return %3, %4 : tensor<4xf32>, tensor<4xf32>
}
)mlir";
constexpr const char *kFusedGenerics = R"mlir(
#id = affine_map<(d0) -> (d0)>
func.func @f(%a: tensor<4xf32>, %x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %e1 = tensor.empty() : tensor<4xf32>
  %1 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]} ins(%a, %x : tensor<4xf32>, tensor<4xf32>) outs(%e1 : tensor<4xf32>) {
  ^bb0(%in: f32, %in2: f32, %out: f32):
    %m = arith.mulf %in, %in2 : f32
    linalg.yield %m : f32
  } -> tensor<4xf32>
  %e3 = tensor.empty() : tensor<4xf32>
  %3 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]} ins(%1, %x : tensor<4xf32>, tensor<4xf32>) outs(%e3 : tensor<4xf32>) {
  ^bb0(%in: f32, %in2: f32, %out: f32):
    %m = arith.mulf %in, %in2 : f32
    %s = arith.addf %m, %in2 : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  %e4 = tensor.empty() : tensor<4xf32>
  %4 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]} ins(%1, %x : tensor<4xf32>, tensor<4xf32>) outs(%e4 : tensor<4xf32>) {
  ^bb0(%in: f32, %in2: f32, %out: f32):
    %m = arith.maximumf %in, %in2 : f32
    linalg.yield %m : f32
  } -> tensor<4xf32>
  return %3, %4 : tensor<4xf32>, tensor<4xf32>
}
)mlir";

TEST_F(ThroughPayloadTest, FollowsOperandsThroughAFusedProducer) {
  // %3's first operand is computed in the payload (the fused mulf), whose
  // first operand is input #0: %1 goes with the generic reading %a and %x,
  // and %2 (fused) with nothing.
  ASSERT_TRUE(parseVoters(kElementwise, kFusedGenerics));
  EXPECT_TRUE(voteThroughPayload(*context, 2, 3, votes));
  EXPECT_EQ(cast, (Cast{{0, 1}}));
  // Compared input by input instead, %2 would have had %1's generic's vote
  // (which is why the pair's other operand rules do not vote).
  ASSERT_TRUE(parseVoters(kElementwise, kFusedGenerics));
  EXPECT_TRUE(voteDestinationInputs(*context, 2, 3, votes));
  EXPECT_EQ(cast, (Cast{{1, 1}}));
}

TEST_F(ThroughPayloadTest, NoPayloadToReadWithoutAGeneric) {
  // Two elementwise ops: the rule does not read the pair.
  ASSERT_TRUE(parseVoters(kElementwise, kElementwise));
  EXPECT_FALSE(voteThroughPayload(*context, 2, 2, votes));
  EXPECT_TRUE(cast.empty());
}

TEST_F(ThroughPayloadTest, NoVoteThroughAPayloadOfAnotherOp) {
  // The maximumf generic's payload does not yield an addf.
  ASSERT_TRUE(parseVoters(kElementwise, kFusedGenerics));
  EXPECT_FALSE(voteThroughPayload(*context, 2, 5, votes));
  EXPECT_TRUE(cast.empty());
}

/// `arith.addf` of an exp and a sqrt on tensors, and the `linalg.generic`
/// with `INPUTS` (`%a, %b` and more) it became, writing into a new
/// `tensor.empty`.
constexpr const char *kAddOfTwo = R"mlir(
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  %a = math.exp %x : tensor<4xf32>
  %b = math.sqrt %x : tensor<4xf32>
  %s = arith.addf %a, %b : tensor<4xf32>
  return %s : tensor<4xf32>
}
)mlir";
static std::string genericOf(unsigned inputs) {
  std::string maps = "#id", names = "%a, %b", types, args;
  for (unsigned i = 1; i <= inputs; ++i) {
    maps += ", #id";
    types += "tensor<4xf32>, ";
    args += "%i" + std::to_string(i) + ": f32, ";
  }
  types.resize(types.size() - 2);
  if (inputs > 2)
    names += ", %x";
  return R"mlir(
#id = affine_map<(d0) -> (d0)>
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  %a = math.exp %x : tensor<4xf32>
  %b = math.sqrt %x : tensor<4xf32>
  %e = tensor.empty() : tensor<4xf32>
  %s = linalg.generic {indexing_maps = [)mlir" +
         maps + R"mlir(], iterator_types = ["parallel"]} ins()mlir" + names +
         " : " + types + R"mlir() outs(%e : tensor<4xf32>) {
  ^bb0()mlir" +
         args + R"mlir(%o: f32):
    %0 = arith.addf %i1, %i2 : f32
    linalg.yield %0 : f32
  } -> tensor<4xf32>
  return %s : tensor<4xf32>
}
)mlir";
}

TEST_F(DestinationInputsTest, VotesInputByInput) {
  // The generic reads %a, %b and its init %e: its inputs are the addf's
  // operands.
  ASSERT_TRUE(parseVoters(kAddOfTwo, genericOf(2)));
  EXPECT_TRUE(voteDestinationInputs(*context, 2, 3, votes));
  EXPECT_EQ(cast, (Cast{{0, 0}, {1, 1}}));
}

TEST_F(DestinationInputsTest, NoVoteForAsManySlotsOrOtherInputs) {
  // Three inputs against two operands: the inputs are not the operands.
  ASSERT_TRUE(parseVoters(kAddOfTwo, genericOf(3)));
  EXPECT_FALSE(voteDestinationInputs(*context, 2, 3, votes));
  EXPECT_TRUE(cast.empty());
  // The same op on both sides: not renamed, nothing to do.
  ASSERT_TRUE(parseVoters(kAddOfTwo, kAddOfTwo));
  EXPECT_FALSE(voteDestinationInputs(*context, 2, 2, votes));
  EXPECT_TRUE(cast.empty());
}

/// A generic that negates %x into %e, and (`fused`) the same with a
/// producer reading %y fused into it, which shifts its init's slot.
static std::string negation(bool fused) {
  std::string ins = fused ? "ins(%x, %y : tensor<4xf32>, tensor<4xf32>)"
                          : "ins(%x : tensor<4xf32>)";
  std::string maps = fused ? "[#id, #id, #id]" : "[#id, #id]";
  std::string body = fused ? "  ^bb0(%in: f32, %in2: f32, %out: f32):\n"
                             "    %a = arith.addf %in, %in2 : f32\n"
                             "    %n = arith.negf %a : f32\n"
                           : "  ^bb0(%in: f32, %out: f32):\n"
                             "    %n = arith.negf %in : f32\n";
  return R"mlir(
#id = affine_map<(d0) -> (d0)>
func.func @f(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %g = linalg.generic {indexing_maps = )mlir" +
         maps + R"mlir(, iterator_types = ["parallel"]} )mlir" + ins +
         R"mlir( outs(%e : tensor<4xf32>) {
)mlir" + body +
         R"mlir(    linalg.yield %n : f32
  } -> tensor<4xf32>
  return %g : tensor<4xf32>
}
)mlir";
}

TEST_F(DestinationInitsTest, VotesInitByInitWhereSlotsDiffer) {
  ASSERT_TRUE(parseVoters(negation(false), negation(true)));
  voteDestinationInits(*context, 1, 1, votes);
  EXPECT_EQ(cast, (Cast{{0, 0}}));
}

TEST_F(DestinationInitsTest, NoVoteWhereSlotsAgree) {
  // The same slots: voteAlongOperands compares the inits with the rest.
  ASSERT_TRUE(parseVoters(negation(false), negation(false)));
  voteDestinationInits(*context, 1, 1, votes);
  EXPECT_TRUE(cast.empty());
}

} // namespace
