//===- MemoryOrderTest.cpp - Plans over ops on buffers --------------------===//
//
// Property tests of the placement of ops on buffers (Differ/MemoryOrder.h)
// over seeded random programs of fills and copies on a few buffers: every
// plan applies exactly, whatever the edit (ops swapped, removed, added), and
// a copy whose ops run in another order that keeps every two accesses to a
// buffer in order gives an empty plan.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Dialect/LG/IR/LG.h"
#include "GraphDiff/Dialect/Patch/IR/Patch.h"
#include "GraphDiff/Differ/DiffResult.h"
#include "GraphDiff/Plan/Isomorphism.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include "gtest/gtest.h"

#include <random>
#include <set>

using namespace mlir;
using namespace graphdiff;

namespace {
constexpr unsigned kBuffers = 3;

/// One op of a program: a fill of buffer `to` with constant `from`, or a
/// copy of buffer `from` into buffer `to`.
struct Access {
  bool copy;
  unsigned from, to;
  bool operator<(const Access &other) const {
    return std::tie(copy, from, to) <
           std::tie(other.copy, other.from, other.to);
  }
  /// Whether the two touch a buffer in common and one of them writes it.
  bool conflicts(const Access &other) const {
    auto reads = [](const Access &a, unsigned b) {
      return a.copy && a.from == b;
    };
    return to == other.to || reads(*this, other.to) || reads(other, to);
  }
};
using Program = std::vector<Access>;

/// A program of `size` distinct ops (so that the matcher never ties).
Program randomProgram(std::minstd_rand &random, unsigned size) {
  std::set<Access> used;
  Program program;
  while (program.size() < size) {
    Access access{random() % 2 == 0, unsigned(random() % kBuffers),
                  unsigned(random() % kBuffers)};
    if ((access.copy && access.from == access.to) ||
        !used.insert(access).second)
      continue;
    program.push_back(access);
  }
  return program;
}

std::string print(const Program &program) {
  std::string text = "func.func @f(";
  for (unsigned b = 0; b < kBuffers; ++b)
    text += (b ? ", %b" : "%b") + std::to_string(b) + ": memref<4xf32>";
  text += ") {\n";
  for (unsigned c = 0; c < kBuffers; ++c)
    text += "  %c" + std::to_string(c) + " = arith.constant " +
            std::to_string(c) + ".0 : f32\n";
  for (const Access &a : program) {
    std::string to = "%b" + std::to_string(a.to) + " : memref<4xf32>";
    if (a.copy)
      text += "  linalg.copy ins(%b" + std::to_string(a.from) +
              " : memref<4xf32>) outs(" + to + ")\n";
    else
      text += "  linalg.fill ins(%c" + std::to_string(a.from) +
              " : f32) outs(" + to + ")\n";
  }
  return text + "  return\n}\n";
}

class MemoryOrderTest : public ::testing::Test {
protected:
  MemoryOrderTest() {
    context.loadDialect<lg::LGDialect, patch::PatchDialect, func::FuncDialect,
                        arith::ArithDialect, linalg::LinalgDialect,
                        memref::MemRefDialect>();
    handler = std::make_unique<ScopedDiagnosticHandler>(
        &context, [this](Diagnostic &diag) {
          diagnostics += diag.str() + "\n";
          return success();
        });
  }

  /// Diffs the two programs and checks that every plan applies exactly;
  /// returns the number of actions.
  unsigned diffAndCheck(const Program &a, const Program &b,
                        const std::string &what) {
    std::string sourceText = print(a), targetText = print(b);
    // Two file names: the same line in both is no location match.
    OwningOpRef<ModuleOp> source =
        parseSourceString<ModuleOp>(sourceText, &context, "source.mlir");
    OwningOpRef<ModuleOp> target =
        parseSourceString<ModuleOp>(targetText, &context, "target.mlir");
    EXPECT_TRUE(source && target) << diagnostics;
    if (!source || !target)
      return 0;
    FailureOr<DiffResult> diff = diffModules(*source, *target);
    EXPECT_TRUE(succeeded(diff)) << what << diagnostics;
    if (failed(diff))
      return 0;
    unsigned actions = 0;
    for (GraphPairDiff &pair : diff->pairs) {
      if (failed(verifyPlan(pair.plan, *pair.source, *pair.target))) {
        std::string plan;
        llvm::raw_string_ostream os(plan);
        pair.plan.print(os);
        ADD_FAILURE() << what << ": the plan does not give the target\n"
                      << diagnostics << "source:\n"
                      << sourceText << "target:\n"
                      << targetText << plan;
      }
      actions += llvm::range_size(pair.plan.getActions().front());
    }
    diagnostics.clear();
    return actions;
  }

  MLIRContext context;
  std::string diagnostics;
  std::unique_ptr<ScopedDiagnosticHandler> handler;
};
} // namespace

TEST_F(MemoryOrderTest, EveryPlanAppliesExactly) {
  unsigned moved = 0;
  for (unsigned seed = 1; seed <= 400; ++seed) {
    std::minstd_rand random(seed);
    Program source = randomProgram(random, 3 + seed % 8);
    Program target = source;
    // A few swaps of neighbours, then maybe one op removed or one added.
    for (unsigned swaps = random() % 4; swaps > 0; --swaps) {
      unsigned i = random() % (target.size() - 1);
      std::swap(target[i], target[i + 1]);
    }
    if (random() % 3 == 0)
      target.erase(target.begin() + random() % target.size());
    if (random() % 3 == 0) {
      Program extra = randomProgram(random, 1);
      if (llvm::find_if(target, [&](const Access &a) {
            return !(a < extra[0]) && !(extra[0] < a);
          }) == target.end())
        target.insert(target.begin() + random() % (target.size() + 1),
                      extra[0]);
    }
    moved += diffAndCheck(source, target, "seed " + std::to_string(seed));
  }
  // The edits did reorder accesses that conflict (plans were not empty).
  EXPECT_GT(moved, 0u);
}

TEST_F(MemoryOrderTest, ReorderingIndependentAccessesIsNoChange) {
  for (unsigned seed = 1; seed <= 300; ++seed) {
    std::minstd_rand random(seed);
    Program source = randomProgram(random, 3 + seed % 8);
    // A random order in which every two conflicting ops keep their order:
    // take any op that no earlier conflicting op waits for.
    Program target;
    std::vector<bool> taken(source.size());
    while (target.size() < source.size()) {
      std::vector<unsigned> ready;
      for (unsigned i = 0; i < source.size(); ++i) {
        if (taken[i])
          continue;
        bool waits = false;
        for (unsigned j = 0; j < i && !waits; ++j)
          waits = !taken[j] && source[j].conflicts(source[i]);
        if (!waits)
          ready.push_back(i);
      }
      unsigned pick = ready[random() % ready.size()];
      taken[pick] = true;
      target.push_back(source[pick]);
    }
    EXPECT_EQ(diffAndCheck(source, target, "seed " + std::to_string(seed)), 0u)
        << "seed " << seed << "\n"
        << print(source) << print(target);
  }
}
