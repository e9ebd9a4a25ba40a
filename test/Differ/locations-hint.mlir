// When no location paired anything and the structural stage had to guess
// (weak pairs, ties left ambiguous) for more than 3% of the nodes, the text
// report says so once, at the end, and suggests --mlir-print-debuginfo. The
// same change with locations on both sides pairs %y by location: no note.
// RUN: split-file %s %t
// RUN: %expect_exit 1 graph-diff-opt %t/src.mlir %t/tgt.mlir --format=text --width=0 | FileCheck %s --check-prefix=GUESS
// RUN: %expect_exit 1 graph-diff-opt %t/src-loc.mlir %t/tgt-loc.mlir --format=text --width=0 | FileCheck %s --check-prefix=LOC
// GUESS-LABEL: graph @f
// GUESS-NOT:   note:
// GUESS-LABEL: graph @g
// GUESS-NOT:   note:
// GUESS:       note: 6 nodes were paired on weak evidence or left ambiguous, and no location matched; printing both inputs with --mlir-print-debuginfo would help
// GUESS-NEXT:  summary:
// LOC:         updated arith.negf (inputs): source %y  [location]
// LOC-NOT:     note:
// LOC:         summary:

//--- src.mlir
func.func @f(%a: tensor<4xf32>, %b: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %x = arith.negf %a : tensor<4xf32>
  %y = arith.negf %b : tensor<4xf32>
  return %x, %y : tensor<4xf32>, tensor<4xf32>
}
func.func @g(%a: tensor<4xf32>, %b: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %x = arith.negf %a : tensor<4xf32>
  %y = arith.negf %b : tensor<4xf32>
  return %x, %y : tensor<4xf32>, tensor<4xf32>
}

//--- tgt.mlir
func.func @f(%a: tensor<4xf32>, %b: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %c = arith.constant dense<2.000000e+00> : tensor<4xf32>
  %x = arith.negf %c : tensor<4xf32>
  return %x, %x : tensor<4xf32>, tensor<4xf32>
}
func.func @g(%a: tensor<4xf32>, %b: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %c = arith.constant dense<2.000000e+00> : tensor<4xf32>
  %x = arith.negf %c : tensor<4xf32>
  return %x, %x : tensor<4xf32>, tensor<4xf32>
}

//--- src-loc.mlir
func.func @f(%a: tensor<4xf32>, %b: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %x = arith.negf %a : tensor<4xf32> loc("model.py":3:4)
  %y = arith.negf %b : tensor<4xf32> loc("model.py":4:4)
  return %x, %y : tensor<4xf32>, tensor<4xf32>
}

//--- tgt-loc.mlir
func.func @f(%a: tensor<4xf32>, %b: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %c = arith.constant dense<2.000000e+00> : tensor<4xf32> loc("model.py":2:4)
  %x = arith.negf %c : tensor<4xf32> loc("model.py":4:4)
  return %x, %x : tensor<4xf32>, tensor<4xf32>
}
