//===- IsomorphismTest.cpp - Comparing two graphs -------------------------===//
//
// findMismatch finds isomorphic graphs the same whatever their order, and
// says why two graphs differ: a rewired edge, an attribute, an output...
//
//===----------------------------------------------------------------------===//

#include "ApplyPlanFixture.h"

#include <random>

using namespace mlir;
using namespace graphdiff;

namespace {
using IsomorphismTest = test::ApplyPlanFixture;
} // namespace

static const char *const kDiamond = R"mlir(
lg.graph @a(%x: tensor<4xf32>, %y: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %s = lg.node @stem "Conv"(%x) stateful : (tensor<4xf32>) -> tensor<4xf32>
  %l = lg.node @left "ReLU"(%s) : (tensor<4xf32>) -> tensor<4xf32>
  %r = lg.node @right "ReLU"(%s) : (tensor<4xf32>) -> tensor<4xf32>
  %j = lg.node @join "Add"(%l, %r) metadata {alpha = 1 : i64} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %t = lg.node @tail "Mul"(%j, %y) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %d = lg.node @dead "Print"(%l) : (tensor<4xf32>) -> tensor<4xf32>
  lg.output %t, %l : tensor<4xf32>, tensor<4xf32>
}
)mlir";

/// kDiamond's @a as @b, its nodes in another order.
static const char *const kShuffledDiamond = R"mlir(
lg.graph @b(%x: tensor<4xf32>, %y: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %d = lg.node @dead "Print"(%l) : (tensor<4xf32>) -> tensor<4xf32>
  %t = lg.node @tail "Mul"(%j, %y) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %r = lg.node @right "ReLU"(%s) : (tensor<4xf32>) -> tensor<4xf32>
  %j = lg.node @join "Add"(%l, %r) metadata {alpha = 1 : i64} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %s = lg.node @stem "Conv"(%x) stateful : (tensor<4xf32>) -> tensor<4xf32>
  %l = lg.node @left "ReLU"(%s) : (tensor<4xf32>) -> tensor<4xf32>
  lg.output %t, %l : tensor<4xf32>, tensor<4xf32>
}
)mlir";

/// kDiamond's @a as @b, @tail reading %x where @a's reads %y.
static const char *const kRewiredDiamond = R"mlir(
lg.graph @b(%x: tensor<4xf32>, %y: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %s = lg.node @stem "Conv"(%x) stateful : (tensor<4xf32>) -> tensor<4xf32>
  %l = lg.node @left "ReLU"(%s) : (tensor<4xf32>) -> tensor<4xf32>
  %r = lg.node @right "ReLU"(%s) : (tensor<4xf32>) -> tensor<4xf32>
  %j = lg.node @join "Add"(%l, %r) metadata {alpha = 1 : i64} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %t = lg.node @tail "Mul"(%j, %x) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %d = lg.node @dead "Print"(%l) : (tensor<4xf32>) -> tensor<4xf32>
  lg.output %t, %l : tensor<4xf32>, tensor<4xf32>
}
)mlir";

TEST_F(IsomorphismTest, AGraphIsIsomorphicToAShuffledCopy) {
  EXPECT_EQ(compare(std::string(kDiamond) + kShuffledDiamond), "");
}

TEST_F(IsomorphismTest, ARewiredEdgeIsAMismatch) {
  EXPECT_EQ(compare(std::string(kDiamond) + kRewiredDiamond),
            "operand #1 comes from %arg1 here but from %arg0 in the target");
}

TEST_F(IsomorphismTest, AChangedAttributeIsAMismatch) {
  EXPECT_EQ(compare(std::string(kDiamond) + R"mlir(
lg.graph @b(%x: tensor<4xf32>, %y: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %s = lg.node @stem "Conv"(%x) stateful : (tensor<4xf32>) -> tensor<4xf32>
  %l = lg.node @left "ReLU"(%s) : (tensor<4xf32>) -> tensor<4xf32>
  %r = lg.node @right "ReLU"(%s) : (tensor<4xf32>) -> tensor<4xf32>
  %j = lg.node @join "Add"(%l, %r) metadata {alpha = 2 : i64} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %t = lg.node @tail "Mul"(%j, %y) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %d = lg.node @dead "Print"(%l) : (tensor<4xf32>) -> tensor<4xf32>
  lg.output %t, %l : tensor<4xf32>, tensor<4xf32>
}
)mlir"),
            "attribute 'metadata' differs: {alpha = 1 : i64} vs {alpha = 2 : "
            "i64}");
}

TEST_F(IsomorphismTest, SwappedOutputsAreAMismatch) {
  EXPECT_EQ(compare(std::string(kDiamond) + R"mlir(
lg.graph @b(%x: tensor<4xf32>, %y: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %s = lg.node @stem "Conv"(%x) stateful : (tensor<4xf32>) -> tensor<4xf32>
  %l = lg.node @left "ReLU"(%s) : (tensor<4xf32>) -> tensor<4xf32>
  %r = lg.node @right "ReLU"(%s) : (tensor<4xf32>) -> tensor<4xf32>
  %j = lg.node @join "Add"(%l, %r) metadata {alpha = 1 : i64} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %t = lg.node @tail "Mul"(%j, %y) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %d = lg.node @dead "Print"(%l) : (tensor<4xf32>) -> tensor<4xf32>
  lg.output %l, %t : tensor<4xf32>, tensor<4xf32>
}
)mlir"),
            "output #0 differs: @tail here but @left in the target");
}

TEST_F(IsomorphismTest, AMissingNodeIsAMismatch) {
  EXPECT_EQ(compare(std::string(kDiamond) + R"mlir(
lg.graph @b(%x: tensor<4xf32>, %y: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %s = lg.node @stem "Conv"(%x) stateful : (tensor<4xf32>) -> tensor<4xf32>
  %l = lg.node @left "ReLU"(%s) : (tensor<4xf32>) -> tensor<4xf32>
  %r = lg.node @right "ReLU"(%s) : (tensor<4xf32>) -> tensor<4xf32>
  %j = lg.node @join "Add"(%l, %r) metadata {alpha = 1 : i64} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %t = lg.node @tail "Mul"(%j, %y) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  lg.output %t, %l : tensor<4xf32>, tensor<4xf32>
}
)mlir"),
            "extra node @dead in the applied graph");
}

TEST_F(IsomorphismTest, AChangedDeadEndIsReportedAsChanged) {
  EXPECT_EQ(compare(std::string(kDiamond) + R"mlir(
lg.graph @b(%x: tensor<4xf32>, %y: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %s = lg.node @stem "Conv"(%x) stateful : (tensor<4xf32>) -> tensor<4xf32>
  %l = lg.node @left "ReLU"(%s) : (tensor<4xf32>) -> tensor<4xf32>
  %r = lg.node @right "ReLU"(%s) : (tensor<4xf32>) -> tensor<4xf32>
  %j = lg.node @join "Add"(%l, %r) metadata {alpha = 1 : i64} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %t = lg.node @tail "Mul"(%j, %y) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %d = lg.node @dead "Log"(%l) : (tensor<4xf32>) -> tensor<4xf32>
  lg.output %t, %l : tensor<4xf32>, tensor<4xf32>
}
)mlir"),
            "attribute 'kind' differs: \"Print\" vs \"Log\"");
}

TEST_F(IsomorphismTest, SymmetricNodesArePairedConsistently) {
  // Two identical dead ends hang off two identical nodes, one of which is the
  // output: the dead ends must follow the pairing the output forces.
  EXPECT_EQ(compare(R"mlir(
func.func @a(%x: tensor<4xf32>) -> tensor<4xf32> {
  %p = arith.negf %x : tensor<4xf32>
  %q = arith.negf %x : tensor<4xf32>
  %d1 = arith.addf %p, %p : tensor<4xf32>
  %d2 = arith.addf %q, %q : tensor<4xf32>
  return %q : tensor<4xf32>
}
func.func @b(%x: tensor<4xf32>) -> tensor<4xf32> {
  %q = arith.negf %x : tensor<4xf32>
  %d2 = arith.addf %q, %q : tensor<4xf32>
  %p = arith.negf %x : tensor<4xf32>
  %d1 = arith.addf %p, %p : tensor<4xf32>
  return %q : tensor<4xf32>
}
)mlir"),
            "");
  // The same with one dead end reading the other node.
  EXPECT_EQ(compare(R"mlir(
func.func @a(%x: tensor<4xf32>) -> tensor<4xf32> {
  %q = arith.negf %x : tensor<4xf32>
  %p = arith.negf %x : tensor<4xf32>
  %d2 = arith.addf %q, %q : tensor<4xf32>
  %d1 = arith.addf %p, %p : tensor<4xf32>
  return %q : tensor<4xf32>
}
func.func @b(%x: tensor<4xf32>) -> tensor<4xf32> {
  %q = arith.negf %x : tensor<4xf32>
  %d2 = arith.addf %q, %q : tensor<4xf32>
  %p = arith.negf %x : tensor<4xf32>
  %d1 = arith.addf %q, %q : tensor<4xf32>
  return %q : tensor<4xf32>
}
)mlir"),
            "operand #0 comes from %1 here but from %0 in the target");
}

TEST_F(IsomorphismTest, ComparesFunctionsWithNestedRegions) {
  const char *generic = R"mlir(
#map = affine_map<(d0) -> (d0)>
func.func @a(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %c = arith.constant 2.0 : f32
  %0 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]}
      ins(%a : tensor<4xf32>) outs(%b : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %s = arith.mulf %in, %c : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
func.func @b(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %c = arith.constant 2.0 : f32
  %0 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]}
      ins(%a : tensor<4xf32>) outs(%b : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %s = arith.BODY %in, %c : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
)mlir";
  std::string same = generic;
  same.replace(same.find("BODY"), 4, "mulf");
  EXPECT_EQ(compare(same), "");
  std::string other = generic;
  other.replace(other.find("BODY"), 4, "addf");
  EXPECT_EQ(compare(other), "region #0 differs");
}

TEST_F(IsomorphismTest, DifferentInputsAreAMismatch) {
  EXPECT_EQ(compare(R"mlir(
lg.graph @a(%x: tensor<4xf32>) -> tensor<4xf32> {
  lg.output %x : tensor<4xf32>
}
lg.graph @b(%x: tensor<8xf32>) -> tensor<8xf32> {
  lg.output %x : tensor<8xf32>
}
)mlir"),
            "input #0 has type tensor<4xf32> here but tensor<8xf32> in the "
            "target");
}

TEST_F(IsomorphismTest, ComparesLocationsOnlyWhenAsked) {
  ModuleOp module = parse(R"mlir(
lg.graph @a(%x: tensor<4xf32>) -> tensor<4xf32> {
  %r = lg.node @r "ReLU"(%x) : (tensor<4xf32>) -> tensor<4xf32> loc("a.py":1:1)
  lg.output %r : tensor<4xf32>
}
lg.graph @b(%x: tensor<4xf32>) -> tensor<4xf32> {
  %r = lg.node @r "ReLU"(%x) : (tensor<4xf32>) -> tensor<4xf32> loc("a.py":2:1)
  lg.output %r : tensor<4xf32>
}
)mlir");
  ASSERT_TRUE(module) << diagnostics;
  std::unique_ptr<Graph> a = graphOf(symbol(module, "a"));
  std::unique_ptr<Graph> b = graphOf(symbol(module, "b"));
  ASSERT_TRUE(a && b);
  EXPECT_FALSE(findMismatch(*a, *b));
  std::optional<GraphMismatch> mismatch =
      findMismatch(*a, *b, /*ignoreLocations=*/false);
  ASSERT_TRUE(mismatch);
  EXPECT_EQ(mismatch->reason, "location differs");

  // The mismatch is reported at the target node, with a note at the other.
  diagnostics.clear();
  EXPECT_TRUE(failed(emitMismatch(*mismatch)));
  EXPECT_NE(diagnostics.find("location differs"), std::string::npos)
      << diagnostics;
}

/// A random DAG of `n` lg nodes with few kinds, written in `order`.
static std::string randomGraph(StringRef name, unsigned n, unsigned seed,
                               bool shuffle, int rewire = -1) {
  std::mt19937 rng(seed);
  // Inputs of node i: one or two earlier nodes or graph inputs (-1, -2).
  std::vector<std::vector<int>> inputs(n);
  for (unsigned i = 0; i < n; ++i) {
    unsigned count = 1 + rng() % 2;
    for (unsigned k = 0; k < count; ++k)
      inputs[i].push_back(int(rng() % (i + 2)) - 2);
  }
  if (rewire >= 0) {
    // Point the first input of node `rewire` somewhere else.
    int &input = inputs[rewire][0];
    input = input == -1 ? -2 : -1;
  }
  std::vector<unsigned> order(n);
  for (unsigned i = 0; i < n; ++i)
    order[i] = i;
  if (shuffle)
    for (unsigned i = n; i > 1; --i)
      std::swap(order[i - 1], order[rng() % i]);
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "lg.graph @" << name
     << "(%x: tensor<4xf32>, %y: tensor<4xf32>) -> (tensor<4xf32>, "
        "tensor<4xf32>) {\n";
  auto value = [](int input) -> std::string {
    if (input == -2)
      return "%x";
    if (input == -1)
      return "%y";
    return "%n" + std::to_string(input);
  };
  for (unsigned i : order) {
    os << "  %n" << i << " = lg.node @n" << i << " \"K" << i % 3 << "\"(";
    for (size_t k = 0; k < inputs[i].size(); ++k)
      os << (k ? ", " : "") << value(inputs[i][k]);
    os << ") : (";
    for (size_t k = 0; k < inputs[i].size(); ++k)
      os << (k ? ", " : "") << "tensor<4xf32>";
    os << ") -> tensor<4xf32>\n";
  }
  os << "  lg.output %n" << n - 1 << ", %n" << n / 2
     << " : tensor<4xf32>, tensor<4xf32>\n}\n";
  return text;
}

TEST_F(IsomorphismTest, RandomGraphsAndTheirShuffledCopies) {
  for (unsigned seed = 0; seed < 20; ++seed) {
    unsigned n = 30 + seed;
    std::string same = randomGraph("a", n, seed, false) +
                       randomGraph("b", n, seed, /*shuffle=*/true);
    EXPECT_EQ(compare(same), "") << same;
    // Rewiring one input (a graph input, so the reason is fixed) is caught.
    unsigned victim = seed % n;
    std::string rewired =
        randomGraph("a", n, seed, false) +
        randomGraph("b", n, seed, /*shuffle=*/true, /*rewire=*/victim);
    EXPECT_NE(compare(rewired), "") << rewired;
  }
}

TEST_F(IsomorphismTest, ResourceBlobsCompareByContent) {
  // Parsing the same file twice into one context renames the second copy's
  // blob; the constants are still the same.
  const char *text = R"mlir(
func.func @g(%x: tensor<2xf32>) -> tensor<2xf32> {
  %w = arith.constant dense_resource<weights> : tensor<2xf32>
  %0 = arith.addf %x, %w : tensor<2xf32>
  return %0 : tensor<2xf32>
}
{-#
  dialect_resources: {
    builtin: {
      weights: "0x040000000000803F00000040"
    }
  }
#-}
)mlir";
  ModuleOp first = parse(text);
  ModuleOp second = parse(text);
  std::string changed = text;
  changed.replace(changed.find("00000040"), 8, "00004040");
  ModuleOp third = parse(changed);
  ASSERT_TRUE(first && second && third) << diagnostics;
  std::unique_ptr<Graph> a = graphOf(symbol(first, "g"));
  std::unique_ptr<Graph> b = graphOf(symbol(second, "g"));
  std::unique_ptr<Graph> c = graphOf(symbol(third, "g"));
  ASSERT_TRUE(a && b && c);
  EXPECT_NE(a->getNode(0)->getAttrDictionary(),
            b->getNode(0)->getAttrDictionary())
      << "the parser no longer renames blobs; this test tests nothing";
  std::optional<GraphMismatch> same = findMismatch(*a, *b);
  EXPECT_FALSE(same) << same->reason;
  std::optional<GraphMismatch> different = findMismatch(*a, *c);
  ASSERT_TRUE(different);
  EXPECT_EQ(different->reason.rfind("attribute 'value' differs", 0), 0u)
      << different->reason;
}

/// (a, b) node pairs of two lg graphs, by id: `swap` pairs these two ids of
/// `a` with each other's counterparts.
static std::vector<std::pair<unsigned, unsigned>>
pairsById(const Graph &a, const Graph &b,
          std::pair<StringRef, StringRef> swap = {}) {
  std::vector<std::pair<unsigned, unsigned>> pairs;
  for (unsigned i = 0; i < a.size(); ++i) {
    StringRef id = a.getNodeName(i);
    if (id == swap.first)
      id = swap.second;
    else if (id == swap.second)
      id = swap.first;
    for (unsigned j = 0; j < b.size(); ++j)
      if (b.getNodeName(j) == id)
        pairs.push_back({i, j});
  }
  return pairs;
}

TEST_F(IsomorphismTest, APairingToTryIsCheckedNotTrusted) {
  ModuleOp module = parse(std::string(kDiamond) + kShuffledDiamond);
  ModuleOp rewired = parse(std::string(kDiamond) + kRewiredDiamond);
  ASSERT_TRUE(module && rewired) << diagnostics;
  std::unique_ptr<Graph> a = graphOf(symbol(module, "a"));
  std::unique_ptr<Graph> b = graphOf(symbol(module, "b"));
  std::unique_ptr<Graph> c = graphOf(symbol(rewired, "b"));
  ASSERT_TRUE(a && b && c);
  // The right pairing, whole or in part (the rest by position): isomorphic.
  std::vector<std::pair<unsigned, unsigned>> right = pairsById(*a, *b);
  ASSERT_EQ(right.size(), a->size());
  EXPECT_FALSE(findMismatch(*a, *b, true, right));
  EXPECT_FALSE(findMismatch(*a, *b, true, ArrayRef(right).take_front(2)));
  // A wrong one (@left and @right read the same node but feed different
  // slots and outputs) fails its check: the search still finds the graphs
  // isomorphic.
  std::vector<std::pair<unsigned, unsigned>> wrong =
      pairsById(*a, *b, {"left", "right"});
  EXPECT_FALSE(findMismatch(*a, *b, true, wrong));
  // Pairs out of range are ignored.
  EXPECT_FALSE(findMismatch(*a, *b, true, {{99, 0}, {0, 99}}));
  // Graphs that differ: the mismatch the search reports, with or without a
  // pairing to try.
  std::optional<GraphMismatch> alone = findMismatch(*a, *c);
  std::optional<GraphMismatch> tried =
      findMismatch(*a, *c, true, pairsById(*a, *c));
  ASSERT_TRUE(alone && tried);
  EXPECT_EQ(tried->reason, alone->reason);
  EXPECT_EQ(tried->target, alone->target);
  EXPECT_EQ(tried->applied, alone->applied);
}
