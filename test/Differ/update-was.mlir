// An update says what it changes in the patch IR too: `was` holds the source
// node's old values of the attributes it changes or removes (the new ones are
// in its body); a long elements value is elided to what it is.
// RUN: split-file %s %t
// RUN: %expect_exit 1 graph-diff-opt %t/a.mlir %t/b.mlir --verify -o %t/plan.mlir
// RUN: FileCheck %s < %t/plan.mlir
// (`ogt` is predicate 2.)
// CHECK: patch.update %lt changes ["attributes"] was {predicate = 2 : i64} inputs(%arg0, %arg1)
// CHECK: arith.cmpf olt
// CHECK: patch.update %s changes ["attributes"] was {value = dense<2.000000e+00> : tensor<20xf32>} inputs()
// CHECK: patch.update %w changes ["attributes"] was {value = "elided: 20 values of tensor<20xf32>"} inputs()
// CHECK: arith.constant dense<[1.000000e+00, 1.000000e+00,
// The plan reads back and applies.
// RUN: %expect_exit 0 graph-diff-opt %t/a.mlir %t/b.mlir --check-plan=%t/plan.mlir

//--- a.mlir
func.func @f(%x: f32, %y: f32, %t: tensor<20xf32>) -> (i1, tensor<20xf32>) {
  %lt = arith.cmpf ogt, %x, %y : f32
  %w = arith.constant dense<[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0, 17.0, 18.0, 19.0]> : tensor<20xf32>
  %s = arith.constant dense<2.0> : tensor<20xf32>
  %a = arith.addf %t, %w : tensor<20xf32>
  %m = arith.mulf %a, %s : tensor<20xf32>
  return %lt, %m : i1, tensor<20xf32>
}
//--- b.mlir
func.func @f(%x: f32, %y: f32, %t: tensor<20xf32>) -> (i1, tensor<20xf32>) {
  %lt = arith.cmpf olt, %x, %y : f32
  %w = arith.constant dense<[1.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0, 17.0, 18.0, 19.0]> : tensor<20xf32>
  %s = arith.constant dense<3.0> : tensor<20xf32>
  %a = arith.addf %t, %w : tensor<20xf32>
  %m = arith.mulf %a, %s : tensor<20xf32>
  return %lt, %m : i1, tensor<20xf32>
}
