// Id-less func.func graphs with one change each: the changed node is matched
// by structure and updated; nothing else moves.
// RUN: split-file %s %t
// RUN: %expect_exit 1 graph-diff-opt --verify %t/src.mlir %t/tgt.mlir | FileCheck %s

// The op changed (mulf -> divf): an update of its kind.
// CHECK-LABEL: patch.plan @kind to @kind {
// CHECK-NEXT:    patch.update %m changes ["kind"] inputs(%s, %arg1) stage "structure" {
// CHECK-NEXT:    ^bb0(%in0: tensor<4xf32>, %in1: tensor<4xf32>):
// CHECK-NEXT:      arith.divf %in0, %in1
// CHECK-NEXT:    }
// CHECK-NEXT:  }

// An attribute changed (the predicate).
// CHECK-LABEL: patch.plan @attr to @attr {
// CHECK-NEXT:    patch.update %c changes ["attributes"] was {predicate = 4 : i64} inputs(%s, %arg1) stage "structure" {
// CHECK-NEXT:    ^bb0(%in0: tensor<4xf32>, %in1: tensor<4xf32>):
// CHECK-NEXT:      arith.cmpf ogt, %in0, %in1
// CHECK-NEXT:    }
// CHECK-NEXT:  }

// A commutative op with its operands swapped hashes the same, so it is still
// matched; the plan records the new operand order.
// CHECK-LABEL: patch.plan @commuted to @commuted {
// CHECK-NEXT:    patch.update %s changes ["inputs"] inputs(%arg1, %n) stage "structure" {
// CHECK-NEXT:    ^bb0(%in0: tensor<4xf32>, %in1: tensor<4xf32>):
// CHECK-NEXT:      arith.addf %in0, %in1
// CHECK-NEXT:    }
// CHECK-NEXT:  }

// A tie between interchangeable candidates is no ambiguity: the target's one
// constant could be either of the two identical source constants (CSE merged
// them), and either choice gives a plan of two actions. The first in file
// order is kept, as CSE keeps it; the other is deleted and its user rewired.
// CHECK-LABEL: patch.plan @tie to @tie {
// CHECK-NEXT:    patch.update %d changes ["inputs"] inputs(%arg0, %c1) stage "structure" {
// CHECK:         patch.delete %c2{{$}}
// CHECK-NEXT:  }

// A real ambiguity stays one: the candidates differ (2.0 and 3.0), so the
// choice says which of them became 5.0. Neither is picked; both are deleted,
// marked ambiguous, and the new constant, which they tie for, is inserted,
// marked ambiguous too.
// CHECK-LABEL: patch.plan @ambiguous to @ambiguous {
// CHECK-NEXT:    patch.insert new %c inputs() because "ambiguous: {{.*}}" {
// CHECK:         patch.update %d changes ["inputs"] inputs(%arg0, new %c)
// CHECK:         patch.update %m changes ["inputs"] inputs(%arg0, new %c)
// CHECK:         patch.delete %c1 because "ambiguous: {{.*}}"
// CHECK-NEXT:    patch.delete %c2 because "ambiguous: {{.*}}"
// CHECK-NEXT:  }

//--- src.mlir
func.func @kind(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %s = arith.addf %a, %b : tensor<4xf32>
  %m = arith.mulf %s, %b : tensor<4xf32>
  %e = math.exp %m : tensor<4xf32>
  return %e : tensor<4xf32>
}
func.func @attr(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xi1> {
  %s = arith.addf %a, %b : tensor<4xf32>
  %c = arith.cmpf olt, %s, %b : tensor<4xf32>
  return %c : tensor<4xi1>
}
func.func @commuted(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %n = math.exp %a : tensor<4xf32>
  %s = arith.addf %n, %b : tensor<4xf32>
  %e = math.sqrt %s : tensor<4xf32>
  return %e : tensor<4xf32>
}
func.func @tie(%a: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %c1 = arith.constant dense<2.000000e+00> : tensor<4xf32>
  %c2 = arith.constant dense<2.000000e+00> : tensor<4xf32>
  %m = arith.mulf %a, %c1 : tensor<4xf32>
  %d = arith.divf %a, %c2 : tensor<4xf32>
  return %m, %d : tensor<4xf32>, tensor<4xf32>
}
func.func @ambiguous(%a: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %c1 = arith.constant dense<2.000000e+00> : tensor<4xf32>
  %c2 = arith.constant dense<3.000000e+00> : tensor<4xf32>
  %m = arith.mulf %a, %c1 : tensor<4xf32>
  %d = arith.divf %a, %c2 : tensor<4xf32>
  return %m, %d : tensor<4xf32>, tensor<4xf32>
}

//--- tgt.mlir
func.func @kind(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %s = arith.addf %a, %b : tensor<4xf32>
  %m = arith.divf %s, %b : tensor<4xf32>
  %e = math.exp %m : tensor<4xf32>
  return %e : tensor<4xf32>
}
func.func @attr(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xi1> {
  %s = arith.addf %a, %b : tensor<4xf32>
  %c = arith.cmpf ogt, %s, %b : tensor<4xf32>
  return %c : tensor<4xi1>
}
func.func @commuted(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %n = math.exp %a : tensor<4xf32>
  %s = arith.addf %b, %n : tensor<4xf32>
  %e = math.sqrt %s : tensor<4xf32>
  return %e : tensor<4xf32>
}
func.func @tie(%a: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %c = arith.constant dense<2.000000e+00> : tensor<4xf32>
  %m = arith.mulf %a, %c : tensor<4xf32>
  %d = arith.divf %a, %c : tensor<4xf32>
  return %m, %d : tensor<4xf32>, tensor<4xf32>
}
func.func @ambiguous(%a: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %c = arith.constant dense<5.000000e+00> : tensor<4xf32>
  %m = arith.mulf %a, %c : tensor<4xf32>
  %d = arith.divf %a, %c : tensor<4xf32>
  return %m, %d : tensor<4xf32>, tensor<4xf32>
}
