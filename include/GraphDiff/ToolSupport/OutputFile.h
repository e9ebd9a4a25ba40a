//===- OutputFile.h - Write a tool's output where -o says -------*- C++ -*-===//
//
// Part of graph-diff.
//
// Every tool writes its output through writeOutputFile, so that `-o` means
// the same everywhere: a regular file is replaced atomically and keeps its
// mode; anything else is written to, never replaced; a failure leaves nothing
// behind and is reported, so that the tool can exit 2.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_TOOLSUPPORT_OUTPUTFILE_H
#define GRAPHDIFF_TOOLSUPPORT_OUTPUTFILE_H

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace graphdiff {

/// Writes what `write` prints to `path` by the rules of writeOutput
/// (GraphDiff/Support/WriteOutput.h); a failure to write is reported on
/// stderr as `<tool>: <path>: <reason>`. Returns failure if `write` fails or
/// the data cannot be written.
mlir::LogicalResult writeOutputFile(
    llvm::StringRef path, llvm::StringRef tool,
    llvm::function_ref<mlir::LogicalResult(llvm::raw_ostream &)> write);

} // namespace graphdiff

#endif // GRAPHDIFF_TOOLSUPPORT_OUTPUTFILE_H
