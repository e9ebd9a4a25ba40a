// A node that references a symbol (an lg node that `calls @block`, a
// `func.call @h`) can be copied into a plan: the plan verifies on its own,
// --verify applies it, and the plan file reads back for --check-plan.
// (Was: exit 2, "'lg.node' op calls @block, which is not defined" and
// "'func.call' op 'h' does not reference a valid function", pinned to the
// target.)
// RUN: rm -rf %t && split-file %s %t

// The kind of a node that calls a graph changes.
// RUN: %expect_exit 1 graph-diff-opt %t/lg-src.mlir %t/lg-tgt.mlir --verify -o %t/lg-plan.mlir
// RUN: FileCheck %s --check-prefix=LG < %t/lg-plan.mlir
// LG:      patch.plan @model to @model {
// LG-NEXT:   patch.update @layer1 changes ["kind"] inputs(%arg0) stage "id" {
// LG-NEXT:   ^bb0(%in0: tensor<4xf32>):
// LG-NEXT:     %layer1 = lg.node @layer1 "Block2"(%in0) calls @block : (tensor<4xf32>) -> tensor<4xf32>
// LG-NEXT:   }
// LG-NEXT: }
// RUN: %expect_exit 0 graph-diff-opt %t/lg-src.mlir %t/lg-tgt.mlir --check-plan=%t/lg-plan.mlir 2>&1 | FileCheck %s --check-prefix=CHECKED
// CHECKED: graph-diff-opt: 2 plan(s) verified

// A call is added to a function: the inserted call carries a private
// declaration of its callee, copied from the target.
// RUN: %expect_exit 1 graph-diff-opt %t/call-src.mlir %t/call-tgt.mlir --verify -o %t/call-plan.mlir
// RUN: FileCheck %s --check-prefix=CALL < %t/call-plan.mlir
// CALL:      patch.plan @f to @f {
// CALL-NEXT:   patch.insert new %1 inputs(%0) {
// CALL-NEXT:   ^bb0(%in0: tensor<4xf32>):
// CALL-NEXT:     func.func private @h(tensor<4xf32>) -> tensor<4xf32>
// CALL-NEXT:     %0 = func.call @h(%in0) : (tensor<4xf32>) -> tensor<4xf32>
// CALL-NEXT:   }
// CALL-NEXT:   patch.replace %2 with new %2 region [%2] inputs(%0) results(%2) stage "structure" {
// CALL-NEXT:   ^bb0(%in0: tensor<4xf32>):
// CALL-NEXT:     func.func private @g(tensor<4xf32>) -> tensor<2xf32>
// CALL-NEXT:     %0 = func.call @g(%in0) : (tensor<4xf32>) -> tensor<2xf32>
// CALL-NEXT:   }
// RUN: %expect_exit 0 graph-diff-opt %t/call-src.mlir %t/call-tgt.mlir --check-plan=%t/call-plan.mlir
// The plan file alone is valid IR.
// RUN: graph-diff-opt %t/call-plan.mlir -o /dev/null

//--- lg-src.mlir
lg.graph @block(%x: tensor<4xf32>) -> tensor<4xf32> {
  %r = lg.node @relu "ReLU"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  lg.output %r : tensor<4xf32>
}
lg.graph @model(%x: tensor<4xf32>) -> tensor<4xf32> {
  %y = lg.node @layer1 "Block"(%x) calls @block : (tensor<4xf32>) -> tensor<4xf32>
  lg.output %y : tensor<4xf32>
}

//--- lg-tgt.mlir
lg.graph @block(%x: tensor<4xf32>) -> tensor<4xf32> {
  %r = lg.node @relu "ReLU"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  lg.output %r : tensor<4xf32>
}
lg.graph @model(%x: tensor<4xf32>) -> tensor<4xf32> {
  %y = lg.node @layer1 "Block2"(%x) calls @block : (tensor<4xf32>) -> tensor<4xf32>
  lg.output %y : tensor<4xf32>
}

//--- call-src.mlir
func.func private @h(tensor<4xf32>) -> tensor<4xf32>
func.func private @g(tensor<4xf32>) -> tensor<2xf32>
func.func @f(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = arith.addf %x, %x : tensor<4xf32>
  %2 = arith.mulf %0, %0 : tensor<4xf32>
  return %0, %2 : tensor<4xf32>, tensor<4xf32>
}

//--- call-tgt.mlir
func.func private @h(tensor<4xf32>) -> tensor<4xf32>
func.func private @g(tensor<4xf32>) -> tensor<2xf32>
func.func @f(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<2xf32>) {
  %0 = arith.addf %x, %x : tensor<4xf32>
  %1 = func.call @h(%0) : (tensor<4xf32>) -> tensor<4xf32>
  %2 = func.call @g(%0) : (tensor<4xf32>) -> tensor<2xf32>
  return %1, %2 : tensor<4xf32>, tensor<2xf32>
}
