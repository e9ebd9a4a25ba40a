//===- ResultCountChangesTest.cpp - Pairs whose result count changed ------===//
//
// replaceResultCountChanges alone: a pair whose number of results changed
// becomes a region, decided by the stage that made the pair: of the node
// and the free constants only it reads.
//
//===----------------------------------------------------------------------===//

#include "SettlingFixture.h"

using namespace mlir;
using namespace graphdiff;
using namespace graphdiff::test;

namespace {
using ResultCountChangesTest = SettlingTest;

constexpr const char *kTwoResults = R"mlir(
lg.graph @g(%x: i32) -> i32 {
  %a = lg.node @a "A"(%x) : (i32) -> i32
  %b:2 = lg.node @b "B"(%a) : (i32) -> (i32, i32)
  %c = lg.node @c "C"(%b#0) : (i32) -> i32
  %d = lg.node @d "D"(%c) : (i32) -> i32
  lg.output %d : i32
}
)mlir";

TEST_F(ResultCountChangesTest, PairBecomesARegionOfOneNode) {
  parsePair(kChain, kTwoResults);
  pairIds({"a", "b", "c", "d"}, MatchStage::Id);
  settling::replaceResultCountChanges(settle());
  EXPECT_FALSE(mapping->getSource(tgt("b")));
  EXPECT_EQ(mapping->getRegion(tgt("b")), ArrayRef<unsigned>({src("b")}));
  EXPECT_EQ(mapping->getRegionStage(tgt("b")), MatchStage::Id);
  // The rule maps no result (step 4 does) and leaves the other pairs.
  EXPECT_TRUE(settler->regions.standsFor.empty());
  EXPECT_EQ(mapping->getSource(tgt("c")), src("c"));
}

TEST_F(ResultCountChangesTest, PairWithAsManyResultsStays) {
  // @b changed its kind but not its number of results.
  parsePair(kChain, chain({"a A", "b X", "c C", "d D"}));
  pairIds({"a", "b", "c", "d"});
  settling::replaceResultCountChanges(settle());
  EXPECT_EQ(mapping->getSource(tgt("b")), src("b"));
  EXPECT_TRUE(mapping->getRegion(tgt("b")).empty());
}
/// An add rewritten into one with two results: it read a free constant
/// only it reads and a free product only it reads.
constexpr const char *kFoldedSource = R"mlir(
func.func @g(%x: i32) -> i32 {
  %c = arith.constant 1 : i32
  %p = arith.muli %x, %x : i32
  %s = arith.addi %p, %c : i32
  return %s : i32
}
)mlir";
constexpr const char *kFoldedTarget = R"mlir(
func.func @g(%x: i32) -> i32 {
  %p = arith.muli %x, %x : i32
  %s:2 = arith.addui_extended %p, %p : i32, i1
  return %s#0 : i32
}
)mlir";

TEST_F(ResultCountChangesTest, ConstantOnlyTheNodeReadsGoesWithIt) {
  parsePair(kFoldedSource, kFoldedTarget);
  // Source %c %p %s; target %p %s.
  mapping->pair(2, 1, MatchStage::Structure);
  settling::replaceResultCountChanges(settle());
  // The constant joins; the product, an op of its own, is left free.
  EXPECT_EQ(regionOf(1), Nodes({0, 2}));
  EXPECT_FALSE(mapping->isSourceTaken(1));
}

/// The constant is also read by another node, which the target keeps.
constexpr const char *kSharedSource = R"mlir(
func.func @g(%x: i32) -> (i32, i32) {
  %c = arith.constant 1 : i32
  %s = arith.addi %x, %c : i32
  %t = arith.muli %x, %c : i32
  return %s, %t : i32, i32
}
)mlir";
constexpr const char *kSharedTarget = R"mlir(
func.func @g(%x: i32) -> (i32, i32) {
  %c = arith.constant 1 : i32
  %s:2 = arith.addui_extended %x, %x : i32, i1
  %t = arith.muli %x, %c : i32
  return %s#0, %t : i32, i32
}
)mlir";

TEST_F(ResultCountChangesTest, SharedConstantStaysOut) {
  parsePair(kSharedSource, kSharedTarget);
  mapping->pair(1, 1, MatchStage::Structure);
  mapping->pair(2, 2, MatchStage::Structure);
  settling::replaceResultCountChanges(settle());
  EXPECT_EQ(regionOf(1), Nodes({1}));
  EXPECT_FALSE(mapping->isSourceTaken(0));
}
} // namespace
