// Pictures leave out unchanged shared leaves (a constant that feeds more than
// two nodes) and their fan of edges; the HTML caption says how many.
// RUN: split-file %s %t
// RUN: %expect_exit 1 graph-diff-opt %t/src.mlir %t/tgt.mlir --format=dot | FileCheck %s --check-prefix=DOT
// RUN: %expect_exit 1 graph-diff-opt %t/src.mlir %t/tgt.mlir --format=html | FileCheck %s --check-prefix=HTML
// DOT-NOT: label="%cst
// DOT:     label="%1\narith.mulf"
// DOT-NOT: label="%cst
// HTML:    4 source nodes, 4 target nodes, similarity 87.5%; 1 unchanged shared constants not drawn

//--- src.mlir
func.func @f(%a: f32) -> f32 {
  %cst = arith.constant 1.0 : f32
  %0 = arith.addf %a, %cst : f32
  %1 = arith.mulf %0, %cst : f32
  %2 = arith.subf %1, %cst : f32
  return %2 : f32
}

//--- tgt.mlir
func.func @f(%a: f32) -> f32 {
  %cst = arith.constant 1.0 : f32
  %0 = arith.addf %a, %cst : f32
  %1 = arith.divf %0, %cst : f32
  %2 = arith.subf %1, %cst : f32
  return %2 : f32
}
