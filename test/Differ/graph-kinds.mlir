// An `lg.graph` and a function never pair, even as the only graph of each
// side: the one's nodes cannot live in the other's body. The plan removes
// the one and adds the other. (Was: they paired, and the plan inserted an
// arith op into the lg.graph: --verify refused it. Found by the CI fuzz
// smoke run: test/Fuzz/crashers/diff/lg-graph-against-function.)
// RUN: rm -rf %t && split-file %s %t
// RUN: %expect_exit 1 graph-diff-opt %t/lg.mlir %t/func.mlir --verify -o %t/plan.mlir
// RUN: FileCheck %s --input-file=%t/plan.mlir
// RUN: %expect_exit 0 graph-diff-opt %t/lg.mlir %t/func.mlir --check-plan=%t/plan.mlir
// CHECK:      patch.remove_graph @g
// CHECK-NEXT: patch.add_graph @f
// CHECK-NOT:  patch.plan

// The same under one name: --check-plan accepts the removal and the addition
// of @g, which each side has, as another kind of op. (Was: "removes a graph
// that the target has too", exit 2, found by the diff fuzz oracle once it ran
// --check-plan's whole check.)
// RUN: %expect_exit 1 graph-diff-opt %t/lg.mlir %t/func-g.mlir --verify -o %t/same-name.mlir
// RUN: FileCheck %s --check-prefix=SAME-NAME --input-file=%t/same-name.mlir
// RUN: %expect_exit 0 graph-diff-opt %t/lg.mlir %t/func-g.mlir --check-plan=%t/same-name.mlir
// SAME-NAME:      patch.remove_graph @g
// SAME-NAME-NEXT: patch.add_graph @g
// SAME-NAME-NOT:  patch.plan
// A plan file that removes or adds only one of them still says too little.
// RUN: %expect_exit 2 graph-diff-opt %t/lg.mlir %t/func-g.mlir --check-plan=%t/remove-only.mlir 2>&1 | FileCheck %s --check-prefix=REMOVE-ONLY
// REMOVE-ONLY: error: the plan file says nothing about 1 graph(s) that differ: @g (in the target; the source's @g has its own entry)

//--- lg.mlir
lg.graph @g(%x: tensor<4xf32>) -> tensor<4xf32> {
  %a = lg.node @a "Neg"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  lg.output %a : tensor<4xf32>
}
//--- func.mlir
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = arith.negf %x : tensor<4xf32>
  return %0 : tensor<4xf32>
}
//--- func-g.mlir
func.func @g(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = arith.negf %x : tensor<4xf32>
  return %0 : tensor<4xf32>
}
//--- remove-only.mlir
patch.remove_graph @g
