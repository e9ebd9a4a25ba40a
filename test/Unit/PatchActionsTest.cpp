//===- PatchActionsTest.cpp - Enums, interfaces, visitor of patch actions -===//

#include "GraphDiff/Dialect/Patch/IR/Patch.h"
#include "GraphDiff/Dialect/Patch/IR/PatchVisitors.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include "gtest/gtest.h"

using namespace mlir;
using namespace graphdiff;
using namespace graphdiff::patch;

TEST(PatchEnumsTest, MatchStageRoundTrips) {
  // The names plans and reports print, in order of trust.
  const char *names[] = {"id", "provenance", "location", "convention",
                         "structure"};
  ASSERT_EQ(getMaxEnumValForMatchStage() + 1, std::size(names));
  for (unsigned i = 0; i <= getMaxEnumValForMatchStage(); ++i) {
    std::optional<MatchStage> stage = symbolizeMatchStage(i);
    ASSERT_TRUE(stage) << i;
    EXPECT_EQ(stringifyMatchStage(*stage), names[i]);
    EXPECT_EQ(symbolizeMatchStage(names[i]), stage) << names[i];
  }
  EXPECT_EQ(symbolizeMatchStage("Id"), std::nullopt);
  EXPECT_EQ(symbolizeMatchStage(""), std::nullopt);
  EXPECT_EQ(symbolizeMatchStage(getMaxEnumValForMatchStage() + 1),
            std::nullopt);
}

TEST(PatchEnumsTest, NodeChangeRoundTripsEverySet) {
  const NodeChange bits[] = {NodeChange::Kind,   NodeChange::Attributes,
                             NodeChange::Types,  NodeChange::Regions,
                             NodeChange::Inputs, NodeChange::Order};
  const char *names[] = {"kind",    "attributes", "types",
                         "regions", "inputs",     "order"};
  for (unsigned subset = 0; subset < 64; ++subset) {
    NodeChange set = NodeChange::None;
    SmallVector<NodeChange> expected;
    for (unsigned i = 0; i < 6; ++i)
      if (subset & (1u << i)) {
        set |= bits[i];
        expected.push_back(bits[i]);
      }
    EXPECT_EQ(getSetBits(set), expected) << subset;
    std::string text = stringifyNodeChange(set);
    EXPECT_EQ(symbolizeNodeChange(text), set) << text;
  }
  for (unsigned i = 0; i < 6; ++i)
    EXPECT_EQ(stringifyNodeChange(bits[i]), names[i]);
  EXPECT_EQ(stringifyNodeChange(NodeChange::Kind | NodeChange::Inputs),
            "kind, inputs");
  EXPECT_EQ(symbolizeNodeChange("renamed"), std::nullopt);
  EXPECT_EQ(symbolizeNodeChange(1u << 6), std::nullopt);
}

TEST(PatchEnumsTest, GraphChangeNamesEachFlagInBitOrder) {
  EXPECT_EQ(getSetBits(~GraphChange::None),
            (SmallVector<GraphChange>{
                GraphChange::Defined, GraphChange::Declared,
                GraphChange::Signature, GraphChange::Attributes}));
  EXPECT_EQ(
      stringifyGraphChange(GraphChange::Attributes | GraphChange::Defined),
      "defined, attributes");
  EXPECT_EQ(symbolizeGraphChange("signature"), GraphChange::Signature);
  EXPECT_EQ(symbolizeGraphChange("renamed"), std::nullopt);
}

namespace {

class PatchActionsTest : public ::testing::Test {
protected:
  PatchActionsTest() {
    context.getOrLoadDialect<PatchDialect>();
    context.allowUnregisteredDialects();
  }

  OwningOpRef<ModuleOp> parse(StringRef text) {
    return parseSourceString<ModuleOp>(text, &context);
  }

  static PlanOp planIn(ModuleOp module) {
    return *module->getRegion(0).front().getOps<PlanOp>().begin();
  }

  MLIRContext context;
};

const char *plan = R"mlir(
patch.plan @g to @g {
  patch.add_input new %m at 1 : i32
  patch.delete %4 absorbed_by %5 stage "provenance"
  patch.replace %5 with new %9 region [%4, %5] inputs(%arg0, new %m)
      results(%5) stage "location" {
  ^bb0(%a: i32, %b: i32):
    %0 = "test.fused"(%a, %b) : (i32, i32) -> i32
  }
  patch.update %7 changes ["inputs", "kind"] inputs(new %9) stage "id" {
  ^bb0(%a: i32):
    %0 = "test.other"(%a) : (i32) -> i32
  }
  patch.insert new %8 inputs(%arg0) {
  ^bb0(%a: i32):
    %0 = "test.new"(%a) : (i32) -> i32
  }
  patch.remove_input %arg1
  patch.remove_output 0
  patch.add_output new %8 at 0
}
)mlir";

} // namespace

TEST_F(PatchActionsTest, OpsHoldEnumsAndPrintThemAsStrings) {
  OwningOpRef<ModuleOp> module = parse(plan);
  ASSERT_TRUE(module);
  auto update =
      *planIn(*module).getActions().front().getOps<UpdateOp>().begin();
  EXPECT_EQ(update.getChanges(), NodeChange::Kind | NodeChange::Inputs);
  EXPECT_EQ(update.getStage(), MatchStage::Id);
  std::string text;
  llvm::raw_string_ostream os(text);
  update->print(os);
  EXPECT_NE(text.find(R"(changes ["kind", "inputs"])"), std::string::npos)
      << text;
  EXPECT_NE(text.find(R"(stage "id")"), std::string::npos) << text;
}

TEST_F(PatchActionsTest, ChangeGraphHoldsAnEnumAndPrintsItInBitOrder) {
  OwningOpRef<ModuleOp> module =
      parse(R"(patch.change_graph @f changes ["signature", "defined"])");
  ASSERT_TRUE(module);
  auto change = *module->getOps<ChangeGraphOp>().begin();
  EXPECT_EQ(change.getChanges(), GraphChange::Defined | GraphChange::Signature);
  std::string text;
  llvm::raw_string_ostream os(text);
  change->print(os);
  EXPECT_EQ(text, R"(patch.change_graph @f changes ["defined", "signature"])");
}

TEST_F(PatchActionsTest, InterfaceSaysWhatEachActionClaimsReadsAndMakes) {
  OwningOpRef<ModuleOp> module = parse(plan);
  ASSERT_TRUE(module);
  auto strs = [](ArrayRef<RefAttr> refs) {
    std::vector<std::string> out;
    for (RefAttr ref : refs)
      out.push_back(ref.str());
    return out;
  };
  struct Expected {
    std::vector<std::string> claimed, used;
    std::string made;
    std::optional<MatchStage> stage;
  } expected[] = {
      {{}, {}, "new %m", std::nullopt},
      {{"%4"}, {}, "", MatchStage::Provenance},
      {{"%4", "%5"}, {"%arg0", "new %m"}, "new %9", MatchStage::Location},
      {{"%7"}, {"new %9"}, "", MatchStage::Id},
      {{}, {"%arg0"}, "new %8", std::nullopt},
      {{}, {}, "", std::nullopt},
      {{}, {}, "", std::nullopt},
      {{}, {"new %8"}, "", std::nullopt},
  };
  unsigned index = 0;
  for (Operation &op : planIn(*module).getActions().front()) {
    ASSERT_LT(index, std::size(expected));
    const Expected &e = expected[index++];
    auto action = dyn_cast<ActionOpInterface>(op);
    ASSERT_TRUE(action) << op.getName().getStringRef().str();
    EXPECT_EQ(strs(action.getClaimedNodes()), e.claimed) << index;
    EXPECT_EQ(strs(action.getUsedValues()), e.used) << index;
    RefAttr made = action.getNewName();
    EXPECT_EQ(made ? made.str() : "", e.made) << index;
    EXPECT_EQ(action.getStage(), e.stage) << index;
    // Exactly the actions with a body write out a new node.
    auto newNode = dyn_cast<NewNodeOpInterface>(op);
    bool hasBody = isa<ReplaceOp, InsertOp, UpdateOp>(op);
    EXPECT_EQ(bool(newNode), hasBody) << index;
    if (newNode) {
      EXPECT_TRUE(
          newNode.getNewNode()->getName().getStringRef().starts_with("test."));
    }
  }
  EXPECT_EQ(index, std::size(expected));
}

namespace {

/// Names each action it visits; `extra` counts the calls.
struct KindNamer : ActionVisitor<KindNamer, std::string, unsigned &> {
  using ActionVisitor::visitAction;
  std::string visitAction(DeleteOp op, unsigned &calls) {
    ++calls;
    return "delete " + op.getNode().str();
  }
  std::string visitAction(ReplaceOp op, unsigned &calls) {
    ++calls;
    return "replace " + op.getAnchor().str();
  }
  std::string visitAction(UpdateOp op, unsigned &calls) {
    ++calls;
    return "update " + op.getNode().str();
  }
  std::string visitUnhandledAction(Operation *op, unsigned &calls) {
    ++calls;
    return "other " + op->getName().stripDialect().str();
  }
  std::string visitInvalidAction(Operation *op, unsigned &calls) {
    ++calls;
    return "invalid " + op->getName().getStringRef().str();
  }
};

/// Counts the actions that add something, leaving the rest to the default
/// (a default-constructed result).
struct AddCounter : ActionVisitor<AddCounter, unsigned> {
  using ActionVisitor::visitAction;
  unsigned visitAction(InsertOp) { return 1; }
  unsigned visitAction(AddInputOp) { return 1; }
  unsigned visitAction(AddOutputOp) { return 1; }
};

} // namespace

TEST_F(PatchActionsTest, VisitorDispatchesOnTheActionKind) {
  OwningOpRef<ModuleOp> module = parse(plan);
  ASSERT_TRUE(module);
  KindNamer namer;
  unsigned calls = 0;
  std::vector<std::string> seen;
  for (Operation &op : planIn(*module).getActions().front())
    seen.push_back(namer.dispatchActionVisitor(&op, calls));
  EXPECT_EQ(seen, (std::vector<std::string>{
                      "other add_input", "delete %4", "replace %5", "update %7",
                      "other insert", "other remove_input",
                      "other remove_output", "other add_output"}));
  EXPECT_EQ(calls, 8u);
  // Anything else, even a patch op, is not an action.
  EXPECT_EQ(namer.dispatchActionVisitor(planIn(*module), calls),
            "invalid patch.plan");
  EXPECT_EQ(calls, 9u);

  AddCounter counter;
  unsigned adds = 0;
  for (Operation &op : planIn(*module).getActions().front())
    adds += counter.dispatchActionVisitor(&op);
  EXPECT_EQ(adds, 3u);
}
