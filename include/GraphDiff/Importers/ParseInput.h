//===- ParseInput.h - Read an input of a diff -------------------*- C++ -*-===//
//
// Part of graph-diff.
//
// How an MLIR input comes in, for the driver, the tools and the bindings
// alike: checked before parsing, parsed, named (the user's SSA names) and
// verified. Below the driver, which reads the inputs of a diff with it.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_IMPORTERS_PARSEINPUT_H
#define GRAPHDIFF_IMPORTERS_PARSEINPUT_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/BuryPointer.h"

#include <memory>
#include <optional>
#include <string>

namespace llvm {
class MemoryBuffer;
class SourceMgr;
} // namespace llvm

namespace mlir {
class AsmParserState;
} // namespace mlir

namespace graphdiff {
class SourceNames;

/// Parses `filename` into `context` and verifies it, recording the names the
/// file gives its values in `parserState`. The file's buffer goes into
/// `diagnosticsMgr`, so that diagnostics about any input, now or later, show
/// the offending line. Several inputs can share one context and one
/// `diagnosticsMgr`. Input nested deeper than kMaxNestingDepth is refused
/// before parsing (checkInputText). Its `dense_resource` blobs keep the keys
/// the file gives them, whatever else the context holds (they go into a blob
/// manager of their own, InputResourceBlobs in Graph/ResourceBlobs.h).
/// Returns null after reporting an error.
mlir::OwningOpRef<mlir::ModuleOp>
parseInputFile(llvm::StringRef filename, llvm::SourceMgr &diagnosticsMgr,
               mlir::MLIRContext &context, mlir::AsmParserState &parserState);

/// Likewise for an input already in memory; `buffer`'s identifier names it in
/// locations.
mlir::OwningOpRef<mlir::ModuleOp>
parseInputBuffer(std::unique_ptr<llvm::MemoryBuffer> buffer,
                 llvm::SourceMgr &diagnosticsMgr, mlir::MLIRContext &context,
                 mlir::AsmParserState &parserState);

/// Like the above, but gives only the names the input's text gives its ops'
/// results, in `names` (which points into the buffer `diagnosticsMgr`
/// keeps). They are read from the text at each op's location (readSourceNames)
/// without the parser's state, which costs about a quarter of the parse; the
/// parser records its state only for an input that writes its own locations
/// (`loc(...)`: its ops' locations do not say where they are written), or
/// whose result names the text scan cannot read for certain.
mlir::OwningOpRef<mlir::ModuleOp>
parseInputFile(llvm::StringRef filename, llvm::SourceMgr &diagnosticsMgr,
               mlir::MLIRContext &context, SourceNames &names);
mlir::OwningOpRef<mlir::ModuleOp>
parseInputBuffer(std::unique_ptr<llvm::MemoryBuffer> buffer,
                 llvm::SourceMgr &diagnosticsMgr, mlir::MLIRContext &context,
                 SourceNames &names);

/// Parses the two inputs of a diff, `sourceFile` and `targetFile`, into
/// `context`, as parseInputBuffer with SourceNames does: each is checked,
/// parsed, named and verified. With the context's threading enabled and a
/// second core (useSecondThread), the target is read on a second thread
/// while this one reads the source, unless both inputs may hold
/// `dense_resource` blobs (mayDeclareResources: each input's blobs go into a
/// blob manager of its own, and the context has one at a time); otherwise
/// (`--mlir-disable-threading`, one core), one after the other. Either way both
/// inputs are read, and their diagnostics are reported in the same order, once
/// both are read: the source's, then the target's. Calls `starting` with 0 for
/// the source, 1 for the target, on this thread, before each input is read, and
/// whether it is read on a second thread. Fails if either input does: its
/// module is then null.
mlir::LogicalResult parseInputPair(
    std::unique_ptr<llvm::MemoryBuffer> sourceFile,
    std::unique_ptr<llvm::MemoryBuffer> targetFile,
    llvm::SourceMgr &diagnosticsMgr, mlir::MLIRContext &context,
    mlir::OwningOpRef<mlir::ModuleOp> &source, SourceNames &sourceNames,
    mlir::OwningOpRef<mlir::ModuleOp> &target, SourceNames &targetNames,
    llvm::function_ref<void(unsigned side, bool secondThread)> starting);

/// Reads the result names of the ops under `root`, parsed from buffer
/// `bufferID` of `sourceMgr` by a parser that located each op at its name
/// (`file:line:col` of `arith.addf` or of `"arith.addf"`), from the text
/// before that name: `%a, %b:2 = arith.addf ...` names the op `a`, as the
/// parser's state would (SourceNames(const AsmParserState &)). Whitespace and
/// `//` comments may stand between the tokens. Returns nullopt if an op with
/// results is located elsewhere than at its name in that buffer, or if the
/// text before its name is not a result list of as many results as it has:
/// the caller then asks the parser's state.
std::optional<SourceNames> readSourceNames(mlir::Operation *root,
                                           llvm::SourceMgr &sourceMgr,
                                           unsigned bufferID);
/// The deepest nesting of brackets (`{`, `[`, `(`, `<`) that the tools read.
/// Parsing, verifying, diffing and printing IR all recurse once or more per
/// level of nested regions, so the default 8 MB stack overflows a few
/// thousand levels deep (docs/UserGuide.md). On the 1 GiB stack of
/// runOnLargeStack, this depth uses a small part of it, leaving room for
/// sanitizer builds, whose frames are larger.
constexpr unsigned kMaxNestingDepth = 10000;

/// Checks that buffer `bufferID` of `sourceMgr` (MLIR or JSON text) nests
/// brackets at most kMaxNestingDepth deep, not counting those in string
/// literals and `//` comments. Otherwise prints a located error
/// (`file:line:col: error: ...`, see checkInputText for `context`) at the
/// first bracket too deep and fails.
/// `writesLocations`, if given, is set to whether the text (outside string
/// literals and comments, up to where the check stopped) writes a location:
/// `loc(`, which also writes location aliases (`#loc = loc(...)`).
mlir::LogicalResult checkNestingDepth(llvm::SourceMgr &sourceMgr,
                                      unsigned bufferID,
                                      bool *writesLocations = nullptr,
                                      mlir::MLIRContext *context = nullptr);

/// Checks buffer `bufferID` of `sourceMgr` (MLIR text) for what MLIR 22's
/// parser reads only by crashing: the custom form of `linalg.broadcast`,
/// `linalg.reduce` (`dimensions = [...]`) and `linalg.transpose`
/// (`permutation = [...]`) with anything but a list of 64-bit integers after
/// the `=` (the op's parser stores a null attribute after its error); and a
/// resource blob in the file metadata (`{-# dialect_resources: ...` or
/// `external_resources`) whose first four bytes, its alignment, are 0 and
/// that holds data after them (the parser passes that alignment on to
/// `operator new`, which aborts; an empty blob, `"0x00000000"`, it reads).
/// Prints a located error at the first such list or blob and fails.
mlir::LogicalResult checkParserCrashes(llvm::SourceMgr &sourceMgr,
                                       unsigned bufferID,
                                       mlir::MLIRContext *context = nullptr);

/// What every tool checks in an input's text before parsing it:
/// checkNestingDepth, then checkParserCrashes. Each reports its error, with
/// `context` if given, through its diagnostic engine (at a `file:line:col`
/// location, as the parser's own errors, so that a library user's handler
/// sees it), else printed by `sourceMgr`.
mlir::LogicalResult checkInputText(llvm::SourceMgr &sourceMgr,
                                   unsigned bufferID,
                                   bool *writesLocations = nullptr,
                                   mlir::MLIRContext *context = nullptr);

/// Runs `parse`, which parses the input `filename` into `context`, and
/// returns what it returns, but failure if it reported an error on this
/// thread (MLIR 22's parser reports that it cannot lex an unknown external
/// resource section, skips it and succeeds). If it fails without having
/// reported an error, reports one at `filename`:1:1: some upstream parsers
/// return failure without a word (MLIR 22's custom form of
/// `tosa.reduce_max` on `%x { :`, in mlir-opt-22 too), and an input must
/// never fail silently.
mlir::LogicalResult
parseReportingFailure(mlir::MLIRContext &context, llvm::StringRef filename,
                      llvm::function_ref<mlir::LogicalResult()> parse);

/// Standard input can be read once, so `-` may name one input of a tool at
/// most. If two of `inputs` are `-`, prints "TOOL: FIRST and SECOND cannot
/// both be standard input ('-'): it can be read once", where `role(i)`
/// names input `i` ("the source", "input 2"), and fails: a usage error.
mlir::LogicalResult
checkStandardInputReadOnce(llvm::StringRef tool,
                           llvm::ArrayRef<std::string> inputs,
                           llvm::function_ref<std::string(size_t)> role);

/// Runs `body` on a thread whose stack is large enough for input nested
/// kMaxNestingDepth deep, and returns what it returns: every tool's main runs
/// there.
int runOnLargeStack(llvm::function_ref<int()> body);

/// Keeps `object` allocated until the process exits, reachable (so that leak
/// checkers stay quiet) but never freed: a tool that has written its output
/// calls this for the context, the inputs and the report instead of tearing
/// millions of ops down one by one, as LLVM's own tools skip freeing at exit
/// (llvm::BuryPointer). Only tools do this, never the library.
template <typename T> void leakAtExit(std::unique_ptr<T> object) {
  llvm::BuryPointer(std::move(object));
}
inline void leakAtExit(mlir::OwningOpRef<mlir::ModuleOp> module) {
  llvm::BuryPointer(module.release().getOperation());
}

} // namespace graphdiff

#endif // GRAPHDIFF_IMPORTERS_PARSEINPUT_H
