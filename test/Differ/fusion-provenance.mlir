// Conv2d -> BatchNorm2d -> ReLU fused into one stateful node that records its
// provenance: a replace anchored on the sink (the ReLU), with the init flag,
// and the two other members deleted as absorbed by it.
// RUN: split-file %s %t
// RUN: %expect_exit 1 graph-diff-opt %t/src.mlir %t/tgt.mlir --verify | FileCheck %s

// CHECK-LABEL: patch.plan @block to @block {
// CHECK-NEXT:    patch.delete @conv1 absorbed_by @relu1 stage "provenance"
// CHECK-NEXT:    patch.delete @bn1 absorbed_by @relu1 stage "provenance"
// CHECK-NEXT:    patch.replace @relu1 with new @fused region [@conv1, @bn1, @relu1] inputs(%arg0) results(@relu1) init stage "provenance" {
// CHECK-NEXT:    ^bb0(%in0: tensor<1x3x8x8xf32>):
// CHECK-NEXT:      %fused = lg.node @fused "ConvBnReLU"(%in0) stateful fused_from [@conv1, @bn1, @relu1]
// CHECK-NEXT:    }
// CHECK-NEXT:  }

//--- src.mlir
lg.graph @block(%x: tensor<1x3x8x8xf32>) -> tensor<1x4x8x8xf32> {
  %c = lg.node @conv1 "Conv2d"(%x) stateful : (tensor<1x3x8x8xf32>) -> tensor<1x4x8x8xf32>
  %b = lg.node @bn1 "BatchNorm2d"(%c) stateful : (tensor<1x4x8x8xf32>) -> tensor<1x4x8x8xf32>
  %r = lg.node @relu1 "ReLU"(%b) : (tensor<1x4x8x8xf32>) -> tensor<1x4x8x8xf32>
  lg.output %r : tensor<1x4x8x8xf32>
}

//--- tgt.mlir
lg.graph @block(%x: tensor<1x3x8x8xf32>) -> tensor<1x4x8x8xf32> {
  %f = lg.node @fused "ConvBnReLU"(%x) stateful fused_from [@conv1, @bn1, @relu1] : (tensor<1x3x8x8xf32>) -> tensor<1x4x8x8xf32>
  lg.output %f : tensor<1x4x8x8xf32>
}
