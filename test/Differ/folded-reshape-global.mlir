// The canonicalizer folds a reshape of a constant into a constant of the
// new shape, which bufferization makes a global. The walk through buffers
// pairs the reshape with that global, and the constant folds with it
// (was: both deleted, the global inserted).
// RUN: mlir-opt %s --linalg-fuse-elementwise-ops --one-shot-bufferize="bufferize-function-boundaries" --convert-linalg-to-loops --canonicalize --cse -o %t.mlir
// RUN: %expect_exit 1 graph-diff-opt %s %t.mlir --format=text --no-fold --width=0 | FileCheck %s
// RUN: %expect_exit 1 graph-diff-opt %s %t.mlir --verify -o /dev/null
// CHECK:      folded arith.constant + tensor.collapse_shape into memref.get_global: source %w + %c -> target %0
// CHECK:      replaced linalg.generic(arith.mulf) with scf.for(scf.for): source %y -> target %scf.for.0
// CHECK-NOT:  deleted
// CHECK:      summary: 0 unchanged, 1 updated, 3 replaced, 0 deleted, 4 inserted

#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @scale(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %w = arith.constant dense<[[[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0]], [[1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5, 8.5]], [[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0]], [[1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5, 8.5]]]> : tensor<4x1x8xf32>
  %c = tensor.collapse_shape %w [[0, 1], [2]] : tensor<4x1x8xf32> into tensor<4x8xf32>
  %e = tensor.empty() : tensor<4x8xf32>
  %y = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%c, %x : tensor<4x8xf32>, tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%s: f32, %in: f32, %out: f32):
    %0 = arith.mulf %s, %in : f32
    linalg.yield %0 : f32
  } -> tensor<4x8xf32>
  return %y : tensor<4x8xf32>
}
