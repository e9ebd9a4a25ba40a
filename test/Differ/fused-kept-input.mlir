// Two fused chains, each `arith.addf` of an `arith.mulf` and one of two equal
// constants, became `math.fma` ops that read the same constants. The fma reads
// three values where the addf read two, so slot positions say nothing; the
// one input of the addf that explains a slot of the fma (a free producer of
// the same op name, explaining no other slot) is the input the fused op kept,
// and votes for its constant. Without that vote the two constants tied, were
// inserted as ambiguous, and the source ones were fused into the fmas.
// RUN: split-file %s %t
// RUN: %expect_exit 1 graph-diff-opt --verify --format=text %t/src.mlir %t/tgt.mlir | FileCheck %s
// CHECK:     x2: fused arith.mulf + arith.addf into math.fma
// CHECK-DAG: source %m2 + %s2 -> target %s2
// CHECK-DAG: source %m + %s -> target %s
// CHECK-NOT: inserted arith.constant
// CHECK:     summary: 5 unchanged, 0 updated, 4 replaced, 0 deleted, 0 inserted

//--- src.mlir
func.func @f(%a: tensor<4xf32>, %b: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %c1 = arith.constant dense<6.0> : tensor<4xf32>
  %c2 = arith.constant dense<6.0> : tensor<4xf32>
  %x = arith.addf %a, %b : tensor<4xf32>
  %m = arith.mulf %x, %x : tensor<4xf32>
  %s = arith.addf %m, %c1 : tensor<4xf32>
  %m2 = arith.mulf %b, %b : tensor<4xf32>
  %s2 = arith.addf %m2, %c2 : tensor<4xf32>
  %n = arith.negf %s : tensor<4xf32>
  %n2 = arith.negf %s2 : tensor<4xf32>
  return %n, %n2 : tensor<4xf32>, tensor<4xf32>
}

//--- tgt.mlir
func.func @f(%a: tensor<4xf32>, %b: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %c1 = arith.constant dense<6.0> : tensor<4xf32>
  %c2 = arith.constant dense<6.0> : tensor<4xf32>
  %x = arith.addf %a, %b : tensor<4xf32>
  %s = math.fma %x, %x, %c1 : tensor<4xf32>
  %s2 = math.fma %b, %b, %c2 : tensor<4xf32>
  %n = arith.negf %s : tensor<4xf32>
  %n2 = arith.negf %s2 : tensor<4xf32>
  return %n, %n2 : tensor<4xf32>, tensor<4xf32>
}
