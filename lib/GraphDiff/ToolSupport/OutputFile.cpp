//===- OutputFile.cpp - Write a tool's output where -o says ---------------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/ToolSupport/OutputFile.h"

#include "GraphDiff/Support/WriteOutput.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace graphdiff;

LogicalResult graphdiff::writeOutputFile(
    StringRef path, StringRef tool,
    llvm::function_ref<LogicalResult(llvm::raw_ostream &)> write) {
  return writeOutput(path, write, [&](StringRef where, StringRef reason) {
    llvm::errs() << tool << ": " << where << ": " << reason << "\n";
  });
}
