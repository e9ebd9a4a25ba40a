// Two fused chains one after the other: the second (%m2, %s2) reads the
// first's result (%s). The target holds two `math.fma`, the second reading
// the first. Region settling grew the second fma's region back through the
// first chain (the first fma had no region yet, so its result no image to
// stop at) and inserted the first fma; step 4c (docs/Matching.md) splits the
// first chain off as the first fma's region.
// RUN: split-file %s %t
// RUN: %expect_exit 1 graph-diff-opt --verify %t/src.mlir %t/chained.mlir | FileCheck %s --check-prefix=SPLIT
// SPLIT:      patch.delete %m absorbed_by %s stage "structure"
// SPLIT-NEXT: patch.replace %s with new %f region [%m, %s] inputs(%arg0, %arg1, %arg2) results(%s)
// SPLIT:      patch.delete %m2 absorbed_by %s2 stage "structure"
// SPLIT-NEXT: patch.replace %s2 with new %g region [%m2, %s2] inputs(%arg3, new %f, %arg4) results(%s2)
// SPLIT-NOT:  patch.insert
// RUN: %expect_exit 1 graph-diff-opt --format=text %t/src.mlir %t/chained.mlir | FileCheck %s --check-prefix=TEXT
// TEXT:      x2: fused arith.mulf + arith.addf into math.fma
// TEXT:      source %m + %s -> target %f
// TEXT:      source %m2 + %s2 -> target %g

// The first fma reads %d where the first chain read %c: the members its
// inputs' images alone feed (%m) do not read every image, so nothing is split
// off, and the second fma's region, grown back through the first chain,
// reads %a, %b and %c, which it does not. Step 5b cuts it back to the chain
// that reads what it reads, one free value (%s) for its one new input (%f):
// the first fma is inserted and the first chain deleted (was: the second fma
// replaced all four ops).
// RUN: %expect_exit 1 graph-diff-opt --verify %t/src.mlir %t/other.mlir | FileCheck %s --check-prefix=OTHER
// OTHER:     patch.insert new %f
// OTHER:     patch.replace %s2 with new %g region [%m2, %s2]
// OTHER-DAG: patch.delete %m{{$}}
// OTHER-DAG: patch.delete %s{{$}}

// Two fused chains with an op between them that the target keeps, new only
// because it reads the first fma: `%x = arith.mulf %s1, %d` becomes
// `arith.mulf %f1, %d`, and the second chain reads it. The second fma's
// region grew back through `%x` and the first chain; the new nodes it reads
// and the new nodes they read are split off in turn, producers first: the
// first chain for `%f1`, then `%x` for the mulf, which is `%x` itself (a
// pair, not a replacement). Before, `%f1` and the mulf were inserted and the
// second fma replaced five ops (the 1M-op fuse benchmark pair: 1 such chain).
// RUN: %expect_exit 1 graph-diff-opt --verify %t/between.src.mlir %t/between.tgt.mlir | FileCheck %s --check-prefix=BETWEEN
// BETWEEN:      patch.replace %s1 with new %f1 region [%m1, %s1] inputs(%arg0, %arg1, %arg2) results(%s1)
// BETWEEN:      patch.replace %s2 with new %f2 region [%m2, %s2] inputs(%arg4, %arg3, %x) results(%s2)
// BETWEEN-NOT:  patch.insert
// RUN: %expect_exit 1 graph-diff-opt --format=text %t/between.src.mlir %t/between.tgt.mlir | FileCheck %s --check-prefix=BETWEEN-TEXT
// BETWEEN-TEXT: summary: 1 unchanged, 0 updated, 4 replaced, 0 deleted, 0 inserted

//--- src.mlir
func.func @f(%a: tensor<4xf32>, %b: tensor<4xf32>, %c: tensor<4xf32>, %d: tensor<4xf32>, %e: tensor<4xf32>) -> tensor<4xf32> {
  %m = arith.mulf %a, %b : tensor<4xf32>
  %s = arith.addf %m, %c : tensor<4xf32>
  %m2 = arith.mulf %d, %s : tensor<4xf32>
  %s2 = arith.addf %m2, %e : tensor<4xf32>
  %n = arith.negf %s2 : tensor<4xf32>
  return %n : tensor<4xf32>
}

//--- chained.mlir
func.func @f(%a: tensor<4xf32>, %b: tensor<4xf32>, %c: tensor<4xf32>, %d: tensor<4xf32>, %e: tensor<4xf32>) -> tensor<4xf32> {
  %f = math.fma %a, %b, %c : tensor<4xf32>
  %g = math.fma %d, %f, %e : tensor<4xf32>
  %n = arith.negf %g : tensor<4xf32>
  return %n : tensor<4xf32>
}

//--- other.mlir
func.func @f(%a: tensor<4xf32>, %b: tensor<4xf32>, %c: tensor<4xf32>, %d: tensor<4xf32>, %e: tensor<4xf32>) -> tensor<4xf32> {
  %f = math.fma %a, %b, %d : tensor<4xf32>
  %g = math.fma %d, %f, %e : tensor<4xf32>
  %n = arith.negf %g : tensor<4xf32>
  return %n : tensor<4xf32>
}

//--- between.src.mlir
func.func @f(%a: tensor<4xf32>, %b: tensor<4xf32>, %c: tensor<4xf32>, %d: tensor<4xf32>, %e: tensor<4xf32>) -> tensor<4xf32> {
  %m1 = arith.mulf %a, %b : tensor<4xf32>
  %s1 = arith.addf %m1, %c : tensor<4xf32>
  %x = arith.mulf %s1, %d : tensor<4xf32>
  %m2 = arith.mulf %e, %d : tensor<4xf32>
  %s2 = arith.addf %m2, %x : tensor<4xf32>
  return %s2 : tensor<4xf32>
}

//--- between.tgt.mlir
func.func @f(%a: tensor<4xf32>, %b: tensor<4xf32>, %c: tensor<4xf32>, %d: tensor<4xf32>, %e: tensor<4xf32>) -> tensor<4xf32> {
  %f1 = math.fma %a, %b, %c : tensor<4xf32>
  %x = arith.mulf %f1, %d : tensor<4xf32>
  %f2 = math.fma %e, %d, %x : tensor<4xf32>
  return %f2 : tensor<4xf32>
}
