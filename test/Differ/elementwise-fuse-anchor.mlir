// Which op a fused generic took the place of, through the real
// --convert-elementwise-to-linalg and --linalg-fuse-elementwise-ops at test
// time.
//
// @anchor: %1 has two readers, so it stays a generic of its own; %2 has one
// and is fused into %3's generic, which reads %1's generic where %3 read %2
// (the same number of inputs, so slot by slot %2 looked like the producer of
// that input). The fused generic's payload says otherwise: %3's addf reads a
// value the payload computes (the fused mulf, %2), whose first operand is the
// block argument of input #0. So %1 is the generic reading %arg0 and %arg1,
// and [%2, %3] is replaced by the fused one. Before, %2 was "updated" into
// %1's generic and %1 deleted.
//
// @merged: the pass's rewrite driver merges the two equal constants into the
// first, folds %m (the maximum of a value with itself) to it, and makes %c2 a
// scalar in %s's payload. The target's one dense<7.0> is %c1, kept; %c2 is
// deleted, not fused into %s's generic (its twin is kept). Before, %c1 was
// left free as an ambiguous tie, %c1 + %m read as folded into the target
// constant and %c2 as fused into %s's generic.
//
// RUN: mlir-opt %s --convert-elementwise-to-linalg --linalg-fuse-elementwise-ops -o %t.mlir
// RUN: %expect_exit 1 graph-diff-opt --verify %s %t.mlir | FileCheck %s
// RUN: %expect_exit 1 graph-diff-opt --format=text --width=0 %s %t.mlir | FileCheck %s --check-prefix=TEXT

// CHECK-LABEL: patch.plan @anchor to @anchor {
// CHECK:         patch.update %1 changes ["kind", "inputs"] inputs(%arg0, %arg1, new %{{[0-9]+}}) stage "structure" {
// CHECK:           arith.mulf
// CHECK:         patch.delete %2 absorbed_by %3 stage "structure"
// CHECK-NEXT:    patch.replace %3 with new %{{[0-9]+}} region [%2, %3] inputs(%1, %arg1, new %{{[0-9]+}}) results(%3) stage "structure" {
// CHECK:         patch.update %4 changes ["kind", "inputs"] inputs(%1, %arg1, new %{{[0-9]+}}) stage "structure" {
// CHECK-NOT:     patch.delete %1
// CHECK-LABEL: patch.plan @merged to @merged {
// CHECK-NOT:     %c1
// CHECK:         patch.update %s changes ["kind", "inputs"] inputs(%arg0, new %{{[0-9]+}}, new %cst_0) stage "structure" {
// CHECK:         patch.delete %c2{{$}}
// CHECK-NEXT:    patch.delete %m{{$}}
// CHECK-NEXT:    patch.remove_output 0
// CHECK-NEXT:    patch.add_output %c1 at 0
// CHECK-NEXT:  }

// TEXT-NOT: (ambiguous
// TEXT: fused arith.mulf + arith.addf into linalg.generic(arith.mulf,arith.addf): source %2 + %3 -> target %3
// TEXT: graph @merged
// TEXT: deleted arith.constant: source %c2
// TEXT-NOT: (ambiguous

func.func @anchor(%a: tensor<4x8xf32>, %x: tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>) {
  %1 = arith.mulf %a, %x : tensor<4x8xf32>
  %2 = arith.mulf %1, %x : tensor<4x8xf32>
  %3 = arith.addf %2, %x : tensor<4x8xf32>
  %4 = arith.maximumf %1, %x : tensor<4x8xf32>
  %5 = arith.negf %4 : tensor<4x8xf32>
  %6 = arith.subf %4, %a : tensor<4x8xf32>
  return %3, %5, %6 : tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>
}

func.func @merged(%a: tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
  %c1 = arith.constant dense<7.0> : tensor<4x8xf32>
  %m = arith.maximumf %c1, %c1 : tensor<4x8xf32>
  %c2 = arith.constant dense<7.0> : tensor<4x8xf32>
  %s = arith.addf %c2, %a : tensor<4x8xf32>
  return %m, %s : tensor<4x8xf32>, tensor<4x8xf32>
}
