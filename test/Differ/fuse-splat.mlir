// Elementwise fusion turns a splat operand into a scalar the fused op's body
// reads: `dense<0.5> : tensor<8xf32>` becomes `0.5 : f32`. The splat and the
// scalar of its value are paired (an update of the constant), not the splat
// "folded" into the generic with the scalar inserted.
// RUN: mlir-opt %s --linalg-fuse-elementwise-ops -o %t.mlir
// RUN: %expect_exit 1 graph-diff-opt %s %t.mlir --format=text --no-fold --width=0 | FileCheck %s
// RUN: %expect_exit 1 graph-diff-opt %s %t.mlir --verify -o /dev/null
// CHECK:      updated arith.constant (attributes: value; types): source %b  [structure]
// CHECK-NEXT:   value: dense<5.000000e-01> : tensor<8xf32> -> 5.000000e-01 : f32; result types: tensor<8xf32> -> f32
// CHECK-NEXT: updated linalg.generic(arith.addf) ({{.*}}inputs): source %y
// CHECK-NOT:  inserted
// CHECK:      summary: 1 unchanged, 2 updated, 0 replaced, 0 deleted, 0 inserted
#id = affine_map<(d0) -> (d0)>
func.func @bias(%x: tensor<8xf32>) -> tensor<8xf32> {
  %b = arith.constant dense<5.000000e-01> : tensor<8xf32>
  %e = tensor.empty() : tensor<8xf32>
  %y = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]} ins(%x, %b : tensor<8xf32>, tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%in: f32, %c: f32, %out: f32):
    %s = arith.addf %in, %c : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  return %y : tensor<8xf32>
}
