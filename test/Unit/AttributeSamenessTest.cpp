//===- AttributeSamenessTest.cpp - One notion of "the same attribute" -----===//
//
// The structural matcher and the isomorphism check agree on what "the same"
// is: a `dense_resource` blob under another key (the parser renames a key it
// has seen) is the same when its bytes are, and differs when they do not.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Differ/StructuralMatcher.h"
#include "GraphDiff/Graph/AttributeEquivalence.h"
#include "GraphDiff/Plan/Isomorphism.h"
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
  matchByStructure(*source, *target, mapping);
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

} // namespace
