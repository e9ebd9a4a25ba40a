//===- SkipIdenticalTest.cpp - Identical graph pairs skip the matcher -----===//
//
// A pair of graphs that are the same op for op is diffed without the
// matcher's stages (diffGraphs, skipIdentical): the result must be the one
// the full path gives, field by field, except the stages' statistics, which
// only the full path has (so an empty `stages` says the fast path ran).
// Pairs the fast path must not take (written locations, lg ids, a rename)
// take the full path.
//
//===----------------------------------------------------------------------===//

#include "DifferTestSupport.h"
#include "GraphDiff/Dialect/Patch/IR/Patch.h"
#include "GraphDiff/Differ/DiffResult.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace graphdiff;
using namespace graphdiff::test;

namespace {
class SkipIdenticalTest : public DifferTest {
protected:
  SkipIdenticalTest() {
    context.loadDialect<func::FuncDialect, arith::ArithDialect>();
  }

  /// Each input in a buffer of its own name, as the tools read two files:
  /// the parser's locations then differ between the inputs.
  ModuleOp parseAs(llvm::StringRef text, llvm::StringRef name) {
    OwningOpRef<ModuleOp> module =
        parseSourceString<ModuleOp>(text, &context, name);
    EXPECT_TRUE(module) << text.str();
    if (!module)
      return nullptr;
    modules.push_back(std::move(module));
    return *modules.back();
  }
  ModuleOp source(llvm::StringRef text) { return parseAs(text, "a.mlir"); }
  ModuleOp target(llvm::StringRef text) { return parseAs(text, "b.mlir"); }

  FailureOr<DiffResult> diff(ModuleOp source, ModuleOp target, bool skip) {
    DiffOptions options;
    options.skipIdentical = skip;
    return diffModules(source, target, options);
  }
};

std::string print(Operation *op) {
  std::string text;
  llvm::raw_string_ostream os(text);
  op->print(os);
  return text;
}

/// Expects `fast` and `full` to be the same result but for the stages'
/// statistics; returns for each pair whether `fast` skipped the stages.
std::vector<bool> expectSameResult(const DiffResult &fast,
                                   const DiffResult &full) {
  std::vector<bool> skipped;
  EXPECT_EQ(print(fast.plans.get()), print(full.plans.get()));
  EXPECT_EQ(fast.isDifferent(), full.isDifferent());
  EXPECT_EQ(fast.addedGraphs, full.addedGraphs);
  EXPECT_EQ(fast.removedGraphs, full.removedGraphs);
  EXPECT_EQ(fast.changedGraphs.size(), full.changedGraphs.size());
  EXPECT_EQ(fast.pairs.size(), full.pairs.size());
  for (size_t i = 0; i < std::min(fast.pairs.size(), full.pairs.size()); ++i) {
    const GraphPairDiff &a = fast.pairs[i], &b = full.pairs[i];
    SCOPED_TRACE("pair of @" + b.source->getName().str());
    EXPECT_FALSE(b.stages.empty());
    skipped.push_back(a.stages.empty());
    if (!skipped.back()) {
      EXPECT_EQ(a.stages.size(), b.stages.size());
    }
    EXPECT_EQ(print(a.plan), print(b.plan));
    EXPECT_EQ(a.sourceStatus, b.sourceStatus);
    EXPECT_EQ(a.targetStatus, b.targetStatus);
    EXPECT_EQ(a.image, b.image);
    EXPECT_EQ(a.inputSource, b.inputSource);
    EXPECT_EQ(a.sourceOrder, b.sourceOrder);
    EXPECT_EQ(a.targetOrder, b.targetOrder);
    EXPECT_EQ(a.actions.size(), b.actions.size());
    EXPECT_EQ(a.replacements.size(), b.replacements.size());
    EXPECT_EQ(a.changes.size(), b.changes.size());
    for (unsigned t = 0; t < b.target->size(); ++t) {
      EXPECT_EQ(a.mapping.getSource(t), b.mapping.getSource(t)) << t;
      if (b.mapping.getSource(t)) {
        EXPECT_EQ(a.mapping.getPairStage(t), b.mapping.getPairStage(t)) << t;
      }
      EXPECT_EQ(a.mapping.getRegion(t).vec(), b.mapping.getRegion(t).vec());
      EXPECT_EQ(a.mapping.isTargetAmbiguous(t), b.mapping.isTargetAmbiguous(t));
    }
    for (unsigned s = 0; s < b.source->size(); ++s) {
      EXPECT_EQ(a.mapping.getTarget(s), b.mapping.getTarget(s)) << s;
      EXPECT_EQ(a.mapping.isSourceAmbiguous(s), b.mapping.isSourceAmbiguous(s));
    }
    const DiffSummary &x = a.summary, &y = b.summary;
    EXPECT_EQ(x.unchanged, y.unchanged);
    EXPECT_EQ(x.updated, y.updated);
    EXPECT_EQ(x.replaced, y.replaced);
    EXPECT_EQ(x.deleted, y.deleted);
    EXPECT_EQ(x.inserted, y.inserted);
    EXPECT_EQ(x.replacements, y.replacements);
    EXPECT_EQ(x.sourceNodes, y.sourceNodes);
    EXPECT_EQ(x.targetNodes, y.targetNodes);
    EXPECT_EQ(x.guessed, y.guessed);
    EXPECT_EQ(x.located, y.located);
  }
  return skipped;
}

/// Functions with what the fast path must carry over: twins (two equal dead
/// constants, two equal adds of the same operands), argument and result
/// attributes, a graph attribute, a nested region, several results, an
/// unused argument, and an edited function beside them.
const char *kSource = R"mlir(
func.func @twins(%a: f32, %b: f32) -> f32 {
  %c0 = arith.constant 1.0 : f32
  %c1 = arith.constant 1.0 : f32
  %x = arith.addf %a, %b : f32
  %y = arith.addf %a, %b : f32
  %z = arith.mulf %x, %y : f32
  return %z : f32
}
func.func @attrs(%a: i32 {test.arg = 1 : i32}, %unused: i64) -> (i32 {test.res}, i32) attributes {test.graph = "g"} {
  %0 = arith.addi %a, %a : i32
  %1 = scf.execute_region -> i32 {
    %2 = arith.muli %0, %a : i32
    scf.yield %2 : i32
  }
  return %1, %0 : i32, i32
}
func.func @edited(%a: f32) -> f32 {
  %0 = arith.addf %a, %a : f32
  %1 = arith.mulf %0, %a : f32
  return %1 : f32
}
func.func @empty() {
  return
}
)mlir";

TEST_F(SkipIdenticalTest, IdenticalPairsGiveTheFullPathsResult) {
  context.loadDialect<scf::SCFDialect>();
  std::string targetText = kSource;
  size_t at = targetText.find("%1 = arith.mulf %0, %a : f32");
  ASSERT_NE(at, std::string::npos);
  targetText.replace(at, strlen("%1 = arith.mulf"), "%1 = arith.subf");
  ModuleOp source = this->source(kSource), target = this->target(targetText);
  FailureOr<DiffResult> fast = diff(source, target, /*skip=*/true);
  FailureOr<DiffResult> full = diff(source, target, /*skip=*/false);
  ASSERT_TRUE(succeeded(fast) && succeeded(full));
  EXPECT_TRUE(full->isDifferent());
  // The parser locates each input's ops in its own file, positions the
  // location stage never pairs across two files: the identical pairs skip.
  EXPECT_EQ(expectSameResult(*fast, *full),
            std::vector<bool>({true, true, false, true}));
}

TEST_F(SkipIdenticalTest, WrittenLocationsTakeTheFullPath) {
  // Both inputs write the same location: the location stage pairs by it.
  // So do the parser's positions when both inputs come from one file.
  const char *text = R"mlir(
func.func @f(%a: f32) -> f32 {
  %0 = arith.addf %a, %a : f32 loc("x")
  %1 = arith.addf %0, %a : f32
  return %1 : f32
}
)mlir";
  ModuleOp source = this->source(text), target = this->target(text);
  FailureOr<DiffResult> fast = diff(source, target, /*skip=*/true);
  FailureOr<DiffResult> full = diff(source, target, /*skip=*/false);
  ASSERT_TRUE(succeeded(fast) && succeeded(full));
  EXPECT_EQ(expectSameResult(*fast, *full), std::vector<bool>({false}));
  ASSERT_EQ(full->pairs.size(), 1u);
  EXPECT_EQ(full->pairs[0].summary.located, 1u);
  ModuleOp again = parseAs(text, "a.mlir");
  fast = diff(source, again, /*skip=*/true);
  full = diff(source, again, /*skip=*/false);
  ASSERT_TRUE(succeeded(fast) && succeeded(full));
  EXPECT_EQ(expectSameResult(*fast, *full), std::vector<bool>({false}));
  EXPECT_EQ(full->pairs[0].summary.located, 2u);
}

TEST_F(SkipIdenticalTest, NodeIdsAndRenamesTakeTheFullPath) {
  // lg node ids: the id stage pairs by them.
  {
    ModuleOp source = this->source(kChain), target = this->target(kChain);
    FailureOr<DiffResult> fast = diff(source, target, /*skip=*/true);
    FailureOr<DiffResult> full = diff(source, target, /*skip=*/false);
    ASSERT_TRUE(succeeded(fast) && succeeded(full));
    EXPECT_EQ(expectSameResult(*fast, *full), std::vector<bool>({false}));
  }
  // The only graph of each side, renamed: the plan renames it.
  {
    ModuleOp source = this->source("func.func @f(%a: f32) -> f32 {\n"
                            "  return %a : f32\n}\n");
    ModuleOp target = this->target("func.func @g(%a: f32) -> f32 {\n"
                            "  return %a : f32\n}\n");
    FailureOr<DiffResult> fast = diff(source, target, /*skip=*/true);
    FailureOr<DiffResult> full = diff(source, target, /*skip=*/false);
    ASSERT_TRUE(succeeded(fast) && succeeded(full));
    EXPECT_TRUE(fast->isDifferent());
    EXPECT_EQ(expectSameResult(*fast, *full), std::vector<bool>({false}));
  }
}

TEST_F(SkipIdenticalTest, AnAttributeChangeTakesTheFullPath) {
  // The same body, a function attribute changed: a set_graph_attributes.
  ModuleOp source = this->source("func.func @f(%a: f32) -> f32 attributes "
                          "{test.x = 1 : i32} {\n  return %a : f32\n}\n");
  ModuleOp target = this->target("func.func @f(%a: f32) -> f32 attributes "
                          "{test.x = 2 : i32} {\n  return %a : f32\n}\n");
  FailureOr<DiffResult> fast = diff(source, target, /*skip=*/true);
  FailureOr<DiffResult> full = diff(source, target, /*skip=*/false);
  ASSERT_TRUE(succeeded(fast) && succeeded(full));
  EXPECT_TRUE(fast->isDifferent());
  EXPECT_EQ(expectSameResult(*fast, *full), std::vector<bool>({false}));
}
} // namespace
