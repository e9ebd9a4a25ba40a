lg.graph @block(%x: tensor<4xf32>) -> tensor<4xf32> {
  %r = lg.node @relu1 "ReLU"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  lg.output %r : tensor<4xf32>
}
