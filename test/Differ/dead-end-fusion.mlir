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
