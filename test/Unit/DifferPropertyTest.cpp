//===- DifferPropertyTest.cpp - Every plan applies exactly ----------------===//
//
// Property tests of the differ over thousands of seeded random graphs and
// random optimizer-like edits: every plan is valid patch IR, applies to its
// source, and gives a graph isomorphic to the target; a reordered copy gives
// an empty plan; the plan does not depend on the order of the source's nodes.
//
//===----------------------------------------------------------------------===//

#include "../Support/RandomGraph.h"

#include "GraphDiff/Dialect/LG/IR/LG.h"
#include "GraphDiff/Dialect/Patch/IR/Patch.h"
#include "GraphDiff/Differ/DiffResult.h"
#include "GraphDiff/Plan/Isomorphism.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"

#include "gtest/gtest.h"

using namespace mlir;
using namespace graphdiff;
using namespace graphdiff::testing;

namespace {
class DifferPropertyTest : public ::testing::Test {
protected:
  DifferPropertyTest() {
    context.loadDialect<lg::LGDialect, patch::PatchDialect>();
    handler = std::make_unique<ScopedDiagnosticHandler>(
        &context, [this](Diagnostic &diag) {
          diagnostics += diag.str() + "\n";
          return success();
        });
  }

  /// Diffs `source` against `target`; returns the printed plans, and checks
  /// that every plan verifies and applies exactly.
  std::string diffAndCheck(ModuleOp source, ModuleOp target,
                           const std::string &what) {
    FailureOr<DiffResult> diff = diffModules(source, target);
    EXPECT_TRUE(succeeded(diff)) << what << diagnostics;
    if (failed(diff))
      return "";
    ModuleOp plans = *diff->plans;
    EXPECT_TRUE(succeeded(verify(plans))) << what << diagnostics;
    for (GraphPairDiff &pair : diff->pairs)
      if (failed(verifyPlan(pair.plan, *pair.source, *pair.target)))
        ADD_FAILURE() << what << ": the plan does not give the target\n"
                      << diagnostics << planText(plans);
    return planText(plans);
  }

  static std::string planText(ModuleOp plans) {
    std::string text;
    llvm::raw_string_ostream os(text);
    plans.print(os);
    return text;
  }

  MLIRContext context;
  std::string diagnostics;
  std::unique_ptr<ScopedDiagnosticHandler> handler;
};
} // namespace

TEST_F(DifferPropertyTest, EveryPlanAppliesExactly) {
  EditCounts total;
  for (uint64_t seed = 1; seed <= 3000; ++seed) {
    RandomGraphOptions options;
    options.numNodes = 5 + seed % 40;
    OwningOpRef<ModuleOp> source = ModuleOp::create(UnknownLoc::get(&context));
    OwningOpRef<ModuleOp> target = ModuleOp::create(UnknownLoc::get(&context));
    lg::GraphOp graph = buildRandomGraph(*source, "g", seed, options);
    ASSERT_TRUE(succeeded(verify(*source))) << "seed " << seed;
    EditCounts counts;
    editRandomly(graph, *target, seed * 7919, 1 + seed % 6, &counts);
    ASSERT_TRUE(succeeded(verify(*target))) << "seed " << seed << diagnostics;
    total.fused += counts.fused;
    total.deleted += counts.deleted;
    total.inserted += counts.inserted;
    total.updated += counts.updated;
    total.rewired += counts.rewired;
    diffAndCheck(*source, *target, "seed " + std::to_string(seed));
    if (HasFailure())
      return;
  }
  // The generator really exercised every kind of edit.
  EXPECT_GT(total.fused, 100u);
  EXPECT_GT(total.deleted, 100u);
  EXPECT_GT(total.inserted, 100u);
  EXPECT_GT(total.updated, 100u);
  EXPECT_GT(total.rewired, 100u);
}

TEST_F(DifferPropertyTest, ReorderedCopyGivesAnEmptyPlan) {
  for (uint64_t seed = 1; seed <= 300; ++seed) {
    RandomGraphOptions options;
    options.numNodes = 5 + seed % 50;
    OwningOpRef<ModuleOp> source = ModuleOp::create(UnknownLoc::get(&context));
    OwningOpRef<ModuleOp> target = ModuleOp::create(UnknownLoc::get(&context));
    lg::GraphOp graph = buildRandomGraph(*source, "g", seed, options);
    // Zero edits: only (maybe) a reordering.
    editRandomly(graph, *target, seed, /*numEdits=*/0);
    std::string plan =
        diffAndCheck(*source, *target, "seed " + std::to_string(seed));
    EXPECT_NE(plan.find("patch.plan @g to @g {\n  }"), std::string::npos)
        << "seed " << seed << "\n"
        << plan;
  }
}

TEST_F(DifferPropertyTest, PlanDoesNotDependOnNodeOrder) {
  for (uint64_t seed = 1; seed <= 300; ++seed) {
    RandomGraphOptions options;
    options.numNodes = 5 + seed % 40;
    OwningOpRef<ModuleOp> source = ModuleOp::create(UnknownLoc::get(&context));
    OwningOpRef<ModuleOp> shuffled =
        ModuleOp::create(UnknownLoc::get(&context));
    OwningOpRef<ModuleOp> target = ModuleOp::create(UnknownLoc::get(&context));
    lg::GraphOp graph = buildRandomGraph(*source, "g", seed, options);
    editRandomly(graph, *target, seed * 31, 1 + seed % 5);
    // Find a seed that reorders without editing.
    EditCounts counts;
    for (uint64_t shuffleSeed = seed;; ++shuffleSeed) {
      shuffled->getBody()->clear();
      counts = EditCounts();
      editRandomly(graph, *shuffled, shuffleSeed, 0, &counts);
      if (counts.reordered)
        break;
    }
    std::string a =
        diffAndCheck(*source, *target, "seed " + std::to_string(seed));
    std::string b =
        diffAndCheck(*shuffled, *target, "seed " + std::to_string(seed));
    EXPECT_EQ(a, b) << "seed " << seed;
  }
}
