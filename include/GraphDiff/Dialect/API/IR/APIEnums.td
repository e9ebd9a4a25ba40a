//===- APIEnums.td - Enums of the API dialect --------------*- tablegen -*-===//
//
// The kinds of an `api.param`, and the kinds of change between two APIs that
// an API diff reports. Each enum gets generated `stringify*`/`symbolize*`
// functions.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_DIALECT_API_IR_APIENUMS_TD
#define GRAPHDIFF_DIALECT_API_IR_APIENUMS_TD

include "mlir/IR/EnumAttr.td"

def API_ParamKind : I32Enum<"ParamKind",
    "how a caller passes an argument to a parameter", [
      // Python's order (inspect.Parameter.kind).
      I32EnumCase<"PositionalOnly", 0, "positional_only">,
      I32EnumCase<"PositionalOrKeyword", 1, "positional_or_keyword">,
      I32EnumCase<"VarPositional", 2, "var_positional">,
      I32EnumCase<"KeywordOnly", 3, "keyword_only">,
      I32EnumCase<"VarKeyword", 4, "var_keyword">
    ]> {
  let cppNamespace = "::graphdiff::api";
  let description = [{
    The `kind` of an `api.param`, written as a string (`{kind =
    "keyword_only"}`); absent, it is `"positional_or_keyword"`:

    | kind                      | a caller passes it                        |
    |---------------------------|-------------------------------------------|
    | `"positional_only"`       | by position only (a C or MLIR argument)   |
    | `"positional_or_keyword"` | by position or by name                    |
    | `"var_positional"`        | as any number of extra positional arguments (`*args`) |
    | `"keyword_only"`          | by name only                              |
    | `"var_keyword"`           | as any number of extra named arguments (`**kwargs`) |
  }];
}

def API_ChangeKind : I32Enum<"APIChangeKind",
    "what changed between two APIs", [
      I32EnumCase<"Removed", 0, "removed">,
      I32EnumCase<"Added", 1, "added">,
      I32EnumCase<"Renamed", 2, "renamed">,
      I32EnumCase<"Moved", 3, "moved">,
      I32EnumCase<"MadePrivate", 4, "made-private">,
      I32EnumCase<"MadePublic", 5, "made-public">,
      I32EnumCase<"ParamRemoved", 6, "param-removed">,
      I32EnumCase<"ParamRenamed", 7, "param-renamed">,
      I32EnumCase<"ParamMoved", 8, "param-moved">,
      I32EnumCase<"RequiredParamAdded", 9, "required-param-added">,
      I32EnumCase<"OptionalParamAdded", 10, "optional-param-added">,
      I32EnumCase<"ParamKindChanged", 11, "param-kind-changed">,
      I32EnumCase<"DefaultChanged", 12, "default-changed">,
      I32EnumCase<"DefaultRemoved", 13, "default-removed">,
      I32EnumCase<"DefaultAdded", 14, "default-added">,
      I32EnumCase<"ParamTypeChanged", 15, "param-type-changed">,
      I32EnumCase<"ResultTypeChanged", 16, "result-type-changed">,
      I32EnumCase<"ResultAdded", 17, "result-added">,
      I32EnumCase<"ResultRemoved", 18, "result-removed">,
      I32EnumCase<"NodeRemoved", 19, "fact-removed">,
      I32EnumCase<"NodeAdded", 20, "fact-added">,
      I32EnumCase<"NodeValueChanged", 21, "fact-changed">
    ]> {
  let cppNamespace = "::graphdiff::api";
  let description = [{
    The `kind` of a change that `graph-diff-api` reads off the plan from an
    old to a new API (docs/APIDiff.md says which ones break callers):

    | kind                     | what changed                                |
    |--------------------------|---------------------------------------------|
    | `"removed"`, `"added"`   | an object (module, class, function) is gone, or new |
    | `"renamed"`              | paired by structure, under another name     |
    | `"moved"`                | paired by structure, in another scope       |
    | `"made-private"`, `"made-public"` | its symbol visibility              |
    | `"param-removed"`        | a parameter is gone                         |
    | `"param-renamed"`        | same position, another name                 |
    | `"param-moved"`          | same name, another position                 |
    | `"required-param-added"` | a new parameter without a default (or defaults unknown) |
    | `"optional-param-added"` | a new parameter with a default, or `*args`, `**kwargs` |
    | `"param-kind-changed"`   | its `ParamKind`, e.g. positional to keyword-only |
    | `"default-changed"`, `"default-removed"`, `"default-added"` | its default |
    | `"param-type-changed"`   | a parameter's type                          |
    | `"result-type-changed"`  | a result's type                             |
    | `"result-added"`, `"result-removed"` | the number of results           |
    | `"fact-removed"`, `"fact-added"` | another fact (an `api.node`: a struct's size, a member) is gone, or new |
    | `"fact-changed"`         | another fact of the same kind changed value |
  }];
}

#endif // GRAPHDIFF_DIALECT_API_IR_APIENUMS_TD
