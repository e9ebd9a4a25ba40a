//===- Passes.td - graph-diff passes -----------------------*- tablegen -*-===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_TRANSFORMS_PASSES_TD
#define GRAPHDIFF_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def GraphSnapshot : Pass<"graph-snapshot", "::mlir::ModuleOp"> {
  let summary = "Remember the module's graphs for a later graph-diff";
  let description = [{
    Keeps a copy of the module it runs on, with that module's analyses, so
    that a `graph-diff` later in the pipeline on the same module can diff the
    IR as it is then against the IR as it was here. The copy lasts until the
    pipeline on that module ends, whatever the passes in between preserve.
    In a pipeline nested in the modules of the input
    (`builtin.module(builtin.module(graph-snapshot,...))`) each module has a
    snapshot of its own; a snapshot of the top is not one of the modules in
    it. The IR itself is not changed. A second snapshot replaces the first.

    ```
    graph-diff-opt model.mlir -o /dev/null -pass-pipeline='builtin.module(graph-snapshot,func.func(linalg-fuse-elementwise-ops),graph-diff)'
    ```
  }];
}

def GraphDiffPass : Pass<"graph-diff", "::mlir::ModuleOp"> {
  let summary = "Print what changed since the last graph-snapshot";
  let description = [{
    Diffs the module remembered by the last `graph-snapshot` on the same
    module (the source) against the module as it is now (the target), graph
    by graph, and prints the diff to `output` (stdout by default) in
    `format`: the plans as `patch` IR (the default), or the text, JSON,
    markdown, DOT, HTML or Model Explorer report that
    `graph-diff-opt SRC TGT --format=...` prints. The snapshot stays: a
    second `graph-diff` diffs against it too. Nodes are named as the printer
    names them (`%0`, `@id`), and graphs by their symbol paths from the top
    of the IR (`@a::@f` for a function of a nested module `@a`), so that the
    plans check against the pipeline's input as printed and its output
    (`graph-diff-opt IN -o SNAP`, then `graph-diff-opt SNAP OUT
    --check-plan=PLAN`). With `verify`, each plan is applied to its source
    and checked against the target. The IR is not changed.

    In a pipeline nested in the modules of the input, the pass runs on each
    of them, on several threads if the pass manager has them. The modules of
    one parent make one report, diffed and written once the pass has run on
    all of them, with their graphs in module order: the same bytes at any
    thread count. Modules in different parents (nested two levels down, with
    modules beside their parent) run side by side and their reports could not
    be put in one order: that is refused; run the passes on a module that
    holds them all.

    A failure is one located error and fails the pass: no snapshot of the
    module (one line at its location), a plan that does not verify, an
    output that cannot be written (`output=/dev/full`).

    ```
    graph-diff-opt model.mlir -o /dev/null -pass-pipeline='builtin.module(graph-snapshot,func.func(linalg-fuse-elementwise-ops),graph-diff{format=text output=changes.txt})'
    ```
  }];
  let options = [
    Option<"output", "output", "std::string", /*default=*/"\"-\"",
           "Where to print the diff ('-' for stdout)">,
    Option<"format", "format", "::graphdiff::ReportFormat",
           /*default=*/"::graphdiff::ReportFormat::MLIR",
           "How to print the diff: mlir, text, json, markdown, dot, html or "
           "model-explorer",
           [{::llvm::cl::values(
             clEnumValN(::graphdiff::ReportFormat::MLIR, "mlir",
                        "the patch plans as IR"),
             clEnumValN(::graphdiff::ReportFormat::Text, "text",
                        "one line per change, folded"),
             clEnumValN(::graphdiff::ReportFormat::JSON, "json",
                        "versioned JSON (docs/Report-JSON.md)"),
             clEnumValN(::graphdiff::ReportFormat::Markdown, "markdown",
                        "a pull-request comment"),
             clEnumValN(::graphdiff::ReportFormat::DOT, "dot",
                        "a Graphviz picture"),
             clEnumValN(::graphdiff::ReportFormat::HTML, "html",
                        "one self-contained web page"),
             clEnumValN(::graphdiff::ReportFormat::ModelExplorer,
                        "model-explorer",
                        "graph JSON and node mapping for Model Explorer"))}]>,
    Option<"verify", "verify", "bool", /*default=*/"false",
           "Apply each plan and check the result against the target">,
  ];
  let dependentDialects = ["::graphdiff::patch::PatchDialect"];
}

def GraphApplyPlans : Pass<"graph-apply-plans", "::mlir::ModuleOp"> {
  let summary = "Apply each patch.plan to the graph it names";
  let description = [{
    For every `patch.plan` in the module whose source graph is defined in the
    same module, applies the plan to that graph in place and erases the plan.
    A plan whose source is not there is an error; so is a plan that does not
    apply (a reference to a missing node, a deleted node still in use). A
    plan that renames its graph (`patch.plan @f to @g`) renames it in place
    (uses of the old name elsewhere are not rewritten); one whose target is
    in another module (`@m::@f to @f`), or whose new name another symbol of
    the module has, is an error.

    ```mlir
    lg.graph @g(%x: i32) -> i32 { ... }
    patch.plan @g to @g { patch.update @a changes ["kind"] ... }
    ```
  }];
}

#endif // GRAPHDIFF_TRANSFORMS_PASSES_TD
