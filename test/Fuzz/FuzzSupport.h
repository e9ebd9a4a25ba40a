//===- FuzzSupport.h - What the libFuzzer targets share ---------*- C++ -*-===//
//
// Part of graph-diff.
//
// Each fuzz target reads one blob, splits it into files, runs a path of the
// tools on them in a fresh context and checks properties beyond "no crash"
// (docs/Testing.md). A violated property prints what was expected, every
// diagnostic so far and the input's parts, then aborts, which libFuzzer
// reports as a crash and saves the input for.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_TEST_FUZZ_FUZZSUPPORT_H
#define GRAPHDIFF_TEST_FUZZ_FUZZSUPPORT_H

#include "GraphDiff/Differ/DiffResult.h"
#include "mlir/AsmParser/AsmParserState.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/SourceMgr.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace graphdiff::fuzz {

/// The separator between the files of one blob: mlir's split-input-file
/// marker on a line of its own.
inline constexpr llvm::StringLiteral kSeparator = "\n// -----\n";

/// `data` split on kSeparator.
llvm::SmallVector<llvm::StringRef> splitInputs(llvm::StringRef data);

/// One run of a target: a fresh, single-threaded context that knows every
/// dialect graph-diff-opt registers, whose diagnostics are recorded instead
/// of printed (set GRAPH_DIFF_FUZZ_VERBOSE=1 to print them as they come).
class Session {
public:
  Session();
  ~Session();

  mlir::MLIRContext &getContext() { return context; }

  /// Parses and verifies `text` as the file `name`, as graph-diff-opt reads an
  /// input (parseInputBuffer). Null after an error.
  mlir::OwningOpRef<mlir::ModuleOp> parse(llvm::StringRef text,
                                          llvm::StringRef name,
                                          mlir::AsmParserState &state);

  /// How many errors were reported so far.
  unsigned errorCount() const { return errors; }

  /// `what` failed: there must be at least one error, and every error must
  /// be located (file:line:col), or the run fails.
  void expectLocatedErrors(llvm::StringRef what);
  /// `what` succeeded: there must be no error so far.
  void expectNoErrors(llvm::StringRef what);
  /// Whether the property `name` is checked: not if the comma-separated list
  /// GRAPH_DIFF_FUZZ_SKIP names it, as fuzz.sh has it do for the properties
  /// of known, open findings (test/Fuzz/open/skip).
  static bool checks(llvm::StringRef name);
  /// Prints `why`, the diagnostics and the inputs, then aborts.
  [[noreturn]] void fail(const llvm::Twine &why);

  /// Records an input part, printed when the run fails.
  void addInput(llvm::StringRef name, llvm::StringRef text);

private:
  struct Recorded {
    std::string text;
    bool isError;
    bool located;
  };
  mlir::MLIRContext context;
  llvm::SourceMgr sourceMgr;
  std::vector<Recorded> diagnostics;
  std::vector<std::pair<std::string, std::string>> inputs;
  unsigned errors = 0;
  mlir::DiagnosticEngine::HandlerID handler;
};

/// Renders `report` in every format; the MLIR one is returned in `mlir`.
/// Fails the session if a renderer fails or the JSON does not parse.
void renderAll(Session &session, const DiffResult &report, std::string &mlir);

/// Diffs `source` against `target` as graph-diff-opt does and checks the
/// properties of a diff (docs/Testing.md): the diff succeeds or refuses with
/// located errors only; every plan verifies; the plans module verifies; the
/// printed plans read back and pass --check-plan (checkPlanModule: every plan
/// verifies, every graph that differs is accounted for); every renderer
/// succeeds; if the diff says "the same" (exit 0),
/// both inputs hold the same ops (names, attributes, types, region shapes)
/// in the same numbers. Returns whether the graphs differ (exit
/// code 1 rather than 0), or nullopt if the differ refused the input.
std::optional<bool> checkDiff(Session &session, mlir::ModuleOp source,
                              mlir::ModuleOp target,
                              const SourceNames *sourceNames,
                              const SourceNames *targetNames);

/// Checks every `patch.plan` of `plans` against the graphs it names, as
/// --check-plan does (without asking, as checkPlanModule does, that every
/// graph that differs have an entry); stops at the first that does not
/// verify, having reported why.
mlir::LogicalResult checkPlans(mlir::ModuleOp plans, mlir::ModuleOp source,
                               mlir::ModuleOp target,
                               const SourceNames *sourceNames,
                               const SourceNames *targetNames);

/// The mutator of the MLIR targets (LLVMFuzzerCustomMutator): half the time
/// libFuzzer's own byte-level mutation (with the dictionary); otherwise one
/// edit that keeps the text closer to valid IR, so that more mutants reach
/// the differ: a line duplicated, deleted, or swapped with another; a line
/// copied from another part of the blob; a `%value` or `@symbol` replaced by
/// another one of the input; a `%value` use repeated (`(%a)` -> `(%a, %a)`).
size_t mutateIR(uint8_t *data, size_t size, size_t maxSize, unsigned seed);

} // namespace graphdiff::fuzz

#endif // GRAPHDIFF_TEST_FUZZ_FUZZSUPPORT_H
