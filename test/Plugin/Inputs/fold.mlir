func.func @fold(%x: tensor<4xf32>) -> tensor<4xf32> {
  %c1 = arith.constant dense<1.0> : tensor<4xf32>
  %c2 = arith.constant dense<2.0> : tensor<4xf32>
  %c = arith.addf %c1, %c2 : tensor<4xf32>
  %y = arith.mulf %x, %c : tensor<4xf32>
  return %y : tensor<4xf32>
}
