//===- Passes.h - graph-diff passes -----------------------------*- C++ -*-===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_TRANSFORMS_PASSES_H
#define GRAPHDIFF_TRANSFORMS_PASSES_H

#include "GraphDiff/Dialect/Patch/IR/Patch.h"
#include "GraphDiff/Renderers/Renderers.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

#include <memory>

namespace mlir {
class PassManager;
} // namespace mlir

namespace graphdiff {

#define GEN_PASS_DECL
#include "GraphDiff/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "GraphDiff/Transforms/Passes.h.inc"

/// Adds an instrumentation to `pm` that prints, to `os`, what every pass that
/// changed the IR changed: the structural answer to
/// `--mlir-print-ir-after-change`. In the text and MLIR formats, a header
/// line naming the pass, then the folded text report or the plans; in JSON,
/// one line per pass, `{"pass": NAME, "report": REPORT}`. Graphs are named
/// by their symbol paths from the top of the IR, also when the pass ran on a
/// nested module or a function (`@a::@f`). `os` must outlive the pass
/// manager.
void addDiffAfterChangeInstrumentation(
    mlir::PassManager &pm, llvm::raw_ostream &os,
    ReportFormat format = ReportFormat::Text);

} // namespace graphdiff

#endif // GRAPHDIFF_TRANSFORMS_PASSES_H
