//===- BetweenReadsAndReadersTest.cpp - Regions of unpaired target nodes --===//
//
// claimBetweenReadsAndReaders alone: an unpaired target node replaces the
// free source nodes between the images of its inputs and what its paired
// readers read in its place; with none there, it is an insertion.
//
//===----------------------------------------------------------------------===//

#include "SettlingFixture.h"

using namespace mlir;
using namespace graphdiff;
using namespace graphdiff::test;

namespace {
using BetweenReadsAndReadersTest = SettlingTest;

TEST_F(BetweenReadsAndReadersTest, UnpairedNodeReplacesTheFreeNodesBetween) {
  parsePair(kChain, chain({"a A", "n N", "d D"}));
  pairIds({"a", "d"});
  settling::claimBetweenReadsAndReaders(settle());
  // @d reads @n where it read @c; @b fed only @c: both are what @n replaces,
  // in the source's order.
  EXPECT_EQ(mapping->getRegion(tgt("n")),
            ArrayRef<unsigned>({src("b"), src("c")}));
  EXPECT_EQ(mapping->getRegionStage(tgt("n")), MatchStage::Structure);
}

TEST_F(BetweenReadsAndReadersTest, RegionStopsAtWhatTheNodeReads) {
  // @n reads @b, paired: only @c is between.
  parsePair(kChain, chain({"a A", "b B", "n N", "d D"}));
  pairIds({"a", "b", "d"});
  settling::claimBetweenReadsAndReaders(settle());
  EXPECT_EQ(mapping->getRegion(tgt("n")), ArrayRef<unsigned>({src("c")}));
}

TEST_F(BetweenReadsAndReadersTest, InsertionBetweenPairsTakesNoRegion) {
  parsePair(kChain, chain({"a A", "b B", "n N", "c C", "d D"}));
  pairIds({"a", "b", "c", "d"});
  settling::claimBetweenReadsAndReaders(settle());
  EXPECT_FALSE(mapping->isTargetTaken(tgt("n")));
}

TEST_F(BetweenReadsAndReadersTest, NodeNothingReadsTakesNoRegion) {
  parsePair(kChain, R"mlir(
lg.graph @g(%x: i32) -> i32 {
  %a = lg.node @a "A"(%x) : (i32) -> i32
  %n = lg.node @n "N"(%a) : (i32) -> i32
  %d = lg.node @d "D"(%a) : (i32) -> i32
  lg.output %d : i32
}
)mlir");
  pairIds({"a", "d"});
  settling::claimBetweenReadsAndReaders(settle());
  // No reader says where @n stands (the dead-end step decides that later).
  EXPECT_FALSE(mapping->isTargetTaken(tgt("n")));
}
} // namespace
