// --linalg-fold-unit-extent-dims=use-rank-reducing-slices puts a chain of
// slices between a rewritten op and the pad that reads it: the generic's
// result goes into a whole 1x8x1x1 tensor (insert_slice), which is sliced
// down again (extract_slice) for the pad. The chain only reshapes, so the
// votes along operands look through all of it, to the rewritten generic
// (was: through one slice only, so each clamp paired with the insert_slice
// and the two twin blocks' exps were deleted and inserted, tied).
// The pads, whose slices are the graph's outputs, still pair with those.
// RUN: mlir-opt %s --linalg-fold-unit-extent-dims=use-rank-reducing-slices -o %t.mlir
// RUN: %expect_exit 1 graph-diff-opt %s %t.mlir --format=text --no-fold --width=0 | FileCheck %s
// RUN: %expect_exit 1 graph-diff-opt %s %t.mlir --verify -o /dev/null
// CHECK-DAG:  updated linalg.generic(math.exp) ({{.*}}): source %a  [structure]
// CHECK-DAG:  updated linalg.generic(arith.maximumf) ({{.*}}): source %b  [structure]
// CHECK-DAG:  updated linalg.generic(math.exp) ({{.*}}): source %a2  [structure]
// CHECK-DAG:  updated linalg.generic(arith.maximumf) ({{.*}}): source %b2  [structure]
// CHECK-NOT:  deleted
// CHECK-NOT:  (ambiguous:
// CHECK:      summary: 2 unchanged, 4 updated, 2 replaced, 0 deleted, 14 inserted

#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
func.func @f(%x: tensor<1x8x1x1xf32>, %y: tensor<1x8x1x1xf32>) -> (tensor<1x8x3x3xf32>, tensor<1x8x3x3xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x8x1x1xf32>
  %a = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%x : tensor<1x8x1x1xf32>) outs(%e : tensor<1x8x1x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = math.exp %in : f32
    linalg.yield %0 : f32
  } -> tensor<1x8x1x1xf32>
  %b = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%a : tensor<1x8x1x1xf32>) outs(%e : tensor<1x8x1x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.maximumf %in, %zero : f32
    linalg.yield %0 : f32
  } -> tensor<1x8x1x1xf32>
  %p = tensor.pad %b low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %zero : f32
  } : tensor<1x8x1x1xf32> to tensor<1x8x3x3xf32>
  %a2 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%y : tensor<1x8x1x1xf32>) outs(%e : tensor<1x8x1x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = math.exp %in : f32
    linalg.yield %0 : f32
  } -> tensor<1x8x1x1xf32>
  %b2 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%a2 : tensor<1x8x1x1xf32>) outs(%e : tensor<1x8x1x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.maximumf %in, %zero : f32
    linalg.yield %0 : f32
  } -> tensor<1x8x1x1xf32>
  %p2 = tensor.pad %b2 low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %zero : f32
  } : tensor<1x8x1x1xf32> to tensor<1x8x3x3xf32>
  return %p, %p2 : tensor<1x8x3x3xf32>, tensor<1x8x3x3xf32>
}
