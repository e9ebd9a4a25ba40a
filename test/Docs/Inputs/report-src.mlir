lg.graph @block(%x: tensor<1x3x8x8xf32>) -> tensor<1x4x8x8xf32> {
  %c = lg.node @conv1 "Conv2d"(%x) stateful : (tensor<1x3x8x8xf32>) -> tensor<1x4x8x8xf32>
  %r = lg.node @relu1 "ReLU"(%c) : (tensor<1x4x8x8xf32>) -> tensor<1x4x8x8xf32>
  %d = lg.node @drop "Dropout"(%r) : (tensor<1x4x8x8xf32>) -> tensor<1x4x8x8xf32>
  %h = lg.node @head "Linear"(%d) stateful : (tensor<1x4x8x8xf32>) -> tensor<1x4x8x8xf32>
  lg.output %h : tensor<1x4x8x8xf32>
}
