// --format=markdown: a pull-request comment. A heading, a summary table (one
// row per graph that differs, a total), then per graph a collapsible
// <details> section with the folded changes; names in code spans with their
// side said; markup in kinds escaped.
// RUN: split-file %s %t
// RUN: cd %t && %expect_exit 1 graph-diff-opt src.mlir tgt.mlir --format=markdown | FileCheck %s --match-full-lines --strict-whitespace
// RUN: cd %t && %expect_exit 0 graph-diff-opt src.mlir src.mlir --format=markdown | FileCheck %s --check-prefix=SAME
// RUN: cd %t && %expect_exit 1 graph-diff-opt src.mlir tgt.mlir --format=markdown --only=delete | FileCheck %s --check-prefix=ONLY

// CHECK:### graph-diff: `src.mlir` → `tgt.mlir`
// CHECK-EMPTY:
// CHECK-NEXT:| graph | similarity | unchanged | updated | replaced | deleted | inserted |
// CHECK-NEXT:|---|---:|---:|---:|---:|---:|---:|
// CHECK-NEXT:| `@blocks` | 44.4% | 0 | 1 | 4 | 1 | 0 |
// CHECK-NEXT:| `@gone` | removed (1 node) | | | | | |
// CHECK-NEXT:| **total** | 40.0% | 0 | 1 | 4 | 2 | 0 |
// CHECK-EMPTY:
// CHECK-NEXT:<details><summary><b>@blocks</b>: 4 changes, similarity 44.4%</summary>
// CHECK-EMPTY:
// CHECK-NEXT:- x2 **fused** Conv2d + ReLU into ConvReLU (init) `[provenance]`
// CHECK-NEXT:  - source `@c1` + `@r1` → target `@f1`: `src.mlir:3:9`
// CHECK-NEXT:  - source `@c2` + `@r2` → target `@f2`: `src.mlir:5:9`
// CHECK-NEXT:- **updated** &lt;Head\*&gt; -&gt; Dense (kind) `[id]`
// CHECK-NEXT:  - source `@head`: `src.mlir:6:8`
// CHECK-NEXT:- **deleted** Dropout\_2
// CHECK-NEXT:  - source `@drop`: `src.mlir:7:8`
// CHECK-EMPTY:
// CHECK-NEXT:</details>
// CHECK-EMPTY:
// CHECK-EMPTY:

// Similarity: @blocks has 6 source and 3 target nodes; @head updated (1/2 +
// 1/2), four nodes fused into two (1/2 each): 4 / 9. @gone's node counts as
// deleted: 4 / 10.

// SAME: No differences (7 nodes, similarity 100.0%).

// ONLY:      <details><summary><b>@blocks</b>: 1 change, similarity 44.4%</summary>
// ONLY-NOT:  fused
// ONLY:      - **deleted** Dropout\_2

//--- src.mlir
lg.graph @blocks(%x: tensor<4xf32>) -> tensor<4xf32> {
  %c1 = lg.node @c1 "Conv2d"(%x) stateful : (tensor<4xf32>) -> tensor<4xf32>
  %r1 = lg.node @r1 "ReLU"(%c1) : (tensor<4xf32>) -> tensor<4xf32>
  %c2 = lg.node @c2 "Conv2d"(%r1) stateful : (tensor<4xf32>) -> tensor<4xf32>
  %r2 = lg.node @r2 "ReLU"(%c2) : (tensor<4xf32>) -> tensor<4xf32>
  %h = lg.node @head "<Head*>"(%r2) stateful : (tensor<4xf32>) -> tensor<4xf32>
  %d = lg.node @drop "Dropout_2"(%h) : (tensor<4xf32>) -> tensor<4xf32>
  lg.output %h : tensor<4xf32>
}
lg.graph @gone(%x: i32) -> i32 {
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
