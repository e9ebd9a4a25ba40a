//===- StructuralHashTest.cpp - Hashes of nodes and their cones -----------===//
//
// The hashes see content and structure, never node order or SSA names; they
// see attributes as isSameAttribute does (a resource blob by its bytes), and
// the options leave out what they say.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Graph/StructuralHash.h"
#include "GraphDiff/Graph/AttributeEquivalence.h"

#include "GraphFixture.h"

using namespace mlir;
using namespace graphdiff;

namespace {

using StructuralHashTest = test::GraphFixture;

TEST_F(StructuralHashTest, HashesIgnoreOrderAndNames) {
  std::unique_ptr<Graph> a = graph(test::kModel);
  std::unique_ptr<Graph> b = graph(test::kModel);
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

TEST_F(StructuralHashTest, CommutativeOperandsAreCanonical) {
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

TEST_F(StructuralHashTest, TheVisitorSeesEachNodeWithItsContentHash) {
  std::unique_ptr<Graph> g = graph(test::kModel);
  ASSERT_TRUE(g);
  std::vector<unsigned> visited;
  std::vector<Operation *> ops;
  std::vector<llvm::hash_code> contents;
  StructureHashes h =
      hashStructure(*g, HashOptions(),
                    [&](unsigned node, Operation *op, llvm::hash_code content) {
                      visited.push_back(node);
                      ops.push_back(op);
                      contents.push_back(content);
                    });
  // Once per node, in block order, with the node's op and content hash.
  ASSERT_EQ(visited.size(), g->size());
  for (unsigned i = 0; i < g->size(); ++i) {
    EXPECT_EQ(visited[i], i);
    EXPECT_EQ(ops[i], g->getNode(i));
  }
  EXPECT_EQ(contents, h.content);
  // And the hashes are those of a run without a visitor.
  StructureHashes plain = hashStructure(*g);
  EXPECT_EQ(plain.content, h.content);
  EXPECT_EQ(plain.forward, h.forward);
  EXPECT_EQ(plain.backward, h.backward);
}

TEST_F(StructuralHashTest, RegionsHashByStructureAndCaptures) {
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

TEST_F(StructuralHashTest, FlagsIgnoreLocationsAndDiscardableAttributes) {
  std::unique_ptr<Graph> g = graph(R"mlir(
func.func @f(%x: f32) -> (f32, f32) {
  %a = math.exp %x {my.tag = 1 : i64} : f32 loc("a.py":1:1)
  %b = math.exp %x : f32 loc("b.py":2:2)
  return %a, %b : f32, f32
}
)mlir",
                                   /*keepLocations=*/true);
  ASSERT_TRUE(g);
  HashOptions options;
  StructureHashes byDefault = hashStructure(*g, options);
  EXPECT_NE(byDefault.content[0], byDefault.content[1]);
  options.ignoreDiscardableAttrs = true;
  StructureHashes ignoring = hashStructure(*g, options);
  EXPECT_EQ(ignoring.content[0], ignoring.content[1]);
  options.ignoreLocations = false;
  StructureHashes located = hashStructure(*g, options);
  EXPECT_NE(located.content[0], located.content[1]);
}

TEST_F(StructuralHashTest, OperandOrderCountsWhenAsked) {
  std::unique_ptr<Graph> g = graph(R"mlir(
func.func @f(%x: f32, %y: f32) -> (f32, f32) {
  %a = arith.addf %x, %y : f32
  %b = arith.addf %y, %x : f32
  return %a, %b : f32, f32
}
)mlir");
  ASSERT_TRUE(g);
  HashOptions options;
  options.sortCommutativeOperands = false;
  StructureHashes h = hashStructure(*g, options);
  EXPECT_EQ(h.content[0], h.content[1]);
  EXPECT_NE(h.forward[0], h.forward[1]);
}

TEST_F(StructuralHashTest, BackwardHashesSeeUsersAndOutputs) {
  std::unique_ptr<Graph> g = graph(R"mlir(
func.func @f(%x: f32) -> (f32, f32) {
  %a = math.exp %x : f32
  %b = math.exp %x : f32
  %c = math.exp %x : f32
  %s = arith.subf %a, %b : f32
  return %s, %c : f32, f32
}
)mlir");
  ASSERT_TRUE(g);
  StructureHashes h = hashStructure(*g);
  // Same content and cone; read at different slots, or by the output.
  EXPECT_EQ(h.forward[0], h.forward[1]);
  EXPECT_EQ(h.forward[0], h.forward[2]);
  EXPECT_NE(h.backward[0], h.backward[1]);
  EXPECT_NE(h.backward[0], h.backward[2]);
  EXPECT_NE(h.backward[1], h.backward[2]);
  EXPECT_EQ(h.height[0], 0u);
  EXPECT_EQ(h.height[3], 1u);
  HashOptions options;
  options.backward = false;
  EXPECT_TRUE(hashStructure(*g, options).backward.empty());
}

TEST_F(StructuralHashTest, ResourceBlobsHashByContent) {
  // The same weights under two keys; then one byte changed.
  std::unique_ptr<Graph> a = graph(blobGraph("w_a", "0000803F00000040"));
  std::unique_ptr<Graph> b = graph(blobGraph("w_b", "0000803F00000040"));
  std::unique_ptr<Graph> c = graph(blobGraph("w_c", "0000803F00004040"));
  ASSERT_TRUE(a && b && c);
  Attribute wa = a->getNode(0)->getAttr("value");
  Attribute wb = b->getNode(0)->getAttr("value");
  Attribute wc = c->getNode(0)->getAttr("value");
  ASSERT_NE(wa, wb);
  EXPECT_TRUE(isSameAttribute(wa, wb));
  EXPECT_EQ(hashAttribute(wa), hashAttribute(wb));
  EXPECT_FALSE(isSameAttribute(wa, wc));
  EXPECT_NE(hashAttribute(wa), hashAttribute(wc));

  StructureHashes ha = hashStructure(*a), hb = hashStructure(*b),
                  hc = hashStructure(*c);
  EXPECT_EQ(ha.content, hb.content);
  EXPECT_EQ(ha.forward, hb.forward);
  EXPECT_EQ(ha.backward, hb.backward);
  EXPECT_NE(ha.content[0], hc.content[0]);
  EXPECT_NE(ha.forward[1], hc.forward[1]);
  EXPECT_EQ(ha.content[1], hc.content[1]);
}

TEST_F(StructuralHashTest, AGraphRegionHashesAsItsTopologicalOrder) {
  // Hashes go along the block order when it is topological, else along
  // the canonical order: the same graph in both orders hashes alike.
  std::unique_ptr<Graph> forward = graph(R"mlir(
lg.graph @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  %m = lg.node @m "Mul"(%z, %a) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %z = lg.node @z "Exp"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %a = lg.node @a "Sqrt"(%z) : (tensor<4xf32>) -> tensor<4xf32>
  lg.output %m : tensor<4xf32>
}
)mlir");
  std::unique_ptr<Graph> inOrder = graph(R"mlir(
lg.graph @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  %z = lg.node @z "Exp"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %a = lg.node @a "Sqrt"(%z) : (tensor<4xf32>) -> tensor<4xf32>
  %m = lg.node @m "Mul"(%z, %a) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  lg.output %m : tensor<4xf32>
}
)mlir");
  ASSERT_TRUE(forward && inOrder);
  StructureHashes hf = hashStructure(*forward), ho = hashStructure(*inOrder);
  // Node by node: @m, @z, @a against @z, @a, @m.
  for (auto [f, o] : {std::pair{0u, 2u}, {1u, 0u}, {2u, 1u}}) {
    EXPECT_EQ(hf.forward[f], ho.forward[o]);
    EXPECT_EQ(hf.backward[f], ho.backward[o]);
    EXPECT_EQ(hf.height[f], ho.height[o]);
  }
  EXPECT_NE(ho.forward[0], ho.forward[1]);
}

} // namespace
