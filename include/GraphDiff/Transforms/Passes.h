//===- Passes.h - graph-diff passes -----------------------------*- C++ -*-===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_TRANSFORMS_PASSES_H
#define GRAPHDIFF_TRANSFORMS_PASSES_H

#include "GraphDiff/Dialect/Patch/IR/Patch.h"
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

/// Adds an instrumentation to `pm` that prints, to `os`, the patch plan of
/// every pass that changed the IR: the structural answer to
/// `--mlir-print-ir-after-change`. `os` must outlive the pass manager.
void addDiffAfterChangeInstrumentation(mlir::PassManager &pm,
                                       llvm::raw_ostream &os);

} // namespace graphdiff

#endif // GRAPHDIFF_TRANSFORMS_PASSES_H
