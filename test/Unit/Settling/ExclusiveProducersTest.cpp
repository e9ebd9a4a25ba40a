//===- ExclusiveProducersTest.cpp - Growing over what fed only a region ---===//
//
// growOverExclusiveProducers and mergedIntoTwin alone: a region takes in
// the free producers that only its members read, up to its boundary, and
// never a constant the rewrite driver merged into a twin the target keeps.
//
//===----------------------------------------------------------------------===//

#include "SettlingFixture.h"

using namespace mlir;
using namespace graphdiff;
using namespace graphdiff::test;

namespace {
using ExclusiveProducersTest = SettlingTest;

TEST_F(ExclusiveProducersTest, GrowsOverProducersOnlyTheRegionReads) {
  parsePair(kChain, chain({"a A", "n N", "d D"}));
  Nodes region{src("c")};
  settling::growOverExclusiveProducers(settle(), region, ValueSet());
  EXPECT_EQ(region, Nodes({src("c"), src("b"), src("a")}));
}

TEST_F(ExclusiveProducersTest, StopsAtTheBoundaryAndAtTakenNodes) {
  parsePair(kChain, chain({"a A", "n N", "d D"}));
  Nodes region{src("c")};
  ValueSet boundary;
  boundary.insert(srcValue("a"));
  settling::growOverExclusiveProducers(settle(), region, boundary);
  EXPECT_EQ(region, Nodes({src("c"), src("b")}));

  pairIds({"a"});
  Nodes fromPaired{src("c")};
  settling::growOverExclusiveProducers(settle(), fromPaired, ValueSet());
  EXPECT_EQ(fromPaired, Nodes({src("c"), src("b")}));
}

TEST_F(ExclusiveProducersTest, ProducerReadOutsideTheRegionStaysOut) {
  parsePair(R"mlir(
lg.graph @g(%x: i32) -> (i32, i32) {
  %a = lg.node @a "A"(%x) : (i32) -> i32
  %b = lg.node @b "B"(%a) : (i32) -> i32
  %c = lg.node @c "C"(%b) : (i32) -> i32
  %d = lg.node @d "D"(%b) : (i32) -> i32
  lg.output %c, %d : i32, i32
}
)mlir",
            kChain);
  Nodes region{src("c")};
  settling::growOverExclusiveProducers(settle(), region, ValueSet());
  // @d reads @b too: @b, and so @a, stay out.
  EXPECT_EQ(region, Nodes({src("c")}));
}

/// Two equal constants; the target keeps the first, unchanged, and replaces
/// the divide.
constexpr const char *kTwinSource = R"mlir(
func.func @g(%x: f32) -> (f32, f32) {
  %c1 = arith.constant 2.000000e+00 : f32
  %c2 = arith.constant 2.000000e+00 : f32
  %m = arith.mulf %x, %c1 : f32
  %d = arith.divf %x, %c2 : f32
  return %m, %d : f32, f32
}
)mlir";
constexpr const char *kTwinTarget = R"mlir(
func.func @g(%x: f32) -> (f32, f32) {
  %c = arith.constant 2.000000e+00 : f32
  %m = arith.mulf %x, %c : f32
  %n = arith.subf %x, %c : f32
  return %m, %n : f32, f32
}
)mlir";

TEST_F(ExclusiveProducersTest, ConstantMergedIntoAKeptTwinStaysOut) {
  parsePair(kTwinSource, kTwinTarget);
  // Source %c1 %c2 %m %d; target %c %m %n.
  mapping->pair(0, 0, MatchStage::Structure);
  mapping->pair(2, 1, MatchStage::Structure);
  settling::Settler &settler = settle();
  EXPECT_TRUE(settling::mergedIntoTwin(settler, 1));
  // %c1 is the kept twin itself, not merged.
  EXPECT_FALSE(settling::mergedIntoTwin(settler, 0));
  Nodes region{3};
  settling::growOverExclusiveProducers(settler, region, ValueSet());
  EXPECT_EQ(region, Nodes({3}));
}

TEST_F(ExclusiveProducersTest, ConstantWithoutAKeptTwinIsTakenIn) {
  parsePair(kTwinSource, kTwinTarget);
  // The target's constant is paired with nothing: no twin is kept.
  mapping->pair(2, 1, MatchStage::Structure);
  settling::Settler &settler = settle();
  EXPECT_FALSE(settling::mergedIntoTwin(settler, 1));
  Nodes region{3};
  settling::growOverExclusiveProducers(settler, region, ValueSet());
  EXPECT_EQ(region, Nodes({3, 1}));
}

/// Two ops on a tensor, which the target rewrites into one at a lower rank
/// between reshapes (`--linalg-fold-unit-extent-dims` after fusion).
constexpr const char *kTwoOps = R"mlir(
func.func @g(%x: tensor<1x4xf32>) -> tensor<1x4xf32> {
  %a = math.exp %x : tensor<1x4xf32>
  %b = math.sqrt %a : tensor<1x4xf32>
  return %b : tensor<1x4xf32>
}
)mlir";

TEST_F(ExclusiveProducersTest, RegionReadsWhatTheNewNodeReadsThroughReshapes) {
  parsePair(kTwoOps, R"mlir(
func.func @g(%x: tensor<1x4xf32>) -> tensor<1x4xf32> {
  %c = tensor.collapse_shape %x [[0, 1]] : tensor<1x4xf32> into tensor<4xf32>
  %n = math.absf %c : tensor<4xf32>
  %e = tensor.expand_shape %n [[0, 1]] output_shape [1, 4] : tensor<4xf32> into tensor<1x4xf32>
  return %e : tensor<1x4xf32>
}
)mlir");
  // Source %a %b; target %c %n %e. @n reads %x through the new reshape.
  EXPECT_TRUE(settling::readsOnlyWhatNodeReads(settle(), 1, {0, 1}));
}

TEST_F(ExclusiveProducersTest, RegionReadingPastTheNewNodesWorkIsRefused) {
  parsePair(kTwoOps, R"mlir(
func.func @g(%x: tensor<1x4xf32>) -> tensor<1x4xf32> {
  %m = math.log %x : tensor<1x4xf32>
  %n = math.absf %m : tensor<1x4xf32>
  return %n : tensor<1x4xf32>
}
)mlir");
  // Source %a %b; target %m %n. @n reads new work, @m: a region of @n that
  // reads %x took in what @m may have become.
  settling::Settler &settler = settle();
  EXPECT_FALSE(settling::readsOnlyWhatNodeReads(settler, 1, {0, 1}));
  EXPECT_TRUE(settling::readsOnlyWhatNodeReads(settler, 1, {1}));
}
} // namespace
