//===- Renderers.h - Print a DiffResult for people and programs -*- C++ -*-===//
//
// Part of graph-diff.
//
// Renderers read a DiffResult and write it in one format: the `patch` IR
// (what FileCheck pins), readable text, versioned JSON, Graphviz DOT, or one
// self-contained HTML page. They never change the report, and the differ never
// prints: everything a user sees of a diff goes through renderReport.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_RENDERERS_RENDERERS_H
#define GRAPHDIFF_RENDERERS_RENDERERS_H

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <string>
#include <vector>

namespace graphdiff {

/// The engine's result (DiffResult.h), which renderers read.
struct DiffResult;

/// The output formats of `graph-diff-opt SRC TGT --format=...`.
enum class ReportFormat {
  MLIR,
  Text,
  JSON,
  DOT,
  HTML,
  /// A pull-request comment: a summary table and the folded changes in
  /// collapsible sections (MarkdownRenderer.cpp).
  Markdown,
  /// Model Explorer's graph JSON with its sync-navigation data
  /// (ModelExplorerRenderer.cpp).
  ModelExplorer,
};

/// Parses "mlir", "text", "json", "dot", "html", "markdown" or
/// "model-explorer".
std::optional<ReportFormat> parseReportFormat(llvm::StringRef name);
llvm::StringRef stringifyReportFormat(ReportFormat format);

/// How to render; the defaults are what the tool uses.
struct RenderOptions {
  /// Text: colour actions with ANSI escapes (the caller decides whether the
  /// output is a terminal).
  bool color = false;
  /// Text: fold identical changes repeated across a graph into one entry with
  /// a count.
  bool fold = true;
  /// DOT and HTML: on a graph with more source nodes than this, collapse the
  /// unchanged nodes that are not next to a change into groups.
  unsigned collapseAbove = 60;
  /// Only actions of these kinds (patch op names such as "delete",
  /// "add_output", or "fuse"); all when empty. Text, markdown, stat and JSON
  /// list only those; HTML, DOT and Model Explorer draw the nodes of the
  /// other changes dimmed. Not for the `patch` IR (a plan is never cut).
  std::vector<std::string> onlyKinds;
  /// Only graphs whose name (`f`, `outer::@f`) matches one of these globs
  /// (llvm::GlobPattern); all when empty. Every format.
  std::vector<std::string> functions;
  /// Text: wrap lines longer than this many columns (0: never; the tools
  /// and passes wrap at 100).
  unsigned width = 0;
  /// HTML: leave unchanged check chains (a `cf.assert` and the nodes that
  /// only feed checks) out of the picture.
  bool hideUnchangedChecks = false;
  /// MLIR: the caller has verified `report.plans` (mlir::verify) and not
  /// changed them since, so the printer need not verify them again before it
  /// prints (PlanOp::verifyRegions and every action's verifier, a second
  /// time; docs/Performance.md gives its cost). Left false, the printer
  /// verifies, and prints a plan that fails in the generic form.
  bool plansVerified = false;
};

/// Writes `report` to `os` in `format`. Fails, having reported an error on
/// stderr, only if the report cannot be rendered.
mlir::LogicalResult renderReport(const DiffResult &report, ReportFormat format,
                                 llvm::raw_ostream &os,
                                 const RenderOptions &options = {});

/// The renderers, one per format.
/// With `options.functions`, the plans of the selected graphs only (each
/// graph's plan stands alone); `options.onlyKinds` does not apply: a plan
/// is never cut.
mlir::LogicalResult renderMLIR(const DiffResult &report, llvm::raw_ostream &os,
                               const RenderOptions &options = {});
mlir::LogicalResult renderText(const DiffResult &report, llvm::raw_ostream &os,
                               const RenderOptions &options);
mlir::LogicalResult renderJSON(const DiffResult &report, llvm::raw_ostream &os,
                               const RenderOptions &options);
mlir::LogicalResult renderDOT(const DiffResult &report, llvm::raw_ostream &os,
                              const RenderOptions &options);
mlir::LogicalResult renderHTML(const DiffResult &report, llvm::raw_ostream &os,
                               const RenderOptions &options);
mlir::LogicalResult renderModelExplorer(const DiffResult &report,
                                        llvm::raw_ostream &os,
                                        const RenderOptions &options);
mlir::LogicalResult renderMarkdown(const DiffResult &report,
                                   llvm::raw_ostream &os,
                                   const RenderOptions &options);
/// `--stat`: changed nodes per op kind and actions per kind, as `git diff
/// --stat` counts lines per file (StatRenderer.cpp).
mlir::LogicalResult renderStat(const DiffResult &report, llvm::raw_ostream &os,
                               const RenderOptions &options);

/// What each stage of the matcher did, per pair of graphs: a table of the
/// pairs it made and undid, the regions it set, the nodes it marked
/// ambiguous and the nodes it left free on each side
/// (StageStatsRenderer.cpp). `--debug-only=graph-diff-stages` and
/// `graph-diff-match-stats --stages` print it.
void renderStageStats(const DiffResult &report, llvm::raw_ostream &os);

} // namespace graphdiff

#endif // GRAPHDIFF_RENDERERS_RENDERERS_H
