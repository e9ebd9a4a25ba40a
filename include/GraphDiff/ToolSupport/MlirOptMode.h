//===- MlirOptMode.h - A tool run on one input as mlir-opt ------*- C++ -*-===//
//
// Part of graph-diff.
//
// graph-diff-opt and graph-diff-api with one input are `mlir-opt` with the
// project's dialects and passes: the input is read and checked as a diff's
// inputs are (checkInputText), then MlirOptMain runs on it and writes to
// `-o` by writeOutputFile's rules.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_TOOLSUPPORT_MLIROPTMODE_H
#define GRAPHDIFF_TOOLSUPPORT_MLIROPTMODE_H

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/StringRef.h"

namespace mlir {
class DialectRegistry;
class MlirOptMainConfig;
} // namespace mlir

namespace graphdiff {

/// Runs MlirOptMain on the file `input` ("-": standard input) with
/// `registry` and `config`, writing to `output`. Fails, having reported why
/// on stderr as `<tool>: ...` or a located error, if the input cannot be
/// read or checked, the pipeline fails, or the output cannot be written.
mlir::LogicalResult runMlirOptMode(llvm::StringRef tool, llvm::StringRef input,
                                   llvm::StringRef output,
                                   mlir::DialectRegistry &registry,
                                   const mlir::MlirOptMainConfig &config);

} // namespace graphdiff

#endif // GRAPHDIFF_TOOLSUPPORT_MLIROPTMODE_H
