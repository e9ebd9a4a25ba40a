// A fused chain whose result nothing read: `arith.mulf` + `arith.addf`
// became one `math.fma`, and neither side has a reader to pair them by.
// Region settling (step 4b, docs/Matching.md) takes the one dead end of the
// source that the new node's inputs alone feed, and the chain grown back from
// it to those inputs, as what the new node replaces. Before, the plan deleted
// the chain and inserted the fma as if unrelated (the 100k-op fuse benchmark
// pair: 264 deletes and 141 inserts, now 18 and 18).
// RUN: split-file %s %t
// RUN: %expect_exit 1 graph-diff-opt --verify %t/src.mlir %t/fused.mlir | FileCheck %s --check-prefix=FUSED
// FUSED:      patch.delete %m absorbed_by %s stage "structure"
// FUSED-NEXT: patch.replace %s with new %f region [%m, %s] inputs(%arg0, %arg1, %arg2) results(%s) stage "structure"
// FUSED:      math.fma
// FUSED-NOT:  patch.insert
// RUN: %expect_exit 1 graph-diff-opt --format=text %t/src.mlir %t/fused.mlir | FileCheck %s --check-prefix=TEXT
// TEXT: fused arith.mulf + arith.addf into math.fma: source %m + %s -> target %f  [structure]

// The fma reads %d where the chain read %c: not the chain's inputs, so not
// its replacement; the chain is deleted and the fma inserted.
// RUN: %expect_exit 1 graph-diff-opt --verify %t/src.mlir %t/other.mlir | FileCheck %s --check-prefix=OTHER
// OTHER:     patch.insert new %f inputs(%arg0, %arg1, %arg3)
// OTHER-DAG: patch.delete %m{{$}}
// OTHER-DAG: patch.delete %s{{$}}
// OTHER-NOT: patch.replace

// Two dead chains over the same inputs: which one the fma replaced is not
// known, so neither is taken for it.
// RUN: %expect_exit 1 graph-diff-opt --verify %t/twice.mlir %t/fused.mlir | FileCheck %s --check-prefix=TWICE
// TWICE:     patch.insert new %f
// TWICE-NOT: patch.replace

// Two new dead fmas over the chain's inputs: the chain is left to neither.
// RUN: %expect_exit 1 graph-diff-opt --verify %t/src.mlir %t/two-fmas.mlir | FileCheck %s --check-prefix=TWO
// TWO-DAG:   patch.insert new %f
// TWO-DAG:   patch.insert new %g
// TWO-NOT:   patch.replace

// A new dead end that reads a new node: `subf %f, %f` of the fma, where the
// source had `subf %s, %s` of the chain. The dead end pairs with the one
// source dead end of its op that the values the fma reads alone feed, and the
// fma then gets the chain the pair reads in its place (step 4b's second
// form). Two such chains here, over different inputs.
// RUN: %expect_exit 1 graph-diff-opt --verify --format=text %t/tails.src.mlir %t/tails.tgt.mlir | FileCheck %s --check-prefix=TAILS
// TAILS:     x2: fused arith.mulf + arith.addf into math.fma
// TAILS-DAG: source %m + %s -> target %f
// TAILS-DAG: source %m2 + %s2 -> target %f2
// TAILS:     summary: 3 unchanged, 0 updated, 4 replaced, 0 deleted, 0 inserted

// Over the same inputs, the two chains cannot be told apart that way:
// nothing is paired, the fmas and dead ends are inserted.
// RUN: %expect_exit 1 graph-diff-opt --verify --format=text %t/tails-same.src.mlir %t/tails-same.tgt.mlir | FileCheck %s --check-prefix=SAME
// SAME:     x2: inserted math.fma
// SAME:     x2: inserted arith.subf
// SAME-NOT: fused

// Two fused chains that nothing reads, the second reading the first: a new
// dead end (`%f2`) that reads a new node only it reads (`%f1`) but is not of
// the source dead end's op. It is fused too: the first form takes both
// chains, and step 4c splits off the first fma's part. Before, both fmas
// were inserted and the four ops deleted (the 1M-op fuse benchmark pair: 5
// such pairs).
// RUN: %expect_exit 1 graph-diff-opt --verify %t/chain.src.mlir %t/chain.tgt.mlir | FileCheck %s --check-prefix=CHAIN
// CHAIN:     patch.replace %s1 with new %f1 region [%m1, %s1] inputs(%arg0, %arg1, %arg2) results(%s1)
// CHAIN:     patch.replace %s2 with new %f2 region [%m2, %s2] inputs(new %f1, %arg3, %arg4) results(%s2)
// CHAIN-NOT: patch.insert

//--- src.mlir
func.func @f(%a: tensor<4xf32>, %b: tensor<4xf32>, %c: tensor<4xf32>, %d: tensor<4xf32>) -> tensor<4xf32> {
  %m = arith.mulf %a, %b : tensor<4xf32>
  %s = arith.addf %m, %c : tensor<4xf32>
  %n = arith.negf %d : tensor<4xf32>
  return %n : tensor<4xf32>
}

//--- fused.mlir
func.func @f(%a: tensor<4xf32>, %b: tensor<4xf32>, %c: tensor<4xf32>, %d: tensor<4xf32>) -> tensor<4xf32> {
  %f = math.fma %a, %b, %c : tensor<4xf32>
  %n = arith.negf %d : tensor<4xf32>
  return %n : tensor<4xf32>
}

//--- other.mlir
func.func @f(%a: tensor<4xf32>, %b: tensor<4xf32>, %c: tensor<4xf32>, %d: tensor<4xf32>) -> tensor<4xf32> {
  %f = math.fma %a, %b, %d : tensor<4xf32>
  %n = arith.negf %d : tensor<4xf32>
  return %n : tensor<4xf32>
}

//--- twice.mlir
func.func @f(%a: tensor<4xf32>, %b: tensor<4xf32>, %c: tensor<4xf32>, %d: tensor<4xf32>) -> tensor<4xf32> {
  %m = arith.mulf %a, %b : tensor<4xf32>
  %s = arith.addf %m, %c : tensor<4xf32>
  %m2 = arith.mulf %b, %a : tensor<4xf32>
  %s2 = arith.subf %m2, %c : tensor<4xf32>
  %n = arith.negf %d : tensor<4xf32>
  return %n : tensor<4xf32>
}

//--- two-fmas.mlir
func.func @f(%a: tensor<4xf32>, %b: tensor<4xf32>, %c: tensor<4xf32>, %d: tensor<4xf32>) -> tensor<4xf32> {
  %f = math.fma %a, %b, %c : tensor<4xf32>
  %g = math.fma %b, %a, %c : tensor<4xf32>
  %n = arith.negf %d : tensor<4xf32>
  return %n : tensor<4xf32>
}

//--- tails.src.mlir
func.func @f(%a: tensor<4xf32>, %b: tensor<4xf32>, %c: tensor<4xf32>, %x: tensor<4xf32>, %y: tensor<4xf32>, %z: tensor<4xf32>) -> tensor<4xf32> {
  %m = arith.mulf %a, %b : tensor<4xf32>
  %s = arith.addf %m, %c : tensor<4xf32>
  %d = arith.subf %s, %s : tensor<4xf32>
  %m2 = arith.mulf %x, %y : tensor<4xf32>
  %s2 = arith.addf %m2, %z : tensor<4xf32>
  %d2 = arith.subf %s2, %s2 : tensor<4xf32>
  %n = arith.negf %c : tensor<4xf32>
  return %n : tensor<4xf32>
}

//--- tails.tgt.mlir
func.func @f(%a: tensor<4xf32>, %b: tensor<4xf32>, %c: tensor<4xf32>, %x: tensor<4xf32>, %y: tensor<4xf32>, %z: tensor<4xf32>) -> tensor<4xf32> {
  %f = math.fma %a, %b, %c : tensor<4xf32>
  %d = arith.subf %f, %f : tensor<4xf32>
  %f2 = math.fma %x, %y, %z : tensor<4xf32>
  %d2 = arith.subf %f2, %f2 : tensor<4xf32>
  %n = arith.negf %c : tensor<4xf32>
  return %n : tensor<4xf32>
}

//--- tails-same.src.mlir
func.func @f(%a: tensor<4xf32>, %b: tensor<4xf32>, %c: tensor<4xf32>) -> tensor<4xf32> {
  %m = arith.mulf %a, %b : tensor<4xf32>
  %s = arith.addf %m, %c : tensor<4xf32>
  %d = arith.subf %s, %s : tensor<4xf32>
  %m2 = arith.mulf %b, %c : tensor<4xf32>
  %s2 = arith.addf %m2, %a : tensor<4xf32>
  %d2 = arith.subf %s2, %s2 : tensor<4xf32>
  %n = arith.negf %c : tensor<4xf32>
  return %n : tensor<4xf32>
}

//--- tails-same.tgt.mlir
func.func @f(%a: tensor<4xf32>, %b: tensor<4xf32>, %c: tensor<4xf32>) -> tensor<4xf32> {
  %f = math.fma %a, %b, %c : tensor<4xf32>
  %d = arith.subf %f, %f : tensor<4xf32>
  %f2 = math.fma %b, %c, %a : tensor<4xf32>
  %d2 = arith.subf %f2, %f2 : tensor<4xf32>
  %n = arith.negf %c : tensor<4xf32>
  return %n : tensor<4xf32>
}

//--- chain.src.mlir
func.func @f(%a: tensor<4xf32>, %b: tensor<4xf32>, %c: tensor<4xf32>, %d: tensor<4xf32>, %e: tensor<4xf32>) -> tensor<4xf32> {
  %m1 = arith.mulf %a, %b : tensor<4xf32>
  %s1 = arith.addf %m1, %c : tensor<4xf32>
  %m2 = arith.mulf %s1, %d : tensor<4xf32>
  %s2 = arith.addf %m2, %e : tensor<4xf32>
  return %a : tensor<4xf32>
}

//--- chain.tgt.mlir
func.func @f(%a: tensor<4xf32>, %b: tensor<4xf32>, %c: tensor<4xf32>, %d: tensor<4xf32>, %e: tensor<4xf32>) -> tensor<4xf32> {
  %f1 = math.fma %a, %b, %c : tensor<4xf32>
  %f2 = math.fma %f1, %d, %e : tensor<4xf32>
  return %a : tensor<4xf32>
}
