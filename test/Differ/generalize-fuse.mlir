// Generalizing named ops and then fusing (`--linalg-generalize-named-ops
// --linalg-fuse-elementwise-ops`), without locations: a named op and the
// generic it became are the same kind of op (iterator types and result types,
// through the LinalgOp interface), and a generic does not take the place of a
// generalized op of another iteration space. Before, the ReLU generic took the
// generalized broadcast's place and the broadcast read as fused into the
// convolution, each pair shifted by one along the chain (LeNet, issue 11).
// In @mlp the fused matmul reads the bias add's and the ReLU's inputs too,
// which shifts its init slot; the inits still correspond (the fill it writes
// into became its own generic, not part of the fused region).
// RUN: mlir-opt %s --linalg-generalize-named-ops --linalg-fuse-elementwise-ops -o %t.mlir
// RUN: %expect_exit 1 graph-diff-opt %s %t.mlir --format=text --no-fold --width=0 | FileCheck %s
// RUN: %expect_exit 1 graph-diff-opt %s %t.mlir --verify -o /dev/null
// CHECK-LABEL: graph @conv
// CHECK-NEXT:  updated linalg.broadcast -> linalg.generic (kind): source %b  [structure]
// CHECK-NEXT:  updated linalg.conv_2d_nchw_fchw(arith.mulf,arith.addf) -> linalg.generic(arith.mulf,arith.addf) (kind): source %c  [structure]
// CHECK-NEXT:  updated linalg.fill -> linalg.generic (kind; inputs): source %f  [structure]
// CHECK:       fused linalg.generic(arith.maximumf) + linalg.pooling_nchw_sum(arith.addf) into linalg.generic(arith.maximumf,arith.addf): source %r + %p -> target %6  [structure]
// CHECK-LABEL: graph @mlp
// CHECK-NEXT:  updated linalg.fill -> linalg.generic (kind; inputs): source %f1  [structure]
// CHECK:       updated linalg.matmul(arith.mulf,arith.addf) -> linalg.generic(arith.mulf,arith.addf) (kind): source %m1  [structure]
// CHECK-NEXT:  updated linalg.fill -> linalg.generic (kind; inputs): source %f2  [structure]
// CHECK:       fused linalg.generic(arith.addf) + linalg.generic(arith.maximumf) + linalg.matmul(arith.mulf,arith.addf) into linalg.generic(arith.addf,arith.maximumf,arith.mulf,...): source %a + %r + %m2 -> target %5  [structure]
// CHECK-NEXT:  summary: 7 unchanged, 6 updated, 5 replaced, 0 deleted, 0 inserted
#rows = affine_map<(d0, d1) -> (d0, d1)>
#cols = affine_map<(d0, d1) -> (d1)>
#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
func.func @conv(%x: tensor<1x1x6x6xf32>, %w: tensor<2x1x3x3xf32>, %bias: tensor<2xf32>) -> tensor<1x2x2x2xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %e = tensor.empty() : tensor<1x2x4x4xf32>
  %b = linalg.broadcast ins(%bias : tensor<2xf32>) outs(%e : tensor<1x2x4x4xf32>) dimensions = [0, 2, 3]
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x, %w : tensor<1x1x6x6xf32>, tensor<2x1x3x3xf32>) outs(%b : tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c : tensor<1x2x4x4xf32>) outs(%e : tensor<1x2x4x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.maximumf %in, %zero : f32
    linalg.yield %m : f32
  } -> tensor<1x2x4x4xf32>
  %pe = tensor.empty() : tensor<1x2x2x2xf32>
  %f = linalg.fill ins(%zero : f32) outs(%pe : tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32>
  %win = tensor.empty() : tensor<2x2xf32>
  %p = linalg.pooling_nchw_sum {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%r, %win : tensor<1x2x4x4xf32>, tensor<2x2xf32>) outs(%f : tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32>
  return %p : tensor<1x2x2x2xf32>
}

func.func @mlp(%x: tensor<1x3xf32>, %w1: tensor<3x4xf32>, %bias: tensor<4xf32>, %w2: tensor<4x2xf32>) -> tensor<1x2xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %e1 = tensor.empty() : tensor<1x4xf32>
  %f1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<1x4xf32>) -> tensor<1x4xf32>
  %m1 = linalg.matmul ins(%x, %w1 : tensor<1x3xf32>, tensor<3x4xf32>) outs(%f1 : tensor<1x4xf32>) -> tensor<1x4xf32>
  %a = linalg.generic {indexing_maps = [#rows, #cols, #rows], iterator_types = ["parallel", "parallel"]} ins(%m1, %bias : tensor<1x4xf32>, tensor<4xf32>) outs(%e1 : tensor<1x4xf32>) {
  ^bb0(%in: f32, %b: f32, %out: f32):
    %s = arith.addf %in, %b : f32
    linalg.yield %s : f32
  } -> tensor<1x4xf32>
  %r = linalg.generic {indexing_maps = [#rows, #rows], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<1x4xf32>) outs(%e1 : tensor<1x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.maximumf %in, %zero : f32
    linalg.yield %m : f32
  } -> tensor<1x4xf32>
  %e2 = tensor.empty() : tensor<1x2xf32>
  %f2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<1x2xf32>) -> tensor<1x2xf32>
  %m2 = linalg.matmul ins(%r, %w2 : tensor<1x4xf32>, tensor<4x2xf32>) outs(%f2 : tensor<1x2xf32>) -> tensor<1x2xf32>
  return %m2 : tensor<1x2xf32>
}
