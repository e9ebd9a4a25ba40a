//===- ApplyPlanFixture.h - Applying plans in unit tests --------*- C++ -*-===//
//
// The fixture the plan-application and isomorphism tests share: a context
// with every upstream dialect, `lg` and `patch` whose diagnostics it
// collects; modules parsed from text; a plan applied to its source and the
// result compared with its target; two graphs compared both ways.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_TEST_UNIT_APPLYPLANFIXTURE_H
#define GRAPHDIFF_TEST_UNIT_APPLYPLANFIXTURE_H

#include "GraphDiff/Dialect/LG/IR/LG.h"
#include "GraphDiff/Dialect/Patch/IR/Patch.h"
#include "GraphDiff/Graph/Graph.h"
#include "GraphDiff/Plan/ApplyPlan.h"
#include "GraphDiff/Plan/Isomorphism.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/IR/Verifier.h"
#include "mlir/InitAllDialects.h"
#include "mlir/Parser/Parser.h"

#include "gtest/gtest.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace graphdiff::test {

using namespace mlir;

class ApplyPlanFixture : public ::testing::Test {
protected:
  ApplyPlanFixture() {
    DialectRegistry registry;
    registerAllDialects(registry);
    registry.insert<lg::LGDialect, patch::PatchDialect>();
    context.appendDialectRegistry(registry);
    context.loadAllAvailableDialects();
    handler = std::make_unique<ScopedDiagnosticHandler>(
        &context, [this](Diagnostic &diag) {
          diagnostics += diag.str() + "\n";
          return success();
        });
  }

  /// Parses `text` into a module kept alive by the fixture, or null.
  ModuleOp parse(StringRef text) {
    OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(text, &context);
    if (!module)
      return nullptr;
    modules.push_back(std::move(module));
    return modules.back().get();
  }

  static Operation *symbol(ModuleOp module, StringRef name) {
    return SymbolTable::lookupSymbolIn(module, name);
  }
  static Operation *symbol(ModuleOp module, SymbolRefAttr path) {
    return SymbolTable::lookupSymbolIn(module.getOperation(), path);
  }

  static patch::PlanOp planIn(ModuleOp module) {
    auto plans = module.getOps<patch::PlanOp>();
    return plans.empty() ? nullptr : *plans.begin();
  }

  std::unique_ptr<Graph> graphOf(Operation *op) {
    if (!op)
      return nullptr;
    FailureOr<std::unique_ptr<Graph>> graph = Graph::build(op);
    if (failed(graph))
      return nullptr;
    return std::move(*graph);
  }

  /// Applies the plan of `module` to its source and compares the result with
  /// its target. Fails with the diagnostics if the plan cannot be applied;
  /// otherwise `mismatch` holds the comparison.
  ::testing::AssertionResult apply(ModuleOp module,
                                   std::optional<GraphMismatch> &mismatch) {
    if (!module)
      return ::testing::AssertionFailure() << "parse error:\n" << diagnostics;
    patch::PlanOp plan = planIn(module);
    if (!plan)
      return ::testing::AssertionFailure() << "no plan in the module";
    Operation *sourceOp = symbol(module, plan.getSource());
    Operation *targetOp = symbol(module, plan.getTarget());
    std::unique_ptr<Graph> source = graphOf(sourceOp);
    std::unique_ptr<Graph> target = graphOf(targetOp);
    if (!source || !target)
      return ::testing::AssertionFailure() << "source or target is missing:\n"
                                           << diagnostics;
    FailureOr<OwningOpRef<Operation *>> applied = applyPlan(plan, *source);
    if (failed(applied))
      return ::testing::AssertionFailure() << "cannot apply the plan:\n"
                                           << diagnostics;
    if (failed(verify(applied->get())))
      return ::testing::AssertionFailure() << "the applied graph is invalid:\n"
                                           << diagnostics;
    std::unique_ptr<Graph> appliedGraph = graphOf(applied->get());
    if (!appliedGraph)
      return ::testing::AssertionFailure()
             << "the applied graph is not a graph:\n"
             << diagnostics;
    mismatch = findMismatch(*appliedGraph, *target);
    appliedOps.push_back(std::move(*applied));
    return ::testing::AssertionSuccess();
  }

  /// Applies the plan and expects the target.
  ::testing::AssertionResult givesTarget(StringRef text) {
    std::optional<GraphMismatch> mismatch;
    ::testing::AssertionResult result = apply(parse(text), mismatch);
    if (!result)
      return result;
    if (mismatch) {
      std::string text;
      llvm::raw_string_ostream os(text);
      appliedOps.back()->print(os);
      return ::testing::AssertionFailure()
             << "the applied graph differs from the target: "
             << mismatch->reason << "\n"
             << text;
    }
    return ::testing::AssertionSuccess();
  }

  /// The reason why the graphs @a and @b of `text` differ, or "" if they are
  /// isomorphic.
  std::string compare(StringRef text, StringRef a = "a", StringRef b = "b") {
    ModuleOp module = parse(text);
    EXPECT_TRUE(module) << diagnostics;
    if (!module)
      return "<parse error>";
    std::unique_ptr<Graph> graphA = graphOf(symbol(module, a));
    std::unique_ptr<Graph> graphB = graphOf(symbol(module, b));
    EXPECT_TRUE(graphA && graphB);
    if (!graphA || !graphB)
      return "<no graph>";
    std::optional<GraphMismatch> mismatch = findMismatch(*graphA, *graphB);
    // Isomorphism is symmetric: the other direction agrees.
    std::optional<GraphMismatch> reverse = findMismatch(*graphB, *graphA);
    EXPECT_EQ(mismatch.has_value(), reverse.has_value());
    return mismatch ? mismatch->reason : "";
  }

  MLIRContext context;
  std::unique_ptr<ScopedDiagnosticHandler> handler;
  std::string diagnostics;
  std::vector<OwningOpRef<ModuleOp>> modules;
  std::vector<OwningOpRef<Operation *>> appliedOps;
};

} // namespace graphdiff::test

#endif // GRAPHDIFF_TEST_UNIT_APPLYPLANFIXTURE_H
