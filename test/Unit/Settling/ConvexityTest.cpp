//===- ConvexityTest.cpp - A region is convex -----------------------------===//
//
// whyNotConvex alone: a path that leaves a region and comes back into it
// makes the region impossible as one node, unless the target dropped an
// edge of the path.
//
//===----------------------------------------------------------------------===//

#include "SettlingFixture.h"

using namespace mlir;
using namespace graphdiff;
using namespace graphdiff::test;

namespace {
using ConvexityTest = SettlingTest;

/// @a feeds @c directly and through @b.
constexpr const char *kDiamond = R"mlir(
lg.graph @g(%x: i32) -> i32 {
  %a = lg.node @a "A"(%x) : (i32) -> i32
  %b = lg.node @b "B"(%a) : (i32) -> i32
  %c = lg.node @c "C"(%a, %b) : (i32, i32) -> i32
  lg.output %c : i32
}
)mlir";

TEST_F(ConvexityTest, PathOutAndBackIsRefusedWithTheReason) {
  parsePair(kDiamond, R"mlir(
lg.graph @g(%x: i32) -> i32 {
  %f = lg.node @ac "AC"(%x) : (i32) -> i32
  lg.output %f : i32
}
)mlir");
  unsigned ac = tgt("ac");
  mapping->setRegion(ac, {src("a"), src("c")}, MatchStage::Provenance);
  // The reason names the three source nodes of the path that leaves the
  // region and comes back, and the new node, each with its line:col.
  EXPECT_EQ(settling::whyNotConvex(settle(), ac, mapping->getRegion(ac)),
            "the region is not convex: source @a (3:8) feeds source @b "
            "(4:8) outside the region, which leads back into it at source "
            "@c (5:8), so target @ac (3:8) cannot replace the region as one "
            "node");
}

TEST_F(ConvexityTest, RegionWithThePathInsideIsConvex) {
  parsePair(kDiamond, R"mlir(
lg.graph @g(%x: i32) -> i32 {
  %f = lg.node @abc "ABC"(%x) : (i32) -> i32
  lg.output %f : i32
}
)mlir");
  unsigned abc = tgt("abc");
  mapping->setRegion(abc, {src("a"), src("b"), src("c")},
                     MatchStage::Provenance);
  EXPECT_EQ(settling::whyNotConvex(settle(), abc, mapping->getRegion(abc)), "");
}

TEST_F(ConvexityTest, EdgeTheTargetDroppedMakesNoPath) {
  // @b is kept, but reads %x now: the edge @a -> @b is gone after the plan.
  parsePair(kDiamond, R"mlir(
lg.graph @g(%x: i32) -> i32 {
  %b = lg.node @b "B"(%x) : (i32) -> i32
  %f = lg.node @ac "AC"(%x, %b) : (i32, i32) -> i32
  lg.output %f : i32
}
)mlir");
  pairIds({"b"});
  unsigned ac = tgt("ac");
  mapping->setRegion(ac, {src("a"), src("c")}, MatchStage::Provenance);
  EXPECT_EQ(settling::whyNotConvex(settle(), ac, mapping->getRegion(ac)), "");
}
} // namespace
