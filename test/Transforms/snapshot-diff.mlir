// graph-snapshot remembers the module; graph-diff prints the plan of what the
// passes between them did. Elementwise fusion keeps the consumer's location on
// the fused op, so the fusion shows as a replace anchored on the consumer.
// RUN: graph-diff-opt %s -o /dev/null -pass-pipeline='builtin.module(graph-snapshot,func.func(linalg-fuse-elementwise-ops),graph-diff{verify=true})' | FileCheck %s

// Without a snapshot there is nothing to diff against.
// RUN: not graph-diff-opt %s -o /dev/null -pass-pipeline='builtin.module(graph-diff)' 2>&1 | FileCheck %s --check-prefix=NO-SNAPSHOT
// NO-SNAPSHOT: error: graph-diff: no graph-snapshot ran before it in this pipeline

// CHECK-LABEL: patch.plan @add_relu to @add_relu {
// Inside a pipeline there are no parser names: nodes are named as the
// printer numbers them (%1 is %sum, %2 is %relu, %0 is %e).
// CHECK-NEXT:    patch.delete %1 absorbed_by %2 stage "location"
// CHECK-NEXT:    patch.replace %2 with new %1 region [%1, %2] inputs(%arg0, %arg1, %0, %cst) results(%2) stage "location" {
// CHECK-NEXT:    ^bb0(%in0: tensor<8xf32>, %in1: tensor<8xf32>, %in2: tensor<8xf32>, %in3: f32):
// CHECK-NEXT:      %0 = linalg.generic
// CHECK:             arith.addf
// CHECK-NEXT:        arith.maximumf %{{.*}}, %in3
// CHECK:         }
// CHECK-NEXT:  }
// CHECK-LABEL: patch.plan @untouched to @untouched {
// CHECK-NEXT:  }

#map = affine_map<(d0) -> (d0)>
func.func @add_relu(%a: tensor<8xf32>, %b: tensor<8xf32>) -> tensor<8xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %e = tensor.empty() : tensor<8xf32>
  %sum = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]}
      ins(%a, %b : tensor<8xf32>, tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  %relu = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]}
      ins(%sum : tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%x: f32, %o: f32):
    %m = arith.maximumf %x, %cst : f32
    linalg.yield %m : f32
  } -> tensor<8xf32>
  return %relu : tensor<8xf32>
}

func.func @untouched(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  return %0 : i32
}
