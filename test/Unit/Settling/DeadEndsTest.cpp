//===- DeadEndsTest.cpp - New nodes that nothing reads --------------------===//
//
// settleDeadEnds alone: a new node nothing reads replaces the one source
// chain nothing read either that the images of its inputs alone feed, or,
// reading new nodes only it reads, pairs with that chain's dead end.
//
//===----------------------------------------------------------------------===//

#include "SettlingFixture.h"

using namespace mlir;
using namespace graphdiff;
using namespace graphdiff::test;

namespace {
using DeadEndsTest = SettlingTest;

/// @a -> @b, which nothing reads, beside the output @o.
constexpr const char *kDeadChain = R"mlir(
lg.graph @g(%x: i32) -> i32 {
  %a = lg.node @a "A"(%x) : (i32) -> i32
  %b = lg.node @b "B"(%a) : (i32) -> i32
  %o = lg.node @o "O"(%x) : (i32) -> i32
  lg.output %o : i32
}
)mlir";
/// @n, which nothing reads, fused the chain.
constexpr const char *kDeadFused = R"mlir(
lg.graph @g(%x: i32) -> i32 {
  %n = lg.node @n "N"(%x) : (i32) -> i32
  %o = lg.node @o "O"(%x) : (i32) -> i32
  lg.output %o : i32
}
)mlir";

TEST_F(DeadEndsTest, NewDeadEndReplacesTheChainItsInputsFeed) {
  parsePair(kDeadChain, kDeadFused);
  pairIds({"o"});
  settling::Settler &settler = settle();
  settling::settleDeadEnds(settler);
  unsigned n = tgt("n");
  EXPECT_EQ(mapping->getRegion(n), ArrayRef<unsigned>({src("a"), src("b")}));
  EXPECT_EQ(mapping->getRegionStage(n), MatchStage::Structure);
  EXPECT_EQ(settler.regions.standsFor[n], Values({srcValue("b")}));
}

TEST_F(DeadEndsTest, TwoChainsTheInputsFeedLeaveItInserted) {
  parsePair(R"mlir(
lg.graph @g(%x: i32) -> i32 {
  %a = lg.node @a "A"(%x) : (i32) -> i32
  %b = lg.node @b "B"(%a) : (i32) -> i32
  %c = lg.node @c "C"(%x) : (i32) -> i32
  %o = lg.node @o "O"(%x) : (i32) -> i32
  lg.output %o : i32
}
)mlir",
            kDeadFused);
  pairIds({"o"});
  settling::settleDeadEnds(settle());
  EXPECT_FALSE(mapping->isTargetTaken(tgt("n")));
  EXPECT_FALSE(mapping->isSourceTaken(src("b")));
  EXPECT_FALSE(mapping->isSourceTaken(src("c")));
}

TEST_F(DeadEndsTest, ChainTwoNewNodesProposeGoesToNeither) {
  parsePair(kDeadChain, R"mlir(
lg.graph @g(%x: i32) -> i32 {
  %n = lg.node @n "N"(%x) : (i32) -> i32
  %m = lg.node @m "M"(%x) : (i32) -> i32
  %o = lg.node @o "O"(%x) : (i32) -> i32
  lg.output %o : i32
}
)mlir");
  pairIds({"o"});
  settling::settleDeadEnds(settle());
  EXPECT_FALSE(mapping->isTargetTaken(tgt("n")));
  EXPECT_FALSE(mapping->isTargetTaken(tgt("m")));
}

TEST_F(DeadEndsTest, NewDeadEndOverNewNodesPairsWithTheChainsEnd) {
  // @t reads @u, new, which only @t reads: @t is the chain's dead end @s
  // over what @u stands for, @a.
  parsePair(R"mlir(
lg.graph @g(%x: i32) -> i32 {
  %a = lg.node @a "A"(%x) : (i32) -> i32
  %s = lg.node @s "S"(%a) : (i32) -> i32
  %o = lg.node @o "O"(%x) : (i32) -> i32
  lg.output %o : i32
}
)mlir",
            R"mlir(
lg.graph @g(%x: i32) -> i32 {
  %u = lg.node @u "U"(%x) : (i32) -> i32
  %t = lg.node @t "S"(%u) : (i32) -> i32
  %o = lg.node @o "O"(%x) : (i32) -> i32
  lg.output %o : i32
}
)mlir");
  pairIds({"o"});
  settling::Settler &settler = settle();
  settling::settleDeadEnds(settler);
  EXPECT_EQ(mapping->getSource(tgt("t")), src("s"));
  EXPECT_EQ(mapping->getRegion(tgt("u")), ArrayRef<unsigned>({src("a")}));
  EXPECT_EQ(settler.regions.standsFor[tgt("u")], Values({srcValue("a")}));
}

TEST_F(DeadEndsTest, NewConstantStandsForTheOneTheChainKept) {
  // @f reads a new @k, equal to the source's @k that the chain read.
  parsePair(R"mlir(
lg.graph @g(%x: i32) -> i32 {
  %k = lg.node @k "K"() : () -> i32
  %m = lg.node @m "M"(%x) : (i32) -> i32
  %s = lg.node @s "S"(%m, %k) : (i32, i32) -> i32
  %o = lg.node @o "O"(%x) : (i32) -> i32
  lg.output %o : i32
}
)mlir",
            R"mlir(
lg.graph @g(%x: i32) -> i32 {
  %k = lg.node @k "K"() : () -> i32
  %f = lg.node @f "F"(%x, %k) : (i32, i32) -> i32
  %o = lg.node @o "O"(%x) : (i32) -> i32
  lg.output %o : i32
}
)mlir");
  pairIds({"o"});
  settling::settleDeadEnds(settle());
  EXPECT_EQ(mapping->getSource(tgt("k")), src("k"));
  EXPECT_EQ(mapping->getRegion(tgt("f")),
            ArrayRef<unsigned>({src("m"), src("s")}));
}

TEST_F(DeadEndsTest, NodeSomethingReadsIsNotADeadEnd) {
  parsePair(kDeadChain, R"mlir(
lg.graph @g(%x: i32) -> i32 {
  %n = lg.node @n "N"(%x) : (i32) -> i32
  %o = lg.node @o "O"(%n) : (i32) -> i32
  lg.output %o : i32
}
)mlir");
  pairIds({"o"});
  settling::settleDeadEnds(settle());
  EXPECT_FALSE(mapping->isTargetTaken(tgt("n")));
}
} // namespace
