// --stat counts changed nodes per op kind (- removed or absorbed, + added or
// replacing, ~ updated) and actions per kind, like git diff --stat; --only
// keeps some action kinds, --func some graphs (globs, repeatable; the exit
// code then says whether those differ). Misuse is exit 2 with a message.
// RUN: split-file %s %t
// RUN: cd %t && %expect_exit 1 graph-diff-opt src.mlir tgt.mlir --stat | FileCheck %s --match-full-lines --strict-whitespace
// CHECK: Conv2d   | 2 --
// CHECK-NEXT: ConvReLU | 2 ++
// CHECK-NEXT: Dropout  | 1 -
// CHECK-NEXT: Linear   | 1 ~
// CHECK-NEXT: ReLU     | 2 --
// CHECK-NEXT: actions: 2 fused, 1 updated, 1 deleted
// CHECK-NEXT: 5 op kinds changed, 5 removed (-), 2 added (+), 1 updated (~); similarity 54.5%
// CHECK-EMPTY:
// Similarity: @blocks 4 of 9 (see markdown.mlir), @other 2 of 2: 6 / 11.

// RUN: cd %t && %expect_exit 1 graph-diff-opt src.mlir tgt.mlir --stat --only=fuse | FileCheck %s --check-prefix=FUSE
// FUSE:      Conv2d   | 2 --
// FUSE-NEXT: ConvReLU | 2 ++
// FUSE-NEXT: ReLU     | 2 --
// FUSE-NEXT: actions: 2 fused
// FUSE-NEXT: 3 op kinds changed, 4 removed (-), 2 added (+), 0 updated (~)

// RUN: cd %t && %expect_exit 1 graph-diff-opt src.mlir tgt.mlir --format=text --only=delete,update --width=0 | FileCheck %s --check-prefix=ONLY
// ONLY:      graph @blocks
// ONLY-NEXT:   updated Linear -> Dense (kind): source @head  [id]  src.mlir:6:8
// ONLY-NEXT:   deleted Dropout: source @drop  src.mlir:7:8
// ONLY-NEXT: graph @other: unchanged (1 node)

// --func selects graphs by glob; an unchanged selection exits 0.
// RUN: cd %t && %expect_exit 0 graph-diff-opt src.mlir tgt.mlir --format=text --func=oth* | FileCheck %s --check-prefix=FUNC
// FUNC-NOT:  @blocks
// FUNC:      graph @other: unchanged (1 node)
// FUNC-NEXT: summary: 1 unchanged, 0 updated, 0 replaced, 0 deleted, 0 inserted; similarity 100.0%
// RUN: cd %t && %expect_exit 1 graph-diff-opt src.mlir tgt.mlir --format=text --func=nothing --func='bl?cks' | FileCheck %s --check-prefix=FUNC2
// FUNC2: graph @blocks (similarity

// RUN: cd %t && %expect_exit 2 graph-diff-opt src.mlir tgt.mlir --only=remove 2>&1 | FileCheck %s --check-prefix=BADKIND
// BADKIND: graph-diff-opt: --only=remove: not an action kind (delete, replace, fuse, fold, insert, update, add_input, remove_input, add_output, remove_output, set_graph_attributes)
// RUN: cd %t && %expect_exit 2 graph-diff-opt src.mlir tgt.mlir --format=text --func='[a' 2>&1 | FileCheck %s --check-prefix=BADGLOB
// BADGLOB: graph-diff-opt: --func=[a: invalid glob pattern
// --only with the plan (the default format) is an error: a plan is never
// cut (select-formats.mlir has the other formats).
// RUN: cd %t && %expect_exit 2 graph-diff-opt src.mlir tgt.mlir --only=fuse 2>&1 | FileCheck %s --check-prefix=BADFORMAT
// BADFORMAT: graph-diff-opt: --only does not apply to --format=mlir (the default)
// RUN: cd %t && %expect_exit 2 graph-diff-opt src.mlir tgt.mlir --stat --format=json 2>&1 | FileCheck %s --check-prefix=STATFORMAT
// STATFORMAT: graph-diff-opt: --stat prints its own report; it takes no --format

//--- src.mlir
lg.graph @blocks(%x: tensor<4xf32>) -> tensor<4xf32> {
  %c1 = lg.node @c1 "Conv2d"(%x) stateful : (tensor<4xf32>) -> tensor<4xf32>
  %r1 = lg.node @r1 "ReLU"(%c1) : (tensor<4xf32>) -> tensor<4xf32>
  %c2 = lg.node @c2 "Conv2d"(%r1) stateful : (tensor<4xf32>) -> tensor<4xf32>
  %r2 = lg.node @r2 "ReLU"(%c2) : (tensor<4xf32>) -> tensor<4xf32>
  %h = lg.node @head "Linear"(%r2) stateful : (tensor<4xf32>) -> tensor<4xf32>
  %d = lg.node @drop "Dropout"(%h) : (tensor<4xf32>) -> tensor<4xf32>
  lg.output %h : tensor<4xf32>
}
lg.graph @other(%x: i32) -> i32 {
  %a = lg.node @a "A"(%x) : (i32) -> i32
  lg.output %a : i32
}

//--- tgt.mlir
lg.graph @blocks(%x: tensor<4xf32>) -> tensor<4xf32> {
  %f1 = lg.node @f1 "ConvReLU"(%x) stateful fused_from [@c1, @r1] : (tensor<4xf32>) -> tensor<4xf32>
  %f2 = lg.node @f2 "ConvReLU"(%f1) stateful fused_from [@c2, @r2] : (tensor<4xf32>) -> tensor<4xf32>
  %h = lg.node @head "Dense"(%f2) stateful : (tensor<4xf32>) -> tensor<4xf32>
  lg.output %h : tensor<4xf32>
}
lg.graph @other(%x: i32) -> i32 {
  %a = lg.node @a "A"(%x) : (i32) -> i32
  lg.output %a : i32
}
