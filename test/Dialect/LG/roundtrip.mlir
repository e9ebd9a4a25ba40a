// RUN: graph-diff-opt %s -allow-unregistered-dialect | graph-diff-opt -allow-unregistered-dialect | FileCheck %s
// RUN: graph-diff-opt %s -allow-unregistered-dialect -mlir-print-op-generic | graph-diff-opt -allow-unregistered-dialect | FileCheck %s

// Nodes may come in any order (the body is a graph region); results take their
// printed names from the node ids.
// CHECK-LABEL: lg.graph @block(%arg0: tensor<1x3x8x8xf32>) -> tensor<1x4x8x8xf32>
lg.graph @block(%x: tensor<1x3x8x8xf32>) -> tensor<1x4x8x8xf32> {
  // CHECK-NEXT: %relu1 = lg.node @relu1 "ReLU"(%bn1) : (tensor<1x4x8x8xf32>) -> tensor<1x4x8x8xf32>
  %r = lg.node @relu1 "ReLU"(%b) : (tensor<1x4x8x8xf32>) -> tensor<1x4x8x8xf32>
  // CHECK-NEXT: %conv1 = lg.node @conv1 "Conv2d"(%arg0) stateful metadata {kernel_size = [3, 3], line = 12 : i64}
  %c = lg.node @conv1 "Conv2d"(%x) stateful metadata {line = 12 : i64, kernel_size = [3, 3]} : (tensor<1x3x8x8xf32>) -> tensor<1x4x8x8xf32>
  // CHECK-NEXT: %bn1 = lg.node @bn1 "BatchNorm2d"(%conv1) stateful
  %b = lg.node @bn1 "BatchNorm2d"(%c) stateful : (tensor<1x4x8x8xf32>) -> tensor<1x4x8x8xf32>
  // CHECK-NEXT: lg.output %relu1 : tensor<1x4x8x8xf32>
  lg.output %r : tensor<1x4x8x8xf32>
}

// Provenance, several results, any types, several outputs.
// CHECK-LABEL: lg.graph @fused(%arg0: !foo.bar, %arg1: i32) -> (tensor<4xf32>, tensor<4xf32>)
lg.graph @fused(%a: !foo.bar, %n: i32) -> (tensor<4xf32>, tensor<4xf32>) {
  // CHECK-NEXT: %qkv:2 = lg.node @qkv "FusedMatMul"(%arg0, %arg1) fused_from [@q, @k] metadata {anchor = "k"} : (!foo.bar, i32) -> (tensor<4xf32>, tensor<4xf32>)
  %y:2 = lg.node @qkv "FusedMatMul"(%a, %n) fused_from [@q, @k] metadata {anchor = "k"} : (!foo.bar, i32) -> (tensor<4xf32>, tensor<4xf32>)
  // CHECK-NEXT: lg.output %qkv#0, %qkv#1 : tensor<4xf32>, tensor<4xf32>
  lg.output %y#0, %y#1 : tensor<4xf32>, tensor<4xf32>
}

// A node that stands for a whole graph (a submodule).
// CHECK-LABEL: lg.graph @outer
lg.graph @outer(%x: tensor<1x3x8x8xf32>) -> tensor<1x4x8x8xf32> {
  // CHECK-NEXT: %layer1 = lg.node @layer1 "Block"(%arg0) calls @block
  %y = lg.node @layer1 "Block"(%x) calls @block : (tensor<1x3x8x8xf32>) -> tensor<1x4x8x8xf32>
  lg.output %y : tensor<1x4x8x8xf32>
}

// A graph with no inputs and no outputs is still a graph.
// CHECK-LABEL: lg.graph @empty()
// CHECK-NEXT: lg.output
lg.graph @empty() {
  lg.output
}
