lg.graph @block(%x: tensor<1x3x8x8xf32>) -> tensor<1x4x8x8xf32> {
  %c = lg.node @conv1 "Conv2d"(%x) stateful : (tensor<1x3x8x8xf32>) -> tensor<1x4x8x8xf32>
  %r = lg.node @conv1 "ReLU"(%c) : (tensor<1x4x8x8xf32>) -> tensor<1x4x8x8xf32>
  lg.output %r : tensor<1x4x8x8xf32>
}
