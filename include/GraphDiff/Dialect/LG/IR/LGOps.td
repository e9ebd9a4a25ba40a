//===- LGOps.td - The logical-graph dialect ----------------*- tablegen -*-===//
//
// The `lg` dialect: model graphs as a front end (PyTorch, Keras, a transpiler)
// sees them. A graph is a symbol with typed inputs and results; each node is
// one layer or op with a stable id, a kind string and free-form metadata.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_DIALECT_LG_IR_LGOPS_TD
#define GRAPHDIFF_DIALECT_LG_IR_LGOPS_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/IR/RegionKindInterface.td"
include "mlir/IR/OpAsmInterface.td"
include "mlir/Interfaces/FunctionInterfaces.td"
include "mlir/Interfaces/CallInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def LG_Dialect : Dialect {
  let name = "lg";
  let cppNamespace = "::graphdiff::lg";
  let summary = "Logical graphs: model dataflow graphs with stable node ids";
  let description = [{
    The `lg` dialect holds a model's *logical graph*: the graph a front end or
    a source-to-source transpiler works on, before any lowering. Every node has
    an id that is stable across optimizations, a `kind` (the layer or op type,
    such as `"Conv2d"`), SSA inputs and results of any type, and a `metadata`
    dictionary for whatever the front end wants to keep (a source line, layer
    arguments, an `anchor`).

    Graph bodies are *graph regions*: node order carries no meaning, so two
    files that list the same nodes in a different order hold the same graph.
    The verifier rejects cycles instead, and names them.

    ```mlir
    lg.graph @block(%x: tensor<1x3x32x32xf32>) -> tensor<1x8x32x32xf32> {
      %conv1 = lg.node @conv1 "Conv2d"(%x) stateful
                 metadata {line = 12 : i64}
                 : (tensor<1x3x32x32xf32>) -> tensor<1x8x32x32xf32>
      %relu1 = lg.node @relu1 "ReLU"(%conv1)
                 : (tensor<1x8x32x32xf32>) -> tensor<1x8x32x32xf32>
      lg.output %relu1 : tensor<1x8x32x32xf32>
    }
    ```
  }];
}

class LG_Op<string mnemonic, list<Trait> traits = []>
    : Op<LG_Dialect, mnemonic, traits>;

//===----------------------------------------------------------------------===//
// lg.graph
//===----------------------------------------------------------------------===//

def LG_GraphOp : LG_Op<"graph", [
    IsolatedFromAbove, Symbol, SingleBlock, RegionKindInterface,
    HasOnlyGraphRegion,
    FunctionOpInterface, CallableOpInterface]> {
  let summary = "A logical graph: typed inputs, nodes, and outputs";
  let description = [{
    A named dataflow graph. The block arguments are the graph's inputs, the
    `lg.node` ops in the body are its nodes, and the operands of the closing
    `lg.output` are its outputs. The body is a graph region: nodes may appear
    in any order, and uses may come before definitions.

    The graph is also the symbol table of its nodes: node ids are unique within
    a graph (see `lookupNode`). The verifier reports, each at the offending
    node: a duplicate id (with a note at the first definition), a cycle
    (listing the ids along it), an op that is not an `lg.node`, and outputs
    whose types differ from the signature.

    ```mlir
    lg.graph @g(%x: tensor<4xf32>) -> tensor<4xf32> {
      %r = lg.node @relu "ReLU"(%x) : (tensor<4xf32>) -> tensor<4xf32>
      lg.output %r : tensor<4xf32>
    }
    ```
  }];

  let arguments = (ins SymbolNameAttr:$sym_name,
                       TypeAttrOf<FunctionType>:$function_type,
                       OptionalAttr<DictArrayAttr>:$arg_attrs,
                       OptionalAttr<DictArrayAttr>:$res_attrs);
  let regions = (region SizedRegion<1>:$body);

  let builders = [
    OpBuilder<(ins "::llvm::StringRef":$name, "::mlir::FunctionType":$type)>
  ];

  let extraClassDeclaration = [{
    /// Returns the node with id `id`, or null. Linear in the graph size; use
    /// `getNodesById` to look up many ids.
    NodeOp lookupNode(::llvm::StringRef id);

    /// Returns the terminator.
    OutputOp getOutputOp();

    //===------------------------------------------------------------------===//
    // FunctionOpInterface
    //===------------------------------------------------------------------===//
    ::mlir::Region *getCallableRegion() { return &getBody(); }
    ::llvm::ArrayRef<::mlir::Type> getArgumentTypes() {
      return getFunctionType().getInputs();
    }
    ::llvm::ArrayRef<::mlir::Type> getResultTypes() {
      return getFunctionType().getResults();
    }
  }];

  let hasCustomAssemblyFormat = 1;
  let hasRegionVerifier = 1;
}

//===----------------------------------------------------------------------===//
// lg.node
//===----------------------------------------------------------------------===//

def LG_NodeOp : LG_Op<"node", [
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>,
    DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "One node of a logical graph";
  let description = [{
    A node: an `id` unique in its graph, a `kind` naming the layer or op, SSA
    `inputs`, and one or more results. Optional parts:

    - `stateful`: the node is a layer built once in a constructor and called
      later (`nn.Conv2d` in PyTorch). A plan that replaces it must also replace
      the construction site (the `init` flag of `patch.replace`).
    - `fused_from [@a, @b]`: provenance. The ids of the nodes of an earlier
      version of the graph that this node stands for, as an optimizer that
      fuses nodes records them. The ids name nodes of *another* graph, so they
      are not resolved here.
    - `calls @graph`: the node stands for a whole graph (a submodule), which
      must be an `lg.graph` in the symbol table enclosing the node's graph
      (a node written inside a `patch` action is checked where the plan puts
      it, when the plan is applied).
    - `metadata {...}`: anything the front end keeps, printed and compared as
      an ordinary dictionary. The differ knows one key by convention:
      `anchor`, the id of the source node a new node should be anchored on.

    The results take their printed names from the id, so `%conv1` is a result
    of `@conv1`.

    ```mlir
    %y = lg.node @fused_conv1 "ConvBnReLU"(%x) stateful
           fused_from [@conv1, @bn1, @relu1]
           metadata {anchor = "relu1"}
           : (tensor<1x3x8x8xf32>) -> tensor<1x4x8x8xf32>
    ```
  }];

  let arguments = (ins SymbolNameAttr:$id,
                       StrAttr:$kind,
                       Variadic<AnyType>:$inputs,
                       UnitAttr:$stateful,
                       OptionalAttr<FlatSymbolRefArrayAttr>:$fused_from,
                       OptionalAttr<FlatSymbolRefAttr>:$callee,
                       OptionalAttr<DictionaryAttr>:$metadata);
  let results = (outs Variadic<AnyType>:$outputs);

  let assemblyFormat = [{
    $id $kind `(` $inputs `)`
    (`stateful` $stateful^)?
    (`fused_from` $fused_from^)?
    (`calls` $callee^)?
    (`metadata` $metadata^)?
    attr-dict `:` functional-type($inputs, $outputs)
  }];

  let builders = [
    OpBuilder<(ins "::llvm::StringRef":$id, "::llvm::StringRef":$kind,
                   "::mlir::TypeRange":$resultTypes,
                   "::mlir::ValueRange":$inputs)>
  ];

  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// lg.output
//===----------------------------------------------------------------------===//

def LG_OutputOp : LG_Op<"output", [
    Pure, HasParent<"GraphOp">, ReturnLike, Terminator]> {
  let summary = "The outputs of a logical graph";
  let description = [{
    Ends an `lg.graph` body; its operands are the graph's outputs, in order,
    and their types must be the graph's result types.

    ```mlir
    lg.output %a, %b : tensor<4xf32>, tensor<4xf32>
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$values);
  let assemblyFormat = "($values^ `:` type($values))? attr-dict";
  let builders = [OpBuilder<(ins), [{ /* nothing to do */ }]>];
}

#endif // GRAPHDIFF_DIALECT_LG_IR_LGOPS_TD
