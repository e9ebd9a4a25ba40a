lg.graph @block(%x: tensor<4xf32>) -> tensor<4xf32> {
  %c = lg.node @conv1 "Conv2d"(%x) stateful : (tensor<4xf32>) -> tensor<4xf32>
  %r = lg.node @relu1 "ReLU"(%c) : (tensor<4xf32>) -> tensor<4xf32>
  %d = lg.node @drop "Dropout"(%r) : (tensor<4xf32>) -> tensor<4xf32>
  %h = lg.node @head "Linear"(%d) stateful : (tensor<4xf32>) -> tensor<4xf32>
  lg.output %h : tensor<4xf32>
}
