// What --canonicalize --cse does to equal ops and to commutative operands,
// told as the ground truth of locations tells it (docs/Matching.md, stage 3
// and "Twins merged into one"):
// - @twins: CSE keeps the first of two equal negations (%n1) and rewires the
//   readers of the second (%n2) to it. %u2 is paired first (its upstream
//   cone is unchanged) and votes for %n2; %u1, whose `maximumf %x, %x`
//   folded away, is paired later and vouches for %n1 too: the first in file
//   order is kept and %n2 deleted (settleTwins; before, %n1 was deleted and
//   %u1 rewired).
// - @commuted: canonicalize puts a commutative op's constant operands last,
//   (-d)*(-d) folds to d*d, and the folder merges the two 1.0 constants into
//   %one0's place. The operands of `addf %one, %sq` are compared constant
//   with constant: %sq is updated and %one deleted (before: %one "replaced"
//   by the new mulf and %sq deleted).
// RUN: mlir-opt %s --canonicalize --cse -o %t.mlir
// RUN: %expect_exit 1 graph-diff-opt %s %t.mlir --format=text --no-fold --width=0 | FileCheck %s
// RUN: %expect_exit 1 graph-diff-opt %s %t.mlir --verify -o /dev/null
// CHECK-LABEL: graph @twins
// CHECK:      updated arith.subf (inputs): source %u1
// CHECK-NEXT:   operand #1: source %w -> source %arg0
// CHECK-NEXT: updated arith.mulf (inputs): source %u2
// CHECK-NEXT:   operand #0: source %n2 -> source %n1
// CHECK-NEXT: deleted arith.negf: source %n2
// CHECK-NEXT: deleted arith.maximumf: source %w
// CHECK-LABEL: graph @commuted
// CHECK:      updated arith.mulf (inputs): source %sq
// CHECK-NEXT:   operand #0: source %ny -> source %d; operand #1: source %ny -> source %d
// CHECK-NEXT: updated arith.addf (inputs): source %s
// CHECK-NEXT:   operand #0: source %one -> source %sq; operand #1: source %sq -> source %one0
// CHECK-NEXT: deleted arith.constant: source %one
// CHECK-NEXT: summary: 8 unchanged, 4 updated, 0 replaced, 3 deleted, 0 inserted
func.func @twins(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %n1 = arith.negf %x : tensor<4xf32>
  %w = arith.maximumf %x, %x : tensor<4xf32>
  %u1 = arith.subf %n1, %w : tensor<4xf32>
  %n2 = arith.negf %x : tensor<4xf32>
  %c = arith.constant dense<2.0> : tensor<4xf32>
  %u2 = arith.mulf %n2, %c : tensor<4xf32>
  return %u1, %u2 : tensor<4xf32>, tensor<4xf32>
}

func.func @commuted(%x: tensor<4xf32>, %y: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %one0 = arith.constant dense<1.0> : tensor<4xf32>
  %a = arith.addf %x, %one0 : tensor<4xf32>
  %d = arith.subf %y, %x : tensor<4xf32>
  %ny = arith.negf %d : tensor<4xf32>
  %k = arith.mulf %ny, %x : tensor<4xf32>
  %sq = arith.mulf %ny, %ny : tensor<4xf32>
  %one = arith.constant dense<1.0> : tensor<4xf32>
  %s = arith.addf %one, %sq : tensor<4xf32>
  %m = arith.maximumf %k, %s : tensor<4xf32>
  return %m, %k, %a : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}
