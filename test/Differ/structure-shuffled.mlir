// Id-less func.func graphs: a copy with its nodes reordered and its SSA
// values renamed is the same graph, including two identical (CSE-able)
// nodes that only their users tell apart.
// RUN: split-file %s %t
// RUN: %expect_exit 0 graph-diff-opt --verify %t/src.mlir %t/shuffled.mlir | FileCheck %s
// RUN: %expect_exit 0 graph-diff-opt --verify %t/shuffled.mlir %t/src.mlir | FileCheck %s
// CHECK:      patch.plan @f to @f {
// CHECK-NEXT: }

// A real change is not hidden: rewiring an edge gives one update.
// RUN: %expect_exit 1 graph-diff-opt --verify %t/src.mlir %t/rewired.mlir | FileCheck %s --check-prefix=REWIRE
// REWIRE:      patch.plan @f to @f {
// REWIRE-NEXT:   patch.update %m changes ["inputs"] inputs(%s) stage "structure" {
// REWIRE:        }
// REWIRE-NEXT: }

//--- src.mlir
func.func @f(%a: tensor<4xf32>, %b: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %c = arith.constant dense<1.000000e+00> : tensor<4xf32>
  %s = arith.addf %a, %b : tensor<4xf32>
  %d = arith.addf %a, %b : tensor<4xf32>
  %m = arith.mulf %s, %c : tensor<4xf32>
  %n = arith.subf %d, %c : tensor<4xf32>
  %e = math.exp %m : tensor<4xf32>
  %r = arith.maximumf %e, %n : tensor<4xf32>
  return %r, %e : tensor<4xf32>, tensor<4xf32>
}

//--- shuffled.mlir
func.func @f(%x: tensor<4xf32>, %y: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %1 = arith.addf %x, %y : tensor<4xf32>
  %one = arith.constant dense<1.000000e+00> : tensor<4xf32>
  %2 = arith.subf %1, %one : tensor<4xf32>
  %0 = arith.addf %x, %y : tensor<4xf32>
  %3 = arith.mulf %0, %one : tensor<4xf32>
  %4 = math.exp %3 : tensor<4xf32>
  %5 = arith.maximumf %4, %2 : tensor<4xf32>
  return %5, %4 : tensor<4xf32>, tensor<4xf32>
}

//--- rewired.mlir
func.func @f(%a: tensor<4xf32>, %b: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %c = arith.constant dense<1.000000e+00> : tensor<4xf32>
  %s = arith.addf %a, %b : tensor<4xf32>
  %d = arith.addf %a, %b : tensor<4xf32>
  %m = arith.mulf %s, %s : tensor<4xf32>
  %n = arith.subf %d, %c : tensor<4xf32>
  %e = math.exp %m : tensor<4xf32>
  %r = arith.maximumf %e, %n : tensor<4xf32>
  return %r, %e : tensor<4xf32>, tensor<4xf32>
}
