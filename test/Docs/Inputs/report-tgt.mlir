lg.graph @block(%x: tensor<1x3x8x8xf32>) -> tensor<1x4x8x8xf32> {
  %f = lg.node @fused "ConvReLU"(%x) stateful fused_from [@conv1, @relu1] : (tensor<1x3x8x8xf32>) -> tensor<1x4x8x8xf32>
  %h = lg.node @head "Linear"(%f) stateful : (tensor<1x4x8x8xf32>) -> tensor<1x4x8x8xf32>
  lg.output %h : tensor<1x4x8x8xf32>
}
