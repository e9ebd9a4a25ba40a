//===- MatchStatsTest.cpp - How close to minimal a matching is ------------===//
//
// The lower bound counts nodes without an identical counterpart; the
// unchanged-but-unmatched count goes down only with pairs of identical cones.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Differ/MatchStats.h"

#include "GraphFixture.h"

using namespace mlir;
using namespace graphdiff;

namespace {

using MatchStatsTest = test::GraphFixture;

TEST_F(MatchStatsTest, CountsAgainstAMapping) {
  std::unique_ptr<Graph> source = graph(R"mlir(
func.func @f(%x: f32) -> (f32, f32, f32) {
  %a = math.exp %x : f32
  %b = math.sqrt %x : f32
  %c = math.exp %x : f32
  return %a, %b, %c : f32, f32, f32
}
)mlir");
  std::unique_ptr<Graph> target = graph(R"mlir(
func.func @f(%x: f32) -> (f32, f32) {
  %a = math.exp %x : f32
  %b = math.absf %x : f32
  return %a, %b : f32, f32
}
)mlir");
  ASSERT_TRUE(source && target);
  NodeMapping mapping(3, 2);
  MatchStats stats = computeMatchStats(*source, *target, mapping);
  EXPECT_EQ(stats.sourceNodes, 3u);
  EXPECT_EQ(stats.targetNodes, 2u);
  // One exp too many, sqrt and absf have no counterpart.
  EXPECT_EQ(stats.lowerBound, 3u);
  // One exp could have kept its counterpart.
  EXPECT_EQ(stats.unchangedUnmatched, 1u);
  EXPECT_EQ(stats.ambiguous, 0u);

  // A pair of different cones does not count; a pair of identical ones does.
  mapping.pair(1, 0, MatchStage::Structure);
  EXPECT_EQ(computeMatchStats(*source, *target, mapping).unchangedUnmatched,
            1u);
  mapping.unpairTarget(0);
  mapping.pair(2, 0, MatchStage::Structure);
  EXPECT_EQ(computeMatchStats(*source, *target, mapping).unchangedUnmatched,
            0u);

  // Ambiguity counts free nodes only.
  mapping.markSourceAmbiguous(0);
  mapping.markSourceAmbiguous(2);
  mapping.markTargetAmbiguous(1);
  EXPECT_EQ(computeMatchStats(*source, *target, mapping).ambiguous, 2u);
}

TEST_F(MatchStatsTest, RenamedResourceBlobsAreNoChange) {
  // The same file twice: the parser gives the second copy's blob another
  // key, which the lower bound must not count.
  std::string text = blobGraph("weights", "0000803F00000040");
  std::unique_ptr<Graph> source = graph(text), target = graph(text);
  ASSERT_TRUE(source && target);
  ASSERT_NE(source->getNode(0)->getAttr("value"),
            target->getNode(0)->getAttr("value"));
  NodeMapping mapping(2, 2);
  MatchStats stats = computeMatchStats(*source, *target, mapping);
  EXPECT_EQ(stats.lowerBound, 0u);
  EXPECT_EQ(stats.unchangedUnmatched, 2u);
}

} // namespace
