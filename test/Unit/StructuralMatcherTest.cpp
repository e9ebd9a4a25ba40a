//===- StructuralMatcherTest.cpp - Matching id-less graphs by structure ---===//
//
// The hashes see content and structure, never pointers or order; the stage
// pairs what is unique, resolves twins by context, and leaves ties free.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Differ/StructuralMatcher.h"
#include "GraphDiff/Dialect/LG/IR/LG.h"
#include "GraphDiff/Dialect/Patch/IR/Patch.h"
#include "GraphDiff/Differ/GraphDiffer.h"
#include "GraphDiff/Graph/Graph.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/InitAllDialects.h"
#include "mlir/Parser/Parser.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <random>

using namespace mlir;
using namespace graphdiff;

namespace {

class StructuralMatcherTest : public ::testing::Test {
protected:
  StructuralMatcherTest() {
    DialectRegistry registry;
    registerAllDialects(registry);
    registry.insert<lg::LGDialect, patch::PatchDialect>();
    context.appendDialectRegistry(registry);
    context.loadAllAvailableDialects();
  }

  /// Parses `text` and returns the graph of its function @f. Locations are
  /// dropped unless `keepLocations`, so that only structure can match.
  std::unique_ptr<Graph> graph(StringRef text, bool keepLocations = false) {
    OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(text, &context);
    EXPECT_TRUE(module);
    if (!module)
      return nullptr;
    if (!keepLocations)
      module->walk(
          [&](Operation *op) { op->setLoc(UnknownLoc::get(&context)); });
    Operation *f = SymbolTable::lookupSymbolIn(*module, "f");
    modules.push_back(std::move(module));
    FailureOr<std::unique_ptr<Graph>> result = Graph::build(f);
    EXPECT_TRUE(succeeded(result));
    return succeeded(result) ? std::move(*result) : nullptr;
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
    OpBuilder builder(&context);
    OwningOpRef<ModuleOp> holder = ModuleOp::create(UnknownLoc::get(&context));
    builder.setInsertionPointToEnd(holder->getBody());
    GraphDiff result = diffGraphs(source, target, builder, options);
    if (mappingOut)
      *mappingOut = result.mapping;
    std::string text;
    llvm::raw_string_ostream os(text);
    result.plan.print(os);
    return text;
  }

  /// Moves the body of @f of `module` into a random topological order.
  static void shuffle(Operation *f, unsigned seed) {
    Block &body = f->getRegion(0).front();
    SmallVector<Operation *> nodes;
    for (Operation &op : body.without_terminator())
      nodes.push_back(&op);
    llvm::DenseMap<Operation *, unsigned> pending;
    llvm::DenseMap<Operation *, SmallVector<Operation *>> users;
    for (Operation *node : nodes) {
      llvm::SmallPtrSet<Operation *, 4> producers;
      node->walk([&](Operation *inner) {
        for (Value operand : inner->getOperands())
          if (Operation *def = operand.getDefiningOp())
            if (def->getBlock() == &body && def != node)
              producers.insert(def);
      });
      pending[node] = producers.size();
      for (Operation *producer : producers)
        users[producer].push_back(node);
    }
    std::mt19937 rng(seed);
    SmallVector<Operation *> ready, order;
    for (Operation *node : nodes)
      if (pending[node] == 0)
        ready.push_back(node);
    while (!ready.empty()) {
      std::swap(ready[rng() % ready.size()], ready.back());
      Operation *next = ready.pop_back_val();
      order.push_back(next);
      for (Operation *user : users[next])
        if (--pending[user] == 0)
          ready.push_back(user);
    }
    ASSERT_EQ(order.size(), nodes.size());
    for (Operation *node : order)
      node->moveBefore(body.getTerminator());
  }

  MLIRContext context;
  std::vector<OwningOpRef<ModuleOp>> modules;
};

constexpr const char *kModel = R"mlir(
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

TEST_F(StructuralMatcherTest, HashesIgnoreOrderAndNames) {
  std::unique_ptr<Graph> a = graph(kModel);
  std::unique_ptr<Graph> b = graph(kModel);
  ASSERT_TRUE(a && b);
  for (unsigned seed = 0; seed < 5; ++seed) {
    shuffle(b->getOperation(), seed);
    std::unique_ptr<Graph> shuffled = *Graph::build(b->getOperation());
    StructureHashes ha = hashStructure(*a), hb = hashStructure(*shuffled);
    EXPECT_EQ(sorted(ha.content), sorted(hb.content));
    EXPECT_EQ(sorted(ha.forward), sorted(hb.forward));
    EXPECT_EQ(sorted(ha.backward), sorted(hb.backward));
  }
}

TEST_F(StructuralMatcherTest, ShuffledCopiesGiveEmptyPlans) {
  std::unique_ptr<Graph> a = graph(kModel);
  ASSERT_TRUE(a);
  for (unsigned seed = 0; seed < 10; ++seed) {
    std::unique_ptr<Graph> copy = graph(kModel);
    shuffle(copy->getOperation(), seed);
    copy = *Graph::build(copy->getOperation());
    NodeMapping mapping(0, 0);
    std::string plan = diff(*a, *copy, &mapping);
    EXPECT_EQ(plan, "patch.plan @f to @f {\n}") << "seed " << seed;
    // Every node is paired, the twins %a/%b and %g/%h by their context.
    for (unsigned s = 0; s < a->size(); ++s) {
      std::optional<unsigned> t = mapping.getTarget(s);
      ASSERT_TRUE(t) << a->getNodeRef(s).str();
      EXPECT_EQ(a->getNode(s)->getName(), copy->getNode(*t)->getName());
    }
  }
}

TEST_F(StructuralMatcherTest, CommutativeOperandsAreCanonical) {
  std::unique_ptr<Graph> g = graph(R"mlir(
func.func @f(%x: f32, %y: f32) -> (f32, f32, f32, f32) {
  %a = arith.addf %x, %y : f32
  %b = arith.addf %y, %x : f32
  %c = arith.subf %x, %y : f32
  %d = arith.subf %y, %x : f32
  return %a, %b, %c, %d : f32, f32, f32, f32
}
)mlir");
  ASSERT_TRUE(g);
  StructureHashes h = hashStructure(*g);
  EXPECT_EQ(h.forward[0], h.forward[1]); // addf commutes
  EXPECT_NE(h.forward[2], h.forward[3]); // subf does not
  EXPECT_EQ(h.content[2], h.content[3]);
}

TEST_F(StructuralMatcherTest, RegionsHashByStructureAndCaptures) {
  std::unique_ptr<Graph> g = graph(R"mlir(
#id = affine_map<(d0) -> (d0)>
func.func @f(%x: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) {
  %one = arith.constant 1.000000e+00 : f32
  %two = arith.constant 2.000000e+00 : f32
  %init = tensor.empty() : tensor<8xf32>
  %p = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : tensor<8xf32>) outs(%init : tensor<8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.addf %in, %one : f32
    linalg.yield %0 : f32
  } -> tensor<8xf32>
  %q = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : tensor<8xf32>) outs(%init : tensor<8xf32>) {
  ^bb0(%a: f32, %b: f32):
    %1 = arith.addf %a, %two : f32
    linalg.yield %1 : f32
  } -> tensor<8xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : tensor<8xf32>) outs(%init : tensor<8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.subf %in, %one : f32
    linalg.yield %0 : f32
  } -> tensor<8xf32>
  return %p, %q, %r : tensor<8xf32>, tensor<8xf32>, tensor<8xf32>
}
)mlir");
  ASSERT_TRUE(g);
  StructureHashes h = hashStructure(*g);
  // Same body up to names: same content; the captured constant differs, so
  // the cones differ.
  EXPECT_EQ(h.content[3], h.content[4]);
  EXPECT_NE(h.forward[3], h.forward[4]);
  // A different body.
  EXPECT_NE(h.content[3], h.content[5]);
}

TEST_F(StructuralMatcherTest, FlagsIgnoreLocationsAndDiscardableAttributes) {
  std::unique_ptr<Graph> g = graph(R"mlir(
func.func @f(%x: f32) -> (f32, f32) {
  %a = math.exp %x {my.tag = 1 : i64} : f32 loc("a.py":1:1)
  %b = math.exp %x : f32 loc("b.py":2:2)
  return %a, %b : f32, f32
}
)mlir",
                                   /*keepLocations=*/true);
  ASSERT_TRUE(g);
  StructureOptions options;
  StructureHashes byDefault = hashStructure(*g, options);
  EXPECT_NE(byDefault.content[0], byDefault.content[1]);
  options.ignoreDiscardableAttrs = true;
  StructureHashes ignoring = hashStructure(*g, options);
  EXPECT_EQ(ignoring.content[0], ignoring.content[1]);
  options.ignoreLocations = false;
  StructureHashes located = hashStructure(*g, options);
  EXPECT_NE(located.content[0], located.content[1]);
}

TEST_F(StructuralMatcherTest, TiesStayUnmatchedAndAreReported) {
  std::unique_ptr<Graph> source = graph(R"mlir(
func.func @f(%x: f32) -> (f32, f32) {
  %c1 = arith.constant 2.000000e+00 : f32
  %c2 = arith.constant 2.000000e+00 : f32
  %m = arith.mulf %x, %c1 : f32
  %d = arith.divf %x, %c2 : f32
  return %m, %d : f32, f32
}
)mlir");
  std::unique_ptr<Graph> target = graph(R"mlir(
func.func @f(%x: f32) -> (f32, f32) {
  %c = arith.constant 2.000000e+00 : f32
  %m = arith.mulf %x, %c : f32
  %d = arith.divf %x, %c : f32
  return %m, %d : f32, f32
}
)mlir");
  ASSERT_TRUE(source && target);
  NodeMapping mapping(source->size(), target->size());
  matchByStructure(*source, *target, mapping);
  EXPECT_FALSE(mapping.getTarget(0));
  EXPECT_FALSE(mapping.getTarget(1));
  EXPECT_TRUE(mapping.isSourceAmbiguous(0));
  EXPECT_TRUE(mapping.isSourceAmbiguous(1));
  EXPECT_TRUE(mapping.isTargetAmbiguous(0));
  // The users are unique and still matched.
  EXPECT_EQ(mapping.getTarget(2), 1u);
  EXPECT_EQ(mapping.getTarget(3), 2u);
  MatchStats stats = computeMatchStats(*source, *target, mapping);
  EXPECT_EQ(stats.lowerBound, 1u); // one constant too many
  EXPECT_EQ(stats.unchangedUnmatched, 1u);
  EXPECT_EQ(stats.ambiguous, 3u);
}

TEST_F(StructuralMatcherTest, ChangedUpstreamMatchedByDownstream) {
  // The input of the chain changed kind (exp -> log); everything below it is
  // the same, so the backward hash pairs the nodes whose cones changed.
  const char *sourceText = R"mlir(
func.func @f(%x: f32, %y: f32) -> f32 {
  %a = math.exp %x : f32
  %b = arith.mulf %a, %y : f32
  %c = math.sqrt %b : f32
  %d = arith.negf %c : f32
  return %d : f32
}
)mlir";
  std::unique_ptr<Graph> source = graph(sourceText);
  std::unique_ptr<Graph> target =
      graph(std::string(sourceText)
                .replace(std::string(sourceText).find("exp"), 3, "log"));
  ASSERT_TRUE(source && target);
  NodeMapping mapping(source->size(), target->size());
  matchByStructure(*source, *target, mapping);
  for (unsigned s = 0; s < source->size(); ++s) {
    EXPECT_EQ(mapping.getTarget(s), s);
    EXPECT_EQ(mapping.getPairStage(s), MatchStage::Structure);
  }
  // The whole differ gives that one update.
  std::string plan = diff(*source, *target);
  EXPECT_NE(plan.find("patch.update %0 changes [\"kind\"] inputs(%arg0) "
                      "stage \"structure\""),
            std::string::npos)
      << plan;
  EXPECT_EQ(plan.find("patch.update %1"), std::string::npos) << plan;
}

} // namespace

namespace {

TEST_F(StructuralMatcherTest, UnregisteredOpsWithProperties) {
  context.allowUnregisteredDialects();
  const char *text = R"mlir(
func.func @f(%x: f32) -> f32 {
  %a = "foo.bar"(%x) {k = 1 : i64} : (f32) -> f32
  %b = "foo.baz"(%a) <{p = 2 : i64}> : (f32) -> f32
  return %b : f32
}
)mlir";
  std::unique_ptr<Graph> source = graph(text);
  std::unique_ptr<Graph> same = graph(text);
  std::string changedText(text);
  changedText.replace(changedText.find("p = 2"), 5, "p = 3");
  std::unique_ptr<Graph> changed = graph(changedText);
  ASSERT_TRUE(source && same && changed);
  EXPECT_EQ(diff(*source, *same), "patch.plan @f to @f {\n}");
  std::string plan = diff(*source, *changed);
  EXPECT_NE(plan.find("patch.update %1 changes [\"attributes\"]"),
            std::string::npos)
      << plan;
  EXPECT_EQ(plan.find("patch.delete"), std::string::npos) << plan;
}

} // namespace
