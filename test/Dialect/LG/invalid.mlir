// RUN: graph-diff-opt %s -split-input-file -verify-diagnostics

lg.graph @dup(%x: i32) -> i32 {
  // expected-note @below {{first defined here}}
  %a = lg.node @relu "ReLU"(%x) : (i32) -> i32
  // expected-error @below {{duplicate node id @relu in graph @dup}}
  %b = lg.node @relu "ReLU"(%a) : (i32) -> i32
  lg.output %b : i32
}

// -----

lg.graph @loop(%x: i32) -> i32 {
  // expected-error @below {{is on a cycle in graph @loop: @a -> @b -> @c -> @a}}
  %a = lg.node @a "Add"(%x, %c) : (i32, i32) -> i32
  %b = lg.node @b "Neg"(%a) : (i32) -> i32
  %c = lg.node @c "Abs"(%b) : (i32) -> i32
  lg.output %c : i32
}

// -----

lg.graph @self(%x: i32) -> i32 {
  // expected-error @below {{is on a cycle in graph @self: @a -> @a}}
  %a = lg.node @a "Add"(%x, %a) : (i32, i32) -> i32
  lg.output %a : i32
}

// -----

lg.graph @dangling(%x: i32) -> i32 {
  // expected-error @below {{calls @missing, which is not defined}}
  %a = lg.node @a "Block"(%x) calls @missing : (i32) -> i32
  lg.output %a : i32
}

// -----

func.func @not_a_graph() { return }
lg.graph @calls_func(%x: i32) -> i32 {
  // expected-error @below {{calls @not_a_graph, which is not an 'lg.graph'}}
  %a = lg.node @a "Block"(%x) calls @not_a_graph : (i32) -> i32
  lg.output %a : i32
}

// -----

lg.graph @arity(%x: i32) -> (i32, i32) {
  // expected-error @below {{returns 1 value(s) but graph @arity declares 2 result(s)}}
  lg.output %x : i32
}

// -----

lg.graph @types(%x: i32) -> f32 {
  // expected-error @below {{output #0 has type 'i32' but graph @types declares 'f32'}}
  lg.output %x : i32
}

// -----

lg.graph @foreign(%x: i32) -> i32 {
  // expected-error @below {{is not allowed in an 'lg.graph' body; only 'lg.node' ops are}}
  %y = arith.addi %x, %x : i32
  lg.output %y : i32
}

// -----

lg.graph @no_results(%x: i32) -> i32 {
  // expected-error @below {{must have at least one result}}
  lg.node @sink "Print"(%x) : (i32) -> ()
  lg.output %x : i32
}

// -----

lg.graph @no_kind(%x: i32) -> i32 {
  // expected-error @below {{must have a non-empty kind}}
  %a = lg.node @a ""(%x) : (i32) -> i32
  lg.output %a : i32
}

// -----

"lg.graph"() <{function_type = (i32) -> i32, sym_name = "unterminated"}> ({
^bb0(%x: i32):
  // expected-error @below {{block with no terminator}}
  %a = lg.node @a "Neg"(%x) : (i32) -> i32
}) : () -> ()

// -----

func.func @f(%x: i32) -> i32 {
  // expected-error @below {{'lg.output' op expects parent op 'lg.graph'}}
  lg.output %x : i32
}
