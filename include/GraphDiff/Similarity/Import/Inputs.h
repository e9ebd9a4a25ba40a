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

#ifndef GRAPHDIFF_SIMILARITY_IMPORT_INPUTS_H
#define GRAPHDIFF_SIMILARITY_IMPORT_INPUTS_H

#include "GraphDiff/Similarity/Import/StringSets.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/ArrayRef.h"
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
/// semver_sim compares the versions in the labels, so a run has it only when
/// every label holds a version (`versioned`; see hasVersionLabels).
std::vector<std::string> metricNames(InputKind kind, bool versioned = true);

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

/// Turns caliper's folders into the files they hold, in place, as caliper
/// reads them:
///   - `index.json` of a metrics repository (caliper-metrics'
///     `<manager>/<package>/<metric>/index.json`): the file its
///     `data.json-single.url` names if that file exists, else the files of
///     `data.json.urls` in their order (a `zip` entry is an error: zip is not
///     read);
///   - a folder holding `index.json`: that index; a folder holding
///     `functiondb/index.json` (a package of a metrics repository): that one;
///   - a caliper-analysis root holding `data/` (`.caliper`): its data folder;
///   - any other folder (a data folder): its result files, the names
///     `<...>-python-cp<N>.json`, in byte order of their names. Other files
///     are counted in `ignored`.
/// Fails with "path: error: ..." on an unreadable folder or index, and on a
/// label given to a folder that holds more than one file.
mlir::LogicalResult expandCaliperInputs(std::vector<InputSpec> &specs,
                                        std::vector<std::string> &ignored,
                                        std::string &error);

/// The files a run left out as caliper leaves them out (paths, input order).
struct SkippedInputs {
  /// caliper result files without `requirements.txt`: failed builds.
  std::vector<std::string> failedBuilds;
  /// Result files of a pre-release (isCaliperPreRelease).
  std::vector<std::string> preReleases;
  /// Files of a data folder that are not caliper result files.
  std::vector<std::string> ignored;
};

/// caliper-analysis's pre-release rule for a result file: the version in its
/// name (`pypi-tensorflow-<version>-python-cp<N>.json`) contains "rc", "a"
/// or "b". caliper searches the whole file name; the rest of a TensorFlow
/// result's name holds none of these, so the two agree there, and a package
/// name with an "a" (scikit-learn) does not drop every file. Files not named
/// like a caliper result are never pre-releases.
bool isCaliperPreRelease(llvm::StringRef path);

/// Reads every functiondb or requirements input (in parallel on `pool`, or
/// here if null) and interns its strings. JSON whose top level has a
/// `requirements.txt` key is a caliper result, other JSON a functiondb;
/// every input must be of `kind` (if given) or else of the first input's
/// kind, which `kind` is set to. A functiondb file gives one
/// version per top-level key, in file order; a label from the manifest is
/// allowed only for a file with one version. Fails, with the first error in
/// input order ("file:line:col: error: ..."), on unreadable or malformed
/// input, on repeated labels, and when no version is left.
///
/// As caliper-analysis does, a caliper result file (an object with `inputs`
/// and `tests`) without `requirements.txt` is a failed build and is skipped,
/// and with `dropPreReleases` a result file of a pre-release version
/// (isCaliperPreRelease) is dropped; both are listed in `skipped`.
mlir::LogicalResult
loadSetInputs(llvm::ArrayRef<InputSpec> specs, std::optional<InputKind> &kind,
              StringInterner &interner, llvm::ThreadPoolInterface *pool,
              std::vector<VersionSets> &versions, std::string &error,
              bool dropPreReleases = false, SkippedInputs *skipped = nullptr);

/// Runs `body(i)` for every i in [0, n) on `pool` (here if null, in order),
/// each index exactly once. Results must go to per-index slots: the order in
/// which indices run is not fixed.
void parallelForIndex(llvm::ThreadPoolInterface *pool, size_t n,
                      llvm::function_ref<void(size_t)> body);

} // namespace graphdiff

#endif // GRAPHDIFF_SIMILARITY_IMPORT_INPUTS_H
