//===- ReshapeSinksTest.cpp - Pairs moved onto the reshape they end in ----===//
//
// moveToReshapeSinks alone: an op rewritten at another rank
// (`--linalg-fold-unit-extent-dims`) is replaced by the `tensor.expand_shape`
// of its new form when that spares its readers a rewiring, and stays paired
// with its new form when it spares nothing. The pairs are made by hand.
//
//===----------------------------------------------------------------------===//

#include "SettlingFixture.h"

using namespace mlir;
using namespace graphdiff;
using namespace graphdiff::test;

namespace {

using ReshapeSinkTest = SettlingTest;

constexpr const char *kSource = R"mlir(
func.func @f(%x: tensor<1x4xf32>) -> (tensor<1x4xf32>, tensor<1x4xf32>) {
  %n = arith.negf %x : tensor<1x4xf32>
  %m = arith.addf %n, %n : tensor<1x4xf32>
  %k = arith.mulf %n, %x : tensor<1x4xf32>
  return %m, %k : tensor<1x4xf32>, tensor<1x4xf32>
}
)mlir";

/// The negation at rank 1 between a collapse and an expand; `readers` are
/// the values %m and %k read in place of %n.
static std::string folded(llvm::StringRef readers) {
  return (R"mlir(
func.func @f(%x: tensor<1x4xf32>) -> (tensor<1x4xf32>, tensor<1x4xf32>) {
  %c = tensor.collapse_shape %x [[0, 1]] : tensor<1x4xf32> into tensor<4xf32>
  %n = arith.negf %c : tensor<4xf32>
  %e = tensor.expand_shape %n [[0, 1]] output_shape [1, 4] : tensor<4xf32> into tensor<1x4xf32>
  %m = arith.addf )mlir" +
          readers + R"mlir( : tensor<1x4xf32>
  %k = arith.mulf %e, %x : tensor<1x4xf32>
  return %m, %k : tensor<1x4xf32>, tensor<1x4xf32>
}
)mlir")
      .str();
}

/// Source %n %m %k; target %c %n %e %m %k: pairs %n, %m and %k by hand
/// with `stage`.
static void pairByHand(NodeMapping &mapping,
                       MatchStage stage = MatchStage::Structure) {
  mapping.pair(0, 1, stage);
  mapping.pair(1, 3, MatchStage::Structure);
  mapping.pair(2, 4, MatchStage::Structure);
}

TEST_F(ReshapeSinkTest, RewrittenOpIsReplacedByItsExpandShape) {
  parsePair(kSource, folded("%e, %e"), "f");
  pairByHand(*mapping);
  settling::Settler &settler = settle();
  settling::moveToReshapeSinks(settler);
  // Keeping %n as the new negation costs its update, the expand_shape
  // inserted and both readers rewired (4); replacing it by the expand_shape
  // costs the replace and the negation inserted (2).
  EXPECT_EQ(mapping->getRegion(2), ArrayRef<unsigned>({0u}));
  EXPECT_EQ(mapping->getRegionStage(2), MatchStage::Structure);
  EXPECT_FALSE(mapping->isTargetTaken(1));
  Value negation = source->getNode(0)->getResult(0);
  SettledRegions &regions = settler.regions;
  ASSERT_TRUE(regions.standsFor.count(2));
  EXPECT_EQ(regions.standsFor[2], Values({negation}));
  EXPECT_EQ(regions.replacedBy[negation], std::make_pair(2u, 0u));
  // The readers stay paired, and read what they read.
  EXPECT_EQ(mapping->getSource(3), 1u);
  EXPECT_EQ(mapping->getSource(4), 2u);
}

TEST_F(ReshapeSinkTest, PairStaysWhenTheReshapeSparesNothing) {
  // Nothing reads the expand_shape: %m and %k read the input instead, so
  // they are updated under either story. Keeping the pair costs the update
  // and the expand_shape inserted (2), as replacing does: the pair stays.
  parsePair(kSource, R"mlir(
func.func @f(%x: tensor<1x4xf32>) -> (tensor<1x4xf32>, tensor<1x4xf32>) {
  %c = tensor.collapse_shape %x [[0, 1]] : tensor<1x4xf32> into tensor<4xf32>
  %n = arith.negf %c : tensor<4xf32>
  %e = tensor.expand_shape %n [[0, 1]] output_shape [1, 4] : tensor<4xf32> into tensor<1x4xf32>
  %m = arith.addf %x, %x : tensor<1x4xf32>
  %k = arith.mulf %x, %x : tensor<1x4xf32>
  return %m, %k : tensor<1x4xf32>, tensor<1x4xf32>
}
)mlir",
            "f");
  pairByHand(*mapping);
  settling::Settler &settler = settle();
  settling::moveToReshapeSinks(settler);
  EXPECT_EQ(mapping->getSource(1), 0u);
  EXPECT_FALSE(mapping->isTargetTaken(2));
  EXPECT_TRUE(settler.regions.standsFor.empty());
}

TEST_F(ReshapeSinkTest, PairByIdStays) {
  // The story that spares the readers, but an id says %n is the same node.
  parsePair(kSource, folded("%e, %e"), "f");
  pairByHand(*mapping, MatchStage::Id);
  settling::Settler &settler = settle();
  settling::moveToReshapeSinks(settler);
  EXPECT_EQ(mapping->getSource(1), 0u);
  EXPECT_FALSE(mapping->isTargetTaken(2));
  EXPECT_TRUE(settler.regions.standsFor.empty());
}

} // namespace
