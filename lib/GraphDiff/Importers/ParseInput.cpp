//===- ParseInput.cpp - Read an input of a diff ---------------------------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Importers/ParseInput.h"

#include "GraphDiff/Graph/Graph.h"
#include "GraphDiff/Graph/ResourceBlobs.h"
#include "GraphDiff/Support/LargeStack.h"
#include "GraphDiff/Support/SecondThread.h"
#include "mlir/AsmParser/AsmParser.h"
#include "mlir/AsmParser/AsmParserState.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/ADT/APInt.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Mutex.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/thread.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <future>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <thread>

using namespace mlir;
using namespace graphdiff;

/// A character of an SSA name after its `%`, or of a bare identifier.
static bool isNameChar(char c) {
  return llvm::isAlnum(c) || c == '$' || c == '.' || c == '_' || c == '-';
}

/// Whether the `(` at `text[paren]` opens a location, `loc(...)` or
/// `loc (...)`: the keyword `loc`, not the end of `memref.alloc(`.
static bool opensLocation(StringRef text, size_t paren) {
  size_t end = paren;
  while (end > 0 && (text[end - 1] == ' ' || text[end - 1] == '\t' ||
                     text[end - 1] == '\n' || text[end - 1] == '\r'))
    --end;
  return end >= 3 && text.substr(end - 3, 3) == "loc" &&
         (end == 3 || !isNameChar(text[end - 4]));
}

/// Reports an error at `at` in buffer `bufferID`: through `context`'s
/// diagnostic engine when given (located `file:line:col`, as the parser's own
/// errors), else printed by `sourceMgr`.
static void reportError(llvm::SourceMgr &sourceMgr, unsigned bufferID,
                        const char *at, const Twine &message,
                        MLIRContext *context) {
  SMLoc loc = SMLoc::getFromPointer(at);
  if (!context) {
    sourceMgr.PrintMessage(loc, llvm::SourceMgr::DK_Error, message);
    return;
  }
  auto [line, column] = sourceMgr.getLineAndColumn(loc, bufferID);
  StringRef name = sourceMgr.getMemoryBuffer(bufferID)->getBufferIdentifier();
  emitError(FileLineColLoc::get(context, name, line, column)) << message.str();
}

LogicalResult graphdiff::checkNestingDepth(llvm::SourceMgr &sourceMgr,
                                           unsigned bufferID,
                                           bool *writesLocations,
                                           MLIRContext *context) {
  if (writesLocations)
    *writesLocations = false;
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
    if (c == '(' && writesLocations && !*writesLocations)
      *writesLocations = opensLocation(text, i);
    bool opens = c == '{' || c == '[' || c == '(' || (c == '<' && next != '=');
    bool closes = c == '}' || c == ']' || c == ')' ||
                  (c == '>' && next != '=' && (i == 0 || text[i - 1] != '-'));
    if (closes && depth > 0)
      --depth;
    if (!opens || ++depth <= kMaxNestingDepth)
      continue;
    reportError(sourceMgr, bufferID, text.data() + i,
                "nested more than " + Twine(kMaxNestingDepth) +
                    " levels deep (regions, attributes or types); graph-diff "
                    "reads nothing deeper",
                context);
    return failure();
  }
  return success();
}

namespace {
/// An op whose custom form MLIR 22 parses with `keyword = [i, j, ...]` by
/// storing whatever the dense-array parser returns: null after an error,
/// which `NamedAttrList::set` then dereferences (upstream `linalg`'s
/// `parseDenseI64ArrayAttr`). `mlir-opt-22` itself crashes on such input,
/// after printing the parser's error.
struct NullArrayParser {
  StringRef op;
  StringRef keyword;
};
} // namespace

static constexpr NullArrayParser kNullArrayParsers[] = {
    {"linalg.broadcast", "dimensions"},
    {"linalg.reduce", "dimensions"},
    {"linalg.transpose", "permutation"},
};

/// Skips whitespace and `//` comments from `i`.
static size_t skipBlank(StringRef text, size_t i) {
  while (i < text.size()) {
    char c = text[i];
    // MLIR's lexer skips a NUL character inside the text as it skips a
    // blank.
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\0') {
      ++i;
    } else if (c == '/' && i + 1 < text.size() && text[i + 1] == '/') {
      i = text.find('\n', i);
      if (i == StringRef::npos)
        return text.size();
    } else {
      break;
    }
  }
  return i;
}

/// Whether the text at `i` is a list the dense i64 array parser reads:
/// `[` `]` or `[` element (`,` element)* `]`, an element being `true`,
/// `false`, or an optionally negated decimal or `0x` hexadecimal integer
/// literal that fits in 64 signed bits. Sets `end` past the list, or to where
/// it stops being one.
static bool isIntegerList(StringRef text, size_t i, size_t &end) {
  auto at = [&](size_t k) { return k < text.size() ? text[k] : '\0'; };
  end = i;
  if (at(i) != '[')
    return false;
  i = skipBlank(text, i + 1);
  if (at(i) == ']') {
    end = i + 1;
    return true;
  }
  while (true) {
    end = i;
    size_t word = i;
    while (isNameChar(at(word)))
      ++word;
    StringRef name = text.slice(i, word);
    if (name == "true" || name == "false") {
      i = word;
    } else {
      bool negative = at(i) == '-';
      if (negative)
        i = skipBlank(text, i + 1);
      bool hex =
          at(i) == '0' && at(i + 1) == 'x' && llvm::isHexDigit(at(i + 2));
      size_t digits = hex ? i + 2 : i;
      size_t stop = digits;
      while (hex ? llvm::isHexDigit(at(stop)) : llvm::isDigit(at(stop)))
        ++stop;
      if (stop == digits)
        return false;
      llvm::APInt magnitude;
      if (text.slice(digits, stop).getAsInteger(hex ? 16 : 10, magnitude))
        return false;
      // -2^63 .. 2^63 - 1, as MLIR's AsmParser::parseInteger<int64_t>.
      unsigned bits = magnitude.getActiveBits();
      if (bits > 64 || (bits == 64 && !(negative && magnitude.isPowerOf2())))
        return false;
      i = stop;
    }
    i = skipBlank(text, i);
    if (at(i) == ']') {
      end = i + 1;
      return true;
    }
    if (at(i) != ',')
      return false;
    i = skipBlank(text, i + 1);
  }
}

/// Checks the op whose name ends at `i` against `parser`: after its operand
/// groups, `keyword =` must be followed by an integer list. Returns where the
/// text stops being one, if it does.
static std::optional<size_t> findBadArray(StringRef text, size_t i,
                                          const NullArrayParser &parser) {
  // Only what the custom form allows before the keyword is walked over:
  // `ins`, `outs` and bracketed groups (operands, attribute dictionaries,
  // a short-form payload). Anything else ends the op's prefix, and the
  // parser fails there, before the keyword.
  while (true) {
    i = skipBlank(text, i);
    if (i >= text.size())
      return std::nullopt;
    char c = text[i];
    if (c == '(' || c == '[' || c == '{' || c == '<') {
      // Skip the group, brackets balanced, strings and comments skipped.
      unsigned depth = 0;
      for (; i < text.size(); ++i) {
        char d = text[i];
        if (d == '"') {
          for (++i; i < text.size() && text[i] != '"' && text[i] != '\n'; ++i)
            if (text[i] == '\\')
              ++i;
          continue;
        }
        if (d == '/' && i + 1 < text.size() && text[i + 1] == '/') {
          i = text.find('\n', i);
          if (i == StringRef::npos)
            return std::nullopt;
          continue;
        }
        if (d == '(' || d == '[' || d == '{' ||
            (d == '<' && text.substr(i, 2) != "<=")) {
          ++depth;
        } else if (d == ')' || d == ']' || d == '}' ||
                   (d == '>' && (i == 0 || text[i - 1] != '-'))) {
          if (depth == 0 || --depth == 0)
            break;
        }
      }
      ++i;
      continue;
    }
    size_t word = i;
    while (word < text.size() && isNameChar(text[word]))
      ++word;
    StringRef name = text.slice(i, word);
    if (name == "ins" || name == "outs") {
      i = word;
      continue;
    }
    if (name != parser.keyword)
      return std::nullopt;
    i = skipBlank(text, word);
    if (i >= text.size() || text[i] != '=')
      return std::nullopt;
    i = skipBlank(text, i + 1);
    size_t end;
    if (isIntegerList(text, i, end))
      return std::nullopt;
    return std::min(end, text.size());
  }
}

namespace {
/// Whether positions of a text are in a string literal or a `//` comment
/// (MLIR strings do not span lines), for positions asked in increasing
/// order: each character is read once, however many positions on a long
/// line are asked about.
class StringOrCommentCursor {
public:
  explicit StringOrCommentCursor(StringRef text) : text(text) {}

  /// Whether `i` (not before the last position asked about) is in a string
  /// literal or a `//` comment.
  bool at(size_t i) {
    for (; next < i; ++next) {
      char c = text[next];
      if (c == '\n') {
        inString = inComment = escaped = false;
      } else if (inComment) {
        continue;
      } else if (inString) {
        if (escaped)
          escaped = false;
        else if (c == '\\')
          escaped = true;
        else if (c == '"')
          inString = false;
      } else if (c == '"') {
        inString = true;
      } else if (c == '/' && next + 1 < text.size() && text[next + 1] == '/') {
        inComment = true;
      }
    }
    return inString || inComment;
  }

private:
  StringRef text;
  size_t next = 0;
  bool inString = false, inComment = false, escaped = false;
};
} // namespace

/// The alignment that the hex blob `"0x..."` whose text (quotes excluded) is
/// `content` encodes in its first four bytes (little endian), if `content`
/// is one the parser reads as a blob and allocates memory for: an even count
/// of hex digits, more than eight (data after the alignment). A blob of the
/// alignment alone (`"0x00000000"`, what MLIR prints for an empty blob) holds
/// no data, and the parser allocates nothing for it, whatever its alignment.
static std::optional<uint32_t> blobAlignment(StringRef content) {
  if (!content.consume_front("0x") || content.size() % 2 != 0 ||
      content.size() <= 8 ||
      !llvm::all_of(content, [](char c) { return llvm::isHexDigit(c); }))
    return std::nullopt;
  uint32_t value = 0;
  for (int byte = 3; byte >= 0; --byte)
    value = (value << 8) |
            llvm::hexFromNibbles(content[2 * byte], content[2 * byte + 1]);
  return value;
}

/// Checks the file metadata dictionary (`{-# ... #-}`) whose `{-#` is at
/// `begin`: every resource entry's value (`key: value` two levels down, in
/// `dialect_resources` and `external_resources` alike) that is a hex blob
/// with data must encode a non-zero alignment. MLIR 22's parser rejects an
/// alignment that is not a power of two, but lets 0 through to `operator
/// new` when the blob has data to allocate, which aborts (`mlir-opt-22`
/// too); an empty blob it accepts with any alignment (blobAlignment).
/// Returns the value that does not, if one does, and its key in `key`; sets
/// `end` to where the scan stopped, so that each character is scanned once
/// however many `{-#` the text holds.
static std::optional<size_t> findZeroAlignedBlob(StringRef text, size_t begin,
                                                 StringRef &key, size_t &end) {
  unsigned depth = 0;
  bool afterColon = false;
  StringRef lastWord;
  size_t i = skipBlank(text, begin + 3);
  for (; i < text.size(); i = skipBlank(text, i)) {
    end = i;
    char c = text[i];
    if (c == '#' && text.substr(i, 3) == "#-}")
      return std::nullopt;
    if (c == '"') {
      size_t start = i;
      for (++i; i < text.size() && text[i] != '"' && text[i] != '\n'; ++i)
        if (text[i] == '\\')
          ++i;
      StringRef literal = text.slice(start + 1, std::min(i, text.size()));
      ++i;
      if (depth == 2 && afterColon) {
        std::optional<uint32_t> alignment = blobAlignment(literal);
        if (alignment && *alignment == 0) {
          key = lastWord;
          return start;
        }
      }
      lastWord = literal;
      afterColon = false;
      continue;
    }
    afterColon = c == ':';
    if (c == '{' || c == '[' || c == '(') {
      ++depth;
    } else if (c == '}' || c == ']' || c == ')') {
      if (depth == 0)
        return std::nullopt; // not a dictionary the parser reads: it stops
      --depth;
    } else if (isNameChar(c)) {
      size_t word = i;
      while (word < text.size() && isNameChar(text[word]))
        ++word;
      lastWord = text.slice(i, word);
      i = word;
      continue;
    }
    ++i;
  }
  end = i;
  return std::nullopt;
}

LogicalResult graphdiff::checkParserCrashes(llvm::SourceMgr &sourceMgr,
                                            unsigned bufferID,
                                            MLIRContext *context) {
  StringRef text = sourceMgr.getMemoryBuffer(bufferID)->getBuffer();
  // std::string_view's find skips to each `l` with memchr, much faster than
  // StringRef's byte-by-byte find, even where every line holds `linalg.`.
  std::string_view view(text.data(), text.size());
  StringOrCommentCursor quoted(text);
  for (size_t at = view.find("{-#"); at != std::string_view::npos;
       at = view.find("{-#", at + 1)) {
    if (quoted.at(at))
      continue;
    StringRef key;
    std::optional<size_t> bad = findZeroAlignedBlob(text, at, key, at);
    if (!bad)
      continue;
    reportError(sourceMgr, bufferID, text.data() + *bad,
                "the blob of resource '" + key +
                    "' encodes alignment 0 in its first 4 bytes; expected a "
                    "power of two (checked before parsing: MLIR 22's parser "
                    "aborts on 0)",
                context);
    return failure();
  }
  StringOrCommentCursor quotedNames(text);
  for (size_t at = view.find("linalg."); at != std::string_view::npos;
       at = view.find("linalg.", at + 1)) {
    // Not a longer name. (Nor the generic form, `"linalg.broadcast"`, whose
    // name is in a string, below; a `"` before the name may also close one:
    // `"msg"linalg.broadcast` is the custom form after a string.)
    if (at > 0 && isNameChar(text[at - 1]))
      continue;
    size_t end = at;
    while (end < text.size() && isNameChar(text[end]))
      ++end;
    StringRef name = text.slice(at, end);
    for (const NullArrayParser &parser : kNullArrayParsers) {
      if (name != parser.op || quotedNames.at(at))
        continue;
      std::optional<size_t> bad = findBadArray(text, end, parser);
      if (!bad)
        continue;
      reportError(sourceMgr, bufferID, text.data() + *bad,
                  "expected '" + parser.keyword +
                      " = [' 64-bit integers ']' for '" + parser.op +
                      "' (checked before parsing: MLIR 22's parser crashes "
                      "on anything else)",
                  context);
      return failure();
    }
  }
  return success();
}

LogicalResult graphdiff::checkInputText(llvm::SourceMgr &sourceMgr,
                                        unsigned bufferID,
                                        bool *writesLocations,
                                        MLIRContext *context) {
  if (failed(checkNestingDepth(sourceMgr, bufferID, writesLocations, context)))
    return failure();
  return checkParserCrashes(sourceMgr, bufferID, context);
}

LogicalResult
graphdiff::parseReportingFailure(MLIRContext &context, StringRef filename,
                                 llvm::function_ref<LogicalResult()> parse) {
  // Diagnostics are emitted on the thread that parses: whether this one
  // reported an error while `parse` ran.
  bool reported = false;
  std::thread::id parsing = std::this_thread::get_id();
  DiagnosticEngine &engine = context.getDiagEngine();
  DiagnosticEngine::HandlerID watcher =
      engine.registerHandler([&](Diagnostic &diag) {
        if (diag.getSeverity() == DiagnosticSeverity::Error &&
            std::this_thread::get_id() == parsing)
          reported = true;
        return failure(); // for the handlers registered before
      });
  LogicalResult parsed = parse();
  engine.eraseHandler(watcher);
  // A parse that reported an error failed, whatever the parser returned
  // (MLIR's skips an unknown external resource section after reporting
  // that it cannot lex it).
  if (succeeded(parsed) && reported)
    return failure();
  if (failed(parsed) && !reported)
    emitError(FileLineColLoc::get(&context, filename, 1, 1))
        << "MLIR's parser failed on this input without saying where or why "
           "(an upstream parser that returns failure without an error); "
           "graph-diff cannot read it";
  return parsed;
}

int graphdiff::runOnLargeStack(llvm::function_ref<int()> body) {
  int result = 0;
  llvm::thread worker(std::optional<unsigned>(kLargeStackBytes),
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

/// Verifies `module`, parsed from `mgr` by a parser that filled `state`,
/// recording in `writtenAt` where its ops without a file position are written.
/// While it is verified, every op whose location names no file position
/// (`loc("encoder/linear")`) carries the position it was parsed at as well,
/// so that the verifier's errors point at the op; the locations the input
/// gave are restored afterwards (the differ matches nodes by them). Later
/// diagnostics at such a location are placed where it is first written
/// (getWrittenAt).
static LogicalResult verifyLocated(ModuleOp module, const AsmParserState &state,
                                   const llvm::SourceMgr &mgr,
                                   StringRef filename, WrittenAt &writtenAt) {
  MLIRContext *context = module.getContext();
  SmallVector<std::pair<Operation *, Location>> given;
  module->walk<WalkOrder::PreOrder>([&](Operation *op) {
    const AsmParserState::OperationDefinition *def = state.getOpDef(op);
    if (!def || op->getLoc()->findInstanceOf<FileLineColLoc>())
      return;
    auto [line, col] = mgr.getLineAndColumn(def->loc.Start);
    Location at = FileLineColLoc::get(context, filename, line, col);
    writtenAt[op->getLoc()].push_back(at);
    given.emplace_back(op, op->getLoc());
    op->setLoc(FusedLoc::get(context, {op->getLoc(), at}));
  });
  LogicalResult result = verify(module);
  for (auto [op, loc] : given)
    op->setLoc(loc);
  return result;
}

namespace {
/// Reads MLIR text backwards from a point, as the lexer would read it
/// forwards: whitespace and `//` comments between tokens are skipped.
class BackwardReader {
public:
  /// Reads back from `at`. The text before `at` on its line holds no comment:
  /// `at` is the start of a token.
  BackwardReader(StringRef buffer, const char *at)
      : begin(buffer.begin()), pos(at) {}

  /// The last character before the reader's position that is neither
  /// whitespace nor in a comment, or '\0' at the start of the buffer; the
  /// reader moves back to just after it.
  char peek() {
    while (pos != begin) {
      char c = pos[-1];
      if (c == '\n') {
        // Into the line before: its text up to its comment, if any.
        const char *lineEnd = pos - 1;
        const char *lineStart = lineEnd;
        while (lineStart != begin && lineStart[-1] != '\n')
          --lineStart;
        pos = codeEnd(lineStart, lineEnd);
        continue;
      }
      if (c != ' ' && c != '\t' && c != '\r')
        return c;
      --pos;
    }
    return '\0';
  }
  /// Steps back over the character peek() returned.
  void take() { --pos; }
  /// Steps back over the name characters just before the position (no
  /// whitespace skipped) and returns them.
  StringRef takeName() {
    const char *end = pos;
    while (pos != begin && isNameChar(pos[-1]))
      --pos;
    return StringRef(pos, end - pos);
  }
  /// The character just before the position, whitespace included.
  char before() const { return pos == begin ? '\0' : pos[-1]; }

private:
  /// Where the code of the line [start, end) ends: at its `//` comment, if
  /// any (a string literal, which never spans lines, may hold `//`).
  static const char *codeEnd(const char *start, const char *end) {
    for (const char *p = start; p < end; ++p) {
      if (*p == '"') {
        for (++p; p < end && *p != '"'; ++p)
          if (*p == '\\')
            ++p;
        continue;
      }
      if (*p == '/' && p + 1 < end && p[1] == '/')
        return p;
    }
    return end;
  }

  const char *begin;
  const char *pos;
};

/// How the text before an op's name reads.
enum class ResultList { None, Named, Unsure };

/// Reads the result list that ends just before `name`, the text where an op
/// with `numResults` results is written: `%a, %b:2 = ` gives `a` in `first`.
ResultList readResultList(StringRef buffer, const char *name,
                          unsigned numResults, StringRef &first) {
  BackwardReader reader(buffer, name);
  if (reader.peek() != '=')
    return ResultList::None; // the results are not named
  reader.take();
  unsigned count = 0;
  for (;;) {
    // One group, read backwards: `%name` or `%name : N`.
    if (!isNameChar(reader.peek()))
      return ResultList::Unsure;
    StringRef word = reader.takeName();
    unsigned groupSize = 1;
    if (reader.before() != '%') {
      if (word.getAsInteger(10, groupSize) || groupSize == 0 ||
          reader.peek() != ':')
        return ResultList::Unsure;
      reader.take();
      if (!isNameChar(reader.peek()))
        return ResultList::Unsure;
      word = reader.takeName();
      if (reader.before() != '%')
        return ResultList::Unsure;
    }
    reader.take(); // the '%'
    first = word;
    count += groupSize;
    if (reader.peek() != ',')
      break;
    reader.take();
  }
  return count == numResults ? ResultList::Named : ResultList::Unsure;
}

/// Whether the text at `at` names `op`: `"dialect.op"` in generic form,
/// `dialect.op` in custom form, or `op` where the dialect goes without
/// saying (`return` in a `func.func`, `module`).
bool namesOp(StringRef buffer, const char *at, Operation *op) {
  StringRef text = buffer.drop_front(at - buffer.begin());
  StringRef name = op->getName().getStringRef();
  if (text.consume_front("\""))
    return text.consume_front(name) && text.starts_with("\"");
  auto isWord = [&](StringRef word) {
    return !word.empty() && text.starts_with(word) &&
           (text.size() == word.size() || !isNameChar(text[word.size()]));
  };
  return isWord(name) || isWord(name.split('.').second);
}
} // namespace

namespace {
/// Finds line:column in a buffer, as SourceMgr::FindLocForLineAndColumn
/// does, for positions asked for mostly in text order: a cursor that counts
/// line breaks forward from the last line found, instead of SourceMgr's
/// table of every line's offset. A line before the last goes to SourceMgr.
class LineCursor {
public:
  LineCursor(llvm::SourceMgr &mgr, unsigned bufferID)
      : mgr(mgr), bufferID(bufferID),
        text(mgr.getMemoryBuffer(bufferID)->getBuffer()),
        lineStart(text.begin()) {}

  /// Where `column` of `lineNumber` (both from 1; 0 reads as 1) is, or null
  /// if the buffer has no such line, or that line no such column.
  const char *find(unsigned lineNumber, unsigned column) {
    lineNumber = std::max(lineNumber, 1u);
    if (lineNumber < line)
      return mgr.FindLocForLineAndColumn(bufferID, lineNumber, column)
          .getPointer();
    for (; line < lineNumber; ++line) {
      const void *lineEnd =
          std::memchr(lineStart, '\n', text.end() - lineStart);
      if (!lineEnd)
        return nullptr; // the buffer has fewer lines
      lineStart = static_cast<const char *>(lineEnd) + 1;
    }
    // Within the line: no line break (nor '\r') before the column.
    size_t offset = column == 0 ? 0 : column - 1;
    if (offset > static_cast<size_t>(text.end() - lineStart))
      return nullptr;
    if (StringRef(lineStart, offset).find_first_of("\n\r") != StringRef::npos)
      return nullptr;
    return lineStart + offset;
  }

private:
  llvm::SourceMgr &mgr;
  unsigned bufferID;
  StringRef text;
  /// The line found last, and where it starts.
  unsigned line = 1;
  const char *lineStart;
};
} // namespace

std::optional<SourceNames> graphdiff::readSourceNames(Operation *root,
                                                      llvm::SourceMgr &mgr,
                                                      unsigned bufferID) {
  StringRef buffer = mgr.getMemoryBuffer(bufferID)->getBuffer();
  SourceNames names;
  LineCursor lines(mgr, bufferID);
  // In pre-order, ops come in the order of their names in the text: the
  // line cursor only moves forward.
  WalkResult walked =
      root->walk<WalkOrder::PreOrder>([&](Operation *op) -> WalkResult {
        if (op->getNumResults() == 0)
          return WalkResult::advance();
        auto loc = dyn_cast<FileLineColRange>(op->getLoc());
        const char *at =
            loc ? lines.find(loc.getStartLine(), loc.getStartColumn())
                : nullptr;
        StringRef name;
        if (!at || !namesOp(buffer, at, op) ||
            readResultList(buffer, at, op->getNumResults(), name) ==
                ResultList::Unsure)
          return WalkResult::interrupt();
        if (!name.empty())
          names.set(op, name);
        return WalkResult::advance();
      });
  if (walked.wasInterrupted())
    return std::nullopt;
  return names;
}

/// Parses and verifies buffer `bufferID` of `diagnosticsMgr`, as
/// parseInputBuffer says, with the parser's state recorded in `state` if
/// given, and the result names in `names` if given; where its ops without a
/// file position are written goes into `writtenAt`. Reads `diagnosticsMgr`
/// only (that buffer's line cache aside), so that two inputs can be parsed
/// at once (parseInputPair).
static OwningOpRef<ModuleOp>
parseAdded(unsigned bufferID, llvm::SourceMgr &diagnosticsMgr,
           MLIRContext &context, AsmParserState *state, SourceNames *names,
           WrittenAt &writtenAt) {
  const llvm::MemoryBuffer *file = diagnosticsMgr.getMemoryBuffer(bufferID);
  StringRef filename = file->getBufferIdentifier();
  llvm::SourceMgr parseMgr;
  parseMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBuffer(file->getMemBufferRef()), SMLoc());
  bool writesLocations = false;
  if (failed(
          checkInputText(diagnosticsMgr, bufferID, &writesLocations, &context)))
    return nullptr;

  // The parser's state is needed for the names only where the ops'
  // locations do not say where they are written.
  std::unique_ptr<AsmParserState> ownState;
  auto parse = [&](AsmParserState *withState) -> OwningOpRef<ModuleOp> {
    Block block;
    ParserConfig config(&context, /*verifyAfterParse=*/false);
    if (failed(parseReportingFailure(context, filename, [&] {
          return parseAsmSourceFile(parseMgr, &block, config, withState);
        })))
      return nullptr;
    return detail::constructContainerOpForParserIfNecessary<ModuleOp>(
        &block, &context, FileLineColLoc::get(&context, filename, 1, 1));
  };
  if (!state && names && writesLocations) {
    ownState = std::make_unique<AsmParserState>();
    state = ownState.get();
  }
  OwningOpRef<ModuleOp> module = parse(state);
  if (!module)
    return nullptr;
  if (names && !state) {
    if (std::optional<SourceNames> read =
            readSourceNames(*module, parseMgr, /*bufferID=*/1)) {
      *names = std::move(*read);
    } else {
      // Text the scan cannot read for certain: parse again, with the state.
      module = nullptr;
      ownState = std::make_unique<AsmParserState>();
      state = ownState.get();
      module = parse(state);
      if (!module)
        return nullptr;
    }
  }
  if (names && state)
    *names = SourceNames(*state);
  // Without written locations, every op is located where it is written, as
  // the verifier's errors need: verify as the parser would.
  if (state ? failed(
                  verifyLocated(*module, *state, parseMgr, filename, writtenAt))
            : failed(verify(*module)))
    return nullptr;
  return module;
}

/// Parses and verifies the input in `file`, as parseInputBuffer says.
static OwningOpRef<ModuleOp>
parseInput(std::unique_ptr<llvm::MemoryBuffer> file,
           llvm::SourceMgr &diagnosticsMgr, MLIRContext &context,
           AsmParserState *state, SourceNames *names) {
  unsigned bufferID =
      diagnosticsMgr.AddNewSourceBuffer(std::move(file), SMLoc());
  // Its blobs keep the keys its file gives them (ResourceBlobs.h).
  std::optional<InputResourceBlobs> ownBlobs;
  if (mayDeclareResources(
          diagnosticsMgr.getMemoryBuffer(bufferID)->getBuffer()))
    ownBlobs.emplace(context);
  return parseAdded(bufferID, diagnosticsMgr, context, state, names,
                    *getWrittenAt(context));
}

LogicalResult graphdiff::parseInputPair(
    std::unique_ptr<llvm::MemoryBuffer> sourceFile,
    std::unique_ptr<llvm::MemoryBuffer> targetFile,
    llvm::SourceMgr &diagnosticsMgr, MLIRContext &context,
    OwningOpRef<ModuleOp> &source, SourceNames &sourceNames,
    OwningOpRef<ModuleOp> &target, SourceNames &targetNames,
    llvm::function_ref<void(unsigned side, bool secondThread)> starting) {
  // Both buffers go in before either thread starts: the threads then only
  // read diagnosticsMgr, each its own buffer.
  unsigned sourceID =
      diagnosticsMgr.AddNewSourceBuffer(std::move(sourceFile), SMLoc());
  unsigned targetID =
      diagnosticsMgr.AddNewSourceBuffer(std::move(targetFile), SMLoc());
  // Registered before the handler that orders the diagnostics, the handler
  // that places them at written locations runs after it: when they are
  // replayed in order, on this thread, with both inputs' places known.
  std::shared_ptr<WrittenAt> writtenAt = getWrittenAt(context);
  // The target's places, added after the source's once both are read: the
  // order a sequential run records them in.
  WrittenAt targetWrittenAt;
  // Each input's blobs keep the keys its file gives them, in a blob manager
  // of its own (ResourceBlobs.h), and the context has one manager at a time:
  // inputs that both may declare blobs are read one after the other, each
  // with its own; where only one may, its manager serves while both are
  // read (the other leaves it alone).
  bool sourceBlobs = mayDeclareResources(
      diagnosticsMgr.getMemoryBuffer(sourceID)->getBuffer());
  bool targetBlobs = mayDeclareResources(
      diagnosticsMgr.getMemoryBuffer(targetID)->getBuffer());
  bool bothBlobs = sourceBlobs && targetBlobs;
  std::optional<InputResourceBlobs> oneSideBlobs;
  if (sourceBlobs != targetBlobs)
    oneSideBlobs.emplace(context);
  {
    // Holds each input's diagnostics, and replays them when reset: the
    // source's, then the target's, whichever thread ran first.
    std::optional<ParallelDiagnosticHandler> ordered(std::in_place, &context);
    auto parseTarget = [&] {
      ordered->setOrderIDForThread(1);
      std::optional<InputResourceBlobs> ownBlobs;
      if (bothBlobs)
        ownBlobs.emplace(context); // read after the source, on this thread
      target = parseAdded(targetID, diagnosticsMgr, context, nullptr,
                          &targetNames, targetWrittenAt);
      ordered->eraseOrderIDForThread();
    };
    auto replay = [&] {
      for (auto &[loc, places] : targetWrittenAt)
        llvm::append_range((*writtenAt)[loc], places);
      ordered.reset();
    };
    // With the context's threading enabled and a second core to run it
    // (SecondThread.h), and not both inputs with blobs, the target is read on
    // a second thread (with as large a stack as runOnLargeStack's) while this
    // one reads the source: everything done per input (checks, names,
    // verifier) runs on its input's thread, into the one context. That
    // thread lives until the diagnostics are printed: when a parser has
    // corrupted the heap (MLIR 22 does on some malformed input,
    // docs/Testing.md "Containing faults"), glibc may abort as a thread exits
    // and its malloc cache is freed, and the input's errors must be out by
    // then.
    std::optional<llvm::thread> worker;
    std::promise<void> targetRead, printed;
    std::future<void> targetReadFuture = targetRead.get_future();
    std::future<void> printedFuture = printed.get_future();
    starting(0, /*secondThread=*/false);
    if (!bothBlobs && useSecondThread(context)) {
      starting(1, /*secondThread=*/true);
      worker.emplace(std::optional<unsigned>(kLargeStackBytes), [&] {
        parseTarget();
        targetRead.set_value();
        printedFuture.wait();
      });
    }
    ordered->setOrderIDForThread(0);
    {
      std::optional<InputResourceBlobs> ownBlobs;
      if (bothBlobs)
        ownBlobs.emplace(context);
      source = parseAdded(sourceID, diagnosticsMgr, context, nullptr,
                          &sourceNames, *writtenAt);
    }
    ordered->eraseOrderIDForThread();
    if (worker) {
      targetReadFuture.wait();
      replay();
      printed.set_value();
      worker->join();
    } else {
      starting(1, /*secondThread=*/false);
      parseTarget();
      replay();
    }
  }
  return success(source && target);
}

static std::unique_ptr<llvm::MemoryBuffer> openInput(StringRef filename) {
  std::string error;
  std::unique_ptr<llvm::MemoryBuffer> file = openInputFile(filename, &error);
  if (!file)
    llvm::errs() << "graph-diff-opt: " << error << "\n";
  return file;
}

OwningOpRef<ModuleOp> graphdiff::parseInputFile(StringRef filename,
                                                llvm::SourceMgr &diagnosticsMgr,
                                                MLIRContext &context,
                                                AsmParserState &parserState) {
  std::unique_ptr<llvm::MemoryBuffer> file = openInput(filename);
  if (!file)
    return nullptr;
  return parseInput(std::move(file), diagnosticsMgr, context, &parserState,
                    nullptr);
}

OwningOpRef<ModuleOp> graphdiff::parseInputFile(StringRef filename,
                                                llvm::SourceMgr &diagnosticsMgr,
                                                MLIRContext &context,
                                                SourceNames &names) {
  std::unique_ptr<llvm::MemoryBuffer> file = openInput(filename);
  if (!file)
    return nullptr;
  return parseInput(std::move(file), diagnosticsMgr, context, nullptr, &names);
}

OwningOpRef<ModuleOp>
graphdiff::parseInputBuffer(std::unique_ptr<llvm::MemoryBuffer> file,
                            llvm::SourceMgr &diagnosticsMgr,
                            MLIRContext &context, AsmParserState &parserState) {
  return parseInput(std::move(file), diagnosticsMgr, context, &parserState,
                    nullptr);
}

OwningOpRef<ModuleOp>
graphdiff::parseInputBuffer(std::unique_ptr<llvm::MemoryBuffer> file,
                            llvm::SourceMgr &diagnosticsMgr,
                            MLIRContext &context, SourceNames &names) {
  return parseInput(std::move(file), diagnosticsMgr, context, nullptr, &names);
}

LogicalResult graphdiff::checkStandardInputReadOnce(
    StringRef tool, llvm::ArrayRef<std::string> inputs,
    llvm::function_ref<std::string(size_t)> role) {
  std::optional<size_t> first;
  for (auto [index, input] : llvm::enumerate(inputs)) {
    if (input != "-")
      continue;
    if (first) {
      llvm::errs() << tool << ": " << role(*first) << " and " << role(index)
                   << " cannot both be standard input ('-'): it can be read "
                      "once\n";
      return failure();
    }
    first = index;
  }
  return success();
}
