// RUN: graph-diff-api %s | graph-diff-api | FileCheck %s
// RUN: graph-diff-api %s -mlir-print-op-generic | graph-diff-api | FileCheck %s

// A Python package: modules, a class with methods, parameters in order with
// types, defaults and kinds; `_helper` is internal.
// CHECK-LABEL: api.module @keras.layers {
api.module @keras.layers {
  // CHECK-NEXT: api.class @Dense {
  api.class @Dense {
    // CHECK-NEXT: api.func @__init__ {
    api.func @__init__ {
      // CHECK-NEXT: api.param "self"
      api.param "self"
      // CHECK-NEXT: api.param "units" : "int"
      api.param "units" : "int"
      // CHECK-NEXT: api.param "activation" = "None" attributes {kind = "keyword_only"}
      api.param "activation" = "None" attributes {kind = "keyword_only"}
      // CHECK-NEXT: api.param "kwargs" attributes {kind = "var_keyword"}
      api.param "kwargs" attributes {kind = "var_keyword"}
    }
  }
  // CHECK: api.func private @_helper attributes {defaults_unknown} {
  // CHECK-NEXT: }
  api.func private @_helper attributes {defaults_unknown} {}
}

// An MLIR function: positional parameters with types, results, a declaration.
// CHECK-LABEL: api.func @forward {
api.func @forward {
  // CHECK-NEXT: api.param "" : "tensor<1x3xf32>" attributes {kind = "positional_only"}
  api.param "" : "tensor<1x3xf32>" attributes {kind = "positional_only"}
  // CHECK-NEXT: api.result : "tensor<1x10xf32>"
  api.result : "tensor<1x10xf32>"
}
// CHECK: api.func private @extern declaration {
api.func private @extern declaration {
  api.result : "i32"
}

// A compspec graph keeps every node, with its id, as nested facts.
// CHECK-LABEL: api.module @example.cpp attributes {kind = "compileunit", node_id = "id0"} {
api.module @example.cpp attributes {kind = "compileunit", node_id = "id0"} {
  // CHECK-NEXT: api.class @Foo attributes {kind = "structure", node_id = "id2"} {
  api.class @Foo attributes {kind = "structure", node_id = "id2"} {
    // CHECK-NEXT: api.node "size" 36 : i64 attributes {node_id = "id3"}
    api.node "size" 36 : i64 attributes {node_id = "id3"}
    // CHECK-NEXT: api.node "member" "x" attributes {node_id = "id4"} {
    // CHECK-NEXT:   api.node "type" "int" attributes {node_id = "id5"}
    // CHECK-NEXT: }
    api.node "member" "x" attributes {node_id = "id4"} {
      api.node "type" "int" attributes {node_id = "id5"}
    }
  }
  // CHECK: api.func @_Z3fooi attributes {node_id = "id6"} {
  // CHECK-NEXT: api.param "x" attributes {node_id = "id7"} {
  // CHECK-NEXT:   api.node "type" "int" attributes {node_id = "id8"}
  api.func @_Z3fooi attributes {node_id = "id6"} {
    api.param "x" attributes {node_id = "id7"} {
      api.node "type" "int" attributes {node_id = "id8"}
    }
  }
}
