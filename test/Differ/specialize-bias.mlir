// Specializing generics (`--linalg-specialize-generic-ops`, on the model
// after `--linalg-generalize-named-ops`): the bias add becomes a new
// `linalg.broadcast` and a `linalg.add`. The broadcast is new. The generic
// that was a fill, read by the matmul that the bias add reads, is not "fused"
// into it: the matmul stands for a value the add still reads, so the votes
// through a fused chain do not go through it (LeNet, issue 11).
// RUN: mlir-opt %s --linalg-generalize-named-ops -o %t.generic.mlir
// RUN: mlir-opt %t.generic.mlir --linalg-specialize-generic-ops -o %t.named.mlir
// RUN: %expect_exit 1 graph-diff-opt %t.generic.mlir %t.named.mlir --format=text --no-fold --width=0 | FileCheck %s
// RUN: %expect_exit 1 graph-diff-opt %t.generic.mlir %t.named.mlir --verify -o /dev/null
// CHECK:      inserted tensor.empty: target %3
// CHECK-NEXT: inserted linalg.broadcast: target %broadcasted
// CHECK-NEXT: updated linalg.generic -> linalg.fill (kind): source %1  [structure]
// CHECK-NEXT: updated linalg.generic(arith.mulf,arith.addf) -> linalg.matmul(arith.mulf,arith.addf) (kind): source %2  [structure]
// CHECK-NEXT: updated linalg.generic(arith.addf) -> linalg.add(arith.addf) (kind; inputs): source %3  [structure]
// CHECK-NEXT:   operand #1: source %arg2 -> target %broadcasted (new)
// CHECK-NEXT: updated linalg.generic -> linalg.fill (kind): source %6  [structure]
// CHECK-NEXT: updated linalg.generic(arith.mulf,arith.addf) -> linalg.matmul(arith.mulf,arith.addf) (kind): source %7  [structure]
// CHECK-NEXT: summary: 4 unchanged, 5 updated, 0 replaced, 0 deleted, 2 inserted
#rows = affine_map<(d0, d1) -> (d0, d1)>
#cols = affine_map<(d0, d1) -> (d1)>
func.func @mlp(%x: tensor<1x3xf32>, %w1: tensor<3x4xf32>, %bias: tensor<4xf32>, %w2: tensor<4x2xf32>) -> tensor<1x2xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %e1 = tensor.empty() : tensor<1x4xf32>
  %f1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<1x4xf32>) -> tensor<1x4xf32>
  %m1 = linalg.matmul ins(%x, %w1 : tensor<1x3xf32>, tensor<3x4xf32>) outs(%f1 : tensor<1x4xf32>) -> tensor<1x4xf32>
  %a = linalg.generic {indexing_maps = [#rows, #cols, #rows], iterator_types = ["parallel", "parallel"]} ins(%m1, %bias : tensor<1x4xf32>, tensor<4xf32>) outs(%e1 : tensor<1x4xf32>) {
  ^bb0(%in: f32, %b: f32, %out: f32):
    %s = arith.addf %in, %b : f32
    linalg.yield %s : f32
  } -> tensor<1x4xf32>
  %r = linalg.generic {indexing_maps = [#rows, #rows], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<1x4xf32>) outs(%e1 : tensor<1x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.maximumf %in, %zero : f32
    linalg.yield %m : f32
  } -> tensor<1x4xf32>
  %e2 = tensor.empty() : tensor<1x2xf32>
  %f2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<1x2xf32>) -> tensor<1x2xf32>
  %m2 = linalg.matmul ins(%r, %w2 : tensor<1x4xf32>, tensor<4x2xf32>) outs(%f2 : tensor<1x2xf32>) -> tensor<1x2xf32>
  return %m2 : tensor<1x2xf32>
}
