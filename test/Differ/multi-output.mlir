// Three matmuls reading the same input fused into one node with three
// results: the anchor is the last sink in topological order, and `results`
// says which source value each new result stands for.
// RUN: split-file %s %t
// RUN: %expect_exit 1 graph-diff-opt %t/src.mlir %t/tgt.mlir --verify | FileCheck %s

// CHECK-LABEL: patch.plan @attention to @attention {
// CHECK-NEXT:    patch.delete @k absorbed_by @v stage "provenance"
// CHECK-NEXT:    patch.delete @q absorbed_by @v stage "provenance"
// CHECK-NEXT:    patch.replace @v with new @qkv region [@k, @q, @v] inputs(%arg0) results(@q, @k, @v) stage "provenance" {
// CHECK-NEXT:    ^bb0(%in0: tensor<4x8xf32>):
// CHECK-NEXT:      %qkv:3 = lg.node @qkv "FusedMatMul"(%in0)
// CHECK-NEXT:    }
// CHECK-NEXT:  }

//--- src.mlir
lg.graph @attention(%x: tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>) {
  %q = lg.node @q "MatMul"(%x) stateful : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %k = lg.node @k "MatMul"(%x) stateful : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %v = lg.node @v "MatMul"(%x) stateful : (tensor<4x8xf32>) -> tensor<4x8xf32>
  lg.output %q, %k, %v : tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>
}

//--- tgt.mlir
lg.graph @attention(%x: tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>) {
  %f:3 = lg.node @qkv "FusedMatMul"(%x) fused_from [@q, @k, @v] : (tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>)
  lg.output %f#0, %f#1, %f#2 : tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>
}
