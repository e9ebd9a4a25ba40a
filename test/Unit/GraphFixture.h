//===- GraphFixture.h - Parsing small graphs for unit tests -----*- C++ -*-===//
//
// The fixture the graph, hashing and matcher tests share: a context with
// every upstream dialect, `lg` and `patch`; graphs parsed from text; the
// differ on two graphs; and a seeded shuffle of a body into another valid
// order.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_TEST_UNIT_GRAPHFIXTURE_H
#define GRAPHDIFF_TEST_UNIT_GRAPHFIXTURE_H

#include "GraphDiff/Dialect/LG/IR/LG.h"
#include "GraphDiff/Dialect/Patch/IR/Patch.h"
#include "GraphDiff/Differ/GraphDiffer.h"
#include "GraphDiff/Differ/Stages/MatcherStage.h"
#include "GraphDiff/Differ/StructuralState.h"
#include "GraphDiff/Graph/Graph.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/InitAllDialects.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/SmallPtrSet.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <functional>
#include <random>

namespace graphdiff::test {

/// Two pairs of twins (%a/%b, %g/%h) that only their context tells apart,
/// a body capturing a constant, two outputs.
inline constexpr const char *kModel = R"mlir(
#id = affine_map<(d0) -> (d0)>
func.func @f(%x: tensor<8xf32>, %y: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  %c = arith.constant 2.000000e+00 : f32
  %w = arith.constant dense<1.000000e+00> : tensor<8xf32>
  %init = tensor.empty() : tensor<8xf32>
  %a = arith.addf %x, %y : tensor<8xf32>
  %b = arith.addf %x, %y : tensor<8xf32>
  %g = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%a : tensor<8xf32>) outs(%init : tensor<8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.mulf %in, %c : f32
    linalg.yield %0 : f32
  } -> tensor<8xf32>
  %h = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%b : tensor<8xf32>) outs(%init : tensor<8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.mulf %in, %c : f32
    linalg.yield %0 : f32
  } -> tensor<8xf32>
  %m = arith.mulf %g, %w : tensor<8xf32>
  %s = arith.subf %h, %m : tensor<8xf32>
  %e = math.exp %s : tensor<8xf32>
  return %e, %m : tensor<8xf32>, tensor<8xf32>
}
)mlir";

/// A chain: %a -> %b -> %c -> the output.
inline constexpr const char *kChain = R"mlir(
func.func @f(%x: f32) -> f32 {
  %a = math.exp %x : f32
  %b = math.sqrt %a : f32
  %c = math.absf %b : f32
  return %c : f32
}
)mlir";

/// CSE merged two equal constants: the source's %c1 and %c2 are one %c in
/// the target, a tie no stage may break.
inline constexpr const char *kTieSource = R"mlir(
func.func @f(%x: f32) -> (f32, f32) {
  %c1 = arith.constant 2.000000e+00 : f32
  %c2 = arith.constant 2.000000e+00 : f32
  %m = arith.mulf %x, %c1 : f32
  %d = arith.divf %x, %c2 : f32
  return %m, %d : f32, f32
}
)mlir";
/// kTieSource with two constants that differ from each other and from
/// kTieTarget's: which one became the target's would change the story (a
/// real ambiguity).
inline constexpr const char *kAmbiguousSource = R"mlir(
func.func @f(%x: f32) -> (f32, f32) {
  %c1 = arith.constant 3.000000e+00 : f32
  %c2 = arith.constant 4.000000e+00 : f32
  %m = arith.mulf %x, %c1 : f32
  %d = arith.divf %x, %c2 : f32
  return %m, %d : f32, f32
}
)mlir";
inline constexpr const char *kTieTarget = R"mlir(
func.func @f(%x: f32) -> (f32, f32) {
  %c = arith.constant 2.000000e+00 : f32
  %m = arith.mulf %x, %c : f32
  %d = arith.divf %x, %c : f32
  return %m, %d : f32, f32
}
)mlir";

/// Runs every stage of the matcher on `source` and `target` into `mapping`,
/// as diffGraphs does before it settles regions.
inline MatchOutcome match(const Graph &source, const Graph &target,
                          NodeMapping &mapping,
                          const StructureOptions &options = {}) {
  MatchContext context(source, target, mapping, options);
  return runMatcherStages(context);
}

class GraphFixture : public ::testing::Test {
protected:
  GraphFixture() {
    mlir::DialectRegistry registry;
    mlir::registerAllDialects(registry);
    registry.insert<lg::LGDialect, patch::PatchDialect>();
    context.appendDialectRegistry(registry);
    context.loadAllAvailableDialects();
  }

  /// Parses `text` and returns the graph of its function @f. Locations are
  /// dropped unless `keepLocations`, so that only structure can match.
  std::unique_ptr<Graph> graph(llvm::StringRef text,
                               bool keepLocations = false) {
    mlir::OwningOpRef<mlir::ModuleOp> module =
        mlir::parseSourceString<mlir::ModuleOp>(text, &context);
    EXPECT_TRUE(module);
    if (!module)
      return nullptr;
    if (!keepLocations)
      module->walk([&](mlir::Operation *op) {
        op->setLoc(mlir::UnknownLoc::get(&context));
      });
    mlir::Operation *f = mlir::SymbolTable::lookupSymbolIn(*module, "f");
    modules.push_back(std::move(module));
    return rebuild(f);
  }

  /// A new view of `op`'s body (after the body changed).
  static std::unique_ptr<Graph> rebuild(mlir::Operation *op) {
    mlir::FailureOr<std::unique_ptr<Graph>> result = Graph::build(op);
    EXPECT_TRUE(mlir::succeeded(result));
    return mlir::succeeded(result) ? std::move(*result) : nullptr;
  }

  /// The sorted multiset of `hashes`, for comparing graphs whose nodes are
  /// in different orders.
  static std::vector<size_t> sorted(const std::vector<llvm::hash_code> &h) {
    std::vector<size_t> values(h.begin(), h.end());
    std::sort(values.begin(), values.end());
    return values;
  }

  /// Diffs and returns the printed plan.
  std::string diff(const Graph &source, const Graph &target,
                   NodeMapping *mappingOut = nullptr,
                   const StructureOptions &options = {}) {
    mlir::OpBuilder builder(&context);
    mlir::OwningOpRef<mlir::ModuleOp> holder =
        mlir::ModuleOp::create(mlir::UnknownLoc::get(&context));
    builder.setInsertionPointToEnd(holder->getBody());
    GraphDiff result = diffGraphs(source, target, builder, options);
    if (mappingOut)
      *mappingOut = result.mapping;
    std::string text;
    llvm::raw_string_ostream os(text);
    result.plan.print(os);
    return text;
  }

  /// Moves the body of `f` into a random topological order.
  static void shuffle(mlir::Operation *f, unsigned seed) {
    mlir::Block &body = f->getRegion(0).front();
    llvm::SmallVector<mlir::Operation *> nodes;
    for (mlir::Operation &op : body.without_terminator())
      nodes.push_back(&op);
    llvm::DenseMap<mlir::Operation *, unsigned> pending;
    llvm::DenseMap<mlir::Operation *, llvm::SmallVector<mlir::Operation *>>
        users;
    for (mlir::Operation *node : nodes) {
      llvm::SmallPtrSet<mlir::Operation *, 4> producers;
      node->walk([&](mlir::Operation *inner) {
        for (mlir::Value operand : inner->getOperands())
          if (mlir::Operation *def = operand.getDefiningOp())
            if (def->getBlock() == &body && def != node)
              producers.insert(def);
      });
      pending[node] = producers.size();
      for (mlir::Operation *producer : producers)
        users[producer].push_back(node);
    }
    std::mt19937 rng(seed);
    llvm::SmallVector<mlir::Operation *> ready, order;
    for (mlir::Operation *node : nodes)
      if (pending[node] == 0)
        ready.push_back(node);
    while (!ready.empty()) {
      std::swap(ready[rng() % ready.size()], ready.back());
      mlir::Operation *next = ready.pop_back_val();
      order.push_back(next);
      for (mlir::Operation *user : users[next])
        if (--pending[user] == 0)
          ready.push_back(user);
    }
    ASSERT_EQ(order.size(), nodes.size());
    for (mlir::Operation *node : order)
      node->moveBefore(body.getTerminator());
  }

  /// Parses a source and a target graph and sets up the structural stage's
  /// state on them, nothing paired yet. Returns false if either does not
  /// parse.
  bool parsePair(llvm::StringRef sourceText, llvm::StringRef targetText) {
    source = graph(sourceText);
    target = graph(targetText);
    if (!source || !target)
      return false;
    mapping = std::make_unique<NodeMapping>(source->size(), target->size());
    state =
        std::make_unique<StructuralState>(*source, *target, *mapping, options);
    return true;
  }

  /// A `dense_resource` constant under `key` with the bytes `hex` (after the
  /// 4-byte alignment), added to the input. The parser gives a key it has
  /// already seen in the context another name.
  static std::string blobGraph(llvm::StringRef key, llvm::StringRef hex) {
    return (R"mlir(
func.func @f(%x: tensor<2xf32>) -> tensor<2xf32> {
  %w = arith.constant dense_resource<)mlir" +
            key + R"mlir(> : tensor<2xf32>
  %0 = arith.addf %x, %w : tensor<2xf32>
  return %0 : tensor<2xf32>
}
{-#
  dialect_resources: {
    builtin: {
      )mlir" +
            key + ": \"0x04000000" + hex + R"mlir("
    }
  }
#-}
)mlir")
        .str();
  }

  mlir::MLIRContext context;
  std::vector<mlir::OwningOpRef<mlir::ModuleOp>> modules;
  /// What parsePair set up.
  std::unique_ptr<Graph> source, target;
  std::unique_ptr<NodeMapping> mapping;
  StructureOptions options;
  std::unique_ptr<StructuralState> state;
  /// The strict kind filter of the stage, on `state`.
  std::function<bool(unsigned, unsigned)> sameKind =
      [this](unsigned s, unsigned t) { return state->sameKind(s, t); };
};

} // namespace graphdiff::test

#endif // GRAPHDIFF_TEST_UNIT_GRAPHFIXTURE_H
