// Identical graphs and a reordered copy give an empty plan and exit 0; the
// plan is byte-identical whichever order the source lists its nodes in.
// RUN: split-file %s %t
// RUN: %expect_exit 0 graph-diff-opt %t/a.mlir %t/a.mlir --verify | FileCheck %s --check-prefix=SAME
// RUN: %expect_exit 0 graph-diff-opt %t/a.mlir %t/shuffled.mlir --verify | FileCheck %s --check-prefix=SAME
// SAME:      patch.plan @g to @g {
// SAME-NEXT: }

// RUN: %expect_exit 1 graph-diff-opt %t/a.mlir %t/edited.mlir --verify > %t/plan1
// RUN: %expect_exit 1 graph-diff-opt %t/shuffled.mlir %t/edited.mlir --verify > %t/plan2
// RUN: diff %t/plan1 %t/plan2

//--- a.mlir
lg.graph @g(%x: i32) -> i32 {
  %a = lg.node @a "A"(%x) : (i32) -> i32
  %b = lg.node @b "B"(%a) : (i32) -> i32
  %c = lg.node @c "C"(%a) : (i32) -> i32
  %d = lg.node @d "D"(%b, %c) : (i32, i32) -> i32
  lg.output %d : i32
}

//--- shuffled.mlir
lg.graph @g(%x: i32) -> i32 {
  %d = lg.node @d "D"(%b, %c) : (i32, i32) -> i32
  %c = lg.node @c "C"(%a) : (i32) -> i32
  %a = lg.node @a "A"(%x) : (i32) -> i32
  %b = lg.node @b "B"(%a) : (i32) -> i32
  lg.output %d : i32
}

//--- edited.mlir
lg.graph @g(%x: i32) -> i32 {
  %a = lg.node @a "A"(%x) : (i32) -> i32
  %bc = lg.node @bc "BC"(%a) fused_from [@b, @c] : (i32) -> i32
  %e = lg.node @e "E"(%bc) : (i32) -> i32
  %d = lg.node @d "D2"(%bc, %e) : (i32, i32) -> i32
  lg.output %d : i32
}
