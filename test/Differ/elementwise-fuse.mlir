// Tensor arith ops through the real --convert-elementwise-to-linalg and
// --linalg-fuse-elementwise-ops, at test time. Each arith op becomes a
// linalg.generic writing into a new tensor.empty, and fusion merges chains:
// %x, %s and %n into one generic anchored on the sink %d. An elementwise op and
// a generic whose payload holds an op of its name are the same kind, so each
// op pairs with its own generic. Before, only the lowered-ops stage (same
// result types) could pair them: %n, the negation %s and %d read, took the
// place of %m's generic, and %m read as fused into it.
// RUN: mlir-opt %s --convert-elementwise-to-linalg --linalg-fuse-elementwise-ops -o %t.mlir
// RUN: %expect_exit 1 graph-diff-opt --verify %s %t.mlir | FileCheck %s
// RUN: %expect_exit 1 graph-diff-opt --format=text %s %t.mlir | FileCheck %s --check-prefix=TEXT

// CHECK-LABEL: patch.plan @main to @main {
// CHECK-NOT:     absorbed_by %n
// CHECK:         patch.update %m changes ["kind", "inputs"] inputs(%arg2, new %{{[0-9]+}}) stage "structure" {
// CHECK:           arith.mulf
// CHECK:         patch.update %n changes ["kind", "inputs"] inputs(%arg3, new %{{[0-9]+}}) stage "structure" {
// CHECK:           arith.negf
// CHECK:         patch.update %a changes ["kind", "inputs"] inputs(%m, %n, new %{{[0-9]+}}) stage "structure" {
// CHECK:         patch.delete %x absorbed_by %d stage "structure"
// CHECK-NEXT:    patch.delete %b absorbed_by %d stage "structure"
// CHECK-NEXT:    patch.delete %s absorbed_by %d stage "structure"
// CHECK-NEXT:    patch.replace %d with new %{{[0-9]+}} region [%x, %b, %s, %d] inputs(%arg0, %m, %n, new %{{[0-9]+}}) results(%d) stage "structure" {
// CHECK-NOT:     patch.replace
// CHECK:         patch.update %e changes ["kind", "inputs"] inputs(%n, new %{{[0-9]+}}, %c) stage "structure" {

// TEXT-NOT: tensor.empty: source
// TEXT-NOT: ambiguous

func.func @main(%arg0: tensor<4x8xf32>, %arg1: tensor<4x8xf32>, %arg2: tensor<4x8xf32>, %arg3: tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>) {
  %x = arith.addf %arg0, %arg0 : tensor<4x8xf32>
  %m = arith.mulf %arg2, %arg2 : tensor<4x8xf32>
  %s = arith.addf %x, %m : tensor<4x8xf32>
  %n = arith.negf %arg3 : tensor<4x8xf32>
  %b = arith.subf %n, %x : tensor<4x8xf32>
  %a = arith.addf %m, %n : tensor<4x8xf32>
  %d = arith.maximumf %s, %b : tensor<4x8xf32>
  %p = arith.negf %arg2 : tensor<4x8xf32>
  %q = arith.negf %arg0 : tensor<4x8xf32>
  %r = arith.negf %arg2 : tensor<4x8xf32>
  %c = arith.constant dense<5.0> : tensor<4x8xf32>
  %e = arith.mulf %c, %n : tensor<4x8xf32>
  return %a, %d, %p, %q, %r, %e : tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>
}
