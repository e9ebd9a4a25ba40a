//===- PatchOps.td - The patch-plan dialect ----------------*- tablegen -*-===//
//
// The `patch` dialect: a plan that turns a source graph into a target graph,
// as ordered actions anchored on source nodes.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_DIALECT_PATCH_IR_PATCHOPS_TD
#define GRAPHDIFF_DIALECT_PATCH_IR_PATCHOPS_TD

include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/OpBase.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/IR/RegionKindInterface.td"
include "mlir/IR/OpAsmInterface.td"
include "GraphDiff/Dialect/Patch/IR/PatchEnums.td"
include "GraphDiff/Dialect/Patch/IR/PatchInterfaces.td"

def Patch_Dialect : Dialect {
  let name = "patch";
  let cppNamespace = "::graphdiff::patch";
  let summary = "Patch plans: how to turn a source graph into a target graph";
  let description = [{
    A `patch.plan` lists the actions that turn one graph (the *source*) into
    another (the *target*), in the order a consumer applies them. Every action
    is anchored on source nodes, so it can be replayed on something other than
    this IR: the model's source code, another IR, a serialized graph.

    Actions name nodes and values with *references* (`#patch.ref`), written
    bare inside actions:

    | written       | means                                                  |
    |---------------|--------------------------------------------------------|
    | `@conv1`      | the `lg` node with id `conv1` (or its result 0)        |
    | `@split[2]`   | result 2 of the `lg` node `split`                      |
    | `%5`, `%x`    | the source op whose result is named so, or that value; a graph input |
    | `%5#1`        | result 1 of that op                                    |
    | `new %7`      | a value made by an earlier action of this plan, named as in the target |
    | `_`           | no value (a result of a new node that stands for nothing in the source) |

    Nodes that are unchanged produce no action. A node that a fusion absorbed
    is deleted with `absorbed_by` naming the anchor of the `patch.replace` that
    took its place. The new node of an insert, replace or update is written
    out in full, in its own syntax, inside the action: its operands are the
    block arguments of the action's region, one for each listed input. The
    new node is the last op of the body. If it references symbols of its
    module (a `func.call @h`), declarations of them, copied from the target
    (a function as a private declaration), come before it in the body: each
    such action is a symbol table, so that the new node verifies inside the
    plan exactly as it does in the target, and a plan stands on its own. For
    the same reason the action is an affine scope and an automatic allocation
    scope, as a `func.func` is: a value that the target's function body
    defines at its top level is a valid affine dimension and symbol there,
    and the block argument that stands for it is one in the action too.

    ```mlir
    patch.plan @block to @block {
      patch.delete @conv1 absorbed_by @relu1
      patch.delete @bn1 absorbed_by @relu1
      patch.replace @relu1 with new @fused region [@conv1, @bn1, @relu1]
          inputs(%x) results(@relu1) init {
      ^bb0(%in0: tensor<1x3x8x8xf32>):
        %fused = lg.node @fused "ConvBnReLU"(%in0) stateful
               fused_from [@conv1, @bn1, @relu1]
               : (tensor<1x3x8x8xf32>) -> tensor<1x4x8x8xf32>
      }
    }
    ```
  }];
  let useDefaultAttributePrinterParser = 1;
}

//===----------------------------------------------------------------------===//
// References
//===----------------------------------------------------------------------===//

def Patch_RefAttr : AttrDef<Patch_Dialect, "Ref"> {
  let mnemonic = "ref";
  let summary = "A reference to a node or value of the source, or to a new value";
  let description = [{
    Names a node or value without an SSA use, so that a plan can stand apart
    from the graphs it relates. `symbol` says whether the name is an `lg` node
    id (`@conv1`) or an SSA name (`%5`, `%x`); `result` picks a result of a
    multi-result node; `isNew` marks a value made by an earlier action of the
    same plan, named as in the target graph. An empty name stands for "no
    value" (`_`).

    ```mlir
    #patch.ref<"@conv1">   #patch.ref<"%5#1">   #patch.ref<"new %7">   #patch.ref<"_">
    ```
  }];
  let parameters = (ins "::mlir::StringAttr":$name, "bool":$symbol,
                        "unsigned":$result, "bool":$isNew);
  let builders = [
    // The reference `ref` names (a graph's getNodeRef, getValueRef).
    AttrBuilder<(ins "const ::graphdiff::NameRef &":$ref), [{
      return $_get($_ctxt, ::mlir::StringAttr::get($_ctxt, ref.getName()),
                   ref.getSymbol(), ref.getResult(), ref.getIsNew());
    }]>
  ];
  let hasCustomAssemblyFormat = 1;
  let extraClassDeclaration = [{
    /// The reference as a NameRef (to look it up in a graph), whose name
    /// lives in the attribute's storage; one that names nothing for a null
    /// attribute.
    operator ::graphdiff::NameRef() const;
    /// True for `_`, "no value".
    bool isNone() const { return getName().getValue().empty(); }
    /// The reference as written inside an action (`@conv1[1]`, `new %7`).
    std::string str() const;
    /// The reference without its `new ` mark (`%7` for `new %7`): the name
    /// the target graph gives a new value.
    std::string bareStr() const;
    /// The same reference to the node, ignoring the result index.
    RefAttr getNodeRef() const;
  }];
}

//===----------------------------------------------------------------------===//
// Enum attributes
//===----------------------------------------------------------------------===//

// Written inside actions as a string, `stage "structure"` (see the custom
// directives in PatchOps.cpp); on their own as `#patch<stage structure>`.
def Patch_MatchStageAttr : EnumAttr<Patch_Dialect, Patch_MatchStage, "stage">;

// Written inside actions as a list of strings, `changes ["kind", "inputs"]`;
// on their own as `#patch<changes kind, inputs>`.
def Patch_NodeChangeAttr : EnumAttr<Patch_Dialect, Patch_NodeChange, "changes">;

// Written in `patch.change_graph` as a list of strings, `changes
// ["defined"]`; on its own as `#patch<graph_changes defined>`.
def Patch_GraphChangeAttr
    : EnumAttr<Patch_Dialect, Patch_GraphChange, "graph_changes">;

//===----------------------------------------------------------------------===//
// Ops
//===----------------------------------------------------------------------===//

class Patch_Op<string mnemonic, list<Trait> traits = []>
    : Op<Patch_Dialect, mnemonic, traits>;

// An action of a plan. `overrides` lists the ActionOpInterface methods the op
// defines in C++ (the others come from its accessors or the defaults).
class Patch_ActionOp<string mnemonic, list<Trait> traits = [],
                     list<string> overrides = []>
    : Patch_Op<mnemonic, !listconcat(traits, [HasParent<"PlanOp">,
        DeclareOpInterfaceMethods<ActionOpInterface, overrides>])>;

// An action that writes out a new node in its body: a symbol table (for the
// declarations the new node needs) whose block arguments are named `%inN`.
// The body stands for the body of the target's function, so it is a scope as
// `func.func` is: an affine scope (the new node's operands, top-level values
// there, are valid affine dimensions and symbols here too) and an automatic
// allocation scope.
class Patch_NewNodeActionOp<string mnemonic, list<string> overrides = []>
    : Patch_ActionOp<mnemonic, [NoTerminator, SymbolTable, AffineScope,
        AutomaticAllocationScope,
        DeclareOpInterfaceMethods<OpAsmOpInterface,
                                  ["getAsmBlockArgumentNames"]>,
        NewNodeOpInterface], !listconcat(overrides, ["getUsedValues"])> {
  let extraClassDefinition = [{
    ::llvm::SmallVector<::graphdiff::patch::RefAttr> $cppClass::getUsedValues() {
      return ::llvm::to_vector(getInputs().getAsRange<RefAttr>());
    }
    void $cppClass::getAsmBlockArgumentNames(::mlir::Region &region,
                                             ::mlir::OpAsmSetValueNameFn fn) {
      ::graphdiff::patch::detail::nameInputs(region, fn);
    }
  }];
}

def Patch_PlanOp : Patch_Op<"plan", [
    NoTerminator, SingleBlock, NoRegionArguments,
    DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "An ordered list of actions from a source to a target graph";
  let description = [{
    Names the source and the target graph (an `lg.graph` or a function) by
    their symbol path from the top of their modules (`@f`, or `@outer::@f` for
    a function of a nested module) and holds the actions, in the order they
    apply. When the two paths differ, the graph is renamed: applying the plan
    gives the graph the target's symbol name (the last name of the path)
    after its actions, so a plan such as `patch.plan @f to @g {}` is a
    change, a rename, even without actions. An empty plan whose source and
    target are the same path means the graphs are the same.

    Each action verifies on its own (its references, its body); the plan's
    verifier checks what takes the whole plan: that it holds only actions, no
    source node is claimed by two actions (deleted, replaced, absorbed or
    updated), every `absorbed_by` names a replace whose region holds the node
    and every other member of a replaced region is deleted so, every `new`
    value is made once, by an earlier action. When the source graph is defined
    beside the plan (in the same symbol table), it also checks that every
    reference names a node or value of that graph.
  }];
  let arguments = (ins SymbolRefAttr:$source, SymbolRefAttr:$target);
  let regions = (region SizedRegion<1>:$actions);
  let assemblyFormat = "$source `to` $target attr-dict-with-keyword $actions";
  let hasRegionVerifier = 1;
  let skipDefaultBuilders = 1;
  let builders = [
    OpBuilder<(ins "::llvm::StringRef":$source, "::llvm::StringRef":$target)>,
    OpBuilder<(ins "::mlir::SymbolRefAttr":$source,
                   "::mlir::SymbolRefAttr":$target)>
  ];
  let extraClassDeclaration = [{
    /// Whether the plan renames its graph: its source and target paths
    /// differ (`patch.plan @f to @g`, `@m::@f to @f`).
    bool isRename() { return getSource() != getTarget(); }
  }];
}

def Patch_DeleteOp : Patch_ActionOp<"delete", [], ["getClaimedNodes"]> {
  let summary = "Remove a source node";
  let description = [{
    Removes `node` from the source. With `absorbed_by`, the node was part of a
    region that a `patch.replace` anchored on that node took over: a consumer
    that patches source code deletes the node's line. `because` says why a
    node that looks fused was not: for instance, a region that is not convex.
    `stage` names the matcher stage that decided the region (see
    `MatchStage`).

    ```mlir
    patch.delete @bn1 absorbed_by @relu1
    patch.delete %4
    ```
  }];
  let arguments = (ins Patch_RefAttr:$node,
                       OptionalAttr<Patch_RefAttr>:$absorbed_by,
                       OptionalAttr<StrAttr>:$reason,
                       OptionalAttr<Patch_MatchStageAttr>:$stage);
  let assemblyFormat = [{
    custom<Ref>($node) (`absorbed_by` custom<Ref>($absorbed_by)^)?
    (`because` $reason^)? (`stage` custom<Stage>($stage)^)? attr-dict
  }];
}

def Patch_ReplaceOp : Patch_NewNodeActionOp<"replace", ["getClaimedNodes"]> {
  let summary = "Replace a region of source nodes by one new node";
  let description = [{
    The nodes of `region` become the one node written in the body; the action
    is anchored on `anchor`, the *sink* of the region (the node whose results
    leave it; the last such node in topological order for a multi-output
    fusion). `inputs` are the values that feed the new node, in the order of
    the body's block arguments. `results` says, for each result of the new
    node, which source value it stands for (`_` for none): every use of that
    source value outside the region is rewired to it. `init` marks a stateful
    node: a consumer that patches source code replaces its construction site
    too. `with` names the new node as in the target, for later actions.
    `stage` names the matcher stage that decided the region. The new node
    goes where its anchor was; `before` places it elsewhere (see
    `patch.insert`), and a new node that reads buffers goes at the end of the
    graph unless `before` says otherwise.

    ```mlir
    patch.replace %6 with new %3 region [%5, %6] inputs(%arg0, %arg1)
        results(%6) {
    ^bb0(%in0: tensor<4xf32>, %in1: tensor<4xf32>):
      %0 = linalg.generic ...
    }
    ```
  }];
  let arguments = (ins Patch_RefAttr:$anchor, Patch_RefAttr:$new_name,
                       TypedArrayAttrBase<Patch_RefAttr, "region">:$region,
                       TypedArrayAttrBase<Patch_RefAttr, "inputs">:$inputs,
                       TypedArrayAttrBase<Patch_RefAttr, "results">:$results,
                       UnitAttr:$init,
                       OptionalAttr<Patch_MatchStageAttr>:$stage,
                       OptionalAttr<Patch_RefAttr>:$before);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    custom<Ref>($anchor) `with` custom<Ref>($new_name)
    `region` ` ` `[` custom<RefList>($region) `]`
    `inputs` `(` custom<RefList>($inputs) `)`
    `results` `(` custom<RefList>($results) `)`
    (`init` $init^)? (`before` custom<Ref>($before)^)?
    (`stage` custom<Stage>($stage)^)? attr-dict-with-keyword
    $body
  }];
  let hasVerifier = 1;
}

def Patch_InsertOp : Patch_NewNodeActionOp<"insert"> {
  let summary = "Add a new node that replaces nothing";
  let description = [{
    Adds the node written in the body, named `name` as in the target. Its
    inputs are source values or values made by earlier actions. `because`
    says why a node that looks like one of the source's was not matched to
    it: for instance, it ties with another target node for the same source
    node (`ambiguous: ...`), which the differ does not guess between.

    Ops on buffers have no results that would order them: what one writes
    reaches the next through memory. A new node goes at the end of the graph,
    after every node earlier actions left or made, unless `before` names the
    source node it goes right before (after the new nodes earlier actions put
    there); `before _` is the end. The applier keeps the order of every two
    accesses to a buffer as the actions leave it, so a plan lists its actions
    on buffers in the order the target runs them.

    ```mlir
    patch.insert new @dropout inputs(@fc1) {
    ^bb0(%in0: tensor<1x10xf32>):
      %0 = lg.node @dropout "Dropout"(%in0) : (tensor<1x10xf32>) -> tensor<1x10xf32>
    }
    ```
  }];
  let arguments = (ins Patch_RefAttr:$new_name,
                       TypedArrayAttrBase<Patch_RefAttr, "inputs">:$inputs,
                       OptionalAttr<Patch_MatchStageAttr>:$stage,
                       OptionalAttr<Patch_RefAttr>:$before,
                       OptionalAttr<StrAttr>:$reason);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    custom<Ref>($new_name) `inputs` `(` custom<RefList>($inputs) `)`
    (`before` custom<Ref>($before)^)? (`because` $reason^)?
    (`stage` custom<Stage>($stage)^)? attr-dict-with-keyword $body
  }];
}

def Patch_UpdateOp : Patch_NewNodeActionOp<"update", ["getClaimedNodes"]> {
  let summary = "Change a matched node, in place or moved";
  let description = [{
    The source node `node` has a counterpart in the target, but its op name or
    kind, its attributes, its result types, its regions, its inputs or its
    place among the accesses to its buffers differ. `changes` lists which, at
    least one, in this order: `"kind"`, `"attributes"`, `"types"`,
    `"regions"`, `"inputs"`, `"order"` (see `NodeChange`); the body holds the
    node as it must become, its operands the block arguments for `inputs`.
    Uses of the node's results follow it. `stage` names the matcher stage that
    paired the node. The new node takes the old one's place; with `before` it
    moves there instead (see `patch.insert`), which `"order"` requires.
    `was` holds, for a reader, the source node's values of the attributes
    that the update changes or removes (the new values are the body's; an
    attribute the update adds is not in it; an elements value of more than 16
    values that are not one splat is elided to a string that says how many
    values of which type); it requires `"attributes"`.

    ```mlir
    patch.update @act changes ["kind"] inputs(@fc1) {
    ^bb0(%in0: tensor<4xf32>):
      %0 = lg.node @act "GELU"(%in0) : (tensor<4xf32>) -> tensor<4xf32>
    }
    patch.update %5 changes ["attributes"] was {predicate = 2 : i64}
        inputs(%arg0, %arg1) {
    ^bb0(%in0: f32, %in1: f32):
      %0 = arith.cmpf olt, %in0, %in1 : f32
    }
    ```
  }];
  let arguments = (ins Patch_RefAttr:$node,
                       Patch_NodeChangeAttr:$changes,
                       OptionalAttr<DictionaryAttr>:$was,
                       TypedArrayAttrBase<Patch_RefAttr, "inputs">:$inputs,
                       OptionalAttr<Patch_MatchStageAttr>:$stage,
                       OptionalAttr<Patch_RefAttr>:$before);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    custom<Ref>($node) `changes` custom<NodeChanges>($changes)
    (`was` $was^)? `inputs` `(` custom<RefList>($inputs) `)`
    (`before` custom<Ref>($before)^)? (`stage` custom<Stage>($stage)^)?
    attr-dict-with-keyword $body
  }];
  let hasVerifier = 1;
}

def Patch_AddInputOp : Patch_ActionOp<"add_input", [], ["getNewName"]> {
  let summary = "Add a graph input";
  let description = [{
    Adds an input of type `type` at position `position` of the target's input
    list, named `name` as in the target (a `new` reference).

    ```mlir
    patch.add_input new %mask at 1 : tensor<4xi1>
    ```
  }];
  let arguments = (ins Patch_RefAttr:$name, I64Attr:$position,
                       TypeAttr:$type);
  let assemblyFormat = [{
    custom<Ref>($name) `at` $position `:` $type attr-dict
  }];
}

def Patch_RemoveInputOp : Patch_ActionOp<"remove_input"> {
  let summary = "Remove a graph input";
  let description = [{
    Removes the source input `input`; nothing may use it once the plan has
    been applied.

    ```mlir
    patch.remove_input %bias
    ```
  }];
  let arguments = (ins Patch_RefAttr:$input);
  let assemblyFormat = "custom<Ref>($input) attr-dict";
}

def Patch_AddOutputOp : Patch_ActionOp<"add_output", [], ["getUsedValues"]> {
  let summary = "Add a graph output";
  let description = [{
    Makes `value` an output at position `position` of the target's output
    list. Outputs are edited after every node action: removals first (by
    source position), then additions in increasing target position.

    ```mlir
    patch.add_output @logits at 1
    ```
  }];
  let arguments = (ins Patch_RefAttr:$value, I64Attr:$position);
  let assemblyFormat = "custom<Ref>($value) `at` $position attr-dict";
}

def Patch_RemoveOutputOp : Patch_ActionOp<"remove_output"> {
  let summary = "Remove a graph output";
  let description = [{
    Removes the output at position `position` of the source's output list.

    ```mlir
    patch.remove_output 1
    ```
  }];
  let arguments = (ins I64Attr:$position);
  let assemblyFormat = "$position attr-dict";
}

def Patch_SetGraphAttributesOp : Patch_ActionOp<"set_graph_attributes"> {
  let summary = "Set the graph's own attributes";
  let description = [{
    The graph op's attributes other than its symbol name and its function
    type (visibility, argument and result attributes, any discardable one)
    differ between the source and the target: they become `graph_attrs`, and
    any not in it is removed. Positions in `arg_attrs` and `res_attrs` are
    the target's; the action applies after every other, and a plan holds at
    most one. `was` holds, for a reader, the source's values of the
    attributes it changes or removes. The differ also writes one, without
    `was`, to restate argument or result attributes that did not change
    where input or output edits would leave them empty (a report shows no
    change for it).

    ```mlir
    patch.set_graph_attributes {llvm.emit_c_interface}
    patch.set_graph_attributes {} was {sym_visibility = "private"}
    ```
  }];
  let arguments = (ins DictionaryAttr:$graph_attrs,
                       OptionalAttr<DictionaryAttr>:$was);
  let assemblyFormat = "$graph_attrs (`was` $was^)? attr-dict";
}

def Patch_AddGraphOp : Patch_Op<"add_graph"> {
  let summary = "A graph only the target has";
  let description = [{
    Stands beside the plans: the target defines a graph (or function) named
    `graph` that the source does not.

    ```mlir
    patch.add_graph @head
    ```
  }];
  let arguments = (ins SymbolRefAttr:$graph);
  let assemblyFormat = "$graph attr-dict";
}

def Patch_RemoveGraphOp : Patch_Op<"remove_graph"> {
  let summary = "A graph only the source has";
  let description = [{
    Stands beside the plans: the source defines a graph (or function) named
    `graph` that the target does not.

    ```mlir
    patch.remove_graph @aux_head
    ```
  }];
  let arguments = (ins SymbolRefAttr:$graph);
  let assemblyFormat = "$graph attr-dict";
}

def Patch_ChangeGraphOp : Patch_Op<"change_graph"> {
  let summary = "A graph both sides have, changed in what cannot be diffed node by node";
  let description = [{
    Stands beside the plans: both sides name the function `graph`, but one
    side (or both) only declares it, so there are no nodes to compare.
    `changes` lists what differs, at least one, in this order (see
    `GraphChange`): `"defined"` (the source declares it, the target defines
    it), `"declared"` (the source defines it, the target only declares it),
    `"signature"` (its function type differs) and `"attributes"` (any other
    attribute: visibility, argument attributes...). A declaration against an
    equal declaration is no change.

    ```mlir
    patch.change_graph @helper changes ["defined"]
    ```
  }];
  let arguments = (ins SymbolRefAttr:$graph, Patch_GraphChangeAttr:$changes);
  let assemblyFormat =
      "$graph `changes` custom<GraphChanges>($changes) attr-dict";
  let hasVerifier = 1;
}

#endif // GRAPHDIFF_DIALECT_PATCH_IR_PATCHOPS_TD
