lg.graph @block(%x: tensor<4xf32>) -> tensor<4xf32> {
  %f = lg.node @fused "ConvReLU"(%x) stateful fused_from [@conv1, @relu1] : (tensor<4xf32>) -> tensor<4xf32>
  %h = lg.node @head "Linear"(%f) stateful : (tensor<4xf32>) -> tensor<4xf32>
  lg.output %h : tensor<4xf32>
}
