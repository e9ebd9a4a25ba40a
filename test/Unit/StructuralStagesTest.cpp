//===- StructuralStagesTest.cpp - How the structural stage seeds pairs ----===//
//
// Unique buckets, interchangeable dead ends, bounded similarity and the
// marking of unresolved ties, each on its own.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Differ/StructuralStages.h"

#include "GraphFixture.h"

using namespace mlir;
using namespace graphdiff;

namespace {

using StructuralStagesTest = test::GraphFixture;

TEST_F(StructuralStagesTest, UniqueBucketsOnly) {
  const char *text = R"mlir(
func.func @f(%x: f32) -> (f32, f32, f32) {
  %a = math.exp %x : f32
  %b = math.exp %x : f32
  %c = math.sqrt %x : f32
  return %a, %b, %c : f32, f32, f32
}
)mlir";
  ASSERT_TRUE(parsePair(text, text));
  auto pairUniqueForward = [&] {
    return pairUniqueBuckets(*state, state->sourceHashes.forward,
                             state->targetHashes.forward);
  };
  EXPECT_EQ(pairUniqueForward(), SmallVector<NodePair>({{2, 2}}));
  EXPECT_EQ(mapping->getTarget(2), 2u);
  // The two exps are a tie nothing resolved.
  EXPECT_FALSE(mapping->getTarget(0));
  markUnresolvedTies(*state);
  EXPECT_TRUE(mapping->isSourceAmbiguous(0));
  EXPECT_TRUE(mapping->isSourceAmbiguous(1));
  EXPECT_TRUE(mapping->isTargetAmbiguous(0));
  EXPECT_FALSE(mapping->isSourceAmbiguous(2));
  // Pairing again finds nothing new.
  EXPECT_TRUE(pairUniqueForward().empty());
}

/// `count` interchangeable dead ends.
static std::string asserts(unsigned count) {
  std::string text = "func.func @f(%t: i1) {\n";
  for (unsigned i = 0; i < count; ++i)
    text += "  cf.assert %t, \"training\"\n";
  return text + "  return\n}\n";
}

TEST_F(StructuralStagesTest, TwinsArePaired) {
  ASSERT_TRUE(parsePair(asserts(2), asserts(2)));
  EXPECT_TRUE(pairTwins(*state));
  EXPECT_EQ(mapping->getTarget(0), 0u);
  EXPECT_EQ(mapping->getTarget(1), 1u);
}

TEST_F(StructuralStagesTest, TwinsInUnequalNumbersAreNot) {
  // Three on one side: no pairing of two of them is safe.
  ASSERT_TRUE(parsePair(asserts(2), asserts(3)));
  EXPECT_FALSE(pairTwins(*state));
}

TEST_F(StructuralStagesTest, TwinsThatAreReadAreNot) {
  // Read by something: not a dead end, left to consensus.
  const char *used = R"mlir(
func.func @f(%x: f32) -> (f32, f32) {
  %a = math.exp %x : f32
  %b = math.exp %x : f32
  %s = arith.subf %a, %b : f32
  return %s, %s : f32, f32
}
)mlir";
  ASSERT_TRUE(parsePair(used, used));
  EXPECT_FALSE(pairTwins(*state));
}

TEST_F(StructuralStagesTest, SimilarityPairsAUniqueBest) {
  ASSERT_TRUE(parsePair(test::kChain, test::kChain));
  // The graph input is the only neighbour that agrees at first: %a; then,
  // through %a, %b; then %c.
  EXPECT_EQ(pairSimilar(*state, sameKind), SmallVector<NodePair>({{0, 0}}));
  EXPECT_EQ(pairSimilar(*state, sameKind), SmallVector<NodePair>({{1, 1}}));
  EXPECT_EQ(pairSimilar(*state, sameKind), SmallVector<NodePair>({{2, 2}}));
  EXPECT_TRUE(pairSimilar(*state, sameKind).empty());
  // The images of values under the pairs.
  EXPECT_EQ(getSourceImage(*state, target->getNode(0)->getResult(0)),
            source->getNode(0)->getResult(0));
  EXPECT_EQ(getSourceImage(*state, target->getInputs()[0]),
            source->getInputs()[0]);
}

TEST_F(StructuralStagesTest, SimilarityTiesOfInterchangeableNodesPairTheFirst) {
  // %b1 and %b2 are the same op over the same input: keeping either gives
  // the same plan, so the tie is no ambiguity and the first in file order
  // wins.
  ASSERT_TRUE(parsePair(R"mlir(
func.func @f(%x: f32) -> (f32, f32) {
  %a = math.exp %x : f32
  %b1 = math.sqrt %a : f32
  %b2 = math.sqrt %a : f32
  return %b1, %b2 : f32, f32
}
)mlir",
                        test::kChain));
  state->pair(0, 0);
  EXPECT_EQ(pairSimilar(*state, sameKind), SmallVector<NodePair>({{1, 1}}));
  EXPECT_FALSE(mapping->isTargetAmbiguous(1));
  EXPECT_FALSE(mapping->isSourceAmbiguous(1));
  EXPECT_FALSE(mapping->isSourceAmbiguous(2));
}

} // namespace
