// A "fusion" of @a and @c where a path leaves the region through @b and comes
// back: no single node can replace it. The plan refuses, says why, and falls
// back to delete + insert. (@b is deleted: an edge at a node with no
// counterpart is taken to stay. An edge the target drops between nodes it
// keeps makes no path: see the second graph.)
// RUN: split-file %s %t
// RUN: %expect_exit 1 graph-diff-opt %t/src.mlir %t/tgt.mlir --verify | FileCheck %s

// CHECK-LABEL: patch.plan @g to @g {
// CHECK:         patch.insert new @ac inputs(%arg0)
// CHECK:         patch.delete @a because "the region is not convex: source @a (2:8) feeds source @b (3:8) outside the region, which leads back into it at source @c (4:8), so target @ac (2:8) cannot replace the region as one node"
// CHECK-NEXT:    patch.delete @b
// CHECK-NEXT:    patch.delete @c because "the region is not convex: source @a (2:8) feeds source @b (3:8) outside the region, which leads back into it at source @c (4:8), so target @ac (2:8) cannot replace the region as one node"
// CHECK-NOT:     patch.replace
// CHECK:       }

// @b stays but now reads %x: the path through it is gone, and the region is
// one node's (ml_switcheroo's optimizer drops the edges that leave a fused
// chain's middle this way).
// CHECK-LABEL: patch.plan @rewired to @rewired {
// CHECK-NEXT:    patch.update @b changes ["inputs"] inputs(%arg0)
// CHECK:         patch.delete @a absorbed_by @c stage "provenance"
// CHECK-NEXT:    patch.replace @c with new @ac region [@a, @c] inputs(%arg0, @b) results(@c) stage "provenance"

//--- src.mlir
lg.graph @g(%x: i32) -> i32 {
  %a = lg.node @a "A"(%x) : (i32) -> i32
  %b = lg.node @b "B"(%a) : (i32) -> i32
  %c = lg.node @c "C"(%a, %b) : (i32, i32) -> i32
  lg.output %c : i32
}

lg.graph @rewired(%x: i32) -> i32 {
  %a = lg.node @a "A"(%x) : (i32) -> i32
  %b = lg.node @b "B"(%a) : (i32) -> i32
  %c = lg.node @c "C"(%a, %b) : (i32, i32) -> i32
  lg.output %c : i32
}

//--- tgt.mlir
lg.graph @g(%x: i32) -> i32 {
  %f = lg.node @ac "AC"(%x) fused_from [@a, @c] : (i32) -> i32
  lg.output %f : i32
}
lg.graph @rewired(%x: i32) -> i32 {
  %b = lg.node @b "B"(%x) : (i32) -> i32
  %f = lg.node @ac "AC"(%x, %b) fused_from [@a, @c] : (i32, i32) -> i32
  lg.output %f : i32
}
