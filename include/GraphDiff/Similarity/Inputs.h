//===- Inputs.h - The versions a similarity run compares --------*- C++ -*-===//
//
// Part of graph-diff.
//
// A run compares N versions of one kind: caliper functiondb files (each may
// hold several versions), caliper result files with a `requirements.txt`, or
// MLIR modules. Inputs come from the command line or a manifest; each is
// read once, all of them in parallel, and turned into the interned string
// sets its metrics compare.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_SIMILARITY_INPUTS_H
#define GRAPHDIFF_SIMILARITY_INPUTS_H

#include "GraphDiff/Similarity/SetSimilarity.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
class ThreadPoolInterface;
} // namespace llvm

namespace graphdiff {

/// What the inputs are; decides the metrics.
enum class InputKind { FunctionDB, Requirements, MLIR };
llvm::StringRef stringifyInputKind(InputKind kind);
std::optional<InputKind> parseInputKind(llvm::StringRef name);

/// The metrics of a kind, in caliper's output order, then ours:
///   functiondb:   module_sim, func_args_sim, func_sim, semver_sim
///   requirements: module_sim, module_version_sim, semver_sim
///   mlir:         structural_sim, semver_sim
std::vector<std::string> metricNames(InputKind kind);

/// One input as the user named it.
struct InputSpec {
  std::string path;
  /// The label the user gave, or "" for the default (the functiondb's
  /// version key, the result file's name without `.json`, the MLIR file's
  /// name without `.mlir`).
  std::string label;
  /// Where the user named it, for errors: "manifest.txt:3:1" (the path's
  /// line and column) or "".
  std::string origin;
};

/// Reads a manifest: one input per line, `path [label]`, separated by a tab
/// if the line has one (then the path may contain spaces), else by the first
/// space (then the label may); blank lines and lines starting with '#' are
/// skipped; relative paths are relative to the manifest's
/// folder. Fails with "file: error: ..." in `error` (an unreadable or empty
/// manifest); errors about an input it lists name its line and column.
mlir::LogicalResult readManifest(llvm::StringRef file,
                                 std::vector<InputSpec> &specs,
                                 std::string &error);

/// One version with the sets its set metrics compare, in metricNames order
/// (semver_sim and structural_sim have no set).
struct VersionSets {
  std::string label;
  std::string path;
  std::vector<IdSet> sets;
  /// xxh3 of the bytes of the file the version comes from: part of the
  /// run's identity (runFingerprint).
  uint64_t digest = 0;
};

/// Reads every functiondb or requirements input (in parallel on `pool`, or
/// here if null) and interns its strings. JSON whose top level has a
/// `requirements.txt` key is a caliper result, other JSON a functiondb;
/// every input must be of `kind` (if given) or else of the first input's
/// kind, which `kind` is set to. A functiondb file gives one
/// version per top-level key, in file order; a label from the manifest is
/// allowed only for a file with one version. Fails, with the first error in
/// input order ("file:line:col: error: ..."), on unreadable or malformed
/// input and on repeated labels.
mlir::LogicalResult
loadSetInputs(llvm::ArrayRef<InputSpec> specs, std::optional<InputKind> &kind,
              StringInterner &interner, llvm::ThreadPoolInterface *pool,
              std::vector<VersionSets> &versions, std::string &error);

/// Runs `body(i)` for every i in [0, n) on `pool` (here if null, in order),
/// each index exactly once. Results must go to per-index slots: the order in
/// which indices run is not fixed.
void parallelForIndex(llvm::ThreadPoolInterface *pool, size_t n,
                      llvm::function_ref<void(size_t)> body);

} // namespace graphdiff

#endif // GRAPHDIFF_SIMILARITY_INPUTS_H
