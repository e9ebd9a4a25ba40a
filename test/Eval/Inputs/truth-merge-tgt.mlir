// The target of ground-truth-merge.test, as --canonicalize leaves it: the
// folder kept one of the two equal constants, replaced the other with it and
// gave the one kept loc(unknown) (which one it kept, the locations do not say).
func.func @f(%arg0: tensor<4xf32>) -> tensor<4xf32> {
  %cst = arith.constant dense<1.0> : tensor<4xf32> loc(unknown)
  %0 = arith.addf %arg0, %cst : tensor<4xf32> loc("src.mlir":2:1)
  %1 = arith.mulf %0, %cst : tensor<4xf32> loc("src.mlir":4:1)
  return %1 : tensor<4xf32> loc("src.mlir":5:1)
}
