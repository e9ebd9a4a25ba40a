//===- APIOps.td - The API dialect -------------------------*- tablegen -*-===//
//
// The `api` dialect: the public surface of a library (modules, classes,
// functions, parameters in order, results) as IR, so that two versions can be
// diffed by the same engine as dataflow graphs.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_DIALECT_API_IR_APIOPS_TD
#define GRAPHDIFF_DIALECT_API_IR_APIOPS_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/SymbolInterfaces.td"
include "GraphDiff/Dialect/API/IR/APIEnums.td"

def API_Dialect : Dialect {
  let name = "api";
  let cppNamespace = "::graphdiff::api";
  let summary = "The API of a library: modules, classes, functions, parameters";
  let description = [{
    An API is a tree. `api.module` and `api.class` hold functions, classes
    and nested modules; `api.func` holds its parameters (`api.param`, in
    order) and results (`api.result`, in order). Names are symbols, so the
    verifier rejects two objects of the same name in one scope (an empty
    name, which sources may give, is written `@""`), and MLIR's
    symbol visibility (`private`) marks what is not part of the public API.

    Everything else a source records (a struct's size, a member, a location)
    is an `api.node`: a kind, a value and nested nodes. Graphs imported from
    compspec keep every one of their nodes, with its id (`node_id`), so that
    `graph-diff-api --format=compspec` can give compspec's own facts.

    An object sits in an `api.module`, an `api.class` or a symbol table of
    another dialect: a builtin.module, or the `patch` action of an API
    diff's plan that writes it out (with its own parameters, results and
    facts, without the objects nested in it).

    Types and defaults are strings: a Python annotation, a C type or an MLIR
    type as written; an absent `default` means the parameter is required
    (or, for sources that do not record defaults, unknown: see
    `defaults_unknown` on `api.func`).

    ```mlir
    api.module @"keras.layers" {
      api.class @Dense {
        api.func @__init__ {
          api.param "self"
          api.param "units"
          api.param "activation" = "None"
        }
      }
      api.func private @_helper {
      }
    }
    api.func @forward {
      api.param "x" : "tensor<1x3x224x224xf32>"
      api.result : "tensor<1x1000xf32>"
    }
    ```
  }];
}

class API_Op<string mnemonic, list<Trait> traits = []>
    : Op<API_Dialect, mnemonic, traits>;

def API_APIModuleOp : API_Op<"module", [Symbol, SymbolTable, NoTerminator,
    SingleBlock, NoRegionArguments]> {
  let summary = "A module (package, namespace, compile unit, nested module)";
  let description = [{
    A named scope of the API. `kind` keeps the source's own word for it
    (`compileunit`, `namespace`) when it is not `module`, and is `unnamed`
    for a nested MLIR module without a name (named `#N` by its position);
    `node_id` the compspec node id it was imported from.

    ```mlir
    api.module @"keras.layers" {
    }
    ```
  }];
  let arguments = (ins SymbolNameAttr:$sym_name,
                       OptionalAttr<StrAttr>:$sym_visibility,
                       OptionalAttr<StrAttr>:$kind,
                       OptionalAttr<StrAttr>:$node_id);
  let regions = (region AnyRegion:$bodyRegion);
  let assemblyFormat = [{
    custom<SymbolHeader>($sym_visibility, $sym_name) attr-dict-with-keyword custom<Body>($bodyRegion)
  }];
  let hasVerifier = 1;
}

def API_ClassOp : API_Op<"class", [Symbol, SymbolTable, NoTerminator,
    SingleBlock, NoRegionArguments]> {
  let summary = "A class or structure: methods, nested classes, members";
  let description = [{
    Methods are `api.func`s inside; members and other facts are `api.node`s.
    `kind` keeps the source's word (`structure`, `union`) when not `class`.
    A shared library's ABI (read from ELF and DWARF) also makes its enums,
    typedefs and exported variables classes of kind `enum`, `typedef` and
    `variable`: named objects whose facts are their layout, underlying type
    or type and size.

    ```mlir
    api.class @Dense {
      api.func @__init__ {
        api.param "self"
        api.param "units"
      }
    }
    ```
  }];
  let arguments = (ins SymbolNameAttr:$sym_name,
                       OptionalAttr<StrAttr>:$sym_visibility,
                       OptionalAttr<StrAttr>:$kind,
                       OptionalAttr<StrAttr>:$node_id);
  let regions = (region AnyRegion:$bodyRegion);
  let assemblyFormat = [{
    custom<SymbolHeader>($sym_visibility, $sym_name) attr-dict-with-keyword custom<Body>($bodyRegion)
  }];
  let hasVerifier = 1;
}

def API_FuncOp : API_Op<"func", [Symbol, NoTerminator, SingleBlock,
    NoRegionArguments]> {
  let summary = "A function or method: parameters and results, in order";
  let description = [{
    The body lists the parameters (`api.param`) and results (`api.result`),
    each in order, and any other facts (`api.node`). `declaration` marks a
    function declared but not defined (an MLIR external function).
    `defaults_unknown` says that the source does not record defaults (caliper's
    functiondb keeps only argument names), so an absent `default` on a
    parameter does not mean "required".

    ```mlir
    api.func @clip_norm attributes {defaults_unknown} {
      api.param "g"
      api.param "c"
      api.param "n"
    }
    ```
  }];
  let arguments = (ins SymbolNameAttr:$sym_name,
                       OptionalAttr<StrAttr>:$sym_visibility,
                       UnitAttr:$declaration,
                       UnitAttr:$defaults_unknown,
                       OptionalAttr<StrAttr>:$node_id);
  let regions = (region AnyRegion:$bodyRegion);
  let assemblyFormat = [{
    custom<SymbolHeader>($sym_visibility, $sym_name) (`declaration` $declaration^)?
    attr-dict-with-keyword custom<Body>($bodyRegion)
  }];
  let hasVerifier = 1;
}

def API_ParamOp : API_Op<"param", [NoTerminator, NoRegionArguments,
    HasParent<"FuncOp">]> {
  let summary = "One parameter: name, type, default, kind";
  let description = [{
    Parameters are ordered as written. `name` may be empty for a parameter
    whose name the source does not know (then it is matched by position).
    `kind` is a `ParamKind`: one of `positional_only`,
    `positional_or_keyword` (the default), `keyword_only`, `var_positional`
    (`*args`) and `var_keyword` (`**kwargs`). The optional body holds other
    facts as `api.node`s (a compspec parameter's `location`, `order`).

    ```mlir
    api.param "x" : "tensor<4xf32>"
    api.param "axis" : "int" = "-1" {kind = "keyword_only"}
    ```
  }];
  let arguments = (ins StrAttr:$name,
                       OptionalAttr<StrAttr>:$type,
                       OptionalAttr<StrAttr>:$default_value,
                       OptionalAttr<StrAttr>:$kind,
                       OptionalAttr<StrAttr>:$node_id);
  let regions = (region AnyRegion:$bodyRegion);
  let assemblyFormat = [{
    $name (`:` $type^)? (`=` $default_value^)? attr-dict-with-keyword
    ($bodyRegion^)?
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// `kind`, or `positional_or_keyword` when absent. A kind that is not a
    /// ParamKind, which the verifier rejects, reads as absent.
    ::graphdiff::api::ParamKind getKindOrDefault();
    /// Whether a caller may omit it: it has a default, or collects the rest
    /// (`*args`, `**kwargs`).
    bool isOptional();
  }];
}

def API_ResultOp : API_Op<"result", [HasParent<"FuncOp">]> {
  let summary = "One result of a function, in order";
  let description = [{
    ```mlir
    api.result : "tensor<1x1000xf32>"
    ```
  }];
  let arguments = (ins OptionalAttr<StrAttr>:$type,
                       OptionalAttr<StrAttr>:$node_id);
  let assemblyFormat = "(`:` $type^)? attr-dict";
}

def API_NodeOp : API_Op<"node", [NoTerminator, NoRegionArguments]> {
  let summary = "Any other fact: a kind, a value and nested facts";
  let description = [{
    What an API source records beyond modules, classes, functions and
    parameters: a struct's `size`, a `member` and its `type`, a `location`.
    `value` is a string or an integer, as the source had it. `relation`
    names the edge from the parent when it is not `has`.

    ```mlir
    api.node "member" "x" {
      api.node "type" "int"
      api.node "order" 0 : i64
    }
    ```
  }];
  let arguments = (ins StrAttr:$kind,
                       AnyAttrOf<[StrAttr, I64Attr]>:$value,
                       OptionalAttr<StrAttr>:$relation,
                       OptionalAttr<StrAttr>:$node_id);
  let regions = (region AnyRegion:$bodyRegion);
  let assemblyFormat = [{
    $kind $value attr-dict-with-keyword ($bodyRegion^)?
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The value as text ("36", "int").
    std::string getValueString();
  }];
}

#endif // GRAPHDIFF_DIALECT_API_IR_APIOPS_TD
