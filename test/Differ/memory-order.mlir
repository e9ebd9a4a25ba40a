// Ops on buffers have no results: what one writes reaches the next through
// memory. The graph view's memory edges (Graph/MemoryEdges.h) keep that
// order: the isomorphism check compares them, and the differ places the ops
// on buffers (Differ/MemoryOrder.h): a new node goes `before` the source
// node that must follow it, and a matched node that the target runs in
// another order among the accesses to its buffers moves (`changes
// ["order"]`). Every plan here verifies.
// RUN: split-file %s %t

// The fill and the copy of %buf swapped: the fill moves to the end, after
// the copy reads %buf.
// RUN: %expect_exit 1 graph-diff-opt %t/src.mlir %t/swapped.mlir --verify -o %t/swapped.plan
// RUN: FileCheck %s --check-prefix=SWAPPED < %t/swapped.plan
// SWAPPED:      patch.plan @f to @f {
// SWAPPED-NEXT:   patch.update %linalg.fill.0 changes ["order"] inputs(%c, %arg1) before _ stage "structure" {
// SWAPPED:      }
// SWAPPED-NEXT: }
// RUN: %expect_exit 0 graph-diff-opt %t/src.mlir %t/swapped.mlir --check-plan=%t/swapped.plan
// The other way round, the copy moves to the end, after the fill.
// RUN: %expect_exit 1 graph-diff-opt %t/swapped.mlir %t/src.mlir --verify -o %t/back.plan
// RUN: FileCheck %s --check-prefix=BACK < %t/back.plan
// BACK: patch.update %linalg.copy.0 changes ["order"] inputs(%v, %arg0) before _ stage "structure" {
// BACK-NOT: patch.
// RUN: %expect_exit 0 graph-diff-opt %t/swapped.mlir %t/src.mlir --check-plan=%t/back.plan

// A read of %buf that must now follow a write of %buf, and come before a
// write of %out that stays: it moves right before that write. The reports
// say where it goes.
// RUN: %expect_exit 1 graph-diff-opt %t/read-first.mlir %t/write-read-write.mlir --verify -o %t/moved.plan
// RUN: FileCheck %s --check-prefix=MOVED < %t/moved.plan
// MOVED: patch.update %linalg.copy.0 changes ["order"] inputs(%arg1, %arg0) before %linalg.fill.2 stage "structure" {
// MOVED-NOT: patch.update
// RUN: %expect_exit 1 graph-diff-opt %t/read-first.mlir %t/write-read-write.mlir --format=text | FileCheck %s --check-prefix=TEXT
// TEXT: updated linalg.copy (order): source %linalg.copy.0 [structure]
// TEXT: read-first.mlir:3:3
// TEXT-NEXT: moved before %linalg.fill.2
// RUN: %expect_exit 1 graph-diff-opt %t/read-first.mlir %t/write-read-write.mlir --format=json | FileCheck %s --check-prefix=JSON
// JSON: "changes": [
// JSON-NEXT: "order"
// JSON: "before": "%linalg.fill.2",
// JSON-NEXT: "details": [],
// RUN: %expect_exit 1 graph-diff-opt %t/read-first.mlir %t/write-read-write.mlir --format=markdown | FileCheck %s --check-prefix=MD
// MD: - moved before `%linalg.fill.2`

// A new write before a kept read goes before it, not at the end.
// RUN: %expect_exit 1 graph-diff-opt %t/copy.mlir %t/fill-copy.mlir --verify -o %t/insert.plan
// RUN: FileCheck %s --check-prefix=INSERT < %t/insert.plan
// INSERT: patch.insert new %linalg.fill.0 inputs(new %c, %arg1) before %linalg.copy.0 {
// RUN: %expect_exit 0 graph-diff-opt %t/copy.mlir %t/fill-copy.mlir --check-plan=%t/insert.plan

// Inserted ops on buffers keep the order the target gives them, also around
// a view: the copy reads %buf through a subview after the fill wrote it.
// RUN: %expect_exit 1 graph-diff-opt %t/empty.mlir %t/src.mlir --verify -o %t/plan.mlir
// RUN: FileCheck %s --check-prefix=PLAN < %t/plan.mlir
// PLAN: patch.insert new %linalg.fill.0
// PLAN-NOT: before
// PLAN: patch.insert new %linalg.copy.1
// RUN: %expect_exit 0 graph-diff-opt %t/empty.mlir %t/src.mlir --check-plan=%t/plan.mlir

// Three writes and a read of one buffer, the last write first in the source:
// the nodes that already run in the target's order stay, one moves to the
// end.
// RUN: %expect_exit 1 graph-diff-opt %t/w2-first.mlir %t/w1-r-w2.mlir --verify -o %t/chain.plan
// RUN: FileCheck %s --check-prefix=CHAIN < %t/chain.plan
// CHAIN:     patch.update %linalg.fill.0 changes ["order"] inputs(%two, %arg1) before _ stage "structure" {
// CHAIN-NOT: patch.update

// Accesses to different buffers in another order are the same graph: only
// two accesses to one buffer, one of them a write, are ordered.
// RUN: %expect_exit 0 graph-diff-opt %t/two-buffers.mlir %t/two-buffers-swapped.mlir --verify | FileCheck %s --check-prefix=SAME
// SAME:      patch.plan @f to @f {
// SAME-NEXT: }

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
//--- copy.mlir
func.func @f(%out: memref<4xf32>, %buf: memref<4xf32>) -> memref<4xf32> {
  linalg.copy ins(%buf : memref<4xf32>) outs(%out : memref<4xf32>)
  return %out : memref<4xf32>
}
//--- fill-copy.mlir
func.func @f(%out: memref<4xf32>, %buf: memref<4xf32>) -> memref<4xf32> {
  %c = arith.constant 1.0 : f32
  linalg.fill ins(%c : f32) outs(%buf : memref<4xf32>)
  linalg.copy ins(%buf : memref<4xf32>) outs(%out : memref<4xf32>)
  return %out : memref<4xf32>
}
//--- w2-first.mlir
func.func @f(%out: memref<4xf32>, %buf: memref<4xf32>) -> memref<4xf32> {
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  linalg.fill ins(%two : f32) outs(%buf : memref<4xf32>)
  linalg.fill ins(%one : f32) outs(%buf : memref<4xf32>)
  linalg.copy ins(%buf : memref<4xf32>) outs(%out : memref<4xf32>)
  return %out : memref<4xf32>
}
//--- w1-r-w2.mlir
func.func @f(%out: memref<4xf32>, %buf: memref<4xf32>) -> memref<4xf32> {
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  linalg.fill ins(%one : f32) outs(%buf : memref<4xf32>)
  linalg.copy ins(%buf : memref<4xf32>) outs(%out : memref<4xf32>)
  linalg.fill ins(%two : f32) outs(%buf : memref<4xf32>)
  return %out : memref<4xf32>
}
//--- two-buffers.mlir
func.func @f(%a: memref<4xf32>, %b: memref<4xf32>, %x: memref<4xf32>, %y: memref<4xf32>) {
  linalg.copy ins(%x : memref<4xf32>) outs(%a : memref<4xf32>)
  linalg.copy ins(%y : memref<4xf32>) outs(%b : memref<4xf32>)
  return
}
//--- two-buffers-swapped.mlir
func.func @f(%a: memref<4xf32>, %b: memref<4xf32>, %x: memref<4xf32>, %y: memref<4xf32>) {
  linalg.copy ins(%y : memref<4xf32>) outs(%b : memref<4xf32>)
  linalg.copy ins(%x : memref<4xf32>) outs(%a : memref<4xf32>)
  return
}
//--- read-first.mlir
func.func @f(%out: memref<4xf32>, %buf: memref<4xf32>) -> memref<4xf32> {
  %c = arith.constant 1.0 : f32
  linalg.copy ins(%buf : memref<4xf32>) outs(%out : memref<4xf32>)
  linalg.fill ins(%c : f32) outs(%buf : memref<4xf32>)
  linalg.fill ins(%c : f32) outs(%out : memref<4xf32>)
  return %out : memref<4xf32>
}
//--- write-read-write.mlir
func.func @f(%out: memref<4xf32>, %buf: memref<4xf32>) -> memref<4xf32> {
  %c = arith.constant 1.0 : f32
  linalg.fill ins(%c : f32) outs(%buf : memref<4xf32>)
  linalg.copy ins(%buf : memref<4xf32>) outs(%out : memref<4xf32>)
  linalg.fill ins(%c : f32) outs(%out : memref<4xf32>)
  return %out : memref<4xf32>
}
