// A residual block: two matrix products, each scaled, then added and
// clamped. Elementwise fusion folds the scales, the add and the clamp into
// one loop nest once the model is bufferized and lowered. The clamp's chain
// is covered (it computes what the nest computes) after one branch; the
// other branch is fused too, because elementwise fusion takes every
// producer it can fuse that only the chain reads. Without it the chain
// read the other scale from outside and the second product's nest paired
// with nothing (was: %b deleted, its nest inserted).
// The scales and the add are still told as deleted, not as fused into the
// nest: region settling does not follow data through buffers.
// RUN: mlir-opt %s --linalg-fuse-elementwise-ops --one-shot-bufferize="bufferize-function-boundaries" --convert-linalg-to-loops --canonicalize --cse -o %t.mlir
// RUN: %expect_exit 1 graph-diff-opt %s %t.mlir --format=text --no-fold --width=0 | FileCheck %s
// RUN: %expect_exit 1 graph-diff-opt %s %t.mlir --verify -o /dev/null
// CHECK-DAG:  replaced linalg.matmul(arith.mulf,arith.addf) with scf.for(scf.for): source %a -> target %scf.for.2
// CHECK-DAG:  replaced linalg.matmul(arith.mulf,arith.addf) with scf.for(scf.for): source %b -> target %scf.for.3
// CHECK-DAG:  replaced linalg.generic(arith.maximumf) with scf.for(scf.for): source %relu -> target %scf.for.4
// CHECK-NOT:  deleted linalg.matmul
// CHECK:      summary: 1 unchanged, 1 updated, 4 replaced, 3 deleted, 6 inserted

#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @block(%x: tensor<4x4xf32>, %y: tensor<4x4xf32>, %w: tensor<4x8xf32>, %scale: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x8xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<4x8xf32>) -> tensor<4x8xf32>
  // Matrix products, which elementwise fusion leaves alone.
  %a = linalg.matmul ins(%x, %w : tensor<4x4xf32>, tensor<4x8xf32>) outs(%init : tensor<4x8xf32>) -> tensor<4x8xf32>
  %b = linalg.matmul ins(%y, %w : tensor<4x4xf32>, tensor<4x8xf32>) outs(%init : tensor<4x8xf32>) -> tensor<4x8xf32>
  // The two branches of a residual block: the same ops on each.
  %na = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%a, %scale : tensor<4x8xf32>, tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%in: f32, %s: f32, %out: f32):
    %0 = arith.mulf %in, %s : f32
    linalg.yield %0 : f32
  } -> tensor<4x8xf32>
  %nb = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%b, %scale : tensor<4x8xf32>, tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%in: f32, %s: f32, %out: f32):
    %0 = arith.mulf %in, %s : f32
    linalg.yield %0 : f32
  } -> tensor<4x8xf32>
  %sum = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%na, %nb : tensor<4x8xf32>, tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%in: f32, %in2: f32, %out: f32):
    %0 = arith.addf %in, %in2 : f32
    linalg.yield %0 : f32
  } -> tensor<4x8xf32>
  %relu = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%sum : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.maximumf %in, %zero : f32
    linalg.yield %0 : f32
  } -> tensor<4x8xf32>
  return %relu : tensor<4x8xf32>
}
