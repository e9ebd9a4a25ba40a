//===- ChangedWithProducersTest.cpp - Changed pairs and their producers ---===//
//
// replaceChangedWithProducers alone: a pair whose content changed becomes a
// region with the free producers that fed only it; a pair that did not
// change, or has no such producer, or was paired by id, stays.
//
//===----------------------------------------------------------------------===//

#include "SettlingFixture.h"

using namespace mlir;
using namespace graphdiff;
using namespace graphdiff::test;

namespace {
using ChangedWithProducersTest = SettlingTest;

TEST_F(ChangedWithProducersTest, ChangedPairTakesItsExclusiveProducers) {
  // @c became @n, which took in @b: upstream fusion keeps the consumer.
  parsePair(kChain, chain({"a A", "n N", "d D"}));
  pairIds({"a", "d"});
  mapping->pair(src("c"), tgt("n"), MatchStage::Location);
  settling::replaceChangedWithProducers(settle());
  unsigned n = tgt("n");
  EXPECT_FALSE(mapping->getSource(n));
  // The pair's source node first, then what it grew over.
  EXPECT_EQ(mapping->getRegion(n), ArrayRef<unsigned>({src("c"), src("b")}));
  EXPECT_EQ(mapping->getRegionStage(n), MatchStage::Location);
  EXPECT_FALSE(settler->regions.sameContent[n]);
  // Unchanged pairs are recorded as such.
  EXPECT_TRUE(settler->regions.sameContent[tgt("a")]);
  EXPECT_TRUE(settler->regions.sameContent[tgt("d")]);
}

TEST_F(ChangedWithProducersTest, ChangedPairWithoutFreeProducersStays) {
  parsePair(kChain, chain({"a A", "b B", "n N", "d D"}));
  pairIds({"a", "b", "d"});
  mapping->pair(src("c"), tgt("n"), MatchStage::Structure);
  settling::replaceChangedWithProducers(settle());
  EXPECT_EQ(mapping->getSource(tgt("n")), src("c"));
  EXPECT_EQ(mapping->getPairStage(tgt("n")), MatchStage::Structure);
  EXPECT_TRUE(mapping->getRegion(tgt("n")).empty());
  EXPECT_FALSE(settler->regions.sameContent[tgt("n")]);
}

TEST_F(ChangedWithProducersTest, PairByIdIsLeftAlone) {
  parsePair(kChain, chain({"a A", "c N", "d D"}));
  pairIds({"a", "d"});
  pairIds({"c"}, MatchStage::Id);
  settling::replaceChangedWithProducers(settle());
  // An id says it is the same node: @b is not taken in, and the pair's
  // content is not compared.
  EXPECT_EQ(mapping->getSource(tgt("c")), src("c"));
  EXPECT_FALSE(mapping->isSourceTaken(src("b")));
  EXPECT_FALSE(settler->regions.sameContent[tgt("c")]);
}
} // namespace
