// The source of ground-truth.test: every op has a location of its own.
func.func @f(%arg0: tensor<4xf32>, %arg1: tensor<4xf32>) -> tensor<4xf32> {
  %0 = arith.addf %arg0, %arg1 : tensor<4xf32> loc("src.mlir":1:1)
  %1 = arith.mulf %0, %arg1 : tensor<4xf32> loc("src.mlir":2:1)
  %2 = arith.negf %1 : tensor<4xf32> loc("src.mlir":3:1)
  %3 = arith.subf %2, %arg0 : tensor<4xf32> loc("src.mlir":4:1)
  %4 = arith.maximumf %3, %arg0 : tensor<4xf32> loc("src.mlir":5:1)
  %5 = arith.constant dense<1.0> : tensor<4xf32> loc("src.mlir":6:1)
  %6 = arith.addf %4, %5 : tensor<4xf32> loc("src.mlir":7:1)
  return %6 : tensor<4xf32> loc("src.mlir":8:1)
}
