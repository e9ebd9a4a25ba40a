//===- ResultCountChangesTest.cpp - Pairs whose result count changed ------===//
//
// replaceResultCountChanges alone: a pair whose number of results changed
// becomes a region of one node, decided by the stage that made the pair.
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
} // namespace
