// Graph inputs pair in order by what reads them (alignInputs in
// Differ/PairContext.h), not by position: a removed or inserted input shifts
// the others without rewiring their readers. Every plan verifies.
// RUN: split-file %s %t

// An unused first input removed: one remove_input, no update of the readers
// of the inputs after it.
// RUN: %expect_exit 1 graph-diff-opt %t/remove-src.mlir %t/remove-tgt.mlir --verify | FileCheck %s --check-prefix=REMOVE
// REMOVE-LABEL: patch.plan @g to @g {
// REMOVE-NEXT:    patch.remove_input %arg0
// REMOVE-NEXT:  }

// The same on a function, whose nodes pair by structure.
// RUN: %expect_exit 1 graph-diff-opt %t/remove-func-src.mlir %t/remove-func-tgt.mlir --verify | FileCheck %s --check-prefix=FUNC
// FUNC-LABEL: patch.plan @f to @f {
// FUNC-NEXT:    patch.remove_input %arg0
// FUNC-NEXT:  }

// An input added in front, read by a new node: the kept inputs keep their
// readers.
// RUN: %expect_exit 1 graph-diff-opt %t/front-src.mlir %t/front-tgt.mlir --verify | FileCheck %s --check-prefix=FRONT
// FRONT-LABEL: patch.plan @g to @g {
// FRONT-NEXT:    patch.add_input new %arg0 at 0 : tensor<4xf32>
// FRONT-NEXT:    patch.insert new @mul inputs(@add, new %arg0)
// FRONT:         patch.remove_output 0
// FRONT-NEXT:    patch.add_output new @mul at 0
// FRONT-NEXT:  }
// FRONT-NOT:   patch.update

// Two inputs of different types swapped: a plan cannot move an input, so one
// pair stays (the first source input, its reader untouched), the other input
// is removed and added at its new position, and its reader reads the new one.
// RUN: %expect_exit 1 graph-diff-opt %t/swap-src.mlir %t/swap-tgt.mlir --verify | FileCheck %s --check-prefix=SWAP
// SWAP-LABEL: patch.plan @g to @g {
// SWAP-NEXT:    patch.add_input new %arg0 at 0 : tensor<4xi32>
// SWAP-NEXT:    patch.update @cast changes ["inputs"] inputs(new %arg0)
// SWAP:         patch.remove_input %arg1
// SWAP-NEXT:  }
// SWAP-NOT:   patch.update @relu

// Two inputs of one type whose readers swapped: the readers contradict any
// order-preserving pairing, so the inputs stay paired by position and both
// readers are rewired; nothing is guessed.
// RUN: %expect_exit 1 graph-diff-opt %t/same-src.mlir %t/same-tgt.mlir --verify | FileCheck %s --check-prefix=SAME
// SAME-LABEL: patch.plan @g to @g {
// SAME-NEXT:    patch.update @a changes ["inputs"] inputs(%arg1)
// SAME:         patch.update @b changes ["inputs"] inputs(%arg0)
// SAME-NOT:     patch.
// SAME:        }

// The reports say the same: the text and JSON of the removal name one
// removed input and nothing else.
// RUN: %expect_exit 1 graph-diff-opt %t/remove-src.mlir %t/remove-tgt.mlir --format=text | FileCheck %s --check-prefix=TEXT
// TEXT:      graph @g
// TEXT-NEXT:   removed input: source %arg0
// TEXT-NEXT: summary: 2 unchanged, 0 updated, 0 replaced, 0 deleted, 0 inserted
// RUN: %expect_exit 1 graph-diff-opt %t/remove-src.mlir %t/remove-tgt.mlir --format=json | FileCheck %s --check-prefix=JSON
// JSON:      "actions": [
// JSON-NEXT:   {
// JSON-NEXT:     "kind": "remove_input",
// JSON-NEXT:     "name": "%arg0"
// JSON-NEXT:   }
// JSON-NEXT: ],

// The HTML viewer draws the kept inputs' edges on both sides: no edge only
// one side has (drawing the target's inputs by position, it had
// %arg0 -> @relu target-only, from the removed input, and %arg1 -> @relu
// source-only).
// RUN: %expect_exit 1 graph-diff-opt %t/remove-src.mlir %t/remove-tgt.mlir --format=html -o %t/remove.html
// RUN: python3 %S/../Renderers/Inputs/check_viewer.py edges %t/remove.html all | count 0
// RUN: %expect_exit 1 graph-diff-opt %t/front-src.mlir %t/front-tgt.mlir --format=html -o %t/front.html
// RUN: python3 %S/../Renderers/Inputs/check_viewer.py edges %t/front.html all | count 0

// Model Explorer's sync-navigation data maps each kept input to the one it
// is, and the removed one to nothing.
// RUN: %expect_exit 1 graph-diff-opt %t/remove-src.mlir %t/remove-tgt.mlir --format=model-explorer | FileCheck %s --check-prefix=MAP
// MAP:      "mappingEntries": [
// MAP-NEXT:   {
// MAP-NEXT:    "leftNodeIds": [
// MAP-NEXT:     "%arg1"
// MAP-NEXT:    ],
// MAP-NEXT:    "rightNodeIds": [
// MAP-NEXT:     "%arg0"
// MAP-NEXT:    ]
// MAP-NEXT:   },
// MAP-NEXT:   {
// MAP-NEXT:    "leftNodeIds": [
// MAP-NEXT:     "%arg2"
// MAP-NEXT:    ],
// MAP-NEXT:    "rightNodeIds": [
// MAP-NEXT:     "%arg1"
// MAP-NEXT:    ]
// MAP-NEXT:   },
// MAP-NEXT:   {
// MAP-NEXT:    "leftNodeIds": [
// MAP-NEXT:     "%arg0"
// MAP-NEXT:    ],
// MAP-NEXT:    "rightNodeIds": []
// MAP-NEXT:   },
// MAP-NEXT:   {
// MAP-NEXT:    "leftNodeIds": [
// MAP-NEXT:     "@relu"

//--- remove-src.mlir
lg.graph @g(%unused: tensor<4xf32>, %x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  %r = lg.node @relu "ReLU"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %s = lg.node @add "Add"(%r, %y) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  lg.output %s : tensor<4xf32>
}

//--- remove-tgt.mlir
lg.graph @g(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  %r = lg.node @relu "ReLU"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %s = lg.node @add "Add"(%r, %y) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  lg.output %s : tensor<4xf32>
}

//--- remove-func-src.mlir
func.func @f(%unused: tensor<4xf32>, %a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = arith.addf %a, %b : tensor<4xf32>
  %1 = arith.mulf %0, %a : tensor<4xf32>
  return %1 : tensor<4xf32>
}

//--- remove-func-tgt.mlir
func.func @f(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = arith.addf %a, %b : tensor<4xf32>
  %1 = arith.mulf %0, %a : tensor<4xf32>
  return %1 : tensor<4xf32>
}

//--- front-src.mlir
lg.graph @g(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  %r = lg.node @relu "ReLU"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %s = lg.node @add "Add"(%r, %y) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  lg.output %s : tensor<4xf32>
}

//--- front-tgt.mlir
lg.graph @g(%m: tensor<4xf32>, %x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  %r = lg.node @relu "ReLU"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %s = lg.node @add "Add"(%r, %y) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %t = lg.node @mul "Mul"(%s, %m) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  lg.output %t : tensor<4xf32>
}

//--- swap-src.mlir
lg.graph @g(%x: tensor<4xf32>, %i: tensor<4xi32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %r = lg.node @relu "ReLU"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %c = lg.node @cast "Cast"(%i) : (tensor<4xi32>) -> tensor<4xf32>
  lg.output %r, %c : tensor<4xf32>, tensor<4xf32>
}

//--- swap-tgt.mlir
lg.graph @g(%i: tensor<4xi32>, %x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %r = lg.node @relu "ReLU"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %c = lg.node @cast "Cast"(%i) : (tensor<4xi32>) -> tensor<4xf32>
  lg.output %r, %c : tensor<4xf32>, tensor<4xf32>
}

//--- same-src.mlir
lg.graph @g(%x: tensor<4xf32>, %y: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %a = lg.node @a "A"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %b = lg.node @b "B"(%y) : (tensor<4xf32>) -> tensor<4xf32>
  lg.output %a, %b : tensor<4xf32>, tensor<4xf32>
}

//--- same-tgt.mlir
lg.graph @g(%x: tensor<4xf32>, %y: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %a = lg.node @a "A"(%y) : (tensor<4xf32>) -> tensor<4xf32>
  %b = lg.node @b "B"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  lg.output %a, %b : tensor<4xf32>, tensor<4xf32>
}
