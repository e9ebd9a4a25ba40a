//===- APIDiffConfig.h - graph-diff-api's options ---------------*- C++ -*-===//
//
// Part of graph-diff.
//
// graph-diff-api's own options, held as GraphDiffOptConfig holds
// graph-diff-opt's: the command-line options live in a ManagedStatic that
// registerCLOptions creates (loading the library registers nothing), and
// createFromCLOptions checks them and copies them into a plain value. The
// mlir-opt options the tool takes with one input are mlir's own
// (MlirOptMainConfig).
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_TOOLSUPPORT_APIDIFFCONFIG_H
#define GRAPHDIFF_TOOLSUPPORT_APIDIFFCONFIG_H

#include "GraphDiff/API/Diff/APIGroups.h"
#include "GraphDiff/API/Import/APIImporters.h"
#include "GraphDiff/API/Render/APIRenderers.h"
#include "mlir/Support/LLVM.h"

#include <string>
#include <vector>

namespace llvm::cl {
class OptionCategory;
} // namespace llvm::cl

namespace graphdiff {

struct APIDiffConfig {
  /// An old and a new API, or one input (none: standard input).
  std::vector<std::string> inputs;
  std::string outputFilename = "-";
  /// What the inputs are, and for functiondb the version key (--version=KEY)
  /// and the package name of compspec's root node.
  APIInputFormat from = APIInputFormat::Auto;
  std::string version;
  std::string package;
  APIGroupBy groupBy = APIGroupBy::None;
  bool stopAtFirstBreak = false;
  APIReportFormat format = APIReportFormat::Text;
  /// --verify: apply the plan to the old API and check it gives the new one.
  bool verify = false;
  /// --suppress: the file of known changes, or "".
  std::string suppressFile;
  /// Whether the text format gets colours (--color=always, or auto on a
  /// terminal).
  bool color = false;
  /// With one input: print its API as api IR.
  bool emitAPI = false;
  /// compspec formats: the namespace names of the old and the new graph.
  std::string namespaceA = "A", namespaceB = "B";

  /// Registers the options, in getCategory(). Call once, before parsing the
  /// command line.
  static void registerCLOptions();
  /// The category of graph-diff-api's own options in --help.
  static llvm::cl::OptionCategory &getCategory();

  /// The configuration the parsed command line gives. On a mistake (more
  /// than two inputs) prints `graph-diff-api: ...` and returns failure.
  static mlir::FailureOr<APIDiffConfig> createFromCLOptions();
};

} // namespace graphdiff

#endif // GRAPHDIFF_TOOLSUPPORT_APIDIFFCONFIG_H
