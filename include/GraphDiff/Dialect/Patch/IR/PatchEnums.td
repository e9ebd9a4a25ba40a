//===- PatchEnums.td - Enums of the patch-plan dialect -----*- tablegen -*-===//
//
// The matcher stages and the node change kinds that actions record, the
// graph change kinds of `patch.change_graph`, and what a plan does to each
// node. Each enum gets generated `stringify*`/`symbolize*` functions;
// PatchOps.td wraps the first three in attributes of the `patch` dialect.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_DIALECT_PATCH_IR_PATCHENUMS_TD
#define GRAPHDIFF_DIALECT_PATCH_IR_PATCHENUMS_TD

include "mlir/IR/EnumAttr.td"

def Patch_MatchStage : I32Enum<"MatchStage",
    "the matcher stage that decided a pair or a region", [
      // In order of trust.
      I32EnumCase<"Id", 0, "id">,
      I32EnumCase<"Provenance", 1, "provenance">,
      I32EnumCase<"Location", 2, "location">,
      I32EnumCase<"Convention", 3, "convention">,
      I32EnumCase<"Structure", 4, "structure">
    ]> {
  let cppNamespace = "::graphdiff::patch";
  // The differ keeps one per node.
  let underlyingType = "uint8_t";
  let description = [{
    Which stage of the differ paired a node, or claimed a region, that an
    action is about, in order of trust:

    | stage          | decided by                                            |
    |----------------|-------------------------------------------------------|
    | `"id"`         | equal `lg` node ids                                   |
    | `"provenance"` | `fused_from` provenance on a target node              |
    | `"location"`   | equal MLIR locations (`NameLoc`, `FusedLoc`, file:line:col) |
    | `"convention"` | the seed's conventions: a `fused_<id>` name, an `anchor` metadata key |
    | `"structure"`  | the structure around the node (its matched neighbours) |
  }];
}

def Patch_NodeChange : I32BitEnum<"NodeChange",
    "what differs between a source node and its updated form", [
      I32BitEnumCaseNone<"None", "none">,
      // The bit order is the printed order.
      I32BitEnumCaseBit<"Kind", 0, "kind">,
      I32BitEnumCaseBit<"Attributes", 1, "attributes">,
      I32BitEnumCaseBit<"Types", 2, "types">,
      I32BitEnumCaseBit<"Regions", 3, "regions">,
      I32BitEnumCaseBit<"Inputs", 4, "inputs">,
      I32BitEnumCaseBit<"Order", 5, "order">
    ]> {
  let cppNamespace = "::graphdiff::patch";
  // `stringifyNodeChange(Kind | Inputs)` is "kind, inputs".
  let separator = ", ";
  let description = [{
    The changes a `patch.update` lists, a set printed in this order:

    | change         | the node's ...                                        |
    |----------------|-------------------------------------------------------|
    | `"kind"`       | op name, or `lg` kind, differs                        |
    | `"attributes"` | attributes or properties differ (other than the `lg` kind) |
    | `"types"`      | result types differ                                   |
    | `"regions"`    | nested regions compute something else                 |
    | `"inputs"`     | operands read other values, or in another order       |
    | `"order"`      | reads or writes buffers in another order relative to the other nodes that access them (it moves) |
  }];
}

def Patch_GraphChange : I32BitEnum<"GraphChange",
    "what differs between two graphs that cannot be diffed node by node", [
      I32BitEnumCaseNone<"None", "none">,
      // The bit order is the printed order.
      I32BitEnumCaseBit<"Defined", 0, "defined">,
      I32BitEnumCaseBit<"Declared", 1, "declared">,
      I32BitEnumCaseBit<"Signature", 2, "signature">,
      I32BitEnumCaseBit<"Attributes", 3, "attributes">
    ]> {
  let cppNamespace = "::graphdiff::patch";
  // `stringifyGraphChange(Defined | Signature)` is "defined, signature".
  let separator = ", ";
  let description = [{
    The changes a `patch.change_graph` lists, a set printed in this order:

    | change         | the function ...                                      |
    |----------------|-------------------------------------------------------|
    | `"defined"`    | is declared in the source, defined in the target      |
    | `"declared"`   | is defined in the source, only declared in the target |
    | `"signature"`  | has another function type                             |
    | `"attributes"` | differs in any other attribute (visibility, argument attributes...) |
  }];
}

def Patch_NodeStatus : I32Enum<"NodeStatus",
    "what a plan does to a node", [
      // The values number the statuses in the HTML viewer's data.
      I32EnumCase<"Unchanged", 0, "unchanged">,
      I32EnumCase<"Updated", 1, "updated">,
      I32EnumCase<"Replaced", 2, "replaced">,
      I32EnumCase<"Deleted", 3, "deleted">,
      I32EnumCase<"Inserted", 4, "inserted">,
      I32EnumCase<"Replacing", 5, "replacing">
    ]> {
  let cppNamespace = "::graphdiff::patch";
  // The diff result keeps one per node.
  let underlyingType = "uint8_t";
  let description = [{
    What the plan of a pair of graphs does to each source and target node,
    as the diff result and the reports say it:

    | status        | the node ...                                           |
    |---------------|--------------------------------------------------------|
    | `"unchanged"` | a source node paired with a target node and not updated (and that target node) |
    | `"updated"`   | a source node paired with a target node that a `patch.update` changes (and that target node) |
    | `"replaced"`  | a source node in the region of a `patch.replace` (the anchor included) |
    | `"deleted"`   | a source node removed by a plain `patch.delete` (no `absorbed_by`) |
    | `"inserted"`  | a target node added by a `patch.insert`                |
    | `"replacing"` | a target node written by a `patch.replace`: it stands for a region |
  }];
}

#endif // GRAPHDIFF_DIALECT_PATCH_IR_PATCHENUMS_TD
