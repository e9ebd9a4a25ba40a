// One tensor.empty that several ops fill: one-shot bufferization gives the
// blank a buffer where it stands, and each reader whose write would clobber
// data still live a buffer of its own, made at that reader. Here the first
// two readers conflict (their results are read later) and the fill reuses
// the blank's own buffer. The blank pairs with the first of its readers'
// buffers in the target's order, not with whichever reader the walk from
// the outputs reached first (was: %alloc_1, the second generic's buffer).
// RUN: mlir-opt %s --one-shot-bufferize="bufferize-function-boundaries" -o %t.mlir
// RUN: %expect_exit 1 graph-diff-opt %s %t.mlir --format=json | FileCheck %s
// RUN: %expect_exit 1 graph-diff-opt %s %t.mlir --verify -o /dev/null
// CHECK:      "mapping": [
// CHECK:        "source": "%e",
// CHECK-NEXT:   "target": "%alloc",
// CHECK-NEXT:   "status": "updated",
// CHECK:        "source": "%a",
// CHECK-NEXT:   "target": "%linalg.generic.0",
// CHECK:        "source": "%b",
// CHECK-NEXT:   "target": "%linalg.generic.1",
// CHECK:        "source": "%f",
// CHECK-NEXT:   "target": "%linalg.fill.2",

#map = affine_map<(d0) -> (d0)>
func.func @f(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  %cst = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8xf32>
  %a = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg0 : tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = math.exp %in : f32
    linalg.yield %0 : f32
  } -> tensor<8xf32>
  %b = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%a : tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = math.sqrt %in : f32
    linalg.yield %0 : f32
  } -> tensor<8xf32>
  %f = linalg.fill ins(%cst : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %c = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%b, %a : tensor<8xf32>, tensor<8xf32>) outs(%f : tensor<8xf32>) {
  ^bb0(%in: f32, %in2: f32, %out: f32):
    %0 = arith.addf %in, %in2 : f32
    %1 = arith.addf %0, %out : f32
    linalg.yield %1 : f32
  } -> tensor<8xf32>
  return %c : tensor<8xf32>
}
