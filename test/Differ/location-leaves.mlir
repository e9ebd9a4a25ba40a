// A rewrite gives what it makes the location of the op it rewrote:
// --convert-elementwise-to-linalg turns the cmpf into a tensor.empty to
// write into and a linalg.generic, both at model.py:4:1. The location
// names one source op and two target nodes; the op reads something, so it
// became the one that reads something: the location stage pairs it with
// the generic (was: a tie it left to the structural stages, and blame's
// per-pass diffs sometimes gave the op to the empty tensor). A leaf pairs
// the same way with the one candidate leaf.
// RUN: mlir-opt %s --convert-elementwise-to-linalg --mlir-print-debuginfo -o %t.mlir
// RUN: %expect_exit 1 graph-diff-opt %s %t.mlir --format=text --no-fold --width=0 | FileCheck %s
// RUN: %expect_exit 1 graph-diff-opt %s %t.mlir --verify -o /dev/null
// CHECK:      updated arith.addf -> linalg.generic(arith.addf) (kind; inputs): source %0  [location]
// CHECK:      inserted tensor.empty: target %1  model.py:4:1
// CHECK-NEXT: updated arith.cmpf -> linalg.generic(arith.cmpf) (kind; inputs): source %1  [location]

func.func @f(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xi1> {
  %0 = arith.addf %a, %b : tensor<4xf32> loc("model.py":3:1)
  %1 = arith.cmpf olt, %0, %a : tensor<4xf32> loc("model.py":4:1)
  return %1 : tensor<4xi1>
}
