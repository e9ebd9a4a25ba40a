//===- RegionSettlingTest.cpp - The regions new nodes replace -------------===//
//
// Region settling on its own: the matchers pair nodes, then settleRegions
// grows, turns pairs into replaces, checks and refuses regions, and says
// which source value each new node's result stands for. No plan is built.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Differ/RegionSettling.h"
#include "DifferTestSupport.h"
#include "GraphDiff/Differ/NodeMapping.h"
#include "GraphDiff/Differ/PairContext.h"
#include "GraphDiff/Differ/Stages/Stages.h"

using namespace mlir;
using namespace graphdiff;
using namespace graphdiff::test;

namespace {
class RegionSettlingTest : public DifferTest {
protected:
  /// Matches `source` and `target` by ids and provenance, then settles.
  SettledRegions settle(const Graph &source, const Graph &target,
                        NodeMapping &mapping) {
    matchByIds(source, target, mapping);
    matchByProvenance(source, target, mapping);
    PairContext pair(source, target, mapping);
    return settleRegions(pair);
  }
};

TEST_F(RegionSettlingTest, ProvenanceRegionStandsForItsSink) {
  auto source = graph(kChain);
  auto target = graph(chain({"a A", "f BC fused_from [@c, @b]", "d D"}));
  NodeMapping mapping(source->size(), target->size());
  SettledRegions regions = settle(*source, *target, mapping);
  unsigned f = node(*target, "f"), b = node(*source, "b"),
           c = node(*source, "c");
  // The members fused_from names (plan emission orders them).
  Nodes region(mapping.getRegion(f));
  llvm::sort(region);
  EXPECT_EQ(region, Nodes({std::min(b, c), std::max(b, c)}));
  EXPECT_EQ(mapping.getRegionStage(f), MatchStage::Provenance);
  ASSERT_TRUE(regions.standsFor.count(f));
  Value sink = source->getNode(c)->getResult(0);
  EXPECT_EQ(regions.standsFor[f], Values({sink}));
  ASSERT_TRUE(regions.replacedBy.count(sink));
  EXPECT_EQ(regions.replacedBy[sink], std::make_pair(f, 0u));
  EXPECT_TRUE(regions.refusals.empty());
}

TEST_F(RegionSettlingTest, NonConvexRegionIsRefusedWithTheReason) {
  auto source = graph(R"mlir(
lg.graph @g(%x: i32) -> i32 {
  %a = lg.node @a "A"(%x) : (i32) -> i32
  %b = lg.node @b "B"(%a) : (i32) -> i32
  %c = lg.node @c "C"(%a, %b) : (i32, i32) -> i32
  lg.output %c : i32
}
)mlir");
  auto target = graph(R"mlir(
lg.graph @g(%x: i32) -> i32 {
  %f = lg.node @ac "AC"(%x) fused_from [@a, @c] : (i32) -> i32
  lg.output %f : i32
}
)mlir");
  NodeMapping mapping(source->size(), target->size());
  SettledRegions regions = settle(*source, *target, mapping);
  unsigned ac = node(*target, "ac"), a = node(*source, "a"),
           b = node(*source, "b"), c = node(*source, "c");
  EXPECT_TRUE(mapping.getRegion(ac).empty());
  EXPECT_FALSE(mapping.isSourceTaken(a));
  EXPECT_FALSE(mapping.isSourceTaken(c));
  // The reason names the three source nodes of the path that leaves the
  // region and comes back, and the new node, each with its line:col.
  std::string why = "the region is not convex: source @a (3:8) feeds source "
                    "@b (4:8) outside the region, which leads back into it at "
                    "source @c (5:8), so target @ac (3:8) cannot replace the "
                    "region as one node";
  EXPECT_EQ(regions.refusals.lookup(a), why);
  EXPECT_EQ(regions.refusals.lookup(c), why);
  EXPECT_FALSE(regions.refusals.count(b));
  EXPECT_FALSE(regions.standsFor.count(ac));
  EXPECT_TRUE(regions.replacedBy.empty());
}

TEST_F(RegionSettlingTest, RegionLeakingAnOutputIsRefused) {
  auto source = graph(R"mlir(
lg.graph @g(%x: i32) -> (i32, i32) {
  %a = lg.node @a "A"(%x) : (i32) -> i32
  %b = lg.node @b "B"(%a) : (i32) -> i32
  lg.output %a, %b : i32, i32
}
)mlir");
  auto target = graph(R"mlir(
lg.graph @g(%x: i32) -> (i32, i32) {
  %f = lg.node @ab "AB"(%x) fused_from [@a, @b] : (i32) -> i32
  lg.output %f, %f : i32, i32
}
)mlir");
  NodeMapping mapping(source->size(), target->size());
  SettledRegions regions = settle(*source, *target, mapping);
  unsigned ab = node(*target, "ab"), a = node(*source, "a");
  EXPECT_TRUE(mapping.getRegion(ab).empty());
  EXPECT_EQ(regions.refusals.lookup(a),
            "the region leaks @a (3:8): graph output #0 reads it, but "
            "target @ab (3:8), which replaces the region, has no result that "
            "stands for it");
  // A refused region leaves nothing stood for.
  EXPECT_TRUE(regions.standsFor.empty());
  EXPECT_TRUE(regions.replacedBy.empty());
}

TEST_F(RegionSettlingTest, ResultCountChangeTurnsAPairIntoAReplace) {
  auto source = graph(kChain);
  auto target = graph(R"mlir(
lg.graph @g(%x: i32) -> i32 {
  %a = lg.node @a "A"(%x) : (i32) -> i32
  %b:2 = lg.node @b "B"(%a) : (i32) -> (i32, i32)
  %c = lg.node @c "C"(%b#0) : (i32) -> i32
  %d = lg.node @d "D"(%c) : (i32) -> i32
  lg.output %d : i32
}
)mlir");
  NodeMapping mapping(source->size(), target->size());
  SettledRegions regions = settle(*source, *target, mapping);
  unsigned tb = node(*target, "b"), sb = node(*source, "b");
  EXPECT_FALSE(mapping.getSource(tb));
  EXPECT_EQ(mapping.getRegion(tb), ArrayRef<unsigned>({sb}));
  // The stage that made the pair decided the region.
  EXPECT_EQ(mapping.getRegionStage(tb), MatchStage::Id);
  // Result 0 stands for the old result; result 1 is new.
  Value old = source->getNode(sb)->getResult(0);
  EXPECT_EQ(regions.standsFor[tb], Values({old, Value()}));
  // The pairs around it stay.
  EXPECT_EQ(mapping.getSource(node(*target, "c")), node(*source, "c"));
}

TEST_F(RegionSettlingTest, UnpairedNodeReplacesTheFreeNodesBetween) {
  auto source = graph(kChain);
  auto target = graph(chain({"a A", "n N", "d D"}));
  NodeMapping mapping(source->size(), target->size());
  SettledRegions regions = settle(*source, *target, mapping);
  unsigned n = node(*target, "n");
  // @d reads @n where it read @c; @b fed only @c: both are what @n replaces.
  EXPECT_EQ(mapping.getRegion(n),
            ArrayRef<unsigned>({node(*source, "b"), node(*source, "c")}));
  EXPECT_EQ(mapping.getRegionStage(n), MatchStage::Structure);
  EXPECT_EQ(regions.standsFor[n],
            Values({source->getNode(node(*source, "c"))->getResult(0)}));
}

TEST_F(RegionSettlingTest, InsertionBetweenPairsTakesNoRegion) {
  auto source = graph(kChain);
  auto target = graph(chain({"a A", "b B", "n N", "c C", "d D"}));
  NodeMapping mapping(source->size(), target->size());
  SettledRegions regions = settle(*source, *target, mapping);
  EXPECT_TRUE(mapping.getRegion(node(*target, "n")).empty());
  EXPECT_FALSE(mapping.isTargetTaken(node(*target, "n")));
  EXPECT_TRUE(regions.standsFor.empty());
  EXPECT_TRUE(regions.refusals.empty());
}
} // namespace
