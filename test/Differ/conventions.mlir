// The seed's conventions, with no provenance: a node named `fused_<id>`, and a
// node whose metadata names its `anchor`. The region grows from the anchor
// over the free nodes that fed only it.
// RUN: split-file %s %t
// RUN: %expect_exit 1 graph-diff-opt %t/src.mlir %t/tgt.mlir --verify | FileCheck %s

// CHECK-LABEL: patch.plan @named to @named {
// CHECK-NEXT:    patch.delete @conv1 absorbed_by @relu1 stage "convention"
// CHECK-NEXT:    patch.delete @bn1 absorbed_by @relu1 stage "convention"
// CHECK-NEXT:    patch.replace @relu1 with new @fused_relu1 region [@conv1, @bn1, @relu1] inputs(%arg0) results(@relu1) init stage "convention"

// CHECK-LABEL: patch.plan @anchored to @anchored {
// CHECK-NEXT:    patch.delete @mul absorbed_by @add stage "convention"
// CHECK-NEXT:    patch.replace @add with new @fma region [@mul, @add] inputs(%arg0, %arg1) results(@add) stage "convention"

//--- src.mlir
lg.graph @named(%x: tensor<4xf32>) -> tensor<4xf32> {
  %c = lg.node @conv1 "Conv2d"(%x) stateful : (tensor<4xf32>) -> tensor<4xf32>
  %b = lg.node @bn1 "BatchNorm2d"(%c) stateful : (tensor<4xf32>) -> tensor<4xf32>
  %r = lg.node @relu1 "ReLU"(%b) : (tensor<4xf32>) -> tensor<4xf32>
  lg.output %r : tensor<4xf32>
}
lg.graph @anchored(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  %m = lg.node @mul "Mul"(%x, %y) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %a = lg.node @add "Add"(%m, %x) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  lg.output %a : tensor<4xf32>
}

//--- tgt.mlir
lg.graph @named(%x: tensor<4xf32>) -> tensor<4xf32> {
  %f = lg.node @fused_relu1 "ConvBnReLU"(%x) stateful : (tensor<4xf32>) -> tensor<4xf32>
  lg.output %f : tensor<4xf32>
}
lg.graph @anchored(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  %f = lg.node @fma "FMA"(%x, %y) metadata {anchor = "add"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  lg.output %f : tensor<4xf32>
}
