// Identical changes fold into one entry, but edits of two graph outputs are
// two changes: each names its own position, folded or not, in text and
// markdown (they used to fold under the first position, with empty places).
// RUN: split-file %s %t
// RUN: %expect_exit 1 graph-diff-opt %t/src.mlir %t/tgt.mlir --format=text --width=0 | FileCheck %s --check-prefix=TEXT
// RUN: %expect_exit 1 graph-diff-opt %t/src.mlir %t/tgt.mlir --format=markdown | FileCheck %s --check-prefix=MD
// TEXT:      x2: deleted arith.negf
// TEXT-NEXT:   source %x
// TEXT-NEXT:   source %y
// TEXT-NEXT: removed output #0
// TEXT-NEXT: removed output #1
// TEXT-NEXT: added output #0: target %n
// TEXT-NEXT: added output #1: target %n
// TEXT-NOT:  output
// MD:      - **removed output** #0
// MD-NEXT: - **removed output** #1
// MD-NEXT: - **added output** #0
// MD-NEXT:   - target `%n`
// MD-NEXT: - **added output** #1
// MD-NEXT:   - target `%n`

//--- src.mlir
func.func @f(%a: tensor<4xf32>, %b: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %x = arith.negf %a : tensor<4xf32>
  %y = arith.negf %b : tensor<4xf32>
  return %x, %y : tensor<4xf32>, tensor<4xf32>
}

//--- tgt.mlir
func.func @f(%a: tensor<4xf32>, %b: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %n = arith.constant dense<1.000000e+00> : tensor<4xf32>
  return %n, %n : tensor<4xf32>, tensor<4xf32>
}
