//===- ParseInput.cpp - Read an input of a diff ---------------------------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Tools/ParseInput.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/AsmParser/AsmParserState.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/SourceMgr.h"

using namespace mlir;

OwningOpRef<ModuleOp> graphdiff::parseInputFile(StringRef filename,
                                                llvm::SourceMgr &diagnosticsMgr,
                                                MLIRContext &context,
                                                AsmParserState &parserState) {
  std::string error;
  std::unique_ptr<llvm::MemoryBuffer> file = openInputFile(filename, &error);
  if (!file) {
    llvm::errs() << "graph-diff-opt: " << error << "\n";
    return nullptr;
  }
  return parseInputBuffer(std::move(file), diagnosticsMgr, context,
                          parserState);
}

OwningOpRef<ModuleOp>
graphdiff::parseInputBuffer(std::unique_ptr<llvm::MemoryBuffer> file,
                            llvm::SourceMgr &diagnosticsMgr,
                            MLIRContext &context,
                            AsmParserState &parserState) {
  StringRef filename = file->getBufferIdentifier();
  llvm::SourceMgr parseMgr;
  parseMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBuffer(file->getMemBufferRef()), SMLoc());
  diagnosticsMgr.AddNewSourceBuffer(std::move(file), SMLoc());

  Block block;
  ParserConfig config(&context, /*verifyAfterParse=*/false);
  if (failed(parseAsmSourceFile(parseMgr, &block, config, &parserState)))
    return nullptr;
  OwningOpRef<ModuleOp> module =
      detail::constructContainerOpForParserIfNecessary<ModuleOp>(
          &block, &context, FileLineColLoc::get(&context, filename, 1, 1));
  if (!module || failed(verify(*module)))
    return nullptr;
  return module;
}
