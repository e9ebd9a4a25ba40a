//===- ResultMappingTest.cpp - What a new node's results stand for --------===//
//
// mapResults and forgetResults alone: a new node's result stands for the
// member value its readers read in its place; with no reader, for the
// region's single sink's result of the same type; else for none.
//
//===----------------------------------------------------------------------===//

#include "SettlingFixture.h"

using namespace mlir;
using namespace graphdiff;
using namespace graphdiff::test;

namespace {
using ResultMappingTest = SettlingTest;

TEST_F(ResultMappingTest, ResultStandsForWhatItsReadersRead) {
  parsePair(kChain, chain({"a A", "n N", "d D"}));
  pairIds({"a", "d"});
  unsigned n = tgt("n");
  mapping->setRegion(n, {src("b"), src("c")}, MatchStage::Structure);
  settling::Settler &settler = settle();
  settling::mapResults(settler, n);
  EXPECT_EQ(settler.regions.standsFor[n], Values({srcValue("c")}));
  EXPECT_EQ(settler.regions.replacedBy.lookup(srcValue("c")),
            std::make_pair(n, 0u));
  // What the later steps see as the new node's image.
  EXPECT_EQ(settler.imageOf(target->getNode(n)->getResult(0)), srcValue("c"));

  settling::forgetResults(settler, n);
  EXPECT_TRUE(settler.regions.standsFor.empty());
  EXPECT_TRUE(settler.regions.replacedBy.empty());
}

/// A source chain nothing reads; the target's new node nothing reads,
/// of result type `type`.
static std::string unreadPair(llvm::StringRef type) {
  return (R"mlir(
lg.graph @g(%x: i32) -> i32 {
  %n = lg.node @n "N"(%x) : (i32) -> )mlir" +
          type + R"mlir(
  %o = lg.node @o "O"(%x) : (i32) -> i32
  lg.output %o : i32
}
)mlir")
      .str();
}
constexpr const char *kUnreadChain = R"mlir(
lg.graph @g(%x: i32) -> i32 {
  %a = lg.node @a "A"(%x) : (i32) -> i32
  %b = lg.node @b "B"(%a) : (i32) -> i32
  %o = lg.node @o "O"(%x) : (i32) -> i32
  lg.output %o : i32
}
)mlir";

TEST_F(ResultMappingTest, WithoutReadersTheSinkOfTheSameTypeStandsFor) {
  parsePair(kUnreadChain, unreadPair("i32"));
  pairIds({"o"});
  unsigned n = tgt("n");
  mapping->setRegion(n, {src("a"), src("b")}, MatchStage::Structure);
  settling::Settler &settler = settle();
  settling::mapResults(settler, n);
  EXPECT_EQ(settler.regions.standsFor[n], Values({srcValue("b")}));
}

TEST_F(ResultMappingTest, SinkOfAnotherTypeStandsForNothing) {
  parsePair(kUnreadChain, unreadPair("i64"));
  pairIds({"o"});
  unsigned n = tgt("n");
  mapping->setRegion(n, {src("a"), src("b")}, MatchStage::Structure);
  settling::Settler &settler = settle();
  settling::mapResults(settler, n);
  EXPECT_EQ(settler.regions.standsFor[n], Values({Value()}));
  EXPECT_TRUE(settler.regions.replacedBy.empty());
}

TEST_F(ResultMappingTest, ValueTwoResultsReachIsTheFirsts) {
  parsePair(R"mlir(
lg.graph @g(%x: i32) -> (i32, i32) {
  %a = lg.node @a "A"(%x) : (i32) -> i32
  lg.output %a, %a : i32, i32
}
)mlir",
            R"mlir(
lg.graph @g(%x: i32) -> (i32, i32) {
  %f:2 = lg.node @f "F"(%x) : (i32) -> (i32, i32)
  lg.output %f#0, %f#1 : i32, i32
}
)mlir");
  unsigned f = tgt("f");
  mapping->setRegion(f, {src("a")}, MatchStage::Structure);
  settling::Settler &settler = settle();
  settling::mapResults(settler, f);
  EXPECT_EQ(settler.regions.standsFor[f], Values({srcValue("a"), Value()}));
  EXPECT_EQ(settler.regions.replacedBy.lookup(srcValue("a")),
            std::make_pair(f, 0u));
}
} // namespace
