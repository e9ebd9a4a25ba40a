// RUN: graph-diff-opt %s -split-input-file -verify-diagnostics -allow-unregistered-dialect

patch.plan @g to @g {
  // expected-note @below {{claimed here}}
  patch.delete %3
  // expected-error @below {{claims source node %3, which another action already claims}}
  patch.update %3 changes ["kind"] inputs() {
    %0 = "test.op"() : () -> i32
  }
}

// -----

patch.plan @g to @g {
  // expected-error @below {{is absorbed by %9, but no replace of this plan is anchored there}}
  patch.delete %3 absorbed_by %9
}

// -----

patch.plan @g to @g {
  // expected-error @below {{region member %4 has no 'patch.delete %4 absorbed_by %5'}}
  patch.replace %5 with new %1 region [%4, %5] inputs() results(%5) {
    %0 = "test.op"() : () -> i32
  }
}

// -----

patch.plan @g to @g {
  // expected-error @below {{is absorbed by %5, but that replace's region does not hold %3}}
  patch.delete %3 absorbed_by %5
  // expected-note @below {{the replace is here}}
  patch.replace %5 with new %1 region [%5] inputs() results(%5) {
    %0 = "test.op"() : () -> i32
  }
}

// -----

patch.plan @g to @g {
  patch.delete %4 absorbed_by %5
  // expected-error @below {{anchor %5 is not a member of its region}}
  patch.replace %5 with new %1 region [%4] inputs() results(_) {
    %0 = "test.op"() : () -> i32
  }
}

// -----

patch.plan @g to @g {
  // expected-error @below {{uses 'new %9', which no earlier action of the plan makes}}
  patch.insert new %1 inputs(new %9) {
  ^bb0(%a: i32):
    %0 = "test.op"(%a) : (i32) -> i32
  }
}

// -----

patch.plan @g to @g {
  // expected-error @below {{lists 2 input(s) but its body has 1 block argument(s)}}
  patch.insert new %1 inputs(%arg0, %arg1) {
  ^bb0(%a: i32):
    %0 = "test.op"(%a) : (i32) -> i32
  }
}

// -----

patch.plan @g to @g {
  // expected-error @below {{body must hold one op, the new node, after the declarations of the symbols it references (found 2 ops)}}
  patch.insert new %1 inputs() {
    %0 = "test.op"() : () -> i32
    %1 = "test.op"() : () -> i32
  }
}

// -----

patch.plan @g to @g {
  // expected-error @below {{maps 1 result(s) but the new node has 2}}
  patch.replace %5 with new %1 region [%5] inputs() results(%5) {
    %0:2 = "test.op"() : () -> (i32, i32)
  }
}

// -----

patch.plan @g to @g {
  // expected-error @below {{must name its new node with 'new', not '%1'}}
  patch.insert %1 inputs() {
    %0 = "test.op"() : () -> i32
  }
}

// -----

patch.plan @g to @g {
  patch.insert new %1 inputs() {
    %0 = "test.op"() : () -> i32
  }
  // expected-error @below {{makes 'new %1', which an earlier action made}}
  patch.insert new %1 inputs() {
    %0 = "test.op"() : () -> i32
  }
}

// -----

patch.plan @g to @g {
  // expected-error @below {{must name a source node, not '%7#1'}}
  patch.delete %7#1
}

// -----

patch.plan @g to @g {
  // expected-error @below {{lists '_' where a value is needed}}
  patch.add_output _ at 0
}

// -----

patch.plan @g to @g {
  // expected-error @below {{is not a patch action; a 'patch.plan' holds only actions}}
  "test.op"() : () -> ()
}

// -----

// expected-error @below {{expects parent op 'patch.plan'}}
patch.delete %3

// -----

patch.plan @g to @g {
  // expected-error @below {{expected a reference ('@id', '%name', 'new ...' or '_')}}
  patch.delete 42
}

// -----

// References are checked against a source graph defined beside the plan.
lg.graph @src(%x: i32) -> i32 {
  %a = lg.node @a "Neg"(%x) : (i32) -> i32
  lg.output %a : i32
}
patch.plan @src to @tgt {
  // expected-error @below {{references @nonexistent, which is not a node of graph @src}}
  patch.delete @nonexistent
}

// -----

lg.graph @src(%x: i32) -> i32 {
  %a = lg.node @a "Neg"(%x) : (i32) -> i32
  lg.output %a : i32
}
patch.plan @src to @tgt {
  // expected-error @below {{references result 1 of @a, which has 1 result(s)}}
  patch.add_output @a[1] at 1
}

// -----

lg.graph @src(%x: i32) -> i32 {
  %a = lg.node @a "Neg"(%x) : (i32) -> i32
  lg.output %a : i32
}
patch.plan @src to @tgt {
  // expected-error @below {{references input %arg3 but graph @src has 1 input(s)}}
  patch.remove_input %arg3
}

// -----

lg.graph @src(%x: i32) -> i32 {
  %a = lg.node @a "Neg"(%x) : (i32) -> i32
  lg.output %a : i32
}
patch.plan @src to @tgt {
  // expected-error @below {{references '%x'; the values of graph @src are named '@id' or '%argN'}}
  patch.remove_input %x
}

// -----

lg.graph @src(%x: i32) -> i32 {
  %a = lg.node @a "Neg"(%x) : (i32) -> i32
  lg.output %a : i32
}
patch.plan @src to @tgt {
  // expected-error @below {{removes output 4 but graph @src has 1 output(s)}}
  patch.remove_output 4
}

// -----

// expected-error @below {{unknown change 'renamed' (expected 'defined', 'declared', 'signature', 'attributes')}}
patch.change_graph @g changes ["renamed"]

// -----

// expected-error @below {{lists change 'signature' twice}}
patch.change_graph @g changes ["signature", "defined", "signature"]

// -----

// expected-error @below {{cannot list both 'defined' and 'declared'}}
patch.change_graph @g changes ["defined", "declared"]

// -----

// expected-error @below {{must list at least one change}}
patch.change_graph @g changes []

// -----

patch.plan @g to @g {
  // A call whose callee the action does not declare.
  patch.insert new %1 inputs(%0) {
  ^bb0(%a: tensor<4xf32>):
    // expected-error @below {{'h' does not reference a valid function}}
    %0 = func.call @h(%a) : (tensor<4xf32>) -> tensor<4xf32>
  }
}

// -----

// Each action verifies its own references and body; the plan checks only
// what takes the whole plan.

patch.plan @g to @g {
  patch.delete %4 absorbed_by %5
  // expected-error @below {{must name a source node, not 'new %4'}}
  patch.replace %5 with new %1 region [new %4, %5] inputs() results(%5) {
    %0 = "test.op"() : () -> i32
  }
}

// -----

patch.plan @g to @g {
  // expected-error @below {{must name a source node, not '_'}}
  patch.update _ changes ["kind"] inputs() {
    %0 = "test.op"() : () -> i32
  }
}

// -----

patch.plan @g to @g {
  // expected-error @below {{lists '_' where a value is needed}}
  patch.insert new %1 inputs(_) {
  ^bb0(%a: i32):
    %0 = "test.op"(%a) : (i32) -> i32
  }
}

// -----

patch.plan @g to @g {
  // expected-error @below {{names its new node with a result index}}
  patch.insert new %1#1 inputs() {
    %0:2 = "test.op"() : () -> (i32, i32)
  }
}

// -----

patch.plan @g to @g {
  // expected-error @below {{must name its new node with 'new', not '%m'}}
  patch.add_input %m at 0 : i1
}

// -----

patch.plan @g to @g {
  // expected-error @below {{results must name source values, not 'new %1'}}
  patch.replace %5 with new %1 region [%5] inputs() results(new %1) {
    %0 = "test.op"() : () -> i32
  }
}

// -----

patch.plan @g to @g {
  // expected-error @below {{body must hold the new node}}
  patch.insert new %1 inputs() {
  ^bb0:
  }
}

// -----

patch.plan @g to @g {
  // expected-error @below {{must list at least one change}}
  patch.update %3 changes [] inputs() {
    %0 = "test.op"() : () -> i32
  }
}

// -----

patch.plan @g to @g {
  // expected-error @below {{is not a patch action; a 'patch.plan' holds only actions}}
  patch.add_graph @h
}

// -----

// Actions verify before the plan: an action's own error is the one reported,
// even after a conflict between two earlier actions.
patch.plan @g to @g {
  patch.delete %3
  patch.delete %3
  // expected-error @below {{must name a source node, not '%7#1'}}
  patch.delete %7#1
}

// -----

// Stages and changes are enums, written as strings.

patch.plan @g to @g {
  // expected-error @below {{unknown stage 'magic' (expected 'id', 'provenance', 'location', 'convention', 'structure')}}
  patch.delete %3 stage "magic"
}

// -----

patch.plan @g to @g {
  // expected-error @below {{unknown change 'renamed' (expected 'kind', 'attributes', 'types', 'regions', 'inputs', 'order')}}
  patch.update %3 changes ["kind", "renamed"] inputs() {
    %0 = "test.op"() : () -> i32
  }
}

// -----

patch.plan @g to @g {
  // expected-error @below {{unknown change 'kind, inputs'}}
  patch.update %3 changes ["kind, inputs"] inputs() {
    %0 = "test.op"() : () -> i32
  }
}

// -----

patch.plan @g to @g {
  // expected-error @below {{unknown change 'none'}}
  patch.update %3 changes ["none"] inputs() {
    %0 = "test.op"() : () -> i32
  }
}

// -----

patch.plan @g to @g {
  // expected-error @below {{lists change 'kind' twice}}
  patch.update %3 changes ["kind", "kind"] inputs() {
    %0 = "test.op"() : () -> i32
  }
}

// -----

// `before` places a new node: right before a source node that stays, or at
// the end (`_`). A moved update says so ("order"), and says where.

patch.plan @g to @g {
  // expected-error @below {{lists 'order' but does not say where the node goes ('before')}}
  patch.update %3 changes ["order"] inputs() {
    %0 = "test.op"() : () -> i32
  }
}

// -----

patch.plan @g to @g {
  // expected-error @below {{moves the node ('before') but does not list 'order'}}
  patch.update %3 changes ["kind"] inputs() before %2 {
    %0 = "test.op"() : () -> i32
  }
}

// -----

patch.plan @g to @g {
  // expected-error @below {{must place its new node before a source node or '_' (the end), not 'new %2'}}
  patch.insert new %5 inputs() before new %2 {
    %0 = "test.op"() : () -> i32
  }
}

// -----

patch.plan @g to @g {
  // expected-error @below {{places its new node before %2, which the plan removes}}
  patch.insert new %5 inputs() before %2 {
    %0 = "test.op"() : () -> i32
  }
  // expected-note @below {{removed here}}
  patch.delete %2
}

// -----

patch.plan @g to @g {
  // expected-error @below {{gives old attribute values ('was') but does not list 'attributes'}}
  patch.update %3 changes ["kind"] was {alpha = 1 : i64} inputs() {
    %0 = "test.op"() : () -> i32
  }
}

// -----

patch.plan @g to @g {
  // expected-note @below {{set here}}
  patch.set_graph_attributes {}
  // expected-error @below {{sets the graph's attributes, which an earlier action of the plan already sets}}
  patch.set_graph_attributes {llvm.emit_c_interface}
}
