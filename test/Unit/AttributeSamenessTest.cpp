//===- AttributeSamenessTest.cpp - One notion of "the same attribute" -----===//
//
// The structural matcher and the isomorphism check agree on what "the same"
// is: a `dense_resource` blob under another key (the parser renames a key it
// has seen) is the same when its bytes are, and differs when they do not;
// inside a node's regions as on the node itself.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Differ/ContentChanges.h"
#include "GraphDiff/Differ/StructuralState.h"
#include "GraphDiff/Graph/AttributeEquivalence.h"
#include "GraphDiff/Plan/Isomorphism.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/DialectResourceBlobManager.h"

#include "GraphFixture.h"

using namespace mlir;
using namespace graphdiff;

namespace {

using AttributeSamenessTest = test::GraphFixture;

// Two weights, X = [1, 2] and Y = [3, 4], added.
constexpr const char *kWeights = R"mlir(
func.func @f(%x: tensor<2xf32>) -> tensor<2xf32> {
  %wx = arith.constant dense_resource<x> : tensor<2xf32>
  %wy = arith.constant dense_resource<y> : tensor<2xf32>
  %s = arith.addf %wx, %wy : tensor<2xf32>
  %0 = arith.mulf %x, %s : tensor<2xf32>
  return %0 : tensor<2xf32>
}
{-#
  dialect_resources: {
    builtin: {
      x: "0x040000000000803F00000040",
      y: "0x040000000000404000008040"
    }
  }
#-}
)mlir";

/// `kWeights` with `from` replaced by `to` (once).
static std::string edited(StringRef from, StringRef to) {
  std::string text = kWeights;
  text.replace(text.find(from.str()), from.size(), to.str());
  return text;
}

TEST_F(AttributeSamenessTest, EqualBlobsUnderOtherKeysAreTheSame) {
  std::unique_ptr<Graph> source = graph(kWeights);
  std::unique_ptr<Graph> copy = graph(kWeights);
  ASSERT_TRUE(source && copy);
  ASSERT_NE(source->getNode(0)->getAttr("value"),
            copy->getNode(0)->getAttr("value"))
      << "the parser no longer renames blobs; this test tests nothing";

  // The matcher: equal hashes, every node paired, an empty plan.
  StructureHashes a = hashStructure(*source), b = hashStructure(*copy);
  EXPECT_EQ(a.content, b.content);
  EXPECT_EQ(a.forward, b.forward);
  NodeMapping mapping(4, 4);
  EXPECT_EQ(diff(*source, *copy, &mapping), "patch.plan @f to @f {\n}");
  for (unsigned s = 0; s < 4; ++s)
    EXPECT_EQ(mapping.getTarget(s), s);
  // The isomorphism check.
  std::optional<GraphMismatch> mismatch = findMismatch(*source, *copy);
  EXPECT_FALSE(mismatch) << mismatch->reason;
}

TEST_F(AttributeSamenessTest, TheMatcherPairsBlobsByTheirBytes) {
  // The target adds the weights the other way round (addf commutes) and
  // defines them in the other order: only the bytes say which is which.
  std::unique_ptr<Graph> source = graph(kWeights);
  std::unique_ptr<Graph> target =
      graph(edited("%s = arith.addf %wx, %wy", "%s = arith.addf %wy, %wx"));
  ASSERT_TRUE(source && target);
  shuffle(target->getOperation(), 1);
  target = rebuild(target->getOperation());
  auto indexOf = [](const Graph &graph, StringRef key) {
    for (unsigned i = 0; i < graph.size(); ++i)
      if (auto value = dyn_cast_or_null<DenseResourceElementsAttr>(
              graph.getNode(i)->getAttr("value"));
          value && value.getRawHandle().getKey().starts_with(key))
        return i;
    return graph.size();
  };
  unsigned sx = indexOf(*source, "x"), sy = indexOf(*source, "y");
  unsigned tx = indexOf(*target, "x"), ty = indexOf(*target, "y");
  ASSERT_NE(source->getNode(sx)->getAttr("value"),
            target->getNode(tx)->getAttr("value"));
  NodeMapping mapping(4, 4);
  test::match(*source, *target, mapping);
  EXPECT_EQ(mapping.getTarget(sx), tx);
  EXPECT_EQ(mapping.getTarget(sy), ty);
}

TEST_F(AttributeSamenessTest, DifferentBytesDiffer) {
  std::unique_ptr<Graph> source = graph(kWeights);
  std::unique_ptr<Graph> changed =
      graph(edited("0000803F00000040", "0000803F00000041"));
  ASSERT_TRUE(source && changed);
  Attribute before = source->getNode(0)->getAttr("value");
  Attribute after = changed->getNode(0)->getAttr("value");
  EXPECT_FALSE(isSameAttribute(before, after));

  // The matcher: different content, the constant is updated.
  StructureHashes a = hashStructure(*source), b = hashStructure(*changed);
  // %wx changed; %wy, renamed, did not.
  EXPECT_NE(a.content[0], b.content[0]);
  EXPECT_EQ(a.content[1], b.content[1]);
  std::string plan = diff(*source, *changed);
  EXPECT_NE(plan.find("patch.update %cst changes [\"attributes\"]"),
            std::string::npos)
      << plan;
  // The isomorphism check.
  std::optional<GraphMismatch> mismatch = findMismatch(*source, *changed);
  ASSERT_TRUE(mismatch);
  EXPECT_EQ(mismatch->reason.rfind("attribute 'value' differs", 0), 0u)
      << mismatch->reason;
}

// A node whose body holds the weights: X = [1, 2].
constexpr const char *kBody = R"mlir(
func.func @f(%x: tensor<2xf32>) -> tensor<2xf32> {
  %r = scf.execute_region -> tensor<2xf32> {
    %w = arith.constant dense_resource<x> : tensor<2xf32>
    %s = arith.addf %x, %w : tensor<2xf32>
    scf.yield %s : tensor<2xf32>
  }
  return %r : tensor<2xf32>
}
{-#
  dialect_resources: {
    builtin: {
      x: "0x040000000000803F00000040"
    }
  }
#-}
)mlir";

/// The `dense_resource` constant inside the body of `graph`'s only node.
static Attribute nestedBlob(const Graph &graph) {
  Attribute blob;
  graph.getNode(0)->walk(
      [&](arith::ConstantOp constant) { blob = constant.getValue(); });
  return blob;
}

TEST_F(AttributeSamenessTest, EqualBlobsInBodiesAreTheSame) {
  std::unique_ptr<Graph> source = graph(kBody);
  std::unique_ptr<Graph> copy = graph(kBody);
  ASSERT_TRUE(source && copy);
  ASSERT_EQ(source->size(), 1u);
  ASSERT_NE(nestedBlob(*source), nestedBlob(*copy))
      << "the parser no longer renames blobs; this test tests nothing";

  // Plan emission: the node did not change.
  patch::NodeChange changes = patch::NodeChange::None;
  EXPECT_FALSE(contentChanged(source->getNode(0), copy->getNode(0), changes));
  EXPECT_EQ(changes, patch::NodeChange::None);
  EXPECT_EQ(diff(*source, *copy), "patch.plan @f to @f {\n}");
  // The isomorphism check.
  std::optional<GraphMismatch> mismatch = findMismatch(*source, *copy);
  EXPECT_FALSE(mismatch) << mismatch->reason;
}

TEST_F(AttributeSamenessTest, DifferentBlobsInBodiesDiffer) {
  std::unique_ptr<Graph> source = graph(kBody);
  std::string text = kBody;
  text.replace(text.find("0000803F00000040"), 16, "0000803F00000041");
  std::unique_ptr<Graph> changed = graph(text);
  ASSERT_TRUE(source && changed);
  EXPECT_FALSE(isSameAttribute(nestedBlob(*source), nestedBlob(*changed)));

  patch::NodeChange changes = patch::NodeChange::None;
  EXPECT_TRUE(contentChanged(source->getNode(0), changed->getNode(0), changes));
  EXPECT_EQ(changes, patch::NodeChange::Regions);
  std::string plan = diff(*source, *changed);
  EXPECT_NE(plan.find("patch.update %0 changes [\"regions\"]"),
            std::string::npos)
      << plan;
  std::optional<GraphMismatch> mismatch = findMismatch(*source, *changed);
  ASSERT_TRUE(mismatch);
  EXPECT_EQ(mismatch->reason, "region #0 differs");
}

} // namespace
