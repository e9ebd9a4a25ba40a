// A splat constant that canonicalization folded into the payload (a product
// with 1.0) is gone from the loop nest, which now reads only index
// constants (its bounds). The op became a loop nest without results (a
// replace, since its result count changed), and the splat only it read
// went with it (was: the splat deleted). Constants of different element
// types are different data: the splat of floats is not told as updated
// into a loop bound of type index (was: `updated arith.constant ... ->
// 0 : index`).
// RUN: mlir-opt %s --linalg-fuse-elementwise-ops --one-shot-bufferize="bufferize-function-boundaries" --convert-linalg-to-loops --canonicalize --cse -o %t.mlir
// RUN: %expect_exit 1 graph-diff-opt %s %t.mlir --format=text --no-fold --width=0 | FileCheck %s
// RUN: %expect_exit 1 graph-diff-opt %s %t.mlir --verify -o /dev/null
// CHECK-NOT:  updated arith.constant
// CHECK:      folded arith.constant + linalg.generic(arith.mulf,math.exp) into scf.for(scf.for): source %one + %y -> target %scf.for.0
// CHECK-NOT:  updated arith.constant
// CHECK-NOT:  deleted
// CHECK:      summary:

#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @scale(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %one = arith.constant dense<1.0> : tensor<4x8xf32>
  %e = tensor.empty() : tensor<4x8xf32>
  %y = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%one, %x : tensor<4x8xf32>, tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%s: f32, %in: f32, %out: f32):
    %0 = arith.mulf %s, %in : f32
    %1 = math.exp %0 : f32
    linalg.yield %1 : f32
  } -> tensor<4x8xf32>
  return %y : tensor<4x8xf32>
}
