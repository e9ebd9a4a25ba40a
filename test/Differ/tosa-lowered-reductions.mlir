// A TOSA fragment lowered to linalg and fused (the pipeline of
// scripts/corpus-report.sh). Lowering and elementwise fusion keep each
// reduction an op of its own, so the reductions pair in order (stage 7); from
// them, votes across the lowering (types up to unit dimensions, constant
// operands aside, no reshape of a paired node taken for another node) pair
// the shift with the reshape of its input that took its place, and the add
// before the fan-out with the generic it was fused into. The non-splat
// constant moved from `tosa.const` to `arith.constant` as it is (stage 4b).
// Before: the reduce_max was fused into the add's generic, the shift and
// the clz into the reduce_sum's, the constant deleted and inserted again.
// RUN: mlir-opt %s --pass-pipeline='builtin.module(func.func(tosa-optional-decompositions,tosa-to-linalg-named,tosa-to-linalg,tosa-to-arith{include-apply-rescale=true},tosa-to-tensor),canonicalize,cse,func.func(linalg-fuse-elementwise-ops),canonicalize,cse)' -o %t.mlir
// RUN: %expect_exit 1 graph-diff-opt %s %t.mlir --format=text --no-fold --width=0 | FileCheck %s
// RUN: %expect_exit 1 graph-diff-opt %s %t.mlir --verify -o /dev/null
// CHECK:      updated tosa.const -> arith.constant (kind; types): source %k
// CHECK:      updated tosa.const -> arith.constant (kind): source %w
// CHECK:      updated tosa.reduce_max -> linalg.generic(arith.maxsi) (kind; inputs): source %m
// CHECK:      fused tosa.sub + tosa.add into linalg.generic(arith.subi,arith.addi): source %d + %a -> target %4
// CHECK:      updated tosa.arithmetic_right_shift -> tensor.expand_shape (kind; types; inputs): source %h
// CHECK-NEXT:   operand #0: source %a -> target %4 (new); operand #1: source %k -> none
// CHECK:      updated tosa.reduce_sum -> linalg.generic(arith.shrsi,arith.addi) (kind; inputs): source %s
// CHECK:      fused tosa.clz + tosa.sub into linalg.generic(math.ctlz,arith.subi): source %c + %y -> target %7
// CHECK:      summary: 0 unchanged, 5 updated, 4 replaced, 0 deleted, 8 inserted
func.func @tail(%x: tensor<1x8xi32>) -> tensor<1x8xi32> {
  %w = "tosa.const"() <{values = dense<[[1, 2, 3, 4, 5, 6, 7, 8]]> : tensor<1x8xi32>}> : () -> tensor<1x8xi32>
  %k = "tosa.const"() <{values = dense<3> : tensor<1x1xi32>}> : () -> tensor<1x1xi32>
  %m = tosa.reduce_max %x {axis = 1 : i32} : (tensor<1x8xi32>) -> tensor<1x1xi32>
  %d = tosa.sub %x, %m : (tensor<1x8xi32>, tensor<1x1xi32>) -> tensor<1x8xi32>
  %a = tosa.add %d, %w : (tensor<1x8xi32>, tensor<1x8xi32>) -> tensor<1x8xi32>
  %h = tosa.arithmetic_right_shift %a, %k {round = false} : (tensor<1x8xi32>, tensor<1x1xi32>) -> tensor<1x8xi32>
  %s = tosa.reduce_sum %h {axis = 1 : i32} : (tensor<1x8xi32>) -> tensor<1x1xi32>
  %c = tosa.clz %s : (tensor<1x1xi32>) -> tensor<1x1xi32>
  %y = tosa.sub %a, %c : (tensor<1x8xi32>, tensor<1x1xi32>) -> tensor<1x8xi32>
  return %y : tensor<1x8xi32>
}
