//===- MlirOptMode.cpp - A tool run on one input as mlir-opt --------------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/ToolSupport/MlirOptMode.h"

#include "GraphDiff/Importers/ParseInput.h"
#include "GraphDiff/ToolSupport/OutputFile.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace graphdiff;

LogicalResult graphdiff::runMlirOptMode(StringRef tool, StringRef input,
                                        StringRef output,
                                        DialectRegistry &registry,
                                        const MlirOptMainConfig &config) {
  std::string error;
  std::unique_ptr<llvm::MemoryBuffer> file = openInputFile(input, &error);
  if (!file) {
    llvm::errs() << tool << ": " << error << "\n";
    return failure();
  }
  {
    llvm::SourceMgr checkMgr;
    unsigned id = checkMgr.AddNewSourceBuffer(
        llvm::MemoryBuffer::getMemBuffer(file->getMemBufferRef()),
        llvm::SMLoc());
    if (failed(checkInputText(checkMgr, id)))
      return failure();
  }
  return writeOutputFile(output, tool, [&](llvm::raw_ostream &os) {
    return MlirOptMain(os, std::move(file), registry, config);
  });
}
