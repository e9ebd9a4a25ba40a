// Upstream elementwise fusion of three linalg.generic ops, made by the real
// pass at test time: one replace anchored on the consumer (the sink of the
// chain), the two producers deleted as absorbed by it. Without locations the
// structural stage finds it; with them (--mlir-print-debuginfo keeps the
// consumer's location on the fused op) the location stage does, and the plan
// is the same apart from the stage.
// RUN: split-file %s %t
// RUN: mlir-opt %t/src.mlir --linalg-fuse-elementwise-ops -o %t/fused.mlir
// RUN: %expect_exit 1 graph-diff-opt --verify %t/src.mlir %t/fused.mlir | FileCheck %s -DSTAGE=structure
// RUN: mlir-opt %t/src.mlir --linalg-fuse-elementwise-ops --mlir-print-debuginfo -o %t/fused-loc.mlir
// RUN: %expect_exit 1 graph-diff-opt --verify %t/src.mlir %t/fused-loc.mlir | FileCheck %s -DSTAGE=location

// CHECK-LABEL: patch.plan @block to @block {
// CHECK-NEXT:    patch.delete %e absorbed_by %n stage "[[STAGE]]"
// CHECK-NEXT:    patch.delete %s absorbed_by %n stage "[[STAGE]]"
// CHECK-NEXT:    patch.replace %n with new %{{[0-9]+}} region [%e, %s, %n] inputs(%arg0, %arg1, %init) results(%n) stage "[[STAGE]]" {
// CHECK:           linalg.generic
// CHECK:             math.exp
// CHECK-NEXT:        arith.addf
// CHECK-NEXT:        arith.negf
// CHECK:         }
// CHECK-NEXT:  }

//--- src.mlir
#id = affine_map<(d0) -> (d0)>
func.func @block(%x: tensor<8xf32>, %y: tensor<8xf32>) -> tensor<f32> {
  %init = tensor.empty() : tensor<8xf32>
  %e = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : tensor<8xf32>) outs(%init : tensor<8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = math.exp %in : f32
    linalg.yield %0 : f32
  } -> tensor<8xf32>
  %s = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]} ins(%e, %y : tensor<8xf32>, tensor<8xf32>) outs(%init : tensor<8xf32>) {
  ^bb0(%a: f32, %b: f32, %out: f32):
    %0 = arith.addf %a, %b : f32
    linalg.yield %0 : f32
  } -> tensor<8xf32>
  %n = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%s : tensor<8xf32>) outs(%init : tensor<8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.negf %in : f32
    linalg.yield %0 : f32
  } -> tensor<8xf32>
  %zero = arith.constant 0.000000e+00 : f32
  %acc0 = tensor.empty() : tensor<f32>
  %acc = linalg.fill ins(%zero : f32) outs(%acc0 : tensor<f32>) -> tensor<f32>
  %r = linalg.dot ins(%n, %x : tensor<8xf32>, tensor<8xf32>) outs(%acc : tensor<f32>) -> tensor<f32>
  return %r : tensor<f32>
}
