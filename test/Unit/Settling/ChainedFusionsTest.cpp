//===- ChainedFusionsTest.cpp - Two fused chains in a row -----------------===//
//
// splitChainedFusions alone: a region that swallowed the chain of a new
// node its own new node reads gives that chain back to it.
//
//===----------------------------------------------------------------------===//

#include "SettlingFixture.h"

using namespace mlir;
using namespace graphdiff;
using namespace graphdiff::test;

namespace {
using ChainedFusionsTest = SettlingTest;

/// @a -> @b fused into one node, @c (reading %y too) into another.
constexpr const char *kTwoChains = R"mlir(
lg.graph @g(%x: i32, %y: i32) -> i32 {
  %a = lg.node @a "A"(%x) : (i32) -> i32
  %b = lg.node @b "B"(%a) : (i32) -> i32
  %c = lg.node @c "C"(%b, %y) : (i32, i32) -> i32
  lg.output %c : i32
}
)mlir";

TEST_F(ChainedFusionsTest, FirstChainGoesToTheNewNodeItFeeds) {
  parsePair(kTwoChains, R"mlir(
lg.graph @g(%x: i32, %y: i32) -> i32 {
  %u = lg.node @u "U"(%x) : (i32) -> i32
  %t = lg.node @t "T"(%u, %y) : (i32, i32) -> i32
  lg.output %t : i32
}
)mlir");
  unsigned u = tgt("u"), t = tgt("t");
  // The region @t was given grew back through @u's chain.
  mapping->setRegion(t, {src("a"), src("b"), src("c")}, MatchStage::Structure);
  settling::Settler &settler = settle();
  settling::splitChainedFusions(settler);
  EXPECT_EQ(mapping->getRegion(u), ArrayRef<unsigned>({src("a"), src("b")}));
  EXPECT_EQ(mapping->getRegion(t), ArrayRef<unsigned>({src("c")}));
  EXPECT_EQ(mapping->getRegionStage(t), MatchStage::Structure);
  EXPECT_EQ(settler.regions.standsFor[u], Values({srcValue("b")}));
  EXPECT_EQ(settler.regions.standsFor[t], Values({srcValue("c")}));
}

TEST_F(ChainedFusionsTest, OneNodePartOfItsOwnContentIsAPair) {
  parsePair(R"mlir(
lg.graph @g(%x: i32, %y: i32) -> i32 {
  %a = lg.node @a "A"(%x) : (i32) -> i32
  %c = lg.node @c "C"(%a, %y) : (i32, i32) -> i32
  lg.output %c : i32
}
)mlir",
            R"mlir(
lg.graph @g(%x: i32, %y: i32) -> i32 {
  %a = lg.node @a "A"(%x) : (i32) -> i32
  %t = lg.node @t "T"(%a, %y) : (i32, i32) -> i32
  lg.output %t : i32
}
)mlir");
  unsigned t = tgt("t");
  mapping->setRegion(t, {src("a"), src("c")}, MatchStage::Structure);
  settling::splitChainedFusions(settle());
  EXPECT_EQ(mapping->getSource(tgt("a")), src("a"));
  EXPECT_EQ(mapping->getRegion(t), ArrayRef<unsigned>({src("c")}));
}

TEST_F(ChainedFusionsTest, OneNodePartOfOtherContentIsARegion) {
  parsePair(R"mlir(
lg.graph @g(%x: i32, %y: i32) -> i32 {
  %a = lg.node @a "A"(%x) : (i32) -> i32
  %c = lg.node @c "C"(%a, %y) : (i32, i32) -> i32
  lg.output %c : i32
}
)mlir",
            R"mlir(
lg.graph @g(%x: i32, %y: i32) -> i32 {
  %u = lg.node @u "U"(%x) : (i32) -> i32
  %t = lg.node @t "T"(%u, %y) : (i32, i32) -> i32
  lg.output %t : i32
}
)mlir");
  unsigned u = tgt("u"), t = tgt("t");
  mapping->setRegion(t, {src("a"), src("c")}, MatchStage::Structure);
  settling::splitChainedFusions(settle());
  EXPECT_FALSE(mapping->getSource(u));
  EXPECT_EQ(mapping->getRegion(u), ArrayRef<unsigned>({src("a")}));
  EXPECT_EQ(mapping->getRegion(t), ArrayRef<unsigned>({src("c")}));
}

TEST_F(ChainedFusionsTest, NewProducerWithoutEveryInputImageTakesNothing) {
  // @u reads @v, new too, whose value stands for nothing yet.
  parsePair(kTwoChains, R"mlir(
lg.graph @g(%x: i32, %y: i32) -> i32 {
  %v = lg.node @v "V"() : () -> i32
  %u = lg.node @u "U"(%x, %v) : (i32, i32) -> i32
  %t = lg.node @t "T"(%u, %y) : (i32, i32) -> i32
  lg.output %t : i32
}
)mlir");
  unsigned t = tgt("t");
  mapping->setRegion(t, {src("a"), src("b"), src("c")}, MatchStage::Structure);
  settling::splitChainedFusions(settle());
  EXPECT_EQ(regionOf(t), srcs({"a", "b", "c"}));
  EXPECT_FALSE(mapping->isTargetTaken(tgt("u")));
}
} // namespace
