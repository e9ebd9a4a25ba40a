// RUN: graph-diff-opt %s -allow-unregistered-dialect | graph-diff-opt -allow-unregistered-dialect | FileCheck %s
// RUN: graph-diff-opt %s -allow-unregistered-dialect -mlir-print-op-generic | graph-diff-opt -allow-unregistered-dialect | FileCheck %s

// A plan beside its source graph: the verifier checks every reference.
lg.graph @block(%x: tensor<1x3x8x8xf32>, %m: tensor<1x4x8x8xi1>) -> (tensor<1x4x8x8xf32>, tensor<1x4x8x8xf32>) {
  %c = lg.node @conv1 "Conv2d"(%x) stateful : (tensor<1x3x8x8xf32>) -> tensor<1x4x8x8xf32>
  %b = lg.node @bn1 "BatchNorm2d"(%c) stateful : (tensor<1x4x8x8xf32>) -> tensor<1x4x8x8xf32>
  %r = lg.node @relu1 "ReLU"(%b) : (tensor<1x4x8x8xf32>) -> tensor<1x4x8x8xf32>
  %s:2 = lg.node @split "Split"(%r) : (tensor<1x4x8x8xf32>) -> (tensor<1x4x8x8xf32>, tensor<1x4x8x8xf32>)
  %d = lg.node @drop "Dropout"(%s#1) : (tensor<1x4x8x8xf32>) -> tensor<1x4x8x8xf32>
  %a = lg.node @act "ReLU"(%d) : (tensor<1x4x8x8xf32>) -> tensor<1x4x8x8xf32>
  lg.output %s#0, %a : tensor<1x4x8x8xf32>, tensor<1x4x8x8xf32>
}

// CHECK-LABEL: patch.plan @block to @block_opt {
patch.plan @block to @block_opt {
  // CHECK-NEXT: patch.delete @conv1 absorbed_by @relu1 stage "provenance"
  patch.delete @conv1 absorbed_by @relu1 stage "provenance"
  // CHECK-NEXT: patch.delete @bn1 absorbed_by @relu1
  patch.delete @bn1 absorbed_by @relu1
  // CHECK-NEXT: patch.replace @relu1 with new @fused region [@conv1, @bn1, @relu1] inputs(%arg0) results(@relu1) init {
  // CHECK-NEXT: ^bb0(%in0: tensor<1x3x8x8xf32>):
  // CHECK-NEXT:   %fused = lg.node @fused "ConvBnReLU"(%in0) stateful fused_from [@conv1, @bn1, @relu1]
  // CHECK-NEXT: }
  patch.replace @relu1 with new @fused region [@conv1, @bn1, @relu1] inputs(%arg0) results(@relu1) init {
  ^bb0(%i: tensor<1x3x8x8xf32>):
    %0 = lg.node @fused "ConvBnReLU"(%i) stateful fused_from [@conv1, @bn1, @relu1] : (tensor<1x3x8x8xf32>) -> tensor<1x4x8x8xf32>
  }
  // CHECK-NEXT: patch.delete @drop because "identity at inference"
  patch.delete @drop because "identity at inference"
  // Changes print in one order, whatever order they are written in.
  // CHECK-NEXT: patch.update @split changes ["kind", "types", "inputs"] inputs(%arg0) stage "structure" {
  // CHECK-NEXT: ^bb0(%in0: tensor<1x3x8x8xf32>):
  // CHECK-NEXT:   %split:2 = lg.node @split "Chunk"(%in0)
  // CHECK-NEXT: }
  patch.update @split changes ["inputs", "kind", "types"] inputs(%arg0) stage "structure" {
  ^bb0(%i: tensor<1x3x8x8xf32>):
    %0:2 = lg.node @split "Chunk"(%i) : (tensor<1x3x8x8xf32>) -> (tensor<1x3x8x8xf32>, tensor<1x3x8x8xf32>)
  }
  // CHECK-NEXT: patch.update @act changes ["kind", "inputs"] inputs(@split[1]) {
  // CHECK-NEXT: ^bb0(%in0: tensor<1x4x8x8xf32>):
  // CHECK-NEXT:   %act = lg.node @act "GELU"(%in0)
  // CHECK-NEXT: }
  patch.update @act changes ["kind", "inputs"] inputs(@split[1]) {
  ^bb0(%i: tensor<1x4x8x8xf32>):
    %0 = lg.node @act "GELU"(%i) : (tensor<1x4x8x8xf32>) -> tensor<1x4x8x8xf32>
  }
  // CHECK-NEXT: patch.add_input new %mask at 2 : tensor<4xi1>
  patch.add_input new %mask at 2 : tensor<4xi1>
  // CHECK-NEXT: patch.insert new @gate inputs(@act, new %mask) {
  // CHECK-NEXT: ^bb0(%in0: tensor<1x4x8x8xf32>, %in1: tensor<4xi1>):
  // CHECK-NEXT:   %gate = lg.node @gate "Mask"(%in0, %in1)
  // CHECK-NEXT: }
  patch.insert new @gate inputs(@act, new %mask) {
  ^bb0(%i: tensor<1x4x8x8xf32>, %j: tensor<4xi1>):
    %0 = lg.node @gate "Mask"(%i, %j) : (tensor<1x4x8x8xf32>, tensor<4xi1>) -> tensor<1x4x8x8xf32>
  }
  // CHECK-NEXT: patch.insert new @gate2 inputs(@act) before @act because "ambiguous: a tie" stage "structure" {
  // CHECK-NEXT: ^bb0(%in0: tensor<1x4x8x8xf32>):
  // CHECK-NEXT:   %gate2 = lg.node @gate2 "Mask"(%in0)
  // CHECK-NEXT: }
  patch.insert new @gate2 inputs(@act) before @act because "ambiguous: a tie" stage "structure" {
  ^bb0(%i: tensor<1x4x8x8xf32>):
    %0 = lg.node @gate2 "Mask"(%i) : (tensor<1x4x8x8xf32>) -> tensor<1x4x8x8xf32>
  }
  // CHECK-NEXT: patch.remove_input %arg1
  patch.remove_input %arg1
  // CHECK-NEXT: patch.remove_output 0
  patch.remove_output 0
  // CHECK-NEXT: patch.add_output new @gate at 1
  patch.add_output new @gate at 1
  // CHECK-NEXT: patch.set_graph_attributes {arg_attrs = [{lg.role = "image"}, {}]} was {sym_visibility = "private"}
  patch.set_graph_attributes {arg_attrs = [{lg.role = "image"}, {}]} was {sym_visibility = "private"}
}

// A plan over upstream IR names nodes by their SSA names; it stands apart
// from the graphs, so only its own consistency is checked.
// CHECK-LABEL: patch.plan @forward to @forward {
patch.plan @forward to @forward {
  // CHECK-NEXT: patch.delete %5 absorbed_by %6
  patch.delete %5 absorbed_by %6
  // CHECK-NEXT: patch.replace %6 with new %3 region [%5, %6] inputs(%arg0, %cst) results(%6, _) {
  patch.replace %6 with new %3 region [%5, %6] inputs(%arg0, %cst) results(%6, _) {
  ^bb0(%a: tensor<4xf32>, %b: f32):
    %0:2 = "test.fused"(%a, %b) : (tensor<4xf32>, f32) -> (tensor<4xf32>, tensor<4xf32>)
  }
  // CHECK: patch.update %7 changes ["attributes"] was {alpha = 1 : i64} inputs(new %3)
  patch.update %7 changes ["attributes"] was {alpha = 1 : i64} inputs(new %3) {
  ^bb0(%a: tensor<4xf32>):
    %0 = "test.op"(%a) {alpha = 2 : i64} : (tensor<4xf32>) -> tensor<4xf32>
  }
}

// Ops on buffers are placed: `before` a source node that stays, or `_` (the
// end); a moved update lists "order".
// CHECK-LABEL: patch.plan @buffers to @buffers {
patch.plan @buffers to @buffers {
  // CHECK-NEXT: patch.insert new %linalg.fill.0 inputs(%c, %arg1) before %linalg.copy.0 {
  patch.insert new %linalg.fill.0 inputs(%c, %arg1) before %linalg.copy.0 {
  ^bb0(%a: f32, %b: memref<4xf32>):
    linalg.fill ins(%a : f32) outs(%b : memref<4xf32>)
  }
  // CHECK: patch.update %linalg.copy.1 changes ["order"] inputs(%arg1, %arg0) before _ stage "structure" {
  patch.update %linalg.copy.1 changes ["order"] inputs(%arg1, %arg0) before _ stage "structure" {
  ^bb0(%a: memref<4xf32>, %b: memref<4xf32>):
    linalg.copy ins(%a : memref<4xf32>) outs(%b : memref<4xf32>)
  }
  // CHECK: patch.replace %5 with new %3 region [%5] inputs(%arg1) results() before %linalg.copy.0 {
  patch.replace %5 with new %3 region [%5] inputs(%arg1) results() before %linalg.copy.0 {
  ^bb0(%a: memref<4xf32>):
    "test.touch"(%a) : (memref<4xf32>) -> ()
  }
}

// An empty plan: the graphs are the same.
// CHECK-LABEL: patch.plan @same to @same {
// CHECK-NEXT: }
patch.plan @same to @same {
}

// A new node that calls a function follows a private declaration of it (each
// action with a new node is a symbol table); a graph in a nested module is
// named by its path; a function one side only declares is a change_graph.
// CHECK-LABEL: patch.plan @outer::@f to @outer::@f {
patch.plan @outer::@f to @outer::@f {
  // CHECK-NEXT: patch.insert new %1 inputs(%0) {
  // CHECK-NEXT: ^bb0(%in0: tensor<4xf32>):
  // CHECK-NEXT:   func.func private @h(tensor<4xf32>) -> tensor<4xf32>
  // CHECK-NEXT:   %0 = func.call @h(%in0) : (tensor<4xf32>) -> tensor<4xf32>
  // CHECK-NEXT: }
  patch.insert new %1 inputs(%0) {
  ^bb0(%a: tensor<4xf32>):
    func.func private @h(tensor<4xf32>) -> tensor<4xf32>
    %0 = func.call @h(%a) : (tensor<4xf32>) -> tensor<4xf32>
  }
}
// CHECK: patch.change_graph @helper changes ["defined", "signature"]
patch.change_graph @helper changes ["defined", "signature"]
// CHECK: patch.remove_graph @outer::@old
patch.remove_graph @outer::@old
