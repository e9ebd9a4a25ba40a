// --verify on graphs whose unread nodes ("dead sinks") have equal upstream
// cones but read different copies of an equal constant: the isomorphism
// check must not pair %nx with %ny just because both are `negf` of a
// `dense<6.0>`, since %cx has a second reader and %cy none. Before the fix
// the check paired them, then found %sx reading the "wrong" constant and
// failed a correct (here: empty) plan with "operand #0 comes from %cst here
// but from %cx in the target" (issue 12: the 300k-op fuse benchmark).
// RUN: split-file %s %t
// RUN: %expect_exit 0 graph-diff-opt --verify %t/src.mlir %t/reordered.mlir | FileCheck %s --check-prefix=SAME
// RUN: %expect_exit 0 graph-diff-opt --verify %t/reordered.mlir %t/src.mlir | FileCheck %s --check-prefix=SAME
// SAME:      patch.plan @f to @f {
// SAME-NEXT: }

// A real change among such nodes is still a change, and its plan verifies:
// %nx reads %cy (which then has two readers) instead of %cx.
// RUN: %expect_exit 1 graph-diff-opt --verify %t/src.mlir %t/rewired.mlir | FileCheck %s --check-prefix=REWIRE
// REWIRE:      patch.plan @f to @f {
// REWIRE:        patch.{{update|replace|insert|delete}}
// REWIRE:      }

//--- src.mlir
func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  %cx = arith.constant dense<6.0> : tensor<4xf32>
  %sx = arith.addf %cx, %cx : tensor<4xf32>
  %nx = arith.negf %cx : tensor<4xf32>
  %cy = arith.constant dense<6.0> : tensor<4xf32>
  %ny = arith.negf %cy : tensor<4xf32>
  %cz = arith.constant dense<6.0> : tensor<4xf32>
  %sz = arith.addf %cz, %cz : tensor<4xf32>
  return %a : tensor<4xf32>
}

//--- reordered.mlir
func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  %cy = arith.constant dense<6.0> : tensor<4xf32>
  %ny = arith.negf %cy : tensor<4xf32>
  %cz = arith.constant dense<6.0> : tensor<4xf32>
  %sz = arith.addf %cz, %cz : tensor<4xf32>
  %cx = arith.constant dense<6.0> : tensor<4xf32>
  %sx = arith.addf %cx, %cx : tensor<4xf32>
  %nx = arith.negf %cx : tensor<4xf32>
  return %a : tensor<4xf32>
}

//--- rewired.mlir
func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  %cy = arith.constant dense<6.0> : tensor<4xf32>
  %ny = arith.negf %cy : tensor<4xf32>
  %cz = arith.constant dense<6.0> : tensor<4xf32>
  %sz = arith.addf %cz, %cz : tensor<4xf32>
  %nx = arith.negf %cy : tensor<4xf32>
  %cx = arith.constant dense<6.0> : tensor<4xf32>
  %sx = arith.addf %cx, %cx : tensor<4xf32>
  return %a : tensor<4xf32>
}
