// The text format: one line per action with the user's names, kinds and
// locations, grouped by graph; identical fusions folded with a count; a
// closing summary with counts and similarity; colours only when asked for.
// RUN: split-file %s %t
// RUN: %expect_exit 1 graph-diff-opt %t/src.mlir %t/tgt.mlir --format=text | FileCheck %s --match-full-lines --strict-whitespace
// RUN: %expect_exit 1 graph-diff-opt %t/src.mlir %t/tgt.mlir --format=text --color=always | cat -v | sed "s/\^\[/ESC/g" | FileCheck %s --check-prefix=COLOR
// RUN: %expect_exit 1 graph-diff-opt %t/src.mlir %t/tgt.mlir --format=text --color=never | FileCheck %s --check-prefix=PLAIN
// RUN: %expect_exit 1 graph-diff-opt %t/src.mlir %t/tgt.mlir --format=text | FileCheck %s --check-prefix=PLAIN
// RUN: %expect_exit 0 graph-diff-opt %t/src.mlir %t/src.mlir --format=text | FileCheck %s --check-prefix=SAME

// CHECK:--- {{.*}}src.mlir
// CHECK-NEXT:+++ {{.*}}tgt.mlir
// CHECK-NEXT:graph @blocks (similarity 13.3%)
// CHECK-NEXT:  insert @norm: Norm  {{.*}}tgt.mlir:2:8
// CHECK-NEXT:  update @stem: Stem (inputs)  [id]  {{.*}}src.mlir:2:8
// CHECK-NEXT:  x3: fuse Conv2d + ReLU fused into ConvReLU (init)  [provenance]
// CHECK-NEXT:      at @c1 + @r1 -> @f1 ({{.*}}src.mlir:4:9), @c2 + @r2 -> @f2 ({{.*}}src.mlir:6:9), @c3 + @r3 -> @f3 ({{.*}}src.mlir:8:9)
// CHECK-NEXT:  update @head: Linear -> Dense (kind)  [id]  {{.*}}src.mlir:9:8
// CHECK-NEXT:  delete @drop: Dropout  {{.*}}src.mlir:10:8
// CHECK-NEXT:  remove output #0
// CHECK-NEXT:  add output #0: @head
// CHECK-NEXT:graph @same: unchanged (1 node)
// CHECK-NEXT:summary: 1 unchanged, 2 updated, 6 replaced, 1 deleted, 1 inserted; similarity 23.5%
// CHECK-EMPTY:

// Without folding, each fusion is a line of its own.
// RUN: %expect_exit 1 graph-diff-opt %t/src.mlir %t/tgt.mlir --format=text --no-fold | FileCheck %s --check-prefix=NOFOLD
// NOFOLD:      fuse @c1 + @r1 -> @f1: Conv2d + ReLU fused into ConvReLU (init)  [provenance]  {{.*}}src.mlir:4:9
// NOFOLD-NEXT: fuse @c2 + @r2 -> @f2: Conv2d + ReLU fused into ConvReLU (init)  [provenance]  {{.*}}src.mlir:6:9
// NOFOLD-NEXT: fuse @c3 + @r3 -> @f3: Conv2d + ReLU fused into ConvReLU (init)  [provenance]  {{.*}}src.mlir:8:9

// COLOR: ESC[0;1;32minsertESC[0m @norm
// COLOR: ESC[0;1;34mx3: fuseESC[0m Conv2d + ReLU fused into ConvReLU (init)
// COLOR: ESC[0;1;33mupdateESC[0m @head
// COLOR: ESC[0;1;31mdeleteESC[0m @drop
// PLAIN-NOT: {{.}}[0;
// PLAIN: summary: 1 unchanged

// SAME:      graph @blocks: unchanged (9 nodes)
// SAME:      summary: 10 unchanged, 0 updated, 0 replaced, 0 deleted, 0 inserted; similarity 100.0%

//--- src.mlir
lg.graph @blocks(%x: tensor<4xf32>) -> tensor<4xf32> {
  %s = lg.node @stem "Stem"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %c1 = lg.node @c1 "Conv2d"(%s) stateful : (tensor<4xf32>) -> tensor<4xf32>
  %r1 = lg.node @r1 "ReLU"(%c1) : (tensor<4xf32>) -> tensor<4xf32>
  %c2 = lg.node @c2 "Conv2d"(%r1) stateful : (tensor<4xf32>) -> tensor<4xf32>
  %r2 = lg.node @r2 "ReLU"(%c2) : (tensor<4xf32>) -> tensor<4xf32>
  %c3 = lg.node @c3 "Conv2d"(%r2) stateful : (tensor<4xf32>) -> tensor<4xf32>
  %r3 = lg.node @r3 "ReLU"(%c3) : (tensor<4xf32>) -> tensor<4xf32>
  %h = lg.node @head "Linear"(%r3) stateful : (tensor<4xf32>) -> tensor<4xf32>
  %d = lg.node @drop "Dropout"(%h) : (tensor<4xf32>) -> tensor<4xf32>
  lg.output %d : tensor<4xf32>
}
lg.graph @same(%x: i32) -> i32 {
  %a = lg.node @a "A"(%x) : (i32) -> i32
  lg.output %a : i32
}

//--- tgt.mlir
lg.graph @blocks(%x: tensor<4xf32>) -> tensor<4xf32> {
  %n = lg.node @norm "Norm"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %s = lg.node @stem "Stem"(%n) : (tensor<4xf32>) -> tensor<4xf32>
  %f1 = lg.node @f1 "ConvReLU"(%s) stateful fused_from [@c1, @r1] : (tensor<4xf32>) -> tensor<4xf32>
  %f2 = lg.node @f2 "ConvReLU"(%f1) stateful fused_from [@c2, @r2] : (tensor<4xf32>) -> tensor<4xf32>
  %f3 = lg.node @f3 "ConvReLU"(%f2) stateful fused_from [@c3, @r3] : (tensor<4xf32>) -> tensor<4xf32>
  %h = lg.node @head "Dense"(%f3) stateful : (tensor<4xf32>) -> tensor<4xf32>
  lg.output %h : tensor<4xf32>
}
lg.graph @same(%x: i32) -> i32 {
  %a = lg.node @a "A"(%x) : (i32) -> i32
  lg.output %a : i32
}
