//===- PatchInterfaces.td - Interfaces of patch actions ----*- tablegen -*-===//
//
// What every action of a `patch.plan` shares, so that code walking a plan
// asks the action instead of switching on its kind.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_DIALECT_PATCH_IR_PATCHINTERFACES_TD
#define GRAPHDIFF_DIALECT_PATCH_IR_PATCHINTERFACES_TD

include "mlir/IR/OpBase.td"

def ActionOpInterface : OpInterface<"ActionOpInterface"> {
  let cppNamespace = "::graphdiff::patch";
  let description = [{
    An action of a `patch.plan`: one step from the source graph towards the
    target graph. The methods say what the action does to the plan's
    bookkeeping: which source nodes it takes over, which values it reads and
    which new value it makes. The plan's verifier checks those across the
    whole plan; the interface's verifier checks each reference on its own.
  }];
  let methods = [
    InterfaceMethod<[{
        The matcher stage that decided this action, if it records one.
      }], "::std::optional<::graphdiff::patch::MatchStage>", "getStage",
      (ins), "", "return std::nullopt;">,
    InterfaceMethod<[{
        The source nodes this action takes over (deletes, replaces or
        updates). Each must be a bare node reference.
      }], "::llvm::SmallVector<::graphdiff::patch::RefAttr>", "getClaimedNodes",
      (ins), "", "return {};">,
    InterfaceMethod<[{
        The values this action reads: source values, or `new` values made by
        earlier actions. None may be `_`.
      }], "::llvm::SmallVector<::graphdiff::patch::RefAttr>", "getUsedValues",
      (ins), "", "return {};">,
    InterfaceMethod<[{
        The name of the value this action makes (a new node, a new input), a
        `new` reference without result index; null if it makes none.
      }], "::graphdiff::patch::RefAttr", "getNewName", (ins), "",
      "return {};">
  ];
  let verify = [{
    return ::graphdiff::patch::detail::verifyActionRefs($_op);
  }];
}

def NewNodeOpInterface : OpInterface<"NewNodeOpInterface"> {
  let cppNamespace = "::graphdiff::patch";
  let description = [{
    An action that writes out a new node in full in its body (insert, replace,
    update). The body has one block whose arguments are the listed inputs and
    whose last op is the new node; only declarations of the symbols the new
    node references may precede it.
  }];
  let methods = [
    InterfaceMethod<"The body holding the new node.", "::mlir::Region &",
      "getBody">,
    InterfaceMethod<[{
        The values that feed the new node, in the order of the body's block
        arguments.
      }], "::mlir::ArrayAttr", "getInputs">,
    InterfaceMethod<[{
        Where the new node goes, when the action says: right before this
        source node (`_`: at the end of the graph). Null when it does not.
      }], "::graphdiff::patch::RefAttr", "getPlacedBefore", (ins), "",
      "return $_op.getBeforeAttr();">,
    InterfaceMethod<"The new node: the last op of the body.",
      "::mlir::Operation *", "getNewNode", (ins), "",
      "return &$_op.getBody().front().back();">
  ];
  let verify = [{
    return ::graphdiff::patch::detail::verifyNewNodeBody($_op);
  }];
}

#endif // GRAPHDIFF_DIALECT_PATCH_IR_PATCHINTERFACES_TD
