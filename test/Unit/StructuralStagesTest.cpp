//===- StructuralStagesTest.cpp - How the structural stage seeds pairs ----===//
//
// Unique buckets, interchangeable dead ends, bounded similarity, pairs
// across bufferization and the marking of unresolved ties, each on its own.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Differ/Stages/Stages.h"

#include "GraphFixture.h"

using namespace mlir;
using namespace graphdiff;

namespace {

using StructuralStagesTest = test::GraphFixture;

/// Two equal exps (a tie) and a sqrt (unique), diffed against themselves.
constexpr const char *kTwoExpsAndASqrt = R"mlir(
func.func @f(%x: f32) -> (f32, f32, f32) {
  %a = math.exp %x : f32
  %b = math.exp %x : f32
  %c = math.sqrt %x : f32
  return %a, %b, %c : f32, f32, f32
}
)mlir";

TEST_F(StructuralStagesTest, UniqueBucketsOnly) {
  ASSERT_TRUE(parsePair(kTwoExpsAndASqrt, kTwoExpsAndASqrt));
  auto pairUniqueForward = [&] {
    return pairUniqueBuckets(*state, state->sourceHashes.forward,
                             state->targetHashes.forward);
  };
  EXPECT_EQ(pairUniqueForward(), SmallVector<NodePair>({{2, 2}}));
  EXPECT_EQ(mapping->getTarget(2), 2u);
  // The two exps are a tie nothing resolved.
  EXPECT_FALSE(mapping->getTarget(0));
  markUnresolvedTies(*state);
  EXPECT_TRUE(mapping->isSourceAmbiguous(0));
  EXPECT_TRUE(mapping->isSourceAmbiguous(1));
  EXPECT_TRUE(mapping->isTargetAmbiguous(0));
  EXPECT_FALSE(mapping->isSourceAmbiguous(2));
  // Pairing again finds nothing new.
  EXPECT_TRUE(pairUniqueForward().empty());
}

TEST_F(StructuralStagesTest, UniqueBucketsOfTheKeysTakenSince) {
  ASSERT_TRUE(parsePair(kTwoExpsAndASqrt, kTwoExpsAndASqrt));
  auto pairUniqueForward = [&](const SmallVector<NodePair> *takenSince) {
    return pairUniqueBuckets(*state, state->sourceHashes.forward,
                             state->targetHashes.forward, takenSince);
  };
  EXPECT_EQ(pairUniqueForward(nullptr), SmallVector<NodePair>({{2, 2}}));
  // Nothing taken since: nothing can have become unique.
  SmallVector<NodePair> none;
  EXPECT_TRUE(pairUniqueForward(&none).empty());
  // Taking one exp leaves the other unique in its bucket.
  state->pair(0, 0);
  SmallVector<NodePair> taken{{0, 0}};
  EXPECT_EQ(pairUniqueForward(&taken), SmallVector<NodePair>({{1, 1}}));
}

/// `count` interchangeable dead ends.
static std::string asserts(unsigned count) {
  std::string text = "func.func @f(%t: i1) {\n";
  for (unsigned i = 0; i < count; ++i)
    text += "  cf.assert %t, \"training\"\n";
  return text + "  return\n}\n";
}

TEST_F(StructuralStagesTest, TwinsArePaired) {
  ASSERT_TRUE(parsePair(asserts(2), asserts(2)));
  EXPECT_TRUE(pairTwins(*state));
  EXPECT_EQ(mapping->getTarget(0), 0u);
  EXPECT_EQ(mapping->getTarget(1), 1u);
}

TEST_F(StructuralStagesTest, TwinsInUnequalNumbersAreNot) {
  // Three on one side: no pairing of two of them is safe.
  ASSERT_TRUE(parsePair(asserts(2), asserts(3)));
  EXPECT_FALSE(pairTwins(*state));
}

/// `count` copies of a dead chain: `negf` of a constant of its own, read by
/// nothing.
static std::string deadCopies(unsigned count) {
  std::string text = "func.func @f() {\n";
  for (unsigned i = 0; i < count; ++i)
    text += "  %c" + std::to_string(i) + " = arith.constant 6.0 : f32\n" +
            "  %n" + std::to_string(i) + " = arith.negf %c" +
            std::to_string(i) + " : f32\n";
  return text + "  return\n}\n";
}

TEST_F(StructuralStagesTest, CopiesOfADeadChainArePaired) {
  // Equal forward hashes, different slots: the negations pair in index
  // order; the constants, each read by its copy, are left to consensus.
  ASSERT_TRUE(parsePair(deadCopies(2), deadCopies(2)));
  EXPECT_TRUE(pairTwins(*state));
  EXPECT_EQ(mapping->getTarget(1), 1u);
  EXPECT_EQ(mapping->getTarget(3), 3u);
  EXPECT_FALSE(mapping->getTarget(0));
  EXPECT_FALSE(mapping->getTarget(2));
  // A third copy on one side: which is new is not guessed.
  ASSERT_TRUE(parsePair(deadCopies(2), deadCopies(3)));
  EXPECT_FALSE(pairTwins(*state));
}

TEST_F(StructuralStagesTest, TwinsUnderAPairedNodeArePaired) {
  // Two negations of %m and two of %x, read by nothing, on each side. The
  // four are not twins of one another (they read different values), and
  // %m's cone changed (addf -> subf), so their forward hashes differ
  // between the sides. Once %m is paired, its negations read the same value
  // up to the pairing; %x's, whose node is not paired, stay free.
  auto twins = [](StringRef op) {
    return (R"mlir(
func.func @f(%a: f32, %b: f32) -> f32 {
  %x = arith.)mlir" +
            op + R"mlir( %a, %b : f32
  %m = arith.mulf %x, %b : f32
  %n1 = arith.negf %m : f32
  %n2 = arith.negf %m : f32
  %n3 = arith.negf %x : f32
  %n4 = arith.negf %x : f32
  %s = arith.addf %m, %a : f32
  return %s : f32
}
)mlir")
        .str();
  };
  ASSERT_TRUE(parsePair(twins("addf"), twins("subf")));
  EXPECT_FALSE(pairTwins(*state)); // nothing paired to go by
  state->pair(1, 1);
  EXPECT_TRUE(pairTwins(*state));
  EXPECT_EQ(mapping->getTarget(2), 2u);
  EXPECT_EQ(mapping->getTarget(3), 3u);
  EXPECT_FALSE(mapping->getTarget(4));
  EXPECT_FALSE(mapping->getTarget(5));
}

TEST_F(StructuralStagesTest, TwinsThatAreReadAreNot) {
  // Read by something: not a dead end, left to consensus.
  const char *used = R"mlir(
func.func @f(%x: f32) -> (f32, f32) {
  %a = math.exp %x : f32
  %b = math.exp %x : f32
  %s = arith.subf %a, %b : f32
  return %s, %s : f32, f32
}
)mlir";
  ASSERT_TRUE(parsePair(used, used));
  EXPECT_FALSE(pairTwins(*state));
}

TEST_F(StructuralStagesTest, SimilarityPairsAUniqueBest) {
  ASSERT_TRUE(parsePair(test::kChain, test::kChain));
  // The graph input is the only neighbour that agrees at first: %a; then,
  // through %a, %b; then %c.
  EXPECT_EQ(pairSimilar(*state, sameKind), SmallVector<NodePair>({{0, 0}}));
  EXPECT_EQ(pairSimilar(*state, sameKind), SmallVector<NodePair>({{1, 1}}));
  EXPECT_EQ(pairSimilar(*state, sameKind), SmallVector<NodePair>({{2, 2}}));
  EXPECT_TRUE(pairSimilar(*state, sameKind).empty());
  // The images of values under the pairs.
  EXPECT_EQ(getSourceImage(*state, target->getNode(0)->getResult(0)),
            source->getNode(0)->getResult(0));
  EXPECT_EQ(getSourceImage(*state, target->getInputs()[0]),
            source->getInputs()[0]);
}

TEST_F(StructuralStagesTest, SimilarityTiesOfInterchangeableNodesPairTheFirst) {
  // %b1 and %b2 are the same op over the same input: keeping either gives
  // the same plan, so the tie is no ambiguity and the first in file order
  // wins.
  ASSERT_TRUE(parsePair(R"mlir(
func.func @f(%x: f32) -> (f32, f32) {
  %a = math.exp %x : f32
  %b1 = math.sqrt %a : f32
  %b2 = math.sqrt %a : f32
  return %b1, %b2 : f32, f32
}
)mlir",
                        test::kChain));
  state->pair(0, 0);
  EXPECT_EQ(pairSimilar(*state, sameKind), SmallVector<NodePair>({{1, 1}}));
  EXPECT_FALSE(mapping->isTargetAmbiguous(1));
  EXPECT_FALSE(mapping->isSourceAmbiguous(1));
  EXPECT_FALSE(mapping->isSourceAmbiguous(2));
}

/// A fill and an in-place relu, as tensors and after bufferization.
static const char *kTensors = R"mlir(
#id = affine_map<(d0) -> (d0)>
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]} ins(%x, %acc : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%in: f32, %a: f32, %out: f32):
    %m = arith.addf %in, %a : f32
    linalg.yield %m : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}
)mlir";
static const char *kBuffers = R"mlir(
#id = affine_map<(d0) -> (d0)>
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  %in = bufferization.to_buffer %x : tensor<4xf32> to memref<4xf32>
  %zero = arith.constant 0.0 : f32
  %buf = memref.alloc() : memref<4xf32>
  linalg.fill ins(%zero : f32) outs(%buf : memref<4xf32>)
  linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]} ins(%in, %buf : memref<4xf32>, memref<4xf32>) outs(%buf : memref<4xf32>) {
  ^bb0(%i: f32, %a: f32, %out: f32):
    %m = arith.addf %i, %a : f32
    linalg.yield %m : f32
  }
  %r = bufferization.to_tensor %buf : memref<4xf32> to tensor<4xf32>
  return %r : tensor<4xf32>
}
)mlir";

TEST_F(StructuralStagesTest, BuffersPairOpsWithTheirBufferForms) {
  ASSERT_TRUE(parsePair(kTensors, kBuffers));
  // From the output (through to_tensor, to the generic that last wrote the
  // buffer), slot by slot: the fill the generic reads (the buffer's last
  // writer); then the fill's slots: the scalar constant, and the empty the
  // fill only writes (the alloc, not what was there before).
  SmallVector<NodePair> pairs = pairAcrossBuffers(*state);
  EXPECT_EQ(pairs, SmallVector<NodePair>({{3, 4}, {2, 3}, {0, 1}, {1, 2}}));
  // The conversions have no counterpart.
  EXPECT_FALSE(mapping->getSource(0));
  EXPECT_FALSE(mapping->getSource(5));
}

TEST_F(StructuralStagesTest, NoBuffersNoPairs) {
  ASSERT_TRUE(parsePair(kTensors, kTensors));
  EXPECT_TRUE(pairAcrossBuffers(*state).empty());
}

/// An exp and a neg on tensors, the second reading the first.
static const char *kTwoElementwise = R"mlir(
#id = affine_map<(d0) -> (d0)>
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %g = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = math.exp %in : f32
    linalg.yield %0 : f32
  } -> tensor<4xf32>
  %h = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%g : tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.negf %in : f32
    linalg.yield %0 : f32
  } -> tensor<4xf32>
  return %h : tensor<4xf32>
}
)mlir";

/// kTwoElementwise fused, bufferized and lowered to a loop, which computes
/// `op` (math.exp) before the neg, `trips` times (4).
static std::string fusedLoop(llvm::StringRef op, int trips = 4) {
  return (R"mlir(
func.func @f(%x: memref<4xf32>) -> memref<4xf32> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant )mlir" +
          std::to_string(trips) + R"mlir( : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %v = memref.load %x[%i] : memref<4xf32>
    %e = )mlir" +
          op + R"mlir( %v : f32
    %n = arith.negf %e : f32
    memref.store %n, %a[%i] : memref<4xf32>
  }
  return %a : memref<4xf32>
}
)mlir")
      .str();
}

TEST_F(StructuralStagesTest, BuffersPairAFusedChainWithItsLoopNest) {
  ASSERT_TRUE(parsePair(kTwoElementwise, fusedLoop("math.exp")));
  // The loop computes exp and neg: the neg (the chain's sink, which the
  // output reads) with the exp fused into it. Then what the chain reads
  // from outside: the graph input, and the empty it fills (the alloc).
  EXPECT_EQ(pairAcrossBuffers(*state), SmallVector<NodePair>({{2, 4}, {0, 3}}));
  // The exp is a member of the region the loop replaces, not a pair.
  EXPECT_FALSE(mapping->getTarget(1));
}

TEST_F(StructuralStagesTest, BuffersLeaveALoopNestOfOtherIterations) {
  // The loop computes exp and neg, but twice, not four times: it is not
  // what the ops over tensor<4xf32> became.
  ASSERT_TRUE(parsePair(kTwoElementwise, fusedLoop("math.exp", 2)));
  EXPECT_TRUE(pairAcrossBuffers(*state).empty());
}

TEST_F(StructuralStagesTest, BuffersLeaveALoopNestThatComputesSomethingElse) {
  // The loop computes log and neg: no chain of the source computes that.
  ASSERT_TRUE(parsePair(kTwoElementwise, fusedLoop("math.log")));
  EXPECT_TRUE(pairAcrossBuffers(*state).empty());
}

/// An exp, then a clamp in two generics (each a cmpf and a select).
static const char *kExpThenClamp = R"mlir(
#id = affine_map<(d0) -> (d0)>
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  %lo = arith.constant 0.0 : f32
  %hi = arith.constant 6.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %g = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = math.exp %in : f32
    linalg.yield %0 : f32
  } -> tensor<4xf32>
  %m = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%g : tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.cmpf ugt, %in, %lo : f32
    %1 = arith.select %0, %in, %lo : f32
    linalg.yield %1 : f32
  } -> tensor<4xf32>
  %n = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%m : tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.cmpf ult, %in, %hi : f32
    %1 = arith.select %0, %in, %hi : f32
    linalg.yield %1 : f32
  } -> tensor<4xf32>
  return %n : tensor<4xf32>
}
)mlir";

TEST_F(StructuralStagesTest, BuffersTakeAChainThroughAHalfThatAddsNoOp) {
  // The loop computes the exp and the clamp. From the clamp's second half,
  // the first half adds no kind of op, but computes only what the loop
  // does: it joins the chain, which then reaches the exp.
  ASSERT_TRUE(parsePair(kExpThenClamp, R"mlir(
func.func @f(%x: memref<4xf32>) -> memref<4xf32> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  %lo = arith.constant 0.0 : f32
  %hi = arith.constant 6.0 : f32
  %a = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %v = memref.load %x[%i] : memref<4xf32>
    %e = math.exp %v : f32
    %0 = arith.cmpf ugt, %e, %lo : f32
    %1 = arith.select %0, %e, %lo : f32
    %2 = arith.cmpf ult, %1, %hi : f32
    %3 = arith.select %2, %1, %hi : f32
    memref.store %3, %a[%i] : memref<4xf32>
  }
  return %a : memref<4xf32>
}
)mlir"));
  SmallVector<NodePair> pairs = pairAcrossBuffers(*state);
  // The clamp's second half (node 5) is the loop (node 6).
  ASSERT_FALSE(pairs.empty());
  EXPECT_EQ(pairs.front(), NodePair(5, 6));
  // Its first half and the exp are members of the chain, not pairs.
  EXPECT_FALSE(mapping->getTarget(3));
  EXPECT_FALSE(mapping->getTarget(4));
}

TEST_F(StructuralStagesTest, RetypedSplatsPairWithTheirScalar) {
  // 0.5 and 2.0 are each held by one splat and one scalar: paired. 3.0 is
  // held by two source splats: which one became the scalar cannot be told,
  // so neither is paired. The f16 splat has no f32 counterpart.
  ASSERT_TRUE(parsePair(R"mlir(
func.func @f() -> (tensor<4xf32>, tensor<2xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf16>) {
  %a = arith.constant dense<5.000000e-01> : tensor<4xf32>
  %b = arith.constant dense<2.000000e+00> : tensor<2xf32>
  %c1 = arith.constant dense<3.000000e+00> : tensor<4xf32>
  %c2 = arith.constant dense<3.000000e+00> : tensor<4xf32>
  %h = arith.constant dense<5.000000e-01> : tensor<4xf16>
  return %a, %b, %c1, %c2, %h : tensor<4xf32>, tensor<2xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf16>
}
)mlir",
                        R"mlir(
func.func @f() -> (f32, f32, f32) {
  %c = arith.constant 3.000000e+00 : f32
  %b = arith.constant 2.000000e+00 : f32
  %a = arith.constant 5.000000e-01 : f32
  return %a, %b, %c : f32, f32, f32
}
)mlir"));
  EXPECT_TRUE(pairRetypedSplats(*state));
  EXPECT_EQ(mapping->getTarget(0), 2u);
  EXPECT_EQ(mapping->getTarget(1), 1u);
  EXPECT_FALSE(mapping->getTarget(2));
  EXPECT_FALSE(mapping->getTarget(3));
  EXPECT_FALSE(mapping->getTarget(4));
  EXPECT_FALSE(mapping->getSource(0));
  // Nothing left to pair.
  EXPECT_FALSE(pairRetypedSplats(*state));
}

TEST_F(StructuralStagesTest, MergedConstantsPairTheFirst) {
  // Two source constants of 7.0 and one in the target: merged into the
  // first (%c1). Two of 2.0 on each side: which is which cannot be told.
  // One of 1.0 on each side is no merge (the unique buckets pair it).
  ASSERT_TRUE(parsePair(R"mlir(
func.func @f() -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %d1 = arith.constant dense<2.000000e+00> : tensor<4xf32>
  %c1 = arith.constant dense<7.000000e+00> : tensor<4xf32>
  %c2 = arith.constant dense<7.000000e+00> : tensor<4xf32>
  %d2 = arith.constant dense<2.000000e+00> : tensor<4xf32>
  %o = arith.constant dense<1.000000e+00> : tensor<4xf32>
  return %d1, %c1, %c2, %d2, %o : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}
)mlir",
                        R"mlir(
func.func @f() -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %d1 = arith.constant dense<2.000000e+00> : tensor<4xf32>
  %d2 = arith.constant dense<2.000000e+00> : tensor<4xf32>
  %o = arith.constant dense<1.000000e+00> : tensor<4xf32>
  %c = arith.constant dense<7.000000e+00> : tensor<4xf32>
  return %d1, %d2, %o, %c : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}
)mlir"));
  EXPECT_TRUE(pairMergedConstants(*state));
  EXPECT_EQ(mapping->getTarget(1), 3u);
  EXPECT_FALSE(mapping->getTarget(2));
  EXPECT_FALSE(mapping->getTarget(0));
  EXPECT_FALSE(mapping->getTarget(3));
  EXPECT_FALSE(mapping->getTarget(4));
  // Nothing left to pair.
  EXPECT_FALSE(pairMergedConstants(*state));
}

TEST_F(StructuralStagesTest, MovedConstantsPairWithTheConstantOfTheirValue) {
  // The table moved from tosa to arith as it is: paired. The two source
  // constants of one value: which one moved cannot be told, so neither is
  // paired. An arith constant and an arith constant are one op: another
  // stage's to pair.
  ASSERT_TRUE(parsePair(R"mlir(
func.func @f() -> (tensor<3xi16>, tensor<2xi32>, tensor<2xi32>, tensor<2xi8>) {
  %t = "tosa.const"() <{values = dense<[1, 2, 3]> : tensor<3xi16>}> : () -> tensor<3xi16>
  %a = "tosa.const"() <{values = dense<[4, 5]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %b = "tosa.const"() <{values = dense<[4, 5]> : tensor<2xi32>}> : () -> tensor<2xi32>
  %c = arith.constant dense<[6, 7]> : tensor<2xi8>
  return %t, %a, %b, %c : tensor<3xi16>, tensor<2xi32>, tensor<2xi32>, tensor<2xi8>
}
)mlir",
                        R"mlir(
func.func @f() -> (tensor<2xi8>, tensor<2xi32>, tensor<3xi16>) {
  %c = arith.constant dense<[6, 7]> : tensor<2xi8>
  %a = arith.constant dense<[4, 5]> : tensor<2xi32>
  %t = arith.constant dense<[1, 2, 3]> : tensor<3xi16>
  return %c, %a, %t : tensor<2xi8>, tensor<2xi32>, tensor<3xi16>
}
)mlir"));
  EXPECT_TRUE(pairMovedConstants(*state));
  EXPECT_EQ(mapping->getTarget(0), 2u);
  EXPECT_FALSE(mapping->getTarget(1));
  EXPECT_FALSE(mapping->getTarget(2));
  EXPECT_FALSE(mapping->getTarget(3));
  EXPECT_FALSE(pairMovedConstants(*state));
}

TEST_F(StructuralStagesTest, LoweredReductionsPairInOrder) {
  // Two tosa reductions, the second reading the first through a sub; two
  // linalg reductions, the second reading the first (as its init). Paired
  // in order; the results have as many elements (1x1 and 1).
  ASSERT_TRUE(parsePair(R"mlir(
func.func @f(%x: tensor<1x8xi32>) -> tensor<1x1xi32> {
  %m = tosa.reduce_max %x {axis = 1 : i32} : (tensor<1x8xi32>) -> tensor<1x1xi32>
  %d = tosa.sub %x, %m : (tensor<1x8xi32>, tensor<1x1xi32>) -> tensor<1x8xi32>
  %s = tosa.reduce_sum %d {axis = 1 : i32} : (tensor<1x8xi32>) -> tensor<1x1xi32>
  return %s : tensor<1x1xi32>
}
)mlir",
                        R"mlir(
func.func @f(%x: tensor<1x8xi32>) -> tensor<1xi32> {
  %e = tensor.empty() : tensor<1xi32>
  %m = linalg.reduce ins(%x : tensor<1x8xi32>) outs(%e : tensor<1xi32>) dimensions = [1]
    (%in: i32, %init: i32) {
      %0 = arith.maxsi %in, %init : i32
      linalg.yield %0 : i32
    }
  %s = linalg.reduce ins(%x : tensor<1x8xi32>) outs(%m : tensor<1xi32>) dimensions = [1]
    (%in: i32, %init: i32) {
      %0 = arith.addi %in, %init : i32
      linalg.yield %0 : i32
    }
  return %s : tensor<1xi32>
}
)mlir"));
  EXPECT_EQ(pairLoweredReductions(*state),
            SmallVector<NodePair>({{0, 1}, {2, 2}}));
  EXPECT_FALSE(mapping->getTarget(1));
}

TEST_F(StructuralStagesTest, LoweredReductionsSideBySideAreNot) {
  // Neither reduction reads the other: which is which, order does not say.
  ASSERT_TRUE(parsePair(R"mlir(
func.func @f(%x: tensor<1x8xi32>) -> (tensor<1x1xi32>, tensor<1x1xi32>) {
  %m = tosa.reduce_max %x {axis = 1 : i32} : (tensor<1x8xi32>) -> tensor<1x1xi32>
  %s = tosa.reduce_sum %x {axis = 1 : i32} : (tensor<1x8xi32>) -> tensor<1x1xi32>
  return %m, %s : tensor<1x1xi32>, tensor<1x1xi32>
}
)mlir",
                        R"mlir(
func.func @f(%x: tensor<1x8xi32>) -> (tensor<1xi32>, tensor<1xi32>) {
  %e = tensor.empty() : tensor<1xi32>
  %m = linalg.reduce ins(%x : tensor<1x8xi32>) outs(%e : tensor<1xi32>) dimensions = [1]
    (%in: i32, %init: i32) {
      %0 = arith.maxsi %in, %init : i32
      linalg.yield %0 : i32
    }
  %s = linalg.reduce ins(%x : tensor<1x8xi32>) outs(%e : tensor<1xi32>) dimensions = [1]
    (%in: i32, %init: i32) {
      %0 = arith.addi %in, %init : i32
      linalg.yield %0 : i32
    }
  return %m, %s : tensor<1xi32>, tensor<1xi32>
}
)mlir"));
  EXPECT_TRUE(pairLoweredReductions(*state).empty());
}

} // namespace
