// Bufferized IR reads constants through module-level globals: a
// `memref.get_global @g` names a `memref.global @g` outside every graph. Such
// a global is part of what the nodes that reference it mean, so it may come
// and go with them; a plan that inserts such a node carries a copy of it, and
// -graph-apply-plans puts that copy into the module it patches, so the
// applied graph's symbols resolve against its own module.
// (Was: exit 2 for every model after --one-shot-bufferize, "'memref.global'
// is not part of a graph, and the source holds no op equal to it"; and
// -graph-apply-plans gave "'memref.get_global' op 'g' does not reference a
// valid global memref".)
// RUN: rm -rf %t && split-file %s %t

// A global only the target has, read by an inserted node.
// RUN: %expect_exit 1 graph-diff-opt %t/src.mlir %t/tgt.mlir --verify -o %t/plan.mlir
// RUN: FileCheck %s --check-prefix=PLAN < %t/plan.mlir
// PLAN:      patch.plan @f to @f {
// PLAN-NEXT:   patch.insert new %0 inputs() {
// PLAN-NEXT:     memref.global "private" constant @g : memref<4xf32> = dense<1.000000e+00>
// PLAN-NEXT:     %0 = memref.get_global @g : memref<4xf32>
// PLAN-NEXT:   }
// RUN: %expect_exit 0 graph-diff-opt %t/src.mlir %t/tgt.mlir --check-plan=%t/plan.mlir

// Applied in the source's module, the plan brings the global along: the
// result is the target.
// RUN: cat %t/src.mlir %t/plan.mlir > %t/both.mlir
// RUN: graph-diff-opt %t/both.mlir -graph-apply-plans -o %t/applied.mlir
// RUN: FileCheck %s --check-prefix=APPLIED < %t/applied.mlir
// APPLIED: memref.global "private" constant @g : memref<4xf32> = dense<1.000000e+00>
// APPLIED: func.func @f
// RUN: %expect_exit 0 graph-diff-opt %t/applied.mlir %t/tgt.mlir

// The other way: the global goes with the node that read it.
// RUN: %expect_exit 1 graph-diff-opt %t/tgt.mlir %t/src.mlir --verify | FileCheck %s --check-prefix=REMOVED
// REMOVED: patch.delete %0
// REMOVED: patch.delete %linalg.copy.0

// Two globals of one name that the graphs read, defined differently: nodes
// name a global, so which of them changed cannot be told; refused.
// RUN: %expect_exit 2 graph-diff-opt %t/tgt.mlir %t/tgt-redefined.mlir 2>&1 | FileCheck %s --check-prefix=REDEFINED
// REDEFINED: tgt-redefined.mlir:1:1: error: 'memref.global' @g is defined differently in the source: graph-diff compares the nodes that reference a symbol by its name, so it cannot tell which of them changed
// REDEFINED: tgt.mlir:1:1: note: the source's @g

// A global no graph reads is still a loose op.
// RUN: %expect_exit 2 graph-diff-opt %t/src.mlir %t/unused.mlir 2>&1 | FileCheck %s --check-prefix=UNUSED
// UNUSED: unused.mlir:1:1: error: 'memref.global' is not part of a graph, and the source holds no op equal to it

//--- src.mlir
func.func @f(%a: memref<4xf32>) -> memref<4xf32> {
  return %a : memref<4xf32>
}
//--- tgt.mlir
memref.global "private" constant @g : memref<4xf32> = dense<1.0>
func.func @f(%a: memref<4xf32>) -> memref<4xf32> {
  %0 = memref.get_global @g : memref<4xf32>
  linalg.copy ins(%0 : memref<4xf32>) outs(%a : memref<4xf32>)
  return %a : memref<4xf32>
}
//--- tgt-redefined.mlir
memref.global "private" constant @g : memref<4xf32> = dense<2.0>
func.func @f(%a: memref<4xf32>) -> memref<4xf32> {
  %0 = memref.get_global @g : memref<4xf32>
  linalg.copy ins(%0 : memref<4xf32>) outs(%a : memref<4xf32>)
  return %a : memref<4xf32>
}
//--- unused.mlir
memref.global "private" constant @g : memref<4xf32> = dense<1.0>
func.func @f(%a: memref<4xf32>) -> memref<4xf32> {
  return %a : memref<4xf32>
}
