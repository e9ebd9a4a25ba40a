//===- ConsensusTest.cpp - Pairing by agreeing votes ----------------------===//
//
// A node is paired only when every vote names the same partner and the
// partner's votes name it back; conflicts leave both free and ambiguous.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Differ/Consensus.h"

#include "GraphFixture.h"

using namespace mlir;
using namespace graphdiff;

namespace {

using ConsensusTest = test::GraphFixture;

TEST(VotesTest, AgreementConflictsAndVetoes) {
  Votes votes;
  EXPECT_FALSE(votes.ofSource(1));
  EXPECT_TRUE(votes.allows(1, 2));
  votes.add(1, 2);
  votes.add(1, 2); // the same vote twice is no conflict
  EXPECT_TRUE(votes.agrees(1, 2));
  EXPECT_TRUE(votes.allows(1, 2));
  EXPECT_FALSE(votes.allows(1, 3));
  EXPECT_FALSE(votes.allows(4, 2));
  EXPECT_TRUE(votes.allows(4, 5));
  votes.add(1, 3);
  EXPECT_EQ(votes.ofSource(1), Votes::Conflict);
  EXPECT_EQ(votes.ofTarget(2), 1);
  EXPECT_EQ(votes.ofTarget(3), 1);
  EXPECT_FALSE(votes.agrees(1, 2));
  EXPECT_FALSE(votes.agrees(1, 3));

  EXPECT_EQ(votes.candidatesOfSource(1),
            (SmallVector<Votes::Candidate, 4>{{2, 2}, {3, 1}}));
  EXPECT_EQ(votes.candidatesOfTarget(2),
            (SmallVector<Votes::Candidate, 4>{{1, 2}}));

  // The disputed node and both its candidates could be each other's
  // partners: all three are ambiguous, unless a tie-break settled them.
  NodeMapping mapping(6, 6);
  votes.markConflicts(mapping, [](bool isSource, unsigned node) {
    return !isSource && node == 3;
  });
  EXPECT_TRUE(mapping.isSourceAmbiguous(1));
  EXPECT_TRUE(mapping.isTargetAmbiguous(2));
  EXPECT_FALSE(mapping.isTargetAmbiguous(3));
  EXPECT_FALSE(mapping.isTargetAmbiguous(5));
}

TEST_F(ConsensusTest, FromTheOutputsAlongOperands) {
  ASSERT_TRUE(parsePair(test::kChain, test::kChain));
  // Along users only, with no seeds: nothing to start from.
  EXPECT_FALSE(propagate(*state, {}, AlongUsers | FromOutputs, sameKind));
  EXPECT_TRUE(propagate(*state, {}, AlongOperands | FromOutputs, sameKind));
  for (unsigned s = 0; s < 3; ++s) {
    EXPECT_EQ(mapping->getTarget(s), s);
    EXPECT_EQ(mapping->getPairStage(s), MatchStage::Structure);
  }
}

TEST_F(ConsensusTest, ReportsThePairsItMade) {
  ASSERT_TRUE(parsePair(test::kChain, test::kChain));
  MadePairs made(3);
  EXPECT_TRUE(
      propagate(*state, {}, AlongOperands | FromOutputs, sameKind, &made));
  // From the output up, a frontier at a time.
  ASSERT_TRUE(made.get());
  EXPECT_EQ(*made.get(), SmallVector<NodePair>({{2, 2}, {1, 1}, {0, 0}}));
  // Nothing left to pair: nothing reported.
  made.clear();
  EXPECT_FALSE(
      propagate(*state, {}, AlongOperands | FromOutputs, sameKind, &made));
  ASSERT_TRUE(made.get());
  EXPECT_TRUE(made.get()->empty());
}

TEST_F(ConsensusTest, ReportsNoPairsPastTheLimit) {
  ASSERT_TRUE(parsePair(test::kChain, test::kChain));
  MadePairs made(2);
  EXPECT_TRUE(
      propagate(*state, {}, AlongOperands | FromOutputs, sameKind, &made));
  EXPECT_TRUE(made.overflowed);
  EXPECT_FALSE(made.get());
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

TEST_F(ConsensusTest, AlongUsersOfANodeWithFewOrManyUses) {
  // Few uses are searched in a list, many indexed: the same votes.
  for (unsigned count : {2u, 20u}) {
    SCOPED_TRACE(count);
    ASSERT_TRUE(parsePair(hub(count), hub(count)));
    state->pair(0, 0);
    EXPECT_TRUE(propagate(*state, {{0, 0}}, AlongUsers, sameKind));
    EXPECT_EQ(mapping->getTarget(1), 1u);
    for (unsigned n = 2; n < 2 + count; ++n)
      EXPECT_FALSE(mapping->getTarget(n));
  }
}

TEST_F(ConsensusTest, FromASeedAlongUsersWithinTheFilter) {
  ASSERT_TRUE(parsePair(test::kChain, test::kChain));
  state->pair(0, 0);
  // The filter refuses %c: the walk stops at %b.
  auto notC = [&](unsigned s, unsigned t) { return s != 2 && t != 2; };
  EXPECT_TRUE(propagate(*state, {{0, 0}}, AlongUsers, notC));
  EXPECT_EQ(mapping->getTarget(1), 1u);
  EXPECT_FALSE(mapping->getTarget(2));
  EXPECT_FALSE(mapping->isSourceAmbiguous(2));
}

TEST_F(ConsensusTest, InterchangeableTiesArePairedInFileOrder) {
  // The target's one constant gets votes for both source constants, which
  // are equal (CSE merged them): the first is kept, as CSE keeps it.
  ASSERT_TRUE(parsePair(test::kTieSource, test::kTieTarget));
  EXPECT_TRUE(propagate(*state, {}, AlongOperands | FromOutputs, sameKind));
  EXPECT_EQ(mapping->getTarget(0), 0u);
  EXPECT_FALSE(mapping->getTarget(1));
  EXPECT_EQ(mapping->getTarget(2), 1u);
  EXPECT_EQ(mapping->getTarget(3), 2u);
  EXPECT_FALSE(mapping->isSourceAmbiguous(1));
}

TEST_F(ConsensusTest, ConflictingVotesLeaveNodesFree) {
  // The target's one constant gets votes for two different source
  // constants.
  ASSERT_TRUE(parsePair(test::kAmbiguousSource, test::kTieTarget));
  EXPECT_TRUE(propagate(*state, {}, AlongOperands | FromOutputs, sameKind));
  EXPECT_EQ(mapping->getTarget(2), 1u);
  EXPECT_EQ(mapping->getTarget(3), 2u);
  EXPECT_FALSE(mapping->getSource(0));
  EXPECT_TRUE(mapping->isTargetAmbiguous(0));
  EXPECT_FALSE(mapping->getTarget(0));
  EXPECT_FALSE(mapping->getTarget(1));
  EXPECT_TRUE(mapping->isSourceAmbiguous(0));
  EXPECT_TRUE(mapping->isSourceAmbiguous(1));
}

TEST_F(ConsensusTest, VotesLookThroughAFusedChain) {
  // The target's %r reads what the source's chain %m -> %r read (a fusion
  // folded %m in): slot positions say nothing, the chain above %r does.
  ASSERT_TRUE(parsePair(R"mlir(
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
  state->pair(2, 1);
  EXPECT_TRUE(propagate(*state, {{2, 1}}, AlongOperands, sameKind));
  EXPECT_EQ(mapping->getTarget(0), 0u);
  EXPECT_FALSE(mapping->getTarget(1));
}

TEST_F(ConsensusTest, FusedOpsVoteForTheirInits) {
  // The target's %g reads %y too (a producer fused into it), which shifts
  // its init slot; its init still stands for the source's.
  ASSERT_TRUE(parsePair(R"mlir(
#id = affine_map<(d0) -> (d0)>
func.func @f(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %g = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %n = arith.negf %in : f32
    linalg.yield %n : f32
  } -> tensor<4xf32>
  return %g : tensor<4xf32>
}
)mlir",
                        R"mlir(
#id = affine_map<(d0) -> (d0)>
func.func @f(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %g = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]} ins(%x, %y : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%in: f32, %in2: f32, %out: f32):
    %a = arith.addf %in, %in2 : f32
    %n = arith.negf %a : f32
    linalg.yield %n : f32
  } -> tensor<4xf32>
  return %g : tensor<4xf32>
}
)mlir"));
  state->pair(1, 1);
  EXPECT_TRUE(propagate(*state, {{1, 1}}, AlongOperands, sameKind));
  EXPECT_EQ(mapping->getTarget(0), 0u);
}

TEST_F(ConsensusTest, VotesFollowAFusedPayload) {
  // %2 was fused into %3's generic, which reads %1's generic where %3 read
  // %2: as many inputs as %3 has operands, but the payload says that %3's
  // first operand is computed in it (the fused mulf), whose first operand is
  // input #0. So %1 goes with the generic reading %a and %x, and %2 with
  // nothing.
  ASSERT_TRUE(parsePair(R"mlir(
func.func @f(%a: tensor<4xf32>, %x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %1 = arith.mulf %a, %x : tensor<4xf32>
  %2 = arith.mulf %1, %x : tensor<4xf32>
  %3 = arith.addf %2, %x : tensor<4xf32>
  %4 = arith.maximumf %1, %x : tensor<4xf32>
  return %3, %4 : tensor<4xf32>, tensor<4xf32>
}
)mlir",
                        R"mlir(
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
)mlir"));
  state->pair(2, 3);
  EXPECT_TRUE(propagate(*state, {{2, 3}}, AlongOperands, sameKind));
  EXPECT_EQ(mapping->getTarget(0), 1u);
  EXPECT_FALSE(mapping->getTarget(1));
}

TEST_F(ConsensusTest, OnlyPairsWithFreeNeighboursOnBothSidesSeed) {
  // %a -> %b -> %c on each side.
  ASSERT_TRUE(parsePair(test::kChain, test::kChain));
  // %c's producer is free in the source only (the target's %b is paired
  // with the source's %a), and %c has no users: no vote, either way.
  state->pair(0, 1);
  state->pair(2, 2);
  EXPECT_FALSE(state->canVote(2, 2));
  EXPECT_TRUE(state->votingPairs().empty());
  mapping->unpairTarget(1);
  mapping->unpairTarget(2);

  // (%a, %a): no producers, but a free user on both sides.
  state->pair(0, 0);
  EXPECT_TRUE(state->canVote(0, 0));
  EXPECT_EQ(state->votingPairs(), (SmallVector<NodePair>{{0, 0}}));
  // Once %b is paired, (%a, %a) can vote for nothing; (%b, %b) can, for %c.
  state->pair(1, 1);
  EXPECT_FALSE(state->canVote(0, 0));
  EXPECT_TRUE(state->canVote(1, 1));
  EXPECT_EQ(state->votingPairs(), (SmallVector<NodePair>{{1, 1}}));
  // All paired: nothing left to vote for.
  state->pair(2, 2);
  EXPECT_TRUE(state->votingPairs().empty());
  // Freeing %a gives (%b, %b) a free producer on both sides again: the
  // pairs found closed before are looked at again.
  mapping->unpairTarget(0);
  EXPECT_TRUE(state->canVote(1, 1));
  EXPECT_EQ(state->votingPairs(), (SmallVector<NodePair>{{1, 1}}));
  // And propagating from the voting pairs pairs %a again.
  EXPECT_TRUE(propagate(*state, state->votingPairs(), AlongOperands, sameKind));
  EXPECT_EQ(mapping->getTarget(0), 0u);
}

} // namespace
