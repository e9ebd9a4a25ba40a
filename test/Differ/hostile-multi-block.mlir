// Functions whose bodies have several blocks are not graphs the differ reads:
// equal ones are the same, different ones are refused with a located error
// and exit 2, never skipped. (Was: exit 0, "similarity 100%", for bodies that
// differ in ^bb1.)
// RUN: rm -rf %t && split-file %s %t
// RUN: %expect_exit 2 graph-diff-opt %t/branch.mlir %t/branch2.mlir -o %t/out.mlir 2>&1 | FileCheck %s --check-prefix=REFUSED
// REFUSED: branch.mlir:1:1: error: function @f has a body of 3 blocks, which graph-diff does not diff (it diffs single-block bodies), and it differs from the other input's @f
// REFUSED: branch2.mlir:1:1: note: the other input's @f
// RUN: not test -e %t/out.mlir
// RUN: %expect_exit 0 graph-diff-opt %t/branch.mlir %t/branch.mlir

// A declaration against a definition is a change of that function, not a
// removal and an addition. (Was: `patch.remove_graph` + `patch.add_graph`,
// or the declaration not seen at all.)
// RUN: %expect_exit 1 graph-diff-opt %t/decl.mlir %t/def.mlir | FileCheck %s --check-prefix=DEFINED
// DEFINED:      module {
// DEFINED-NEXT:   patch.change_graph @g changes ["defined"]
// DEFINED-NEXT: }
// RUN: %expect_exit 1 graph-diff-opt %t/def.mlir %t/decl.mlir | FileCheck %s --check-prefix=DECLARED
// DECLARED: patch.change_graph @g changes ["declared"]
// RUN: %expect_exit 1 graph-diff-opt %t/decl.mlir %t/decl2.mlir --format=text --color=never --width=0 | FileCheck %s --check-prefix=SIGNATURE
// SIGNATURE: graph @g: changed (signature)
// SIGNATURE: summary: {{.*}}; graphs: 0 removed, 0 added, 1 changed
// RUN: %expect_exit 0 graph-diff-opt %t/decl.mlir %t/decl.mlir
// RUN: %expect_exit 1 graph-diff-opt %t/decl.mlir %t/def.mlir --format=json | FileCheck %s --check-prefix=JSON
// JSON:      "changed_graphs": [
// JSON-NEXT:   {
// JSON-NEXT:     "name": "g",
// JSON-NEXT:     "changes": [
// JSON-NEXT:       "defined"
// The plan file reads back, and --check-plan accepts the change_graph.
// RUN: %expect_exit 1 graph-diff-opt %t/decl.mlir %t/def.mlir -o %t/plan.mlir
// RUN: %expect_exit 0 graph-diff-opt %t/decl.mlir %t/def.mlir --check-plan=%t/plan.mlir

//--- branch.mlir
func.func @f(%x: i32, %c: i1) -> i32 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %0 = arith.addi %x, %x : i32
  return %0 : i32
^bb2:
  return %x : i32
}

//--- branch2.mlir
func.func @f(%x: i32, %c: i1) -> i32 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %0 = arith.muli %x, %x : i32
  return %0 : i32
^bb2:
  return %x : i32
}

//--- decl.mlir
func.func private @g(i32) -> i32

//--- decl2.mlir
func.func private @g(i64) -> i32

//--- def.mlir
func.func @g(%x: i32) -> i32 {
  return %x : i32
}
