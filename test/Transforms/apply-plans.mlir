// graph-apply-plans applies each patch.plan to the graph it names, in place.
// RUN: graph-diff-opt %s -split-input-file -verify-diagnostics -graph-apply-plans | FileCheck %s

// A plan file next to its source (`cat source.mlir plan.mlir`) lands in a
// nested module: the plan is found there, applied to the graph of the
// enclosing module, and the emptied module goes. The result is the target.
// RUN: %expect_exit 1 graph-diff-opt %S/../../examples/conv-block/source.mlir %S/../../examples/conv-block/target.mlir -o %t.plan.mlir
// RUN: cat %S/../../examples/conv-block/source.mlir %t.plan.mlir | graph-diff-opt -graph-apply-plans -o %t.applied.mlir
// RUN: %expect_exit 0 graph-diff-opt %t.applied.mlir %S/../../examples/conv-block/target.mlir
// RUN: FileCheck %s --check-prefix=NESTED < %t.applied.mlir
// NESTED:     module {
// NESTED-NEXT:  lg.graph @conv_block
// NESTED-NOT:   module
// NESTED-NOT:   patch.plan

// CHECK-LABEL: lg.graph @block
// CHECK-NEXT:    %fused = lg.node @fused "ConvBnReLU"(%arg0) stateful fused_from [@conv1, @bn1, @relu1]
// CHECK-NEXT:    %head = lg.node @head "Linear"(%fused) stateful
// CHECK-NEXT:    lg.output %head
// CHECK-NOT:   patch.plan
lg.graph @block(%x: tensor<4xf32>) -> tensor<4xf32> {
  %c = lg.node @conv1 "Conv2d"(%x) stateful : (tensor<4xf32>) -> tensor<4xf32>
  %b = lg.node @bn1 "BatchNorm2d"(%c) stateful : (tensor<4xf32>) -> tensor<4xf32>
  %r = lg.node @relu1 "ReLU"(%b) : (tensor<4xf32>) -> tensor<4xf32>
  %h = lg.node @head "Linear"(%r) stateful : (tensor<4xf32>) -> tensor<4xf32>
  lg.output %h : tensor<4xf32>
}
patch.plan @block to @block {
  patch.delete @conv1 absorbed_by @relu1
  patch.delete @bn1 absorbed_by @relu1
  patch.replace @relu1 with new @fused region [@conv1, @bn1, @relu1] inputs(%arg0) results(@relu1) init {
  ^bb0(%in0: tensor<4xf32>):
    %0 = lg.node @fused "ConvBnReLU"(%in0) stateful fused_from [@conv1, @bn1, @relu1] : (tensor<4xf32>) -> tensor<4xf32>
  }
}

// -----

lg.graph @g(%x: i32) -> i32 {
  %a = lg.node @a "Neg"(%x) : (i32) -> i32
  %b = lg.node @b "Abs"(%a) : (i32) -> i32
  lg.output %b : i32
}
patch.plan @g to @g {
  // expected-error @below {{cannot delete @a}}
  patch.delete @a
}

// -----

// expected-error @below {{source graph @missing is not defined in this module}}
patch.plan @missing to @missing {
}

// -----

// A new node without `before` goes to the end; one that moves alone (no
// region, no buffer) then moves right before its first reader, and the ops
// already in order stay where they are (the subtraction after the product).
// CHECK-LABEL: func.func @late
// CHECK-NEXT:    %0 = arith.addf %arg0, %arg1
// CHECK-NEXT:    %cst = arith.constant 2.000000e+00
// CHECK-NEXT:    %1 = arith.mulf %0, %cst
// CHECK-NEXT:    %2 = arith.subf %arg0, %arg1
// CHECK-NEXT:    %3 = arith.divf %2, %1
// CHECK-NEXT:    return %1, %3
func.func @late(%x: f32, %y: f32) -> (f32, f32) {
  %0 = arith.addf %x, %y : f32
  %1 = arith.mulf %0, %x : f32
  %2 = arith.subf %x, %y : f32
  %3 = arith.divf %2, %1 : f32
  return %1, %3 : f32, f32
}
patch.plan @late to @late {
  patch.insert new %4 inputs() {
    %cst = arith.constant 2.0 : f32
  }
  patch.update %1 changes ["inputs"] inputs(%0, new %4) {
  ^bb0(%in0: f32, %in1: f32):
    %0 = arith.mulf %in0, %in1 : f32
  }
}

// -----

// Two new nodes, one reading the other: the first to move comes before what
// it reads, which then moves too (a second round).
// CHECK-LABEL: func.func @chain
// CHECK-NEXT:    %0 = arith.addf %arg0, %arg1
// CHECK-NEXT:    %cst = arith.constant 2.000000e+00
// CHECK-NEXT:    %1 = arith.negf %cst
// CHECK-NEXT:    %2 = arith.mulf %0, %1
// CHECK-NEXT:    %3 = arith.subf %arg0, %arg1
// CHECK-NEXT:    %4 = arith.divf %3, %2
func.func @chain(%x: f32, %y: f32) -> (f32, f32) {
  %0 = arith.addf %x, %y : f32
  %1 = arith.mulf %0, %x : f32
  %2 = arith.subf %x, %y : f32
  %3 = arith.divf %2, %1 : f32
  return %1, %3 : f32, f32
}
patch.plan @chain to @chain {
  patch.insert new %4 inputs() {
    %cst = arith.constant 2.0 : f32
  }
  patch.insert new %5 inputs(new %4) {
  ^bb0(%in0: f32):
    %0 = arith.negf %in0 : f32
  }
  patch.update %1 changes ["inputs"] inputs(%0, new %5) {
  ^bb0(%in0: f32, %in1: f32):
    %0 = arith.mulf %in0, %in1 : f32
  }
}

// -----

// A new node with a region does not move alone (what it holds could read
// anything): the block is sorted, the ready op that comes first in the block
// first, so the new node waits until nothing else is ready.
// CHECK-LABEL: func.func @region
// CHECK-NEXT:    %0 = arith.addf %arg0, %arg1
// CHECK-NEXT:    %1 = arith.subf %arg0, %arg1
// CHECK-NEXT:    %2 = scf.execute_region -> f32
// CHECK:         %3 = arith.mulf %0, %2
// CHECK-NEXT:    %4 = arith.divf %1, %3
func.func @region(%x: f32, %y: f32) -> (f32, f32) {
  %0 = arith.addf %x, %y : f32
  %1 = arith.mulf %0, %x : f32
  %2 = arith.subf %x, %y : f32
  %3 = arith.divf %2, %1 : f32
  return %1, %3 : f32, f32
}
patch.plan @region to @region {
  patch.insert new %4 inputs() {
    %r = scf.execute_region -> f32 {
      %c = arith.constant 2.0 : f32
      scf.yield %c : f32
    }
  }
  patch.update %1 changes ["inputs"] inputs(%0, new %4) {
  ^bb0(%in0: f32, %in1: f32):
    %0 = arith.mulf %in0, %in1 : f32
  }
}

// -----

// A plan that renames its graph renames it in place.
// CHECK-LABEL: lg.graph @renamed
// CHECK-NEXT:    %a = lg.node @a "Abs"(%arg0)
// CHECK-NOT:   lg.graph @old
lg.graph @old(%x: i32) -> i32 {
  %a = lg.node @a "Neg"(%x) : (i32) -> i32
  lg.output %a : i32
}
patch.plan @old to @renamed {
  patch.update @a changes ["kind"] inputs(%arg0) {
  ^bb0(%in0: i32):
    %0 = lg.node @a "Abs"(%in0) : (i32) -> i32
  }
}

// -----

// It cannot move the graph into another module, nor give it a name another
// symbol of its module has.
module @m {
  lg.graph @f(%x: i32) -> i32 {
    lg.output %x : i32
  }
}
// expected-error @below {{moves graph @m::@f to @f, in another module; graph-apply-plans renames a graph only where it is}}
patch.plan @m::@f to @f {
}

// -----

lg.graph @f(%x: i32) -> i32 {
  lg.output %x : i32
}
// expected-note @below {{the other symbol @w}}
memref.global "private" constant @w : memref<2xf32> = dense<[1.0, 2.0]>
// expected-error @below {{renames graph @f to @w, a name its module already gives another symbol}}
patch.plan @f to @w {
}
