//===- LeakedValuesTest.cpp - A region leaks no value ---------------------===//
//
// whyLeaks alone (after mapResults): the target must not read, in a new
// node's place, a member value that no result of the new node stands for.
//
//===----------------------------------------------------------------------===//

#include "SettlingFixture.h"

using namespace mlir;
using namespace graphdiff;
using namespace graphdiff::test;

namespace {
using LeakedValuesTest = SettlingTest;

TEST_F(LeakedValuesTest, OutputNoResultStandsForIsALeak) {
  parsePair(R"mlir(
lg.graph @g(%x: i32) -> (i32, i32) {
  %a = lg.node @a "A"(%x) : (i32) -> i32
  %b = lg.node @b "B"(%a) : (i32) -> i32
  lg.output %a, %b : i32, i32
}
)mlir",
            R"mlir(
lg.graph @g(%x: i32) -> (i32, i32) {
  %f = lg.node @ab "AB"(%x) : (i32) -> i32
  lg.output %f, %f : i32, i32
}
)mlir");
  unsigned ab = tgt("ab");
  mapping->setRegion(ab, {src("a"), src("b")}, MatchStage::Provenance);
  settling::Settler &settler = settle();
  settling::mapResults(settler, ab);
  // The one result stands for the region's exit, @b; output #0 reads @a.
  ASSERT_EQ(settler.regions.standsFor[ab], Values({srcValue("b")}));
  EXPECT_EQ(settling::whyLeaks(settler, ab),
            "the region leaks @a (3:8): graph output #0 reads it, but "
            "target @ab (3:8), which replaces the region, has no result that "
            "stands for it");
}

TEST_F(LeakedValuesTest, ValueReadOnlyInsideIsNoLeak) {
  parsePair(kChain, chain({"a A", "n N", "d D"}));
  pairIds({"a", "d"});
  unsigned n = tgt("n");
  mapping->setRegion(n, {src("b"), src("c")}, MatchStage::Structure);
  settling::Settler &settler = settle();
  settling::mapResults(settler, n);
  EXPECT_EQ(settling::whyLeaks(settler, n), "");
}

TEST_F(LeakedValuesTest, ReaderTheTargetRewiredIsNoLeak) {
  // Source @e read @b, the middle of the chain; the target's @e reads %x.
  parsePair(R"mlir(
lg.graph @g(%x: i32) -> (i32, i32) {
  %b = lg.node @b "B"(%x) : (i32) -> i32
  %c = lg.node @c "C"(%b) : (i32) -> i32
  %e = lg.node @e "E"(%b) : (i32) -> i32
  lg.output %c, %e : i32, i32
}
)mlir",
            R"mlir(
lg.graph @g(%x: i32) -> (i32, i32) {
  %f = lg.node @f "F"(%x) : (i32) -> i32
  %e = lg.node @e "E"(%x) : (i32) -> i32
  lg.output %f, %e : i32, i32
}
)mlir");
  pairIds({"e"});
  unsigned f = tgt("f");
  mapping->setRegion(f, {src("b"), src("c")}, MatchStage::Structure);
  settling::Settler &settler = settle();
  settling::mapResults(settler, f);
  EXPECT_EQ(settling::whyLeaks(settler, f), "");
}
} // namespace
