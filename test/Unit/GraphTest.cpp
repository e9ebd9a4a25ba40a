//===- GraphTest.cpp - The dataflow-graph view of a body ------------------===//
//
// Slots (operands, then captured values), their producers and uses, and the
// canonical order, computed once when the view is built or first asked.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Graph/Graph.h"

#include "GraphFixture.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/AsmParser/AsmParserState.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/Support/SourceMgr.h"

using namespace mlir;
using namespace graphdiff;

namespace {

using GraphTest = test::GraphFixture;

// %g reads %x three times (three slots) and captures %d, %flag and %c in its
// body: %flag as the operand of a nested op, before %c inside that op's
// region (program order, not the order a post-order walk meets them).
constexpr const char *kCaptures = R"mlir(
#id = affine_map<(d0) -> (d0)>
func.func @f(%x: tensor<4xf32>, %n: index) -> (tensor<4xf32>, f32) {
  %c = arith.constant 1.000000e+00 : f32
  %d = arith.constant 2.000000e+00 : f32
  %flag = arith.constant true
  %g = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]} ins(%x, %x : tensor<4xf32>, tensor<4xf32>) outs(%x : tensor<4xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %0 = arith.addf %a, %d : f32
    %1 = scf.if %flag -> (f32) {
      %2 = arith.mulf %0, %c : f32
      scf.yield %2 : f32
    } else {
      scf.yield %0 : f32
    }
    %3 = arith.subf %1, %d : f32
    linalg.yield %3 : f32
  } -> tensor<4xf32>
  %e = arith.addf %c, %c : f32
  %unused = arith.mulf %d, %d : f32
  return %g, %e : tensor<4xf32>, f32
}
)mlir";

TEST_F(GraphTest, SlotsAreOperandsThenCapturesInFirstUseOrder) {
  std::unique_ptr<Graph> g = graph(kCaptures);
  ASSERT_TRUE(g);
  ASSERT_EQ(g->size(), 6u);
  Value x = g->getInputs()[0];
  Value c = g->getNode(0)->getResult(0), d = g->getNode(1)->getResult(0),
        flag = g->getNode(2)->getResult(0);
  // Operands as they are (%x three times), then the captures, each once.
  EXPECT_EQ(g->getSlots(3), ArrayRef<Value>({x, x, x, d, flag, c}));
  EXPECT_EQ(g->getSlotProducers(3),
            ArrayRef<int>({Graph::kNoProducer, Graph::kNoProducer,
                           Graph::kNoProducer, 1, 2, 0}));
  // The deduplicated inputs keep that order.
  EXPECT_EQ(g->getNodeInputs(3), ArrayRef<Value>({x, d, flag, c}));
  EXPECT_EQ(g->getSlots(4), ArrayRef<Value>({c, c}));
  EXPECT_EQ(g->getNodeInputs(4), ArrayRef<Value>({c}));
}

TEST_F(GraphTest, UsesNameTheReadingSlot) {
  std::unique_ptr<Graph> g = graph(kCaptures);
  ASSERT_TRUE(g);
  using Tuples = std::vector<std::tuple<unsigned, unsigned, unsigned>>;
  auto asTuples = [](ArrayRef<Graph::Use> uses) {
    Tuples tuples;
    for (const Graph::Use &use : uses)
      tuples.emplace_back(use.user, use.slot, use.result);
    return tuples;
  };
  // %c: captured by %g at slot 5, read twice by %e.
  EXPECT_EQ(asTuples(g->getUses(0)), Tuples({{3, 5, 0}, {4, 0, 0}, {4, 1, 0}}));
  EXPECT_EQ(g->getUsers(0), ArrayRef<unsigned>({3, 4}));
  // %d: captured by %g at slot 3, read twice by %unused.
  EXPECT_EQ(asTuples(g->getUses(1)), Tuples({{3, 3, 0}, {5, 0, 0}, {5, 1, 0}}));
  EXPECT_EQ(asTuples(g->getUses(2)), Tuples({{3, 4, 0}}));
  // %x: the three operand slots of %g; %n: nothing.
  EXPECT_EQ(asTuples(g->getInputUses(0)),
            Tuples({{3, 0, 0}, {3, 1, 0}, {3, 2, 0}}));
  EXPECT_TRUE(g->getInputUses(1).empty());
  EXPECT_EQ(asTuples(g->getUsesOf(g->getInputs()[0])),
            asTuples(g->getInputUses(0)));
  EXPECT_EQ(asTuples(g->getUsesOf(g->getNode(1)->getResult(0))),
            asTuples(g->getUses(1)));
  // Outputs are no slots, but keep their producers alive.
  EXPECT_TRUE(g->getUses(3).empty());
  EXPECT_FALSE(g->isDeadEnd(3));
  EXPECT_FALSE(g->isDeadEnd(4));
  EXPECT_TRUE(g->isDeadEnd(5));
}

TEST_F(GraphTest, CanonicalOrderIgnoresBlockOrderAndIsKept) {
  // lg ids name the nodes whatever their order in the block.
  const char *text = R"mlir(
lg.graph @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  %z = lg.node @z "Exp"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %a = lg.node @a "Sqrt"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %m = lg.node @m "Mul"(%z, %a) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %b = lg.node @b "Abs"(%m) : (tensor<4xf32>) -> tensor<4xf32>
  lg.output %b : tensor<4xf32>
}
)mlir";
  std::unique_ptr<Graph> g = graph(text);
  ASSERT_TRUE(g);
  // @z and @a are ready first: the smaller name goes first.
  ArrayRef<unsigned> order = g->getCanonicalOrder();
  EXPECT_EQ(order, ArrayRef<unsigned>({1, 0, 2, 3}));
  EXPECT_EQ(g->getCanonicalRanks(), ArrayRef<unsigned>({1, 0, 2, 3}));
  // Computed once: the same storage on the next call.
  EXPECT_EQ(g->getCanonicalOrder().data(), order.data());

  // Another block order gives the same nodes in the same order.
  for (unsigned seed = 0; seed < 4; ++seed) {
    std::unique_ptr<Graph> copy = graph(text);
    ASSERT_TRUE(copy);
    shuffle(copy->getOperation(), seed);
    copy = rebuild(copy->getOperation());
    std::vector<std::string> names, copyNames;
    for (unsigned node : g->getCanonicalOrder())
      names.push_back(g->getNodeRef(node).str());
    for (unsigned node : copy->getCanonicalOrder())
      copyNames.push_back(copy->getNodeRef(node).str());
    EXPECT_EQ(copyNames, names) << "seed " << seed;
    for (auto [rank, node] : llvm::enumerate(copy->getCanonicalOrder()))
      EXPECT_EQ(copy->getCanonicalRanks()[node], rank);
  }
}

TEST_F(GraphTest, EdgeRowsOfNodesWithAndWithoutCaptures) {
  std::unique_ptr<Graph> g = graph(kCaptures);
  ASSERT_TRUE(g);
  // Only %g's regions read values from outside it.
  for (unsigned i = 0; i < g->size(); ++i)
    EXPECT_EQ(g->hasCaptures(i), i == 3) << "node " << i;
  // Nodes without operands have empty rows; a node whose slots are
  // distinct has them as its inputs.
  EXPECT_TRUE(g->getSlots(0).empty());
  EXPECT_TRUE(g->getNodeInputs(0).empty());
  EXPECT_TRUE(g->getSlotProducers(0).empty());
  EXPECT_EQ(g->getUsers(3), ArrayRef<unsigned>());
  EXPECT_EQ(g->getUsers(1), ArrayRef<unsigned>({3, 5}));
  EXPECT_EQ(g->getUsers(2), ArrayRef<unsigned>({3}));
  EXPECT_TRUE(g->isOutputNode(3));
  EXPECT_TRUE(g->isOutputNode(4));
  EXPECT_FALSE(g->isOutputNode(5));
}

TEST_F(GraphTest, ProducerLookupsKnowOnlyNodes) {
  std::unique_ptr<Graph> g = graph(kCaptures);
  ASSERT_TRUE(g);
  for (unsigned i = 0; i < g->size(); ++i) {
    EXPECT_EQ(g->getIndex(g->getNode(i)), i);
    EXPECT_EQ(g->getProducer(g->getNode(i)->getResult(0)), i);
  }
  // The terminator, ops nested in a node and their values, graph inputs.
  EXPECT_EQ(g->getIndex(g->getTerminator()), std::nullopt);
  EXPECT_EQ(g->getIndex(nullptr), std::nullopt);
  Operation *nested = &g->getNode(3)->getRegion(0).front().front();
  EXPECT_EQ(g->getIndex(nested), std::nullopt);
  EXPECT_EQ(g->getProducer(nested->getResult(0)), std::nullopt);
  EXPECT_EQ(g->getProducer(g->getInputs()[0]), std::nullopt);
  EXPECT_TRUE(g->getUsesOf(nested->getResult(0)).empty());
}

// The index table grows as the nodes are entered (from 16 slots, at most
// half full): every node of a graph past many doublings is found, each slot
// producer is the node before, and the terminator is no node.
TEST_F(GraphTest, ProducerLookupsSurviveTheIndexGrowing) {
  constexpr unsigned n = 5000;
  std::string text = "func.func @f(%x: f32) -> f32 {\n"
                     "  %v0 = arith.addf %x, %x : f32\n";
  for (unsigned i = 1; i < n; ++i)
    text += "  %v" + std::to_string(i) + " = arith.addf %v" +
            std::to_string(i - 1) + ", %x : f32\n";
  text += "  return %v" + std::to_string(n - 1) + " : f32\n}\n";
  std::unique_ptr<Graph> g = graph(text);
  ASSERT_TRUE(g);
  ASSERT_EQ(g->size(), n);
  for (unsigned i = 0; i < n; ++i) {
    ASSERT_EQ(g->getIndex(g->getNode(i)), i);
    ASSERT_EQ(g->getProducer(g->getNode(i)->getResult(0)), i);
    int before = i == 0 ? Graph::kNoProducer : static_cast<int>(i - 1);
    ASSERT_EQ(g->getSlotProducers(i),
              ArrayRef<int>({before, Graph::kNoProducer}));
  }
  EXPECT_EQ(g->getIndex(g->getTerminator()), std::nullopt);
  EXPECT_EQ(g->getProducer(g->getInputs()[0]), std::nullopt);
}

// build() answers most producer lookups from the latest nodes it entered
// and the others from the index: slots that read the node just before and
// one made far earlier (long evicted from the latest) both get their
// producer.
TEST_F(GraphTest, SlotProducersNearAndFarBack) {
  constexpr unsigned n = 3000, far = 700;
  std::string text = "func.func @f(%x: f32) -> f32 {\n"
                     "  %v0 = arith.addf %x, %x : f32\n";
  for (unsigned i = 1; i < n; ++i)
    text += "  %v" + std::to_string(i) + " = arith.addf %v" +
            std::to_string(i - 1) + ", " +
            (i >= far ? "%v" + std::to_string(i - far) : std::string("%x")) +
            " : f32\n";
  text += "  return %v" + std::to_string(n - 1) + " : f32\n}\n";
  std::unique_ptr<Graph> g = graph(text);
  ASSERT_TRUE(g);
  ASSERT_EQ(g->size(), n);
  for (unsigned i = 1; i < n; ++i) {
    int farBack = i >= far ? static_cast<int>(i - far) : Graph::kNoProducer;
    ASSERT_EQ(g->getSlotProducers(i),
              ArrayRef<int>({static_cast<int>(i - 1), farBack}));
  }
}

TEST_F(GraphTest, SlotResultNumbersAreTheValuesOwn) {
  // %r has 300 results: numbers that do not fit the byte build() keeps are
  // read from the value.
  std::string types, yields;
  for (unsigned k = 0; k < 300; ++k) {
    types += k ? ", f32" : "f32";
    yields += k ? ", %x" : "%x";
  }
  std::string text = "func.func @f(%x: f32) -> f32 {\n"
                     "  %r:300 = scf.execute_region -> (" +
                     types + ") {\n    scf.yield " + yields + " : " + types +
                     "\n  }\n"
                     "  %s = arith.addf %r#1, %r#299 : f32\n"
                     "  %t = arith.addf %s, %x : f32\n"
                     "  %u = arith.addf %r#254, %r#255 : f32\n"
                     "  return %t : f32\n}\n";
  std::unique_ptr<Graph> g = graph(text.c_str());
  ASSERT_TRUE(g);
  EXPECT_EQ(g->getSlotResultNumber(1, 0), 1u);
  EXPECT_EQ(g->getSlotResultNumber(1, 1), 299u);
  EXPECT_EQ(g->getSlotResultNumber(2, 0), 0u);
  // A graph input has no producer: 0.
  EXPECT_EQ(g->getSlotResultNumber(2, 1), 0u);
  EXPECT_EQ(g->getSlotResultNumber(3, 0), 254u);
  EXPECT_EQ(g->getSlotResultNumber(3, 1), 255u);
  // The uses say the same.
  std::vector<unsigned> results;
  for (const Graph::Use &use : g->getUses(0))
    results.push_back(use.result);
  EXPECT_EQ(results, std::vector<unsigned>({1, 299, 254, 255}));
  EXPECT_FALSE(g->hasIdNodes());
  EXPECT_FALSE(g->readsMemRefs());
}

TEST_F(GraphTest, BuildSeesIdNodesAndMemRefReads) {
  std::unique_ptr<Graph> lg = graph(R"mlir(
lg.graph @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  %z = lg.node @z "Exp"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  lg.output %z : tensor<4xf32>
}
)mlir");
  ASSERT_TRUE(lg);
  EXPECT_TRUE(lg->hasIdNodes());
  EXPECT_FALSE(lg->readsMemRefs());
  std::unique_ptr<Graph> buffers = graph(R"mlir(
func.func @f(%m: memref<4xf32>, %i: index) -> f32 {
  %v = memref.load %m[%i] : memref<4xf32>
  return %v : f32
}
)mlir");
  ASSERT_TRUE(buffers);
  EXPECT_FALSE(buffers->hasIdNodes());
  EXPECT_TRUE(buffers->readsMemRefs());
}

TEST_F(GraphTest, ForwardReferencesInAGraphRegion) {
  // An lg.graph is a graph region: %m reads nodes defined after it.
  std::unique_ptr<Graph> g = graph(R"mlir(
lg.graph @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  %m = lg.node @m "Mul"(%z, %a) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %z = lg.node @z "Exp"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %a = lg.node @a "Sqrt"(%z) : (tensor<4xf32>) -> tensor<4xf32>
  lg.output %m : tensor<4xf32>
}
)mlir");
  ASSERT_TRUE(g);
  EXPECT_EQ(g->getSlotProducers(0), ArrayRef<int>({1, 2}));
  EXPECT_EQ(g->getSlotProducers(2), ArrayRef<int>({1}));
  EXPECT_EQ(g->getUsers(1), ArrayRef<unsigned>({0, 2}));
  EXPECT_EQ(g->getUsers(2), ArrayRef<unsigned>({0}));
  EXPECT_EQ(g->getCanonicalOrder(), ArrayRef<unsigned>({1, 2, 0}));
}

/// Parses `text` keeping the user's SSA names, and builds the view of @f
/// with them; null if the view cannot be built (`errors` gets why).
struct NamedGraph {
  // The names point into the buffer: it outlives the graph (members are
  // destroyed in reverse order).
  llvm::SourceMgr sourceMgr;
  mlir::OwningOpRef<ModuleOp> module;
  std::unique_ptr<AsmParserState> state;
  std::unique_ptr<SourceNames> names;
  std::unique_ptr<Graph> graph;
  std::string errors;

  NamedGraph(MLIRContext &context, StringRef text) {
    sourceMgr.AddNewSourceBuffer(llvm::MemoryBuffer::getMemBufferCopy(text),
                                 llvm::SMLoc());
    module = ModuleOp::create(UnknownLoc::get(&context));
    state = std::make_unique<AsmParserState>();
    ParserConfig config(&context);
    if (failed(parseAsmSourceFile(sourceMgr, module->getBody(), config,
                                  state.get())))
      return;
    names = std::make_unique<SourceNames>(*state);
    Operation *f = SymbolTable::lookupSymbolIn(*module, "f");
    ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
      errors += diag.str();
      return success();
    });
    FailureOr<std::unique_ptr<Graph>> built = Graph::build(f, names.get());
    if (succeeded(built))
      graph = std::move(*built);
  }
};

TEST_F(GraphTest, NamesOfTwoKindsMustNotClash) {
  // The user named a value as the graph names the first result-less op.
  NamedGraph clash(context, R"mlir(
func.func @f(%x: i1) -> i1 {
  %cf.assert.0 = arith.xori %x, %x : i1
  cf.assert %x, "one"
  return %cf.assert.0 : i1
}
)mlir");
  EXPECT_FALSE(clash.graph);
  EXPECT_EQ(clash.errors, "has the same name as another node: %cf.assert.0");

  // Otherwise the names are looked up by an index made on first use.
  NamedGraph fine(context, R"mlir(
func.func @f(%x: i1) -> i1 {
  %y = arith.xori %x, %x : i1
  cf.assert %x, "one"
  %0 = arith.andi %y, %x : i1
  return %0 : i1
}
)mlir");
  ASSERT_TRUE(fine.graph);
  const Graph &g = *fine.graph;
  EXPECT_EQ(g.getNodeName(0), "y");
  EXPECT_EQ(g.getNodeName(1), "cf.assert.0");
  EXPECT_EQ(g.getNodeName(2), "0");
  for (unsigned i = 0; i < g.size(); ++i)
    EXPECT_EQ(g.lookupNode(g.getNodeRef(i)), i);
  EXPECT_EQ(g.lookupValue(g.getValueRef(g.getNode(2)->getResult(0))),
            g.getNode(2)->getResult(0));
  EXPECT_EQ(g.lookupValue(g.getValueRef(g.getInputs()[0])), g.getInputs()[0]);
  EXPECT_EQ(g.lookupNode(NameRef("z", /*symbol=*/false)), std::nullopt);
}

TEST_F(GraphTest, LookupsAmongSomeNamesAnswerAsTheFullIndex) {
  // A node named like an input: `%arg0` is the node, `%arg1` the input.
  NamedGraph named(context, R"mlir(
func.func @f(%x: i1, %w: i1) -> i1 {
  %arg0 = arith.xori %x, %x : i1
  %y = arith.andi %arg0, %x : i1
  %z = arith.ori %y, %x : i1
  return %z : i1
}
)mlir");
  ASSERT_TRUE(named.graph);
  const Graph &g = *named.graph;
  MLIRContext *ctx = &context;
  auto ref = [](StringRef name, unsigned result = 0) {
    return NameRef(name, /*symbol=*/false, result);
  };
  // Names the graph has, a name it lacks, and `arg1`, which no node has.
  g.indexNamesAmong({StringAttr::get(ctx, "y").getValue(),
                     StringAttr::get(ctx, "arg0").getValue(),
                     StringAttr::get(ctx, "w").getValue(),
                     StringAttr::get(ctx, "arg1").getValue()});
  EXPECT_EQ(g.lookupNode(ref("y")), 1u);
  EXPECT_EQ(g.lookupValue(ref("arg0")), g.getNode(0)->getResult(0));
  EXPECT_EQ(g.lookupNode(ref("w")), std::nullopt);
  EXPECT_EQ(g.lookupValue(ref("arg1")), g.getInputs()[1]);
  EXPECT_EQ(g.lookupValue(ref("y", 1)), Value());
  // A name not among them: the full index answers.
  EXPECT_EQ(g.lookupNode(ref("z")), 2u);
  EXPECT_EQ(g.lookupNode(ref("y")), 1u);
  EXPECT_EQ(g.lookupNode(ref("w")), std::nullopt);
}

TEST_F(GraphTest, CanonicalOrderComparesLongNamesInFull) {
  // Names alike in their first eight bytes, and one a prefix of another.
  NamedGraph named(context, R"mlir(
func.func @f(%x: f32) -> (f32, f32, f32, f32) {
  %activation_b = math.exp %x : f32
  %activation_a = math.sqrt %x : f32
  %activation = math.absf %x : f32
  %activatio = math.ceil %x : f32
  return %activation_b, %activation_a, %activation, %activatio : f32, f32, f32, f32
}
)mlir");
  ASSERT_TRUE(named.graph);
  EXPECT_EQ(named.graph->getCanonicalOrder(), ArrayRef<unsigned>({3, 2, 1, 0}));
}

TEST_F(GraphTest, NamesOnDemandAreTheNamesBuildGives) {
  // The printer names every node of the first graph: its names wait for a
  // first use. The second has a result-less op too: named at once.
  for (const char *text : {kCaptures, R"mlir(
func.func @f(%x: i1) -> i1 {
  %y = arith.xori %x, %x : i1
  cf.assert %x, "one"
  %0 = arith.andi %y, %x : i1
  return %0 : i1
}
)mlir"}) {
    std::unique_ptr<Graph> eager = graph(text);
    ASSERT_TRUE(eager);
    FailureOr<std::unique_ptr<Graph>> built =
        Graph::buildNamedOnDemand(eager->getOperation());
    ASSERT_TRUE(succeeded(built));
    const Graph &lazy = **built;
    ASSERT_EQ(lazy.size(), eager->size());
    // Asked for in another order than build() names them: all at once.
    for (unsigned i = lazy.size(); i-- > 0;) {
      EXPECT_EQ(lazy.getNodeRefText(i), eager->getNodeRefText(i));
      EXPECT_EQ(lazy.getNodeName(i), eager->getNodeName(i));
      EXPECT_EQ(lazy.lookupNode(eager->getNodeRef(i)), i);
    }
    EXPECT_EQ(lazy.getCanonicalOrder(), eager->getCanonicalOrder());
  }
}

} // namespace
