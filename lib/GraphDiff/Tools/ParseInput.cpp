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
#include "llvm/Support/thread.h"

using namespace mlir;

LogicalResult graphdiff::checkNestingDepth(llvm::SourceMgr &sourceMgr,
                                           unsigned bufferID) {
  StringRef text = sourceMgr.getMemoryBuffer(bufferID)->getBuffer();
  unsigned depth = 0;
  for (size_t i = 0, e = text.size(); i < e; ++i) {
    char c = text[i];
    char next = i + 1 < e ? text[i + 1] : '\0';
    if (c == '"') {
      // A string literal: skip it, escapes included.
      for (++i; i < e && text[i] != '"' && text[i] != '\n'; ++i)
        if (text[i] == '\\')
          ++i;
      continue;
    }
    if (c == '/' && next == '/') {
      i = text.find('\n', i);
      if (i == StringRef::npos)
        break;
      continue;
    }
    bool opens = c == '{' || c == '[' || c == '(' || (c == '<' && next != '=');
    bool closes = c == '}' || c == ']' || c == ')' ||
                  (c == '>' && next != '=' && (i == 0 || text[i - 1] != '-'));
    if (closes && depth > 0)
      --depth;
    if (!opens || ++depth <= kMaxNestingDepth)
      continue;
    sourceMgr.PrintMessage(
        SMLoc::getFromPointer(text.data() + i), llvm::SourceMgr::DK_Error,
        "nested more than " + Twine(kMaxNestingDepth) +
            " levels deep (regions, attributes or types); graph-diff reads "
            "nothing deeper");
    return failure();
  }
  return success();
}

int graphdiff::runOnLargeStack(llvm::function_ref<int()> body) {
  int result = 0;
  // Virtual address space only: pages are touched as the stack grows.
  constexpr unsigned kStackBytes = 1u << 30;
  llvm::thread worker(std::optional<unsigned>(kStackBytes),
                      [&] { result = body(); });
  worker.join();
  return result;
}

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
  unsigned bufferID =
      diagnosticsMgr.AddNewSourceBuffer(std::move(file), SMLoc());
  if (failed(checkNestingDepth(diagnosticsMgr, bufferID)))
    return nullptr;

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
