//===- GraphDiffProfileConfig.h - graph-diff-profile's options --*- C++ -*-===//
//
// Part of graph-diff.
//
// graph-diff-profile's options, held as GraphDiffOptConfig holds
// graph-diff-opt's: the command-line options live in a ManagedStatic that
// registerCLOptions creates (loading the library registers nothing), and
// createFromCLOptions checks them and copies them into a plain value.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_TOOLSUPPORT_GRAPHDIFFPROFILECONFIG_H
#define GRAPHDIFF_TOOLSUPPORT_GRAPHDIFFPROFILECONFIG_H

#include "GraphDiff/Profile/Diff/ProfileDiff.h"
#include "mlir/Support/LLVM.h"

#include <string>
#include <vector>

namespace llvm::cl {
class OptionCategory;
} // namespace llvm::cl

namespace graphdiff {

enum class ProfileOutputFormat { Text, JSON, HTML, Scope, MLIR };

struct GraphDiffProfileConfig {
  /// The input files (one with --pipeline).
  std::vector<std::string> inputs;
  std::string outputFilename = "-";
  /// The display name of each profile compared (defaults filled in: left,
  /// right; left, in2, ..., right).
  std::vector<std::string> names;
  /// Thresholds, depth, hidden paths, --swap, --metric.
  ProfileDiffOptions diff;
  /// Inputs are MLIR models compared by their memory per scope.
  bool memory = false;
  /// With --memory and one model: the pipeline whose result it is compared
  /// with.
  std::string pipeline;
  ProfileOutputFormat format = ProfileOutputFormat::Text;

  /// Whether the format writes the inputs (scope, mlir) rather than a diff.
  bool writesInputs() const {
    return format == ProfileOutputFormat::Scope ||
           format == ProfileOutputFormat::MLIR;
  }

  /// Registers the options. Call once, before parsing the command line.
  static void registerCLOptions();
  /// The category of graph-diff-profile's own options in --help.
  static llvm::cl::OptionCategory &getCategory();

  /// tfprof_diff's command line, `file0 file1 [name0 [name1]]` with
  /// `--min_size`, `--max_depth`, `--swap_files`, `--hide_nodes P...`,
  /// `--extra_files F...` and `--extra_names N...`, rewritten into this
  /// tool's (docs/ProfileDiff.md, "tfprof_diff's command line"). Arguments
  /// in this tool's own spelling pass through. Call before parsing; the
  /// names it reads are taken by createFromCLOptions. On a mistake prints
  /// `graph-diff-profile: ...` and returns failure.
  static mlir::FailureOr<std::vector<std::string>>
  translateTfprofDiffArgs(llvm::ArrayRef<std::string> args);

  /// The configuration the parsed command line gives. On a mistake (a bad
  /// size, too few inputs for a diff, names that do not fit the inputs)
  /// prints `graph-diff-profile: ...` and returns failure.
  static mlir::FailureOr<GraphDiffProfileConfig> createFromCLOptions();
};

} // namespace graphdiff

#endif // GRAPHDIFF_TOOLSUPPORT_GRAPHDIFFPROFILECONFIG_H
