// The text format: one line per action with the user's names, kinds and
// locations, grouped by graph; identical fusions folded with a count; a
// closing summary with counts and similarity; colours only when asked for.
// RUN: split-file %s %t
// RUN: %expect_exit 1 graph-diff-opt %t/src.mlir %t/tgt.mlir --format=text --width=0 | FileCheck %s --match-full-lines --strict-whitespace
// RUN: %expect_exit 1 graph-diff-opt %t/src.mlir %t/tgt.mlir --format=text --width=0 --color=always | cat -v | sed "s/\^\[/ESC/g" | FileCheck %s --check-prefix=COLOR
// RUN: %expect_exit 1 graph-diff-opt %t/src.mlir %t/tgt.mlir --format=text --color=never | FileCheck %s --check-prefix=PLAIN
// RUN: %expect_exit 1 graph-diff-opt %t/src.mlir %t/tgt.mlir --format=text | FileCheck %s --check-prefix=PLAIN
// RUN: %expect_exit 0 graph-diff-opt %t/src.mlir %t/src.mlir --format=text | FileCheck %s --check-prefix=SAME

// CHECK:--- {{.*}}src.mlir
// CHECK-NEXT:+++ {{.*}}tgt.mlir
// CHECK-NEXT:graph @blocks (similarity 43.3%)
// CHECK-NEXT:  inserted Norm: target @norm  {{.*}}tgt.mlir:2:8
// CHECK-NEXT:  updated Stem (inputs): source @stem  [id]  {{.*}}src.mlir:2:8
// CHECK-NEXT:      operand #0: source %arg0 -> target @norm (new)
// CHECK-NEXT:  x3: fused Conv2d + ReLU into ConvReLU (init)  [provenance]
// CHECK-NEXT:      source @c1 + @r1 -> target @f1  {{.*}}src.mlir:4:9
// CHECK-NEXT:      source @c2 + @r2 -> target @f2  {{.*}}src.mlir:6:9
// CHECK-NEXT:      source @c3 + @r3 -> target @f3  {{.*}}src.mlir:8:9
// CHECK-NEXT:  updated Linear -> Dense (kind): source @head  [id]  {{.*}}src.mlir:9:8
// CHECK-NEXT:  deleted Dropout: source @drop  {{.*}}src.mlir:10:8
// CHECK-NEXT:  removed output #0
// CHECK-NEXT:  added output #0: target @head
// CHECK-NEXT:graph @same: unchanged (1 node)
// CHECK-NEXT:summary: 1 unchanged, 2 updated, 6 replaced, 1 deleted, 1 inserted; similarity 50.0%
// CHECK-EMPTY:

// Similarity (docs/Renderers.md): every node counts 1 if unchanged, 1/2 if
// its counterpart changed, 0 if deleted or inserted. @blocks: 9 source and 6
// target nodes; @stem and @head updated (1/2 + 1/2 each), six nodes fused
// into three (1/2 each): (2 + 4.5) / 15 = 43.3%. With @same (2 of 2): 8.5 / 17.

// Without folding, each fusion is a line of its own.
// RUN: %expect_exit 1 graph-diff-opt %t/src.mlir %t/tgt.mlir --format=text --no-fold --width=0 | FileCheck %s --check-prefix=NOFOLD
// NOFOLD:      fused Conv2d + ReLU into ConvReLU (init): source @c1 + @r1 -> target @f1  [provenance]  {{.*}}src.mlir:4:9
// NOFOLD-NEXT: fused Conv2d + ReLU into ConvReLU (init): source @c2 + @r2 -> target @f2  [provenance]  {{.*}}src.mlir:6:9
// NOFOLD-NEXT: fused Conv2d + ReLU into ConvReLU (init): source @c3 + @r3 -> target @f3  [provenance]  {{.*}}src.mlir:8:9

// Lines longer than --width are wrapped at spaces, continuation indented.
// RUN: cd %t && %expect_exit 1 graph-diff-opt src.mlir tgt.mlir --format=text --no-fold --width=60 | FileCheck %s --check-prefix=WRAP --match-full-lines --strict-whitespace
// WRAP:  fused Conv2d + ReLU into ConvReLU (init): source @c1 + @r1
// WRAP-NEXT:      -> target @f1  [provenance]  src.mlir:4:9
// The summary is a list: it is wrapped only between its items.
// WRAP:summary: 1 unchanged, 2 updated, 6 replaced, 1 deleted,
// WRAP-NEXT:         1 inserted; similarity 50.0%

// COLOR: ESC[0;1;32minsertedESC[0m Norm: target @norm
// COLOR: ESC[0;1;34mx3: fusedESC[0m Conv2d + ReLU into ConvReLU (init)
// COLOR: ESC[0;1;33mupdatedESC[0m Linear
// COLOR: ESC[0;1;31mdeletedESC[0m Dropout: source @drop
// PLAIN-NOT: {{.}}[0;
// PLAIN: summary: 1 unchanged

// SAME:      graph @blocks: unchanged (9 nodes)
// SAME:      summary: 10 unchanged, 0 updated, 0 replaced, 0 deleted, 0 inserted; similarity 100.0%

// A graph against an empty module: its nodes count as deleted, never 100%.
// RUN: %expect_exit 1 graph-diff-opt %t/src.mlir %t/empty.mlir --format=text --width=0 | FileCheck %s --check-prefix=EMPTY
// EMPTY:      graph @blocks: removed (only in the source, 9 nodes)
// EMPTY-NEXT: graph @same: removed (only in the source, 1 node)
// EMPTY-NEXT: summary: 0 unchanged, 0 updated, 0 replaced, 10 deleted, 0 inserted; similarity 0.0%; graphs: 2 removed, 0 added
// RUN: %expect_exit 1 graph-diff-opt %t/src.mlir %t/empty.mlir --format=text --width=60 | FileCheck %s --check-prefix=EMPTYWRAP --match-full-lines --strict-whitespace
// EMPTYWRAP:summary: 0 unchanged, 0 updated, 0 replaced, 10 deleted,
// EMPTYWRAP-NEXT:         0 inserted; similarity 0.0%; graphs: 2 removed,
// EMPTYWRAP-NEXT:         0 added
// --stat counts them too: deleted one way, inserted the other.
// RUN: %expect_exit 1 graph-diff-opt %t/src.mlir %t/empty.mlir --stat | FileCheck %s --check-prefix=EMPTYSTAT
// EMPTYSTAT:      graphs removed: 2 (10 nodes)
// EMPTYSTAT-NEXT: 0 op kinds changed, 10 removed (-), 0 added (+), 0 updated (~); similarity 0.0%
// RUN: %expect_exit 1 graph-diff-opt %t/empty.mlir %t/src.mlir --stat | FileCheck %s --check-prefix=EMPTYSTAT2
// EMPTYSTAT2:      graphs added: 2 (10 nodes)
// EMPTYSTAT2-NEXT: 0 op kinds changed, 0 removed (-), 10 added (+), 0 updated (~); similarity 0.0%
// RUN: %expect_exit 0 graph-diff-opt %t/empty.mlir %t/empty.mlir --format=text | FileCheck %s --check-prefix=BOTHEMPTY
// BOTHEMPTY: summary: 0 unchanged, 0 updated, 0 replaced, 0 deleted, 0 inserted; similarity 100.0%

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

//--- empty.mlir
