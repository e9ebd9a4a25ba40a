// --check-plan checks a plan written elsewhere (by hand, by another tool)
// instead of diffing: it applies it and compares the result with the target.
// A plan that does not give the target is reported at the first mismatching
// node, with its location in the target and in the plan, and exit code 2.
// The same check is what --verify runs on the differ's own plans.
// RUN: split-file %s %t
// RUN: %expect_exit 0 graph-diff-opt %t/src.mlir %t/tgt.mlir --check-plan=%t/good.mlir 2>&1 | FileCheck %s --check-prefix=GOOD
// GOOD: graph-diff-opt: 1 plan(s) verified

// RUN: %expect_exit 2 graph-diff-opt %t/src.mlir %t/tgt.mlir --check-plan=%t/wrong-kind.mlir 2>&1 | FileCheck %s --check-prefix=KIND
// KIND: tgt.mlir:2:8: error: the applied plan does not give the target: attribute 'kind' differs: "GELU" vs "ReLU"
// KIND: wrong-kind.mlir:4:10: note: in the applied graph here

// RUN: %expect_exit 2 graph-diff-opt %t/src.mlir %t/tgt.mlir --check-plan=%t/incomplete.mlir 2>&1 | FileCheck %s --check-prefix=INCOMPLETE
// INCOMPLETE: error: the applied plan does not give the target: extra node @drop in the applied graph

// RUN: %expect_exit 2 graph-diff-opt %t/src.mlir %t/tgt.mlir --check-plan=%t/dangling.mlir 2>&1 | FileCheck %s --check-prefix=DANGLING
// DANGLING: dangling.mlir:2:3: error: cannot delete @relu: still used by @drop

//--- src.mlir
lg.graph @g(%x: tensor<4xf32>) -> tensor<4xf32> {
  %r = lg.node @relu "ReLU"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %d = lg.node @drop "Dropout"(%r) : (tensor<4xf32>) -> tensor<4xf32>
  lg.output %d : tensor<4xf32>
}

//--- tgt.mlir
lg.graph @g(%x: tensor<4xf32>) -> tensor<4xf32> {
  %r = lg.node @relu "ReLU"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %s = lg.node @softmax "Softmax"(%r) : (tensor<4xf32>) -> tensor<4xf32>
  lg.output %s : tensor<4xf32>
}

//--- good.mlir
patch.plan @g to @g {
  patch.insert new @softmax inputs(@relu) {
  ^bb0(%in0: tensor<4xf32>):
    %0 = lg.node @softmax "Softmax"(%in0) : (tensor<4xf32>) -> tensor<4xf32>
  }
  patch.delete @drop
  patch.remove_output 0
  patch.add_output new @softmax at 0
}

//--- wrong-kind.mlir
patch.plan @g to @g {
  patch.update @relu changes ["kind"] inputs(%arg0) {
  ^bb0(%in0: tensor<4xf32>):
    %0 = lg.node @relu "GELU"(%in0) : (tensor<4xf32>) -> tensor<4xf32>
  }
  patch.insert new @softmax inputs(@relu) {
  ^bb0(%in0: tensor<4xf32>):
    %0 = lg.node @softmax "Softmax"(%in0) : (tensor<4xf32>) -> tensor<4xf32>
  }
  patch.delete @drop
  patch.remove_output 0
  patch.add_output new @softmax at 0
}

//--- incomplete.mlir
patch.plan @g to @g {
  patch.insert new @softmax inputs(@relu) {
  ^bb0(%in0: tensor<4xf32>):
    %0 = lg.node @softmax "Softmax"(%in0) : (tensor<4xf32>) -> tensor<4xf32>
  }
  patch.remove_output 0
  patch.add_output new @softmax at 0
}

//--- dangling.mlir
patch.plan @g to @g {
  patch.delete @relu
}
