// Ops on buffers have no results: what one writes reaches the next through
// memory. The graph view's memory edges (Graph/MemoryEdges.h) keep that
// order: the isomorphism check compares them, so two bodies that run the
// same ops on the same buffers in another order are not the same graph, and
// a plan that inserts such ops applies them in the order it lists them.
// RUN: split-file %s %t

// The same ops, the fill and the copy into %buf swapped: SSA alone sees
// nothing to change (an empty plan), --verify sees the order differ.
// RUN: %expect_exit 2 graph-diff-opt %t/src.mlir %t/swapped.mlir --verify 2>&1 | FileCheck %s --check-prefix=SWAPPED
// (In the target the copy is the first result-less op, %linalg.copy.0, and
// the fill overwrites what it read.)
// SWAPPED: swapped.mlir:5:3: error: the applied plan does not give the target: the order of memory accesses differs: in the target, %linalg.fill.1 writes a buffer that %linalg.copy.0 read before it, but not in the applied graph

// Inserted ops on buffers keep the order the target gives them, also around
// a view: the copy reads %buf through a subview after the fill wrote it.
// RUN: %expect_exit 1 graph-diff-opt %t/empty.mlir %t/src.mlir --verify -o %t/plan.mlir
// RUN: FileCheck %s --check-prefix=PLAN < %t/plan.mlir
// PLAN: patch.insert new %linalg.fill.0
// PLAN: patch.insert new %linalg.copy.1
// RUN: %expect_exit 0 graph-diff-opt %t/empty.mlir %t/src.mlir --check-plan=%t/plan.mlir

//--- src.mlir
func.func @f(%out: memref<4xf32>, %buf: memref<8xf32>) -> memref<4xf32> {
  %c = arith.constant 1.0 : f32
  linalg.fill ins(%c : f32) outs(%buf : memref<8xf32>)
  %v = memref.subview %buf[0] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1]>>
  linalg.copy ins(%v : memref<4xf32, strided<[1]>>) outs(%out : memref<4xf32>)
  return %out : memref<4xf32>
}
//--- swapped.mlir
func.func @f(%out: memref<4xf32>, %buf: memref<8xf32>) -> memref<4xf32> {
  %c = arith.constant 1.0 : f32
  %v = memref.subview %buf[0] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1]>>
  linalg.copy ins(%v : memref<4xf32, strided<[1]>>) outs(%out : memref<4xf32>)
  linalg.fill ins(%c : f32) outs(%buf : memref<8xf32>)
  return %out : memref<4xf32>
}
//--- empty.mlir
func.func @f(%out: memref<4xf32>, %buf: memref<8xf32>) -> memref<4xf32> {
  return %out : memref<4xf32>
}
