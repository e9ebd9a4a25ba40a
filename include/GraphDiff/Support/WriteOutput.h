//===- WriteOutput.h - Write output where -o says ---------------*- C++ -*-===//
//
// Part of graph-diff.
//
// One writer for everything graph-diff writes to a named place: the tools'
// `-o` (through writeOutputFile, GraphDiff/ToolSupport/OutputFile.h) and the
// `output=` of the graph-diff pass.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_SUPPORT_WRITEOUTPUT_H
#define GRAPHDIFF_SUPPORT_WRITEOUTPUT_H

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace graphdiff {

/// Writes what `write` prints to `path`:
///   - `-`: standard output;
///   - a regular file, or a name that does not exist yet: a temporary file
///     beside it, given the mode (and, where allowed, the owner) of the file
///     it replaces, renamed over it once complete;
///   - a symbolic link: its final target, by the rules here (the link stays);
///   - anything else (a FIFO, a character device such as /dev/null, /dev/full
///     or /dev/stdout, a socket): opened and written in place.
/// If `write` fails, or the data cannot be written, no temporary file is left
/// and a regular file keeps its old contents. A failure to write is passed to
/// `onError` with the path (`<stdout>` for `-`) and the reason; `write`
/// reports its own failures. Returns failure in both cases. Not thread-safe
/// for `-`: callers on several threads serialise their writes.
mlir::LogicalResult writeOutput(
    llvm::StringRef path,
    llvm::function_ref<mlir::LogicalResult(llvm::raw_ostream &)> write,
    llvm::function_ref<void(llvm::StringRef path, llvm::StringRef reason)>
        onError);

} // namespace graphdiff

#endif // GRAPHDIFF_SUPPORT_WRITEOUTPUT_H
