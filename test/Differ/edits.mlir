// One edit per graph: a pure deletion, a pure insertion, a kind change under
// the same id, an attribute change, and a rewired input.
// RUN: split-file %s %t
// RUN: %expect_exit 1 graph-diff-opt %t/src.mlir %t/tgt.mlir --verify | FileCheck %s

// CHECK-LABEL: patch.plan @deletion to @deletion {
// CHECK-NEXT:    patch.update @fc changes ["inputs"] inputs(@relu) stage "id"
// CHECK:         patch.delete @drop{{$}}
// CHECK-NEXT:  }

// CHECK-LABEL: patch.plan @insertion to @insertion {
// CHECK-NEXT:    patch.insert new @softmax inputs(@fc) {
// CHECK:         patch.remove_output 0
// CHECK-NEXT:    patch.add_output new @softmax at 0
// CHECK-NEXT:  }

// CHECK-LABEL: patch.plan @kind to @kind {
// CHECK-NEXT:    patch.update @act changes ["kind"] inputs(%arg0) stage "id" {
// CHECK-NEXT:    ^bb0(%in0: tensor<4xf32>):
// CHECK-NEXT:      %act = lg.node @act "GELU"(%in0)
// CHECK-NEXT:    }
// CHECK-NEXT:  }

// CHECK-LABEL: patch.plan @attribute to @attribute {
// CHECK-NEXT:    patch.update @drop changes ["attributes"] was {metadata = {p = 5.000000e-01 : f64}} inputs(%arg0) stage "id" {
// CHECK-NEXT:    ^bb0(%in0: tensor<4xf32>):
// CHECK-NEXT:      %drop = lg.node @drop "Dropout"(%in0) metadata {p = 2.000000e-01 : f64}
// CHECK-NEXT:    }
// CHECK-NEXT:  }

// CHECK-LABEL: patch.plan @rewire to @rewire {
// CHECK-NEXT:    patch.update @add changes ["inputs"] inputs(%arg0, @b) stage "id" {
// CHECK-NEXT:    ^bb0(%in0: tensor<4xf32>, %in1: tensor<4xf32>):
// CHECK-NEXT:      %add = lg.node @add "Add"(%in0, %in1)
// CHECK-NEXT:    }
// CHECK-NEXT:  }

//--- src.mlir
lg.graph @deletion(%x: tensor<4xf32>) -> tensor<4xf32> {
  %r = lg.node @relu "ReLU"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %d = lg.node @drop "Dropout"(%r) : (tensor<4xf32>) -> tensor<4xf32>
  %f = lg.node @fc "Linear"(%d) stateful : (tensor<4xf32>) -> tensor<4xf32>
  lg.output %f : tensor<4xf32>
}
lg.graph @insertion(%x: tensor<4xf32>) -> tensor<4xf32> {
  %f = lg.node @fc "Linear"(%x) stateful : (tensor<4xf32>) -> tensor<4xf32>
  lg.output %f : tensor<4xf32>
}
lg.graph @kind(%x: tensor<4xf32>) -> tensor<4xf32> {
  %a = lg.node @act "ReLU"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  lg.output %a : tensor<4xf32>
}
lg.graph @attribute(%x: tensor<4xf32>) -> tensor<4xf32> {
  %d = lg.node @drop "Dropout"(%x) metadata {p = 5.000000e-01 : f64} : (tensor<4xf32>) -> tensor<4xf32>
  lg.output %d : tensor<4xf32>
}
lg.graph @rewire(%x: tensor<4xf32>) -> tensor<4xf32> {
  %a = lg.node @a "Neg"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %b = lg.node @b "Abs"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %s = lg.node @add "Add"(%a, %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  lg.output %s : tensor<4xf32>
}

//--- tgt.mlir
lg.graph @deletion(%x: tensor<4xf32>) -> tensor<4xf32> {
  %r = lg.node @relu "ReLU"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %f = lg.node @fc "Linear"(%r) stateful : (tensor<4xf32>) -> tensor<4xf32>
  lg.output %f : tensor<4xf32>
}
lg.graph @insertion(%x: tensor<4xf32>) -> tensor<4xf32> {
  %f = lg.node @fc "Linear"(%x) stateful : (tensor<4xf32>) -> tensor<4xf32>
  %s = lg.node @softmax "Softmax"(%f) : (tensor<4xf32>) -> tensor<4xf32>
  lg.output %s : tensor<4xf32>
}
lg.graph @kind(%x: tensor<4xf32>) -> tensor<4xf32> {
  %a = lg.node @act "GELU"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  lg.output %a : tensor<4xf32>
}
lg.graph @attribute(%x: tensor<4xf32>) -> tensor<4xf32> {
  %d = lg.node @drop "Dropout"(%x) metadata {p = 2.000000e-01 : f64} : (tensor<4xf32>) -> tensor<4xf32>
  lg.output %d : tensor<4xf32>
}
lg.graph @rewire(%x: tensor<4xf32>) -> tensor<4xf32> {
  %a = lg.node @a "Neg"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %b = lg.node @b "Abs"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %s = lg.node @add "Add"(%x, %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  lg.output %s : tensor<4xf32>
}
