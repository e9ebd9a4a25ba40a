//===- OvergrownRegionsTest.cpp - Regions grown past what their node reads ===//
//
// cutBackOvergrownRegions after the step that grew a region: a region that
// reads what its new node does not goes back to its seed, grown again only
// over producers that read what a fusion reads; a region that reads only
// what its node reads stays.
//
//===----------------------------------------------------------------------===//

#include "SettlingFixture.h"

using namespace mlir;
using namespace graphdiff;
using namespace graphdiff::test;

namespace {
using OvergrownRegionsTest = SettlingTest;

TEST_F(OvergrownRegionsTest, ChangedPairReadingNewWorkGoesBackToItsPair) {
  // @n reads @m, new work of its own; step 2 fused @b into @n's region,
  // which then reads @a, which @n does not: @b may be what @m became.
  parsePair(kChain, chain({"a A", "m M", "n N", "d D"}));
  pairIds({"a", "d"});
  mapping->pair(src("c"), tgt("n"), MatchStage::Structure);
  settling::Settler &settler = settle();
  settling::replaceChangedWithProducers(settler);
  ASSERT_EQ(regionOf(tgt("n")), srcs({"b", "c"}));
  settling::cutBackOvergrownRegions(settler);
  EXPECT_EQ(mapping->getSource(tgt("n")), src("c"));
  EXPECT_FALSE(mapping->isSourceTaken(src("b")));
}

TEST_F(OvergrownRegionsTest, NewNodeRegionGoesBackToWhatItsReadersSaw) {
  parsePair(kChain, chain({"a A", "m M", "n N", "d D"}));
  pairIds({"a", "d"});
  settling::Settler &settler = settle();
  settling::claimBetweenReadsAndReaders(settler);
  ASSERT_EQ(regionOf(tgt("n")), srcs({"b", "c"}));
  settling::cutBackOvergrownRegions(settler);
  // @d read @c where it reads @n: that much stays.
  EXPECT_EQ(regionOf(tgt("n")), srcs({"c"}));
  EXPECT_FALSE(mapping->isTargetTaken(tgt("m")));
  EXPECT_FALSE(mapping->isSourceTaken(src("b")));
}

TEST_F(OvergrownRegionsTest, RegionReadingWhatItsNodeReadsStays) {
  // @n reads @a, as the region @b + @c does: a fusion.
  parsePair(kChain, chain({"a A", "n N", "d D"}));
  pairIds({"a", "d"});
  settling::Settler &settler = settle();
  settling::claimBetweenReadsAndReaders(settler);
  settling::cutBackOvergrownRegions(settler);
  EXPECT_EQ(regionOf(tgt("n")), srcs({"b", "c"}));
}
} // namespace
