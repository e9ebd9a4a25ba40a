// --linalg-fold-unit-extent-dims=use-rank-reducing-slices rewrites each op at
// a lower rank between a rank-reducing tensor.extract_slice and a
// tensor.insert_slice that covers a whole tensor: like the expand_shape and
// collapse_shape of the default form, these only reshape (isPureReshape),
// so the rewritten generic pairs with the old one (was: the generics fused
// into the last insert_slice). The last generic, whose reshape is the graph
// output, still pairs with that reshape.
// RUN: mlir-opt %s --linalg-fold-unit-extent-dims=use-rank-reducing-slices -o %t.mlir
// RUN: %expect_exit 1 graph-diff-opt %s %t.mlir --format=text --no-fold --width=0 | FileCheck %s
// RUN: %expect_exit 1 graph-diff-opt %s %t.mlir --verify -o /dev/null
// CHECK-NOT: fused
// CHECK:     updated linalg.generic(arith.addf) (attributes: indexing_maps, iterator_types; types; inputs): source %add
// CHECK:     summary: 0 unchanged, 2 updated, 1 replaced, 1 deleted, 5 inserted
#id = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
func.func @model(%x: tensor<1x4x8xf32>, %y: tensor<1x4x8xf32>) -> tensor<1x4x8xf32> {
  %e0 = tensor.empty() : tensor<1x4x8xf32>
  %add = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x, %y : tensor<1x4x8xf32>, tensor<1x4x8xf32>) outs(%e0 : tensor<1x4x8xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<1x4x8xf32>
  %e1 = tensor.empty() : tensor<1x4x8xf32>
  %relu = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel"]} ins(%add : tensor<1x4x8xf32>) outs(%e1 : tensor<1x4x8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %m = arith.negf %a : f32
    linalg.yield %m : f32
  } -> tensor<1x4x8xf32>
  return %relu : tensor<1x4x8xf32>
}
