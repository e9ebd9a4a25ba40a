//===- ConventionRegionsTest.cpp - Growing the regions conventions name ---===//
//
// growConventionRegions alone: a convention names the head of a fused chain;
// the region runs from it to what the new node stands for, or, for a new
// node nothing reads, down the chain.
//
//===----------------------------------------------------------------------===//

#include "SettlingFixture.h"

using namespace mlir;
using namespace graphdiff;
using namespace graphdiff::test;

namespace {
using ConventionRegionsTest = SettlingTest;

TEST_F(ConventionRegionsTest, NamedHeadReachesWhatTheNewNodeStandsFor) {
  parsePair(kChain, chain({"a A", "f F", "d D"}));
  pairIds({"a", "d"});
  // The convention named @b, the head of the chain @b -> @c that @f fused.
  mapping->setRegion(tgt("f"), {src("b")}, MatchStage::Convention);
  settling::growConventionRegions(settle());
  // @d reads @f where it read @c: the region is the path from @b to @c.
  EXPECT_EQ(mapping->getRegion(tgt("f")),
            ArrayRef<unsigned>({src("b"), src("c")}));
  EXPECT_EQ(mapping->getRegionStage(tgt("f")), MatchStage::Convention);
}

TEST_F(ConventionRegionsTest, UnreadNewNodeTakesTheChainDownstream) {
  parsePair(R"mlir(
lg.graph @g(%x: i32) -> i32 {
  %a = lg.node @a "A"(%x) : (i32) -> i32
  %b = lg.node @b "B"(%a) : (i32) -> i32
  %c = lg.node @c "C"(%b) : (i32) -> i32
  %o = lg.node @o "O"(%x) : (i32) -> i32
  lg.output %o : i32
}
)mlir",
            R"mlir(
lg.graph @g(%x: i32) -> i32 {
  %a = lg.node @a "A"(%x) : (i32) -> i32
  %f = lg.node @f "F"(%a) : (i32) -> i32
  %o = lg.node @o "O"(%x) : (i32) -> i32
  lg.output %o : i32
}
)mlir");
  pairIds({"a", "o"});
  mapping->setRegion(tgt("f"), {src("b")}, MatchStage::Convention);
  settling::growConventionRegions(settle());
  // Nothing reads @f: it takes the free chain @b -> @c that nothing read.
  EXPECT_EQ(regionOf(tgt("f")), srcs({"b", "c"}));
  EXPECT_EQ(mapping->getRegionStage(tgt("f")), MatchStage::Convention);
}

TEST_F(ConventionRegionsTest, RegionsOfOtherStagesAreLeftAlone) {
  parsePair(kChain, chain({"a A", "f F", "d D"}));
  pairIds({"a", "d"});
  mapping->setRegion(tgt("f"), {src("b")}, MatchStage::Provenance);
  settling::growConventionRegions(settle());
  // Provenance names the whole region: the rule does not touch it.
  EXPECT_EQ(mapping->getRegion(tgt("f")), ArrayRef<unsigned>({src("b")}));
  EXPECT_FALSE(mapping->isSourceTaken(src("c")));
}
} // namespace
