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
