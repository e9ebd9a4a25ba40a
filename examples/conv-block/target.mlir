// The same block after an inference optimizer: each Conv2d -> BatchNorm2d ->
// ReLU chain fused into one stateful node (recording its provenance), the
// Dropout removed, and the classifier's activation made explicit.
lg.graph @conv_block(%image: tensor<1x3x32x32xf32>) -> tensor<1x10xf32> {
  %f1 = lg.node @fused_relu1 "ConvBnReLU"(%image) stateful fused_from [@conv1, @bn1, @relu1] metadata {out_channels = 16 : i64} : (tensor<1x3x32x32xf32>) -> tensor<1x16x32x32xf32>
  %f2 = lg.node @fused_relu2 "ConvBnReLU"(%f1) stateful fused_from [@conv2, @bn2, @relu2] metadata {out_channels = 16 : i64} : (tensor<1x16x32x32xf32>) -> tensor<1x16x32x32xf32>
  %p = lg.node @pool "AdaptiveAvgPool2d"(%f2) metadata {line = 21 : i64} : (tensor<1x16x32x32xf32>) -> tensor<1x16xf32>
  %f = lg.node @fc "Linear"(%p) stateful metadata {line = 22 : i64} : (tensor<1x16xf32>) -> tensor<1x10xf32>
  %s = lg.node @softmax "Softmax"(%f) metadata {dim = 1 : i64} : (tensor<1x10xf32>) -> tensor<1x10xf32>
  lg.output %s : tensor<1x10xf32>
}
