// Found by the diff fuzz target: two ops whose regions hold the same ops but
// read different block arguments (`%x, %x` against `%x, %y`) are different
// nodes. They once gave an empty plan and exit 0, and --verify refused that
// plan ("region #0 differs").
// RUN: split-file %s %t
// RUN: %expect_exit 1 graph-diff-opt %t/src.mlir %t/tgt.mlir --verify | FileCheck %s
// RUN: %expect_exit 0 graph-diff-opt %t/src.mlir %t/src.mlir --verify

// CHECK-LABEL: patch.plan @f to @f {
// CHECK-NEXT:    patch.update %sum changes ["regions"]
// CHECK:           ^bb0(%[[X:[^:]+]]: f32, %[[Y:[^:]+]]: f32, %{{[^:]+}}: f32):
// CHECK-NEXT:        arith.addf %[[X]], %[[Y]] : f32
// CHECK:       }

//--- src.mlir
#map = affine_map<(d0) -> (d0)>
func.func @f(%a: tensor<8xf32>, %b: tensor<8xf32>) -> tensor<8xf32> {
  %e = tensor.empty() : tensor<8xf32>
  %sum = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]}
      ins(%a, %b : tensor<8xf32>, tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %x : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  return %sum : tensor<8xf32>
}

//--- tgt.mlir
#map = affine_map<(d0) -> (d0)>
func.func @f(%a: tensor<8xf32>, %b: tensor<8xf32>) -> tensor<8xf32> {
  %e = tensor.empty() : tensor<8xf32>
  %sum = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]}
      ins(%a, %b : tensor<8xf32>, tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  return %sum : tensor<8xf32>
}
