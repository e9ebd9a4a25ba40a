//===- Renderers.cpp - Print a DiffResult in a chosen format --------------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Renderers/Renderers.h"

#include "GraphDiff/Differ/DiffResult.h"
#include "GraphDiff/Differ/ModuleGraphs.h"
#include "GraphDiff/Renderers/ReportText.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/StringSwitch.h"

using namespace mlir;
using namespace graphdiff;

std::optional<ReportFormat> graphdiff::parseReportFormat(StringRef name) {
  return llvm::StringSwitch<std::optional<ReportFormat>>(name)
      .Case("mlir", ReportFormat::MLIR)
      .Case("text", ReportFormat::Text)
      .Case("json", ReportFormat::JSON)
      .Case("dot", ReportFormat::DOT)
      .Case("html", ReportFormat::HTML)
      .Case("model-explorer", ReportFormat::ModelExplorer)
      .Case("markdown", ReportFormat::Markdown)
      .Default(std::nullopt);
}

StringRef graphdiff::stringifyReportFormat(ReportFormat format) {
  switch (format) {
  case ReportFormat::MLIR:
    return "mlir";
  case ReportFormat::Text:
    return "text";
  case ReportFormat::JSON:
    return "json";
  case ReportFormat::DOT:
    return "dot";
  case ReportFormat::HTML:
    return "html";
  case ReportFormat::ModelExplorer:
    return "model-explorer";
  case ReportFormat::Markdown:
    return "markdown";
  }
  llvm_unreachable("unknown report format");
}

/// The graph an op of the plans module other than a plan is about, as
/// --func matches it.
static std::optional<std::string> graphOf(Operation *op) {
  if (auto add = dyn_cast<patch::AddGraphOp>(op))
    return graphKey(add.getGraph());
  if (auto remove = dyn_cast<patch::RemoveGraphOp>(op))
    return graphKey(remove.getGraph());
  if (auto change = dyn_cast<patch::ChangeGraphOp>(op))
    return graphKey(change.getGraph());
  return std::nullopt;
}

LogicalResult graphdiff::renderMLIR(const DiffResult &report,
                                    llvm::raw_ostream &os,
                                    const RenderOptions &options) {
  ModuleOp plans = *report.plans;
  // The flags of the command line (--mlir-print-debuginfo, ...), and no
  // second verification of plans that the caller verified.
  OpPrintingFlags flags;
  if (options.plansVerified)
    flags.assumeVerified();
  if (options.functions.empty()) {
    plans->print(os, flags);
    os << "\n";
    return success();
  }
  // --func: the plans of the selected graphs, whole. Each graph's plan
  // stands alone, so the module still applies (and changes only those
  // graphs).
  OwningOpRef<ModuleOp> selected = ModuleOp::create(plans.getLoc());
  OpBuilder builder = OpBuilder::atBlockEnd(selected->getBody());
  for (Operation &op : *plans.getBody()) {
    bool selected;
    if (auto plan = dyn_cast<patch::PlanOp>(op)) {
      selected = selectsPlan(options, plan);
    } else {
      std::optional<std::string> graph = graphOf(&op);
      selected = !graph || selectsGraph(options, *graph);
    }
    if (selected)
      builder.clone(op);
  }
  // Copies of verified ops, in a module of their own, verify as they did.
  selected->print(os, flags);
  os << "\n";
  return success();
}

LogicalResult graphdiff::renderReport(const DiffResult &report,
                                      ReportFormat format,
                                      llvm::raw_ostream &os,
                                      const RenderOptions &options) {
  switch (format) {
  case ReportFormat::MLIR:
    return renderMLIR(report, os, options);
  case ReportFormat::Text:
    return renderText(report, os, options);
  case ReportFormat::JSON:
    return renderJSON(report, os, options);
  case ReportFormat::DOT:
    return renderDOT(report, os, options);
  case ReportFormat::HTML:
    return renderHTML(report, os, options);
  case ReportFormat::ModelExplorer:
    return renderModelExplorer(report, os, options);
  case ReportFormat::Markdown:
    return renderMarkdown(report, os, options);
  }
  llvm_unreachable("unknown report format");
}
