// The only graph of each side pairs with the other whatever its path, and
// the plan renames it: `patch.plan @f to @g` is a difference (exit 1) even
// when no node changed, applying the plan gives the graph the target's name
// (--verify), and --check-plan accepts the tool's own plan: the plan accounts
// for @f in the source and @g in the target. (Was: exit 0, and --check-plan
// of the printed plan said "the plan file says nothing about 1 graph(s) that
// differ: @g (only in the target)", exit 2. Issue 30, item 4.)
// RUN: rm -rf %t && split-file %s %t

// Same body, renamed.
// RUN: %expect_exit 1 graph-diff-opt %t/f.mlir %t/g.mlir --verify -o %t/fg.mlir
// RUN: FileCheck %s --check-prefix=SAME --input-file=%t/fg.mlir
// RUN: %expect_exit 0 graph-diff-opt %t/f.mlir %t/g.mlir --check-plan=%t/fg.mlir 2>&1 | FileCheck %s --check-prefix=CHECKED
// SAME:      patch.plan @f to @g {
// SAME-NEXT: }
// CHECKED: graph-diff-opt: 1 plan(s) verified
// graph-apply-plans renames the graph too: the result is the target.
// RUN: cat %t/f.mlir %t/fg.mlir | graph-diff-opt -graph-apply-plans -o %t/applied.mlir
// RUN: %expect_exit 0 graph-diff-opt %t/applied.mlir %t/g.mlir

// Renamed and changed: the plan's actions, then the rename.
// RUN: %expect_exit 1 graph-diff-opt %t/c.mlir %t/g-changed.mlir --verify -o %t/cg.mlir
// RUN: FileCheck %s --check-prefix=CHANGED --input-file=%t/cg.mlir
// RUN: %expect_exit 0 graph-diff-opt %t/c.mlir %t/g-changed.mlir --check-plan=%t/cg.mlir 2>&1 | FileCheck %s --check-prefix=CHECKED
// CHANGED:      patch.plan @c to @g {
// CHANGED-NEXT:   patch.update @d changes ["kind"]

// Out of a nested module (`@m::@f` against `@f`): the path is renamed.
// RUN: %expect_exit 1 graph-diff-opt %t/nested.mlir %t/f.mlir --verify -o %t/nf.mlir
// RUN: FileCheck %s --check-prefix=NESTED --input-file=%t/nf.mlir
// RUN: %expect_exit 0 graph-diff-opt %t/nested.mlir %t/f.mlir --check-plan=%t/nf.mlir 2>&1 | FileCheck %s --check-prefix=CHECKED
// NESTED:      patch.plan @m::@f to @f {
// NESTED-NEXT: }

// The same graph under the same name is still the same.
// RUN: %expect_exit 0 graph-diff-opt %t/f.mlir %t/f.mlir --verify

// A plan file must account for the rename: a plan that keeps the name names
// a graph the target does not have; removing @f and adding @g says it too.
// RUN: %expect_exit 2 graph-diff-opt %t/f.mlir %t/g.mlir --check-plan=%t/keeps-name.mlir 2>&1 | FileCheck %s --check-prefix=KEEPS
// KEEPS: keeps-name.mlir:1:1: error: names graph @f, which is not in the target
// RUN: %expect_exit 0 graph-diff-opt %t/f.mlir %t/g.mlir --check-plan=%t/remove-add.mlir 2>&1 | FileCheck %s --check-prefix=NONE
// NONE: graph-diff-opt: 0 plan(s) verified
// The plan claims @g of the target: a second entry for it is refused.
// RUN: %expect_exit 2 graph-diff-opt %t/f.mlir %t/g.mlir --check-plan=%t/twice.mlir 2>&1 | FileCheck %s --check-prefix=TWICE
// TWICE: twice.mlir:2:1: error: is a second entry for the target's graph @g; a plan file holds one per graph
// A graph with no entry whose namesake on the other side has one (here the
// source's @g, once the plan took the target's @g for @f) is unaccounted for.
// RUN: %expect_exit 2 graph-diff-opt %t/f-and-g.mlir %t/g.mlir --check-plan=%t/fg.mlir 2>&1 | FileCheck %s --check-prefix=NAMESAKE
// NAMESAKE: fg.mlir: error: the plan file says nothing about 1 graph(s) that differ: @g (in the source; the target's @g has its own entry)

// Two declarations (or multi-block bodies) have no plan to rename them: the
// one is removed and the other added, which --check-plan accepts. (Was: a
// `patch.change_graph @f changes ["attributes"]` that --check-plan refused,
// and, for multi-block bodies, an error and exit 2.)
// RUN: %expect_exit 1 graph-diff-opt %t/decl-f.mlir %t/decl-g.mlir -o %t/decl.mlir
// RUN: FileCheck %s --check-prefix=DECL --input-file=%t/decl.mlir
// RUN: %expect_exit 0 graph-diff-opt %t/decl-f.mlir %t/decl-g.mlir --check-plan=%t/decl.mlir
// RUN: %expect_exit 1 graph-diff-opt %t/blocks-f.mlir %t/blocks-g.mlir -o %t/blocks.mlir
// RUN: FileCheck %s --check-prefix=DECL --input-file=%t/blocks.mlir
// RUN: %expect_exit 0 graph-diff-opt %t/blocks-f.mlir %t/blocks-g.mlir --check-plan=%t/blocks.mlir
// DECL:      patch.remove_graph @f
// DECL-NEXT: patch.add_graph @g
// DECL-NOT:  patch.

//--- f.mlir
func.func @f(%x: i32) -> i32 {
  %a = arith.addi %x, %x : i32
  return %a : i32
}
//--- g.mlir
func.func @g(%x: i32) -> i32 {
  %a = arith.addi %x, %x : i32
  return %a : i32
}
//--- f-and-g.mlir
func.func @f(%x: i32) -> i32 {
  %a = arith.addi %x, %x : i32
  return %a : i32
}
func.func @g(%x: i32) -> i32 {
  %a = arith.addi %x, %x : i32
  return %a : i32
}
//--- nested.mlir
module {
  module @m {
    func.func @f(%x: i32) -> i32 {
      %a = arith.addi %x, %x : i32
      return %a : i32
    }
  }
}
//--- c.mlir
lg.graph @c(%x: i32) -> i32 {
  %a = lg.node @a "A"(%x) : (i32) -> i32
  %d = lg.node @d "D"(%a) : (i32) -> i32
  lg.output %d : i32
}
//--- g-changed.mlir
lg.graph @g(%x: i32) -> i32 {
  %a = lg.node @a "A"(%x) : (i32) -> i32
  %d = lg.node @d "E"(%a) : (i32) -> i32
  lg.output %d : i32
}
//--- keeps-name.mlir
patch.plan @f to @f {
}
//--- remove-add.mlir
patch.remove_graph @f
patch.add_graph @g
//--- twice.mlir
patch.plan @f to @g {}
patch.add_graph @g
//--- decl-f.mlir
func.func private @f(i32) -> i32
//--- decl-g.mlir
func.func private @g(i32) -> i32
//--- blocks-f.mlir
func.func @f(%x: i1) -> i1 {
  cf.br ^bb1
^bb1:
  return %x : i1
}
//--- blocks-g.mlir
func.func @g(%x: i1) -> i1 {
  cf.br ^bb1
^bb1:
  return %x : i1
}
