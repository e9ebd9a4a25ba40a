// The source of ground-truth-merge.test: two equal constants, each with a
// location of its own.
func.func @f(%arg0: tensor<4xf32>) -> tensor<4xf32> {
  %0 = arith.constant dense<1.0> : tensor<4xf32> loc("src.mlir":1:1)
  %1 = arith.addf %arg0, %0 : tensor<4xf32> loc("src.mlir":2:1)
  %2 = arith.constant dense<1.0> : tensor<4xf32> loc("src.mlir":3:1)
  %3 = arith.mulf %1, %2 : tensor<4xf32> loc("src.mlir":4:1)
  return %3 : tensor<4xf32> loc("src.mlir":5:1)
}
