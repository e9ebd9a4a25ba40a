// A fused chain nothing read, which read a constant: `arith.mulf %a, %b` and
// `arith.addf %m, %k1` became `math.fma %a, %b, %k1'`. Equal constants tie,
// so `%k1'` had no counterpart when step 4b looked for the chain the fma
// replaces, and the fma was inserted and the chain deleted (the 100k-op fuse
// benchmark pair: its last such chain; the 1M pair: 31). A constant that
// only the new dead end reads now stands for the one constant of equal
// content, read only by the chain, that the chain kept: the two pair, and the
// chain is replaced as before.
// RUN: split-file %s %t
// RUN: %expect_exit 1 graph-diff-opt --verify %t/src.mlir %t/fused.mlir | FileCheck %s --check-prefix=FUSED
// FUSED:     patch.replace %s1 with new %f1 region [%m1, %s1] inputs(%arg0, %arg1, %k1)
// FUSED:     patch.replace %s2 with new %f2 region [%m2, %s2] inputs(%arg1, %arg2, %k2)
// FUSED-NOT: patch.insert
// FUSED-NOT: patch.delete %k
// RUN: %expect_exit 1 graph-diff-opt --format=text %t/src.mlir %t/fused.mlir | FileCheck %s --check-prefix=TEXT
// TEXT: summary: 2 unchanged, 0 updated, 4 replaced, 0 deleted, 0 inserted

// The first chain reads two equal constants, and so does its fma: which is
// which is not known, so that fma is inserted; the second chain is told.
// RUN: %expect_exit 1 graph-diff-opt --verify %t/twice.mlir %t/twice-fused.mlir | FileCheck %s --check-prefix=TWICE
// TWICE-DAG: patch.insert new %f1
// TWICE-DAG: patch.replace %s2 with new %f2 region [%m2, %s2] inputs(%arg1, %arg2, %k2)
// TWICE-NOT: patch.replace %s1

// A dead end that reads a fused chain's result and a constant only it reads:
// a chain of one node of its own content, so a pair (unchanged), not a
// replacement.
// RUN: %expect_exit 1 graph-diff-opt --verify --format=text %t/reader.mlir %t/reader-fused.mlir | FileCheck %s --check-prefix=READER
// READER:     fused arith.mulf + arith.addf into math.fma: source %m0 + %s0 -> target %f0
// READER-NOT: replaced arith.mulf
// READER:     summary: 5 unchanged, 0 updated, 2 replaced, 0 deleted, 0 inserted

//--- src.mlir
func.func @main(%a: tensor<4xf32>, %b: tensor<4xf32>, %c: tensor<4xf32>) -> tensor<4xf32> {
  %k1 = arith.constant dense<2.0> : tensor<4xf32>
  %m1 = arith.mulf %a, %b : tensor<4xf32>
  %s1 = arith.addf %m1, %k1 : tensor<4xf32>
  %k2 = arith.constant dense<2.0> : tensor<4xf32>
  %m2 = arith.mulf %b, %c : tensor<4xf32>
  %s2 = arith.addf %m2, %k2 : tensor<4xf32>
  return %a : tensor<4xf32>
}

//--- fused.mlir
func.func @main(%a: tensor<4xf32>, %b: tensor<4xf32>, %c: tensor<4xf32>) -> tensor<4xf32> {
  %k1 = arith.constant dense<2.0> : tensor<4xf32>
  %f1 = math.fma %a, %b, %k1 : tensor<4xf32>
  %k2 = arith.constant dense<2.0> : tensor<4xf32>
  %f2 = math.fma %b, %c, %k2 : tensor<4xf32>
  return %a : tensor<4xf32>
}

//--- twice.mlir
func.func @main(%a: tensor<4xf32>, %b: tensor<4xf32>, %c: tensor<4xf32>) -> tensor<4xf32> {
  %k1 = arith.constant dense<2.0> : tensor<4xf32>
  %m1 = arith.mulf %a, %k1 : tensor<4xf32>
  %k3 = arith.constant dense<2.0> : tensor<4xf32>
  %s1 = arith.addf %m1, %k3 : tensor<4xf32>
  %k2 = arith.constant dense<2.0> : tensor<4xf32>
  %m2 = arith.mulf %b, %c : tensor<4xf32>
  %s2 = arith.addf %m2, %k2 : tensor<4xf32>
  return %a : tensor<4xf32>
}

//--- twice-fused.mlir
func.func @main(%a: tensor<4xf32>, %b: tensor<4xf32>, %c: tensor<4xf32>) -> tensor<4xf32> {
  %k1 = arith.constant dense<2.0> : tensor<4xf32>
  %k3 = arith.constant dense<2.0> : tensor<4xf32>
  %f1 = math.fma %a, %k1, %k3 : tensor<4xf32>
  %k2 = arith.constant dense<2.0> : tensor<4xf32>
  %f2 = math.fma %b, %c, %k2 : tensor<4xf32>
  return %a : tensor<4xf32>
}

//--- reader.mlir
func.func @main(%a: tensor<4xf32>, %b: tensor<4xf32>, %c: tensor<4xf32>) -> tensor<4xf32> {
  %m0 = arith.mulf %a, %b : tensor<4xf32>
  %s0 = arith.addf %m0, %c : tensor<4xf32>
  %x = arith.negf %s0 : tensor<4xf32>
  %k = arith.constant dense<5.0> : tensor<4xf32>
  %g = arith.mulf %s0, %k : tensor<4xf32>
  %k2 = arith.constant dense<5.0> : tensor<4xf32>
  %e = arith.mulf %x, %k2 : tensor<4xf32>
  return %x : tensor<4xf32>
}

//--- reader-fused.mlir
func.func @main(%a: tensor<4xf32>, %b: tensor<4xf32>, %c: tensor<4xf32>) -> tensor<4xf32> {
  %f0 = math.fma %a, %b, %c : tensor<4xf32>
  %x = arith.negf %f0 : tensor<4xf32>
  %k = arith.constant dense<5.0> : tensor<4xf32>
  %g = arith.mulf %f0, %k : tensor<4xf32>
  %k2 = arith.constant dense<5.0> : tensor<4xf32>
  %e = arith.mulf %x, %k2 : tensor<4xf32>
  return %x : tensor<4xf32>
}
