//===- OutputFile.h - Write a tool's output where -o says -------*- C++ -*-===//
//
// Part of graph-diff.
//
// Every tool declares its `-o` as an OutputFileOption and writes its output
// through writeOutputFile, so that `-o` means the same everywhere: `-` (the
// default) is standard output; a regular file is replaced atomically and
// keeps its mode; anything else is written to, never replaced; a failure
// leaves nothing behind and is reported, so that the tool can exit 2.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_TOOLSUPPORT_OUTPUTFILE_H
#define GRAPHDIFF_TOOLSUPPORT_OUTPUTFILE_H

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/CommandLine.h"

#include <string>

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace graphdiff {

/// A tool's `-o FILE`, "-" unless given. `description` and `valueName` are
/// the words the tool's --help shows (string literals: the option keeps
/// them); `category`, if given, is the --help group it is listed in.
class OutputFileOption : public llvm::cl::opt<std::string> {
public:
  explicit OutputFileOption(llvm::cl::OptionCategory *category,
                            llvm::StringRef description = "Output filename",
                            llvm::StringRef valueName = "filename");
};

/// Writes what `write` prints to `path` by the rules of writeOutput
/// (GraphDiff/Support/WriteOutput.h); a failure to write is reported on
/// stderr as `<tool>: <path>: <reason>`. Returns failure if `write` fails or
/// the data cannot be written.
mlir::LogicalResult writeOutputFile(
    llvm::StringRef path, llvm::StringRef tool,
    llvm::function_ref<mlir::LogicalResult(llvm::raw_ostream &)> write);

} // namespace graphdiff

#endif // GRAPHDIFF_TOOLSUPPORT_OUTPUTFILE_H
