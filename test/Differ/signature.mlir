// Graph inputs and outputs added and removed, and graphs only one side has.
// RUN: split-file %s %t
// RUN: %expect_exit 1 graph-diff-opt %t/src.mlir %t/tgt.mlir --verify | FileCheck %s

// CHECK-LABEL: patch.plan @io to @io {
// CHECK-NEXT:    patch.add_input new %arg1 at 1 : tensor<4xi1>
// CHECK-NEXT:    patch.insert new @mask inputs(@relu, new %arg1)
// CHECK:         patch.remove_input %arg1
// CHECK-NEXT:    patch.remove_output 1
// CHECK-NEXT:    patch.add_output new @mask at 1
// CHECK-NEXT:  }
// CHECK-NEXT:  patch.remove_graph @old_head
// CHECK-NEXT:  patch.add_graph @new_head

//--- src.mlir
lg.graph @io(%x: tensor<4xf32>, %bias: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %r = lg.node @relu "ReLU"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  lg.output %r, %r : tensor<4xf32>, tensor<4xf32>
}
lg.graph @old_head(%x: i32) -> i32 {
  lg.output %x : i32
}

//--- tgt.mlir
lg.graph @io(%x: tensor<4xf32>, %m: tensor<4xi1>) -> (tensor<4xf32>, tensor<4xf32>) {
  %r = lg.node @relu "ReLU"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %k = lg.node @mask "Mask"(%r, %m) : (tensor<4xf32>, tensor<4xi1>) -> tensor<4xf32>
  lg.output %r, %k : tensor<4xf32>, tensor<4xf32>
}
lg.graph @new_head(%x: i32) -> i32 {
  lg.output %x : i32
}
