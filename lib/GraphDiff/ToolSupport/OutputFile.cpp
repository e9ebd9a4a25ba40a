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

OutputFileOption::OutputFileOption(llvm::cl::OptionCategory *category,
                                   StringRef description, StringRef valueName)
    : llvm::cl::opt<std::string>("o", llvm::cl::desc(description),
                                 llvm::cl::value_desc(valueName),
                                 llvm::cl::init("-")) {
  if (category)
    addCategory(*category);
}

LogicalResult graphdiff::writeOutputFile(
    StringRef path, StringRef tool,
    llvm::function_ref<LogicalResult(llvm::raw_ostream &)> write) {
  return writeOutput(path, write, [&](StringRef where, StringRef reason) {
    llvm::errs() << tool << ": " << where << ": " << reason << "\n";
  });
}
