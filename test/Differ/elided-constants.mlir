// A `dense_resource` whose file gives no data (what `mlir-opt
// --mlir-elide-elementsattrs-if-larger` prints for a large constant,
// `dense_resource<__elided__>`) has nothing to compare but its type and the
// key its file gives it: two such constants of one type and key are the same
// (test/Differ/resource-keys.test for other keys). (Was: the parser renamed
// the second file's `__elided__` to `__elided___1`, and the differ compared
// handles without data by that name: a dump diffed against itself said
// "updated arith.constant", and a plan setting a constant to a dataless one
// verified in memory but not once printed and read back, `--check-plan`
// exit 2. Each input's blobs now keep their file's keys.)
// RUN: rm -rf %t && mkdir %t
// RUN: mlir-opt %s --mlir-elide-elementsattrs-if-larger=2 -o %t/elided.mlir
// RUN: FileCheck %s --check-prefix=ELIDED --input-file=%t/elided.mlir
// ELIDED: arith.constant dense_resource<__elided__> : tensor<4xf32>

// An elided dump against itself, and against a second elided dump: the same.
// RUN: %expect_exit 0 graph-diff-opt %t/elided.mlir %t/elided.mlir --format=text | FileCheck %s --check-prefix=SAME
// RUN: cp %t/elided.mlir %t/elided2.mlir
// RUN: %expect_exit 0 graph-diff-opt %t/elided.mlir %t/elided2.mlir --verify -o %t/empty.mlir
// RUN: %expect_exit 0 graph-diff-opt %t/elided.mlir %t/elided2.mlir --check-plan=%t/empty.mlir
// SAME: graph @f: unchanged (4 nodes)

// The full constants against the elided dump: the values changed, and the
// printed plan, read back, gives the target (its blob has no data on either
// side).
// RUN: %expect_exit 1 graph-diff-opt %s %t/elided.mlir --verify -o %t/plan.mlir
// RUN: FileCheck %s --check-prefix=PLAN --input-file=%t/plan.mlir
// RUN: %expect_exit 0 graph-diff-opt %s %t/elided.mlir --check-plan=%t/plan.mlir
// PLAN-COUNT-2: patch.update {{.*}} changes ["attributes"]
// PLAN-NOT: patch.update

func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  %w = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %b = arith.constant dense<[0.5, 0.5, 0.25, 0.0]> : tensor<4xf32>
  %m = arith.mulf %x, %w : tensor<4xf32>
  %s = arith.addf %m, %b : tensor<4xf32>
  return %s : tensor<4xf32>
}
