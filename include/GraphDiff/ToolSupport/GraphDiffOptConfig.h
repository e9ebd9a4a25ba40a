//===- GraphDiffOptConfig.h - graph-diff-opt's options ----------*- C++ -*-===//
//
// Part of graph-diff.
//
// graph-diff-opt's own options, as mlir::MlirOptMainConfig holds mlir-opt's:
// the command-line options live in a ManagedStatic that registerCLOptions
// creates (so loading the library registers nothing), and
// createFromCLOptions copies what the command line said into a plain value
// that the rest of the driver reads.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_TOOLSUPPORT_GRAPHDIFFOPTCONFIG_H
#define GRAPHDIFF_TOOLSUPPORT_GRAPHDIFFOPTCONFIG_H

#include "GraphDiff/Blame/BlameRenderers.h"
#include "GraphDiff/Renderers/Renderers.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <optional>
#include <string>
#include <vector>

namespace llvm::cl {
class Option;
class OptionCategory;
} // namespace llvm::cl

namespace graphdiff {

/// The "graph-diff" category of `--help`, shown first.
llvm::cl::OptionCategory &getGraphDiffCategory();

struct GraphDiffOptConfig {
  /// Inputs: none or one (mlir-opt mode), or a source and a target.
  std::vector<std::string> inputs;
  std::string outputFilename = "-";

  // Diff mode.
  ReportFormat format = ReportFormat::MLIR;
  /// `--stat`: changes per op kind instead of the report.
  bool stat = false;
  /// Text, markdown and stat: colours, folding, selection (--only, --func).
  RenderOptions render;
  bool verify = false;
  std::string checkPlan;
  bool progress = false;
  bool ignoreLocations = true;
  bool ignoreDiscardableAttrs = false;
  /// `--skip-identical` (hidden): identical graph pairs skip the matcher.
  bool skipIdentical = true;
  /// `--label`: how the report names the source and the target instead of
  /// their file names (as diff -L).
  std::vector<std::string> labels;

  // mlir-opt mode.
  /// `--graph-diff-after-change[=text|json|mlir]`.
  std::optional<ReportFormat> afterChange;
  /// `--graph-diff-blame[=FILE]`: where the blame goes ("" for stderr), if
  /// asked for (also by --blame-format).
  std::optional<std::string> blame;
  /// `--blame-format=text|json|html`.
  blame::BlameFormat blameFormat = blame::BlameFormat::Text;
  /// `--blame=QUERY` (repeatable): the ops whose history to print instead
  /// of the listing.
  std::vector<std::string> blameQueries;

  /// Registers the options, in getGraphDiffCategory(). Call once, before
  /// parsing the command line.
  static void registerCLOptions();

  /// The configuration the parsed command line gives. Checks the options
  /// against each other and against the number of inputs (diff-only options
  /// with one input, --stat with --format, a bad glob); on a mistake prints
  /// `graph-diff-opt: ...` and returns failure.
  static mlir::FailureOr<GraphDiffOptConfig> createFromCLOptions();
};

} // namespace graphdiff

#endif // GRAPHDIFF_TOOLSUPPORT_GRAPHDIFFOPTCONFIG_H
