// Functions with the same name in different nested modules are paired by
// their full symbol path (`@a::@f`), and the plans name them so. (Was: a
// file diffed against itself exits 1, pairing @a::@f with @b::@f.)
// RUN: rm -rf %t && split-file %s %t
// RUN: %expect_exit 0 graph-diff-opt %t/src.mlir %t/src.mlir | FileCheck %s --check-prefix=SAME
// SAME:      patch.plan @a::@f to @a::@f {
// SAME-NEXT: }
// SAME-NEXT: patch.plan @b::@f to @b::@f {
// SAME-NEXT: }

// RUN: %expect_exit 1 graph-diff-opt %t/src.mlir %t/tgt.mlir --verify -o %t/plan.mlir
// RUN: FileCheck %s < %t/plan.mlir
// CHECK:      patch.plan @a::@f to @a::@f {
// CHECK-NEXT: }
// CHECK-NEXT: patch.plan @b::@f to @b::@f {
// CHECK-NEXT:   patch.update %0 changes ["kind"] inputs(%arg0) stage "structure" {
// CHECK:      patch.remove_graph @b::@extra
// CHECK:      patch.add_graph @c::@f
// RUN: %expect_exit 0 graph-diff-opt %t/src.mlir %t/tgt.mlir --check-plan=%t/plan.mlir
// RUN: %expect_exit 1 graph-diff-opt %t/src.mlir %t/tgt.mlir --format=text --color=never --width=0 | FileCheck %s --check-prefix=TEXT
// TEXT: graph @a::@f: unchanged (1 node)
// TEXT: graph @b::@f (similarity
// TEXT: graph @b::@extra: removed (only in the source)
// TEXT: graph @c::@f: added (only in the target)

// Graphs that nothing tells apart (unnamed nested modules) are refused.
// RUN: %expect_exit 2 graph-diff-opt %t/unnamed.mlir %t/unnamed.mlir 2>&1 | FileCheck %s --check-prefix=UNNAMED
// UNNAMED: unnamed.mlir:8:3: error: has the same symbol path @f as another graph of its input, so the two cannot be told apart; name the modules that hold them
// UNNAMED: unnamed.mlir:3:3: note: the other one is here

//--- src.mlir
module @a {
  func.func @f(%x: i32) -> i32 {
    %0 = arith.addi %x, %x : i32
    return %0 : i32
  }
}
module @b {
  func.func @f(%x: i32) -> i32 {
    %0 = arith.muli %x, %x : i32
    return %0 : i32
  }
  func.func @extra(%x: i32) -> i32 {
    return %x : i32
  }
}

//--- tgt.mlir
module @a {
  func.func @f(%x: i32) -> i32 {
    %0 = arith.addi %x, %x : i32
    return %0 : i32
  }
}
module @b {
  func.func @f(%x: i32) -> i32 {
    %0 = arith.subi %x, %x : i32
    return %0 : i32
  }
}
module @c {
  func.func @f(%x: i32) -> i32 {
    return %x : i32
  }
}

//--- unnamed.mlir
module {
module {
  func.func @f(%x: i32) -> i32 {
    return %x : i32
  }
}
module {
  func.func @f(%x: i32) -> i32 {
    return %x : i32
  }
}
}
