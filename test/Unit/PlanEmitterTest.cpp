//===- PlanEmitterTest.cpp - The plan, and what it does to each node ------===//
//
// Plan emission on its own, from a mapping and settled regions written by
// hand (no matcher runs): the actions it writes, and the result model it
// records from the same facts. Also the change kinds of a paired node.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Differ/PlanEmitter.h"
#include "DifferTestSupport.h"
#include "GraphDiff/Differ/ContentChanges.h"
#include "GraphDiff/Differ/DiffResult.h"
#include "GraphDiff/Differ/PairContext.h"
#include "GraphDiff/Differ/RegionSettling.h"

using namespace mlir;
using namespace graphdiff;
using namespace graphdiff::test;

namespace {
class PlanEmitterTest : public DifferTest {
protected:
  /// Emits the plan of `result.mapping` and `regions` into a fresh module.
  std::string emit(const Graph &source, const Graph &target,
                   const SettledRegions &regions, GraphDiff &result) {
    OwningOpRef<ModuleOp> holder = ModuleOp::create(UnknownLoc::get(&context));
    OpBuilder builder(&context);
    builder.setInsertionPointToEnd(holder->getBody());
    PairContext pair(source, target, result.mapping);
    emitPlan(pair, regions, builder, result);
    std::string text = print(result.plan);
    modules.push_back(std::move(holder));
    return text;
  }
};

TEST_F(PlanEmitterTest, ReplaceIsAnchoredOnTheSinkAndRecorded) {
  auto source = graph(kChain);
  auto target = graph(chain({"a A", "f BC", "d D"}));
  unsigned sa = node(*source, "a"), sb = node(*source, "b"),
           sc = node(*source, "c"), sd = node(*source, "d");
  unsigned ta = node(*target, "a"), tf = node(*target, "f"),
           td = node(*target, "d");
  GraphDiff result(source->size(), target->size());
  result.mapping.pair(sa, ta, MatchStage::Id);
  result.mapping.pair(sd, td, MatchStage::Id);
  result.mapping.setRegion(tf, {sb, sc}, MatchStage::Convention);
  SettledRegions regions;
  Value sink = source->getNode(sc)->getResult(0);
  regions.standsFor[tf] = {sink};
  regions.replacedBy[sink] = {tf, 0};

  std::string plan = emit(*source, *target, regions, result);
  EXPECT_NE(plan.find("patch.delete @b absorbed_by @c stage \"convention\"\n"
                      "  patch.replace @c with new @f region [@b, @c] "
                      "inputs(@a) results(@c) stage \"convention\""),
            std::string::npos)
      << plan;
  // @d reads the new node where it read @c: nothing to update.
  EXPECT_EQ(plan.find("patch.update"), std::string::npos) << plan;

  ASSERT_EQ(result.replacements.size(), 1u);
  const Replacement &replacement = result.replacements.front();
  EXPECT_EQ(replacement.target, tf);
  EXPECT_EQ(replacement.anchor, sc);
  EXPECT_EQ(replacement.region, Nodes({sb, sc}));
  EXPECT_EQ(replacement.standsFor, Values({sink}));
  EXPECT_EQ(replacement.stage, MatchStage::Convention);

  EXPECT_EQ(
      result.sourceStatus,
      std::vector<NodeStatus>({NodeStatus::Unchanged, NodeStatus::Replaced,
                               NodeStatus::Replaced, NodeStatus::Unchanged}));
  EXPECT_EQ(result.targetStatus[tf], NodeStatus::Replacing);
  EXPECT_EQ(result.targetStatus[ta], NodeStatus::Unchanged);
  EXPECT_EQ(result.image[sb], tf);
  EXPECT_EQ(result.image[sc], tf);
  EXPECT_EQ(result.image[sd], td);
  EXPECT_EQ(result.summary.unchanged, 2u);
  EXPECT_EQ(result.summary.replaced, 2u);
  EXPECT_EQ(result.summary.replacements, 1u);
  EXPECT_EQ(result.summary.sourceNodes, 4u);
  EXPECT_EQ(result.summary.targetNodes, 3u);
  // a and d count 1 on each side (4), b, c and f a half each (1.5), of 7.
  EXPECT_DOUBLE_EQ(result.summary.similarity(), 5.5 / 7.0);
}

TEST_F(PlanEmitterTest, UpdatesInsertsAndDeletesAreRecorded) {
  auto source = graph(kChain);
  auto target = graph(chain({"a A2", "n N", "c C", "d D"}));
  unsigned sa = node(*source, "a"), sb = node(*source, "b"),
           sc = node(*source, "c"), sd = node(*source, "d");
  unsigned ta = node(*target, "a"), tn = node(*target, "n"),
           tc = node(*target, "c"), td = node(*target, "d");
  GraphDiff result(source->size(), target->size());
  result.mapping.pair(sa, ta, MatchStage::Id);
  result.mapping.pair(sc, tc, MatchStage::Location);
  result.mapping.pair(sd, td, MatchStage::Id);
  SettledRegions regions;
  regions.refusals[sb] = "a reason given by settling";

  std::string plan = emit(*source, *target, regions, result);
  EXPECT_NE(plan.find("patch.update @a changes [\"kind\"] inputs(%arg0) "
                      "stage \"id\""),
            std::string::npos)
      << plan;
  EXPECT_NE(plan.find("patch.insert new @n inputs(@a)"), std::string::npos)
      << plan;
  EXPECT_NE(plan.find("patch.update @c changes [\"inputs\"] inputs(new @n) "
                      "stage \"location\""),
            std::string::npos)
      << plan;
  EXPECT_NE(plan.find("patch.delete @b because \"a reason given by "
                      "settling\""),
            std::string::npos)
      << plan;

  EXPECT_EQ(result.getChanges(ta), patch::NodeChange::Kind);
  EXPECT_EQ(result.getChanges(tc), patch::NodeChange::Inputs);
  EXPECT_EQ(result.getChanges(td), patch::NodeChange::None);
  EXPECT_EQ(result.sourceStatus[sa], NodeStatus::Updated);
  EXPECT_EQ(result.targetStatus[ta], NodeStatus::Updated);
  EXPECT_EQ(result.sourceStatus[sb], NodeStatus::Deleted);
  EXPECT_FALSE(result.image[sb]);
  EXPECT_EQ(result.targetStatus[tn], NodeStatus::Inserted);
  EXPECT_EQ(result.sourceStatus[sd], NodeStatus::Unchanged);
  EXPECT_TRUE(result.replacements.empty());
  EXPECT_EQ(result.summary.updated, 2u);
  EXPECT_EQ(result.summary.deleted, 1u);
  EXPECT_EQ(result.summary.inserted, 1u);
  EXPECT_EQ(result.summary.unchanged, 1u);
}

TEST_F(PlanEmitterTest, SignatureEditsComeLast) {
  auto source = graph(R"mlir(
lg.graph @g(%x: i32, %y: i32) -> i32 {
  %a = lg.node @a "A"(%x) : (i32) -> i32
  lg.output %a : i32
}
)mlir");
  auto target = graph(R"mlir(
lg.graph @g(%x: i32, %y: f32) -> (i32, f32) {
  %a = lg.node @a "A"(%x) : (i32) -> i32
  lg.output %a, %y : i32, f32
}
)mlir");
  GraphDiff result(source->size(), target->size());
  result.mapping.pair(0, 0, MatchStage::Id);
  std::string plan = emit(*source, *target, SettledRegions(), result);
  size_t add = plan.find("patch.add_input new %arg1 at 1 : f32");
  size_t remove = plan.find("patch.remove_input %arg1");
  size_t output = plan.find("patch.add_output new %arg1 at 1");
  EXPECT_NE(add, std::string::npos) << plan;
  EXPECT_LT(add, remove) << plan;
  EXPECT_LT(remove, output) << plan;
  EXPECT_EQ(result.summary.unchanged, 1u);
  EXPECT_DOUBLE_EQ(result.summary.similarity(), 1.0);
}

TEST_F(PlanEmitterTest, InputsAlignByTheirReaders) {
  using Pairing = std::vector<std::optional<unsigned>>;
  // Two graphs of three nodes reading the inputs given (`%x`...), paired by
  // id; the inputs of each side are its signature.
  auto graphOf = [](StringRef inputs, StringRef a, StringRef b) {
    return ("lg.graph @g(" + inputs + ") -> i32 {\n  %a = lg.node @a \"A\"(" +
            a + ") : (i32) -> i32\n  %b = lg.node @b \"B\"(" + b +
            ") : (i32) -> i32\n  lg.output %a : i32\n}\n")
        .str();
  };
  auto align = [&](StringRef sourceInputs, StringRef sa, StringRef sb,
                   StringRef targetInputs, StringRef ta, StringRef tb,
                   uint64_t maxCells = 1u << 20) {
    auto source = graph(graphOf(sourceInputs, sa, sb));
    auto target = graph(graphOf(targetInputs, ta, tb));
    NodeMapping mapping(source->size(), target->size());
    mapping.pair(0, 0, MatchStage::Id);
    mapping.pair(1, 1, MatchStage::Id);
    return alignInputs(*source, *target, mapping, maxCells);
  };
  // An unused first input removed: the others shift.
  EXPECT_EQ(align("%u: i32, %x: i32, %y: i32", "%x", "%y", "%x: i32, %y: i32",
                  "%x", "%y"),
            Pairing({1u, 2u}));
  // Over the cap: by position.
  EXPECT_EQ(align("%u: i32, %x: i32, %y: i32", "%x", "%y", "%x: i32, %y: i32",
                  "%x", "%y", /*maxCells=*/4),
            Pairing({0u, 1u}));
  // One added in front.
  EXPECT_EQ(align("%x: i32, %y: i32", "%x", "%y", "%n: i32, %x: i32, %y: i32",
                  "%x", "%y"),
            Pairing({std::nullopt, 0u, 1u}));
  // Readers swapped between two inputs of one type: by position.
  EXPECT_EQ(
      align("%x: i32, %y: i32", "%x", "%y", "%x: i32, %y: i32", "%y", "%x"),
      Pairing({0u, 1u}));
  // Inputs nothing reads pair by position, around those the readers pair.
  EXPECT_EQ(align("%u: i32, %v: i32, %x: i32", "%x", "%x", "%w: i32, %x: i32",
                  "%x", "%x"),
            Pairing({0u, 2u}));
  // Two of different types swapped: one pair, the first source input's.
  EXPECT_EQ(
      align("%x: i32, %y: f32", "%x", "%x", "%y: f32, %x: i32", "%x", "%x"),
      Pairing({std::nullopt, 0u}));
}

TEST_F(PlanEmitterTest, ContentChangesNameEachKind) {
  // Node @a as each graph writes it.
  auto graphOf = [](StringRef name, StringRef kind, StringRef extra,
                    StringRef type) {
    return ("lg.graph @" + name + "(%x: i32) -> " + type +
            " {\n  %a = lg.node @a \"" + kind + "\"(%x) " + extra +
            " : (i32) -> " + type + "\n  lg.output %a : " + type + "\n}\n")
        .str();
  };
  ModuleOp module =
      parse(graphOf("same", "A", "", "i32") + graphOf("kind", "B", "", "i32") +
            graphOf("attributes", "A", "metadata {k = 1 : i64}", "i32") +
            graphOf("types", "A", "", "f32") + graphOf("both", "B", "", "f32"));
  ASSERT_TRUE(module);
  auto nodeOf = [&](StringRef graphName) {
    auto g = cast<lg::GraphOp>(SymbolTable::lookupSymbolIn(module, graphName));
    return &g.getBody().front().front();
  };
  auto changes = [&](StringRef a, StringRef b) {
    patch::NodeChange out = patch::NodeChange::None;
    bool changed = contentChanged(nodeOf(a), nodeOf(b), out);
    EXPECT_EQ(changed, out != patch::NodeChange::None);
    return patch::stringifyNodeChange(out);
  };
  using Kinds = std::string;
  EXPECT_EQ(changes("same", "same"), Kinds("none"));
  // The kind of an lg node is an attribute, reported on its own.
  EXPECT_EQ(changes("same", "kind"), Kinds("kind"));
  EXPECT_EQ(changes("same", "attributes"), Kinds("attributes"));
  EXPECT_EQ(changes("same", "types"), Kinds("types"));
  EXPECT_EQ(changes("same", "both"), Kinds("kind, types"));
}
} // namespace
