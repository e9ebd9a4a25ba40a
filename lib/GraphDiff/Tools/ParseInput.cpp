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
#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/Mutex.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/thread.h"

#include <array>
#include <memory>

using namespace mlir;

LogicalResult graphdiff::checkNestingDepth(llvm::SourceMgr &sourceMgr,
                                           unsigned bufferID) {
  StringRef text = sourceMgr.getMemoryBuffer(bufferID)->getBuffer();
  // Most characters are none of those below: skip them with one lookup.
  static const std::array<bool, 256> matters = [] {
    std::array<bool, 256> table{};
    for (unsigned char c : StringRef("\"/{[(<}])>"))
      table[c] = true;
    return table;
  }();
  unsigned depth = 0;
  for (size_t i = 0, e = text.size(); i < e; ++i) {
    char c = text[i];
    if (!matters[static_cast<unsigned char>(c)])
      continue;
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

namespace {
/// Where each location that names no file position (`loc("encoder/linear")`)
/// is written in the inputs of one context, in the order they were read.
using WrittenAt = llvm::DenseMap<Attribute, SmallVector<Location, 1>>;

/// The WrittenAt of each context, shared with the diagnostic handler that
/// uses it: it lives as long as the handler, that is as long as the context
/// (a context made later at the same address finds the entry expired).
std::shared_ptr<WrittenAt> getWrittenAt(MLIRContext &context) {
  static llvm::sys::SmartMutex<true> mutex;
  static llvm::DenseMap<MLIRContext *, std::weak_ptr<WrittenAt>> all;
  llvm::sys::SmartScopedLock<true> lock(mutex);
  if (std::shared_ptr<WrittenAt> known = all[&context].lock())
    return known;
  auto fresh = std::make_shared<WrittenAt>();
  all[&context] = fresh;
  // Runs before the handlers registered earlier (the tool's, which prints):
  // an error or note at a location without a file position gets the first
  // place that location is written at, and a note for each other one.
  context.getDiagEngine().registerHandler([fresh](Diagnostic &diag) {
    auto place = [&](Location loc) -> std::optional<Location> {
      if (loc->findInstanceOf<FileLineColLoc>())
        return std::nullopt;
      auto it = fresh->find(loc);
      if (it == fresh->end())
        return std::nullopt;
      return FusedLoc::get(loc.getContext(), {loc, it->second.front()});
    };
    std::optional<Location> at = place(diag.getLocation());
    bool notesMoved = llvm::any_of(diag.getNotes(), [&](Diagnostic &note) {
      return place(note.getLocation()).has_value();
    });
    if (!at && !notesMoved)
      return failure();
    Diagnostic placed(at.value_or(diag.getLocation()), diag.getSeverity());
    placed << diag.str();
    if (at) {
      ArrayRef<Location> others = (*fresh)[diag.getLocation()];
      for (Location other : others.drop_front())
        placed.attachNote(other)
            << "the location " << diag.getLocation() << " is also written here";
    }
    for (Diagnostic &note : diag.getNotes())
      placed.attachNote(place(note.getLocation()).value_or(note.getLocation()))
          << note.str();
    diag = std::move(placed);
    return failure(); // placed: the next handler prints it
  });
  return fresh;
}
} // namespace

/// Verifies `module`, parsed from `mgr` by a parser that filled `state`.
/// While it is verified, every op whose location names no file position
/// (`loc("encoder/linear")`) carries the position it was parsed at as well,
/// so that the verifier's errors point at the op; the locations the input
/// gave are restored afterwards (the differ matches nodes by them). Later
/// diagnostics at such a location are placed where it is first written
/// (getWrittenAt).
static LogicalResult verifyLocated(ModuleOp module, const AsmParserState &state,
                                   const llvm::SourceMgr &mgr,
                                   StringRef filename) {
  MLIRContext *context = module.getContext();
  std::shared_ptr<WrittenAt> writtenAt = getWrittenAt(*context);
  SmallVector<std::pair<Operation *, Location>> given;
  module->walk<WalkOrder::PreOrder>([&](Operation *op) {
    const AsmParserState::OperationDefinition *def = state.getOpDef(op);
    if (!def || op->getLoc()->findInstanceOf<FileLineColLoc>())
      return;
    auto [line, col] = mgr.getLineAndColumn(def->loc.Start);
    Location at = FileLineColLoc::get(context, filename, line, col);
    (*writtenAt)[op->getLoc()].push_back(at);
    given.emplace_back(op, op->getLoc());
    op->setLoc(FusedLoc::get(context, {op->getLoc(), at}));
  });
  LogicalResult result = verify(module);
  for (auto [op, loc] : given)
    op->setLoc(loc);
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
                            MLIRContext &context, AsmParserState &parserState) {
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
  if (!module ||
      failed(verifyLocated(*module, parserState, parseMgr, filename)))
    return nullptr;
  return module;
}
