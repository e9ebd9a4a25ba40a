//===- RegionChecksTest.cpp - Refusing regions that cannot be one node ----===//
//
// refuseUnsettleableRegions and checkAndMap alone: every region is checked
// and its results mapped; step 4 refuses a failing one with the reason on
// each member, checkAndMap undoes it without a refusal.
//
//===----------------------------------------------------------------------===//

#include "SettlingFixture.h"

using namespace mlir;
using namespace graphdiff;
using namespace graphdiff::test;

namespace {
using RegionChecksTest = SettlingTest;

constexpr const char *kDiamond = R"mlir(
lg.graph @g(%x: i32) -> i32 {
  %a = lg.node @a "A"(%x) : (i32) -> i32
  %b = lg.node @b "B"(%a) : (i32) -> i32
  %c = lg.node @c "C"(%a, %b) : (i32, i32) -> i32
  lg.output %c : i32
}
)mlir";
constexpr const char *kFused = R"mlir(
lg.graph @g(%x: i32) -> i32 {
  %f = lg.node @f "F"(%x) : (i32) -> i32
  lg.output %f : i32
}
)mlir";

TEST_F(RegionChecksTest, FailingRegionIsRefusedOnEveryMember) {
  parsePair(kDiamond, kFused);
  unsigned f = tgt("f"), a = src("a"), b = src("b"), c = src("c");
  mapping->setRegion(f, {a, c}, MatchStage::Provenance);
  settling::Settler &settler = settle();
  settling::refuseUnsettleableRegions(settler);
  EXPECT_FALSE(mapping->isTargetTaken(f));
  EXPECT_FALSE(mapping->isSourceTaken(a));
  std::string why = settler.regions.refusals.lookup(a);
  EXPECT_TRUE(StringRef(why).starts_with("the region is not convex")) << why;
  EXPECT_EQ(settler.regions.refusals.lookup(c), why);
  EXPECT_FALSE(settler.regions.refusals.count(b));
  EXPECT_TRUE(settler.regions.standsFor.empty());
}

TEST_F(RegionChecksTest, PassingRegionStaysWithItsResultsMapped) {
  parsePair(kDiamond, kFused);
  unsigned f = tgt("f");
  mapping->setRegion(f, {src("a"), src("b"), src("c")}, MatchStage::Provenance);
  settling::Settler &settler = settle();
  settling::refuseUnsettleableRegions(settler);
  EXPECT_EQ(regionOf(f), srcs({"a", "b", "c"}));
  EXPECT_EQ(settler.regions.standsFor[f], Values({srcValue("c")}));
  EXPECT_TRUE(settler.regions.refusals.empty());
}

TEST_F(RegionChecksTest, CheckAndMapUndoesWithoutARefusal) {
  parsePair(kDiamond, kFused);
  unsigned f = tgt("f");
  mapping->setRegion(f, {src("a"), src("c")}, MatchStage::Structure);
  settling::Settler &settler = settle();
  EXPECT_FALSE(settling::checkAndMap(settler, f));
  EXPECT_FALSE(mapping->isTargetTaken(f));
  EXPECT_TRUE(settler.regions.refusals.empty());
  EXPECT_TRUE(settler.regions.standsFor.empty());

  mapping->setRegion(f, {src("a"), src("b"), src("c")}, MatchStage::Structure);
  EXPECT_TRUE(settling::checkAndMap(settler, f));
  EXPECT_EQ(settler.regions.standsFor[f], Values({srcValue("c")}));
}
} // namespace
