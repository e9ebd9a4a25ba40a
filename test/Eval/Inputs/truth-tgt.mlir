// The target of ground-truth.test, as a pass would leave it: the constant
// moved and lost its location (matched by content), %1 and %2 fused (a fused
// location), %3 kept, %4 deleted (no op carries its location), %6 kept but
// reading other values.
func.func @f(%arg0: tensor<4xf32>, %arg1: tensor<4xf32>) -> tensor<4xf32> {
  %cst = arith.constant dense<1.0> : tensor<4xf32> loc(unknown)
  %0 = arith.addf %arg0, %arg1 : tensor<4xf32> loc("src.mlir":1:1)
  %1 = arith.mulf %0, %arg1 fastmath<fast> : tensor<4xf32> loc(fused["src.mlir":2:1, "src.mlir":3:1])
  %2 = arith.subf %1, %arg0 : tensor<4xf32> loc("src.mlir":4:1)
  %3 = arith.addf %2, %cst : tensor<4xf32> loc("src.mlir":7:1)
  return %3 : tensor<4xf32> loc("src.mlir":8:1)
}
