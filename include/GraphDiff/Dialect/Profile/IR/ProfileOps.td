//===- ProfileOps.td - The hierarchical-profile dialect ----*- tablegen -*-===//
//
// The `prof` dialect: a profile as a tree of named scopes, each with the
// values of one or more metrics (bytes, parameters, ...).
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_DIALECT_PROFILE_IR_PROFILEOPS_TD
#define GRAPHDIFF_DIALECT_PROFILE_IR_PROFILEOPS_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/SymbolInterfaces.td"

def Prof_Dialect : Dialect {
  let name = "prof";
  let cppNamespace = "::graphdiff::prof";
  let summary = "Hierarchical profiles: trees of named scopes with metrics";
  let description = [{
    The `prof` dialect holds a *hierarchical profile*: what a model (or one
    step of it) costs per scope, such as the memory tfprof reports per name
    scope of a TensorFlow graph, or the bytes the results of an MLIR model's
    ops occupy per layer. A `prof.profile` names its metrics once; every
    `prof.scope` below it carries one value per metric, for the scope alone
    (`self`) and for the scope with everything under it (`total`).

    Scope names are full `/`-separated paths, as in tfprof: a scope nested in
    another (other than the root) is named after it, so `a/b` holds `a/b/c`.
    A value written `?` was not accounted (tfprof prints `--`).

    ```mlir
    prof.profile @step1 metrics ["bytes", "params"] {
      prof.scope "_TFProfRoot" self [?, ?] total [6220000000, 1200] {
        prof.scope "optimize" self [0, 0] total [4640000000, 0] {
          prof.scope "optimize/gradients" self [0, 0] total [4210000000, 0]
        }
      }
    }
    ```
  }];
}

class Prof_Op<string mnemonic, list<Trait> traits = []>
    : Op<Prof_Dialect, mnemonic, traits>;

def Prof_ProfileOp : Prof_Op<"profile", [
    Symbol, IsolatedFromAbove, NoTerminator, SingleBlock,
    NoRegionArguments]> {
  let summary = "A profile: its metrics and the root of its scope tree";
  let description = [{
    A named profile. `metrics` names the metrics every scope carries, in
    order (for instance `["bytes", "params"]`). The body holds exactly one
    `prof.scope`, the root (tfprof calls it `_TFProfRoot`), whose children
    may have any names; below them, names extend their parent's.

    The verifier checks that there is one root, that metric names are
    non-empty and unique, and everything `prof.scope` checks.
  }];
  let arguments = (ins SymbolNameAttr:$sym_name, StrArrayAttr:$metrics);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = "$sym_name `metrics` $metrics attr-dict-with-keyword $body";
  let hasRegionVerifier = 1;
  let extraClassDeclaration = [{
    /// The root scope.
    class ScopeOp getRoot();
    /// The position of `metric` in `metrics`, or -1.
    int getMetricIndex(::llvm::StringRef metric);
  }];
}

def Prof_ScopeOp : Prof_Op<"scope", [
    NoTerminator, NoRegionArguments,
    ParentOneOf<["ProfileOp", "ScopeOp"]>]> {
  let summary = "One scope of a profile, with its values and children";
  let description = [{
    A scope named by its full `/`-separated path. `total` holds, for each
    metric of the profile, the value of the scope and everything under it;
    the optional `self` holds the value of the scope alone. A value written
    `?` is not accounted (an absent `self` means every self value is `?`).
    `unsized N` counts the values under the scope whose size could not be
    known (for memory profiles: results of dynamic shape); they are not in
    `total`. Children, if any, are in the body.

    The verifier checks: one value per metric; values are non-negative or
    `?`; a total is never `?`; `self <= total` where both are known; the
    name is non-empty and, below a non-root parent, extends the parent's
    name with `/`; no two children share a name.

    ```mlir
    prof.scope "conv1" self [0] total [4096] unsized 1 {
      prof.scope "conv1/Conv2D" self [4096] total [4096]
    }
    ```
  }];
  let arguments = (ins StrAttr:$name,
                       OptionalAttr<DenseI64ArrayAttr>:$self,
                       DenseI64ArrayAttr:$total,
                       DefaultValuedAttr<I64Attr, "0">:$unsized);
  let regions = (region MaxSizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
  let extraClassDeclaration = [{
    /// The value written `?`.
    static constexpr int64_t kUnknown = INT64_MIN;
    /// The child scopes, in order.
    ::llvm::SmallVector<ScopeOp, 4> getChildren();
    /// The profile this scope belongs to.
    ProfileOp getProfile();
    /// True for the root scope of a profile.
    bool isRoot();
    /// The self value of metric `index`, or kUnknown.
    int64_t getSelfValue(unsigned index);
    /// Returns the block holding the children, creating it if needed.
    ::mlir::Block &getOrCreateBody();
  }];
}

#endif // GRAPHDIFF_DIALECT_PROFILE_IR_PROFILEOPS_TD
