// RUN: graph-diff-api %s -split-input-file -verify-diagnostics

api.module @m {
  // expected-note @below {{see existing symbol definition here}}
  api.func @f {}
  // expected-error @below {{redefinition of symbol named 'f'}}
  api.class @f {}
}

// -----

api.func @f {
  // expected-note @below {{first defined here}}
  api.param "x"
  // expected-error @below {{duplicate parameter name "x"}}
  api.param "x"
}

// -----

api.func @f {
  // expected-error @below {{unknown parameter kind "keyword" (expected one of: positional_only, positional_or_keyword, var_positional, keyword_only, var_keyword)}}
  api.param "x" attributes {kind = "keyword"}
}

// -----

api.func @f {
  api.param "args" attributes {kind = "var_positional"}
  // expected-error @below {{a function has at most one var_positional parameter}}
  api.param "more" attributes {kind = "var_positional"}
}

// -----

api.func @f {
  // expected-error @below {{'api.func' op cannot be in 'api.func' (it holds api.param, api.result and api.node)}}
  api.func @g {}
}

// -----

api.class @C {
  // expected-error @below {{'api.module' op cannot be in 'api.class' (it holds api.class, api.func and api.node)}}
  api.module @m {}
}

// -----

api.module @m {
  // expected-error @below {{'api.param' op cannot be in 'api.module' (it holds api.module, api.class, api.func and api.node)}}
  api.param "x"
}

// -----

api.func @f {
  // expected-error @below {{'api.node' op attribute 'value' failed to satisfy constraint}}
  api.node "size" 1.5 : f32
}

// -----

api.func @f {
  api.param "x" {
    // expected-error @below {{'api.result' op cannot be in 'api.param' (it holds api.node)}}
    api.result : "i32"
  }
}

// -----

func.func @g() {
  // expected-error @below {{'api.node' op must be nested in an api op or a builtin.module}}
  api.node "size" 4 : i64
  return
}

// -----

// An object sits in a symbol table (a builtin.module, an api scope, a patch
// action); a function body is none.
func.func @host() {
  // expected-error @below {{'api.func' op symbol's parent must have the SymbolTable trait}}
  api.func @inner {
  }
  return
}
