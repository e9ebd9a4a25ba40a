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
