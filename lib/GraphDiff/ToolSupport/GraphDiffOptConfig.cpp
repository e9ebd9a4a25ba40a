//===- GraphDiffOptConfig.cpp - graph-diff-opt's options ------------------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/ToolSupport/GraphDiffOptConfig.h"

#include "GraphDiff/Importers/ParseInput.h"
#include "GraphDiff/Renderers/ReportText.h"
#include "GraphDiff/ToolSupport/ColorOption.h"
#include "GraphDiff/ToolSupport/OutputFile.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/ManagedStatic.h"

#include <memory>

using namespace mlir;
using namespace graphdiff;
namespace cl = llvm::cl;

cl::OptionCategory &graphdiff::getGraphDiffCategory() {
  static cl::OptionCategory category(
      "graph-diff options",
      "graph-diff-opt SRC TGT diffs two inputs; graph-diff-opt INPUT is "
      "mlir-opt (docs/UserGuide.md)");
  return category;
}

namespace {
/// The report formats, as --format and the passes' `format` option name them.
auto formatValues() {
  return cl::values(
      clEnumValN(ReportFormat::MLIR, "mlir", "the patch plans as IR"),
      clEnumValN(ReportFormat::Text, "text", "one line per change, folded"),
      clEnumValN(ReportFormat::JSON, "json",
                 "versioned JSON (docs/Report-JSON.md)"),
      clEnumValN(ReportFormat::DOT, "dot", "a Graphviz picture"),
      clEnumValN(ReportFormat::HTML, "html", "one self-contained web page"),
      clEnumValN(ReportFormat::Markdown, "markdown",
                 "a pull-request comment: summary table, folded changes in "
                 "collapsible sections"),
      clEnumValN(ReportFormat::ModelExplorer, "model-explorer",
                 "graph JSON and node mapping for Model Explorer"));
}

/// --only's description, listing the kinds checkSelection accepts.
StringRef onlyDescription() {
  static const std::string description =
      "Show only some actions (text, markdown, stat, json list only them; "
      "html, dot, model-explorer draw the other changes pale; mlir refuses "
      "it: a plan is never cut): these actions (" +
      llvm::join(actionKindNames(), ", ") + ")";
  return description;
}

/// The command-line options, created by registerCLOptions.
struct CLOptions {
  cl::OptionCategory &cat = getGraphDiffCategory();

  cl::list<std::string> inputs{
      cl::Positional, cl::desc("<input file> | <source file> <target file>"),
      cl::cat(cat)};
  OutputFileOption output{&cat};

  // Diff mode. Each is listed in diffOnly() below.
  cl::opt<ReportFormat> format{"format", cl::desc("How to print a diff"),
                               formatValues(), cl::init(ReportFormat::MLIR),
                               cl::cat(cat)};
  cl::opt<bool> stat{
      "stat",
      cl::desc("Print changed nodes per op kind and actions per kind (as git "
               "diff --stat) instead of the report"),
      cl::init(false), cl::cat(cat)};
  cl::list<std::string> only{"only", cl::desc(onlyDescription()),
                             cl::CommaSeparated, cl::value_desc("kind,..."),
                             cl::cat(cat)};
  cl::list<std::string> functions{
      "func",
      cl::desc("Show only the graphs whose name matches this glob "
               "(repeatable), in every format (mlir: their plans, whole); the "
               "exit code then says whether they differ"),
      cl::value_desc("glob"), cl::cat(cat)};
  cl::opt<bool> noFold{
      "no-fold",
      cl::desc("Text and markdown: list identical changes one by one instead "
               "of folding them into one entry with a count"),
      cl::init(false), cl::cat(cat)};
  cl::opt<unsigned> width{
      "width", cl::desc("Text: wrap lines at this many columns (0: never)"),
      cl::init(100), cl::cat(cat)};
  cl::opt<bool> verify{
      "verify",
      cl::desc("Apply each plan to its source graph and check that the "
               "result is isomorphic to the target; exit 2 naming the first "
               "mismatch if it is not"),
      cl::init(false), cl::cat(cat)};
  cl::opt<std::string> checkPlan{
      "check-plan",
      cl::desc("Instead of diffing, check that the plans in this file turn "
               "the source into the target; exit 0 if they all do, 2 naming "
               "the first mismatch if not"),
      cl::value_desc("plan.mlir"), cl::init(""), cl::cat(cat)};
  cl::opt<bool> progress{
      "progress",
      cl::desc("Report each phase of a diff (parse, diff, verify, write) with "
               "its time on stderr; without it, phases are reported on a "
               "terminal once a diff has run for a second"),
      cl::init(false), cl::cat(cat)};
  cl::opt<bool> ignoreLocations{
      "ignore-locations",
      cl::desc("Structural matching leaves locations out of its hashes "
               "(default true; =false makes equal locations part of "
               "structure)"),
      cl::init(true), cl::cat(cat)};
  cl::opt<bool> ignoreDiscardableAttrs{
      "ignore-discardable-attrs",
      cl::desc("Structural matching leaves discardable attributes out of its "
               "hashes; a changed one still shows as an update"),
      cl::init(false), cl::cat(cat)};
  cl::opt<bool> skipIdentical{
      "skip-identical",
      cl::desc("Diff a pair of graphs that are the same op for op without "
               "running the matcher (default true; =false runs the full "
               "path, for tests that compare the two)"),
      cl::init(true), cl::Hidden, cl::cat(cat)};
  cl::list<std::string> labels{
      "label",
      cl::desc("Name the source (first --label) and the target (second) so "
               "in the report and its locations, instead of by their file "
               "names (as diff -L)"),
      cl::value_desc("name"), cl::cat(cat)};

  // mlir-opt mode.
  cl::opt<ReportFormat> afterChange{
      "graph-diff-after-change",
      cl::desc(
          "Print to stderr, for every pass that changed the IR, its name "
          "and what changed (the structural --mlir-print-ir-after-change)"),
      cl::ValueOptional,
      cl::values(
          clEnumValN(ReportFormat::Text, "text",
                     "the folded text report (the default)"),
          clEnumValN(ReportFormat::JSON, "json",
                     "one JSON line per pass: {\"pass\", \"report\"}"),
          clEnumValN(ReportFormat::MLIR, "mlir", "the patch plans as IR"),
          clEnumValN(ReportFormat::Text, "", "")),
      cl::init(ReportFormat::Text),
      cl::cat(cat)};
  cl::opt<std::string> blame{
      "graph-diff-blame",
      cl::desc("Compose the diffs of every pass into one history per op and "
               "print, to this file (stderr without one), each op of the "
               "output with the pass that made or last changed it and the "
               "input ops it comes from, then what each pass did"),
      cl::ValueOptional,
      cl::value_desc("file"),
      cl::init(""),
      cl::cat(cat)};
  using BlameFormat = blame::BlameFormat;
  cl::opt<BlameFormat> blameFormat{
      "blame-format", cl::desc("How --graph-diff-blame prints"),
      cl::values(clEnumValN(BlameFormat::Text, "text",
                            "a listing of the output, as git blame"),
                 clEnumValN(BlameFormat::JSON, "json",
                            "the whole history (docs/UserGuide.md, Blame)"),
                 clEnumValN(BlameFormat::HTML, "html",
                            "a page: the passes on a timeline, the listing, "
                            "each op's history on a click")),
      cl::init(BlameFormat::Text), cl::cat(cat)};
  cl::list<std::string> blameQueries{
      "blame",
      cl::desc("Print the history of the ops this names instead of the "
               "listing: %5 or @id (an op of the output), FILE:LINE (the ops "
               "at that line of the output or of the input); repeatable"),
      cl::value_desc("op"), cl::cat(cat)};

  /// The options that only mean something to a diff.
  SmallVector<cl::Option *> diffOnly() {
    return {&format,
            &stat,
            std::addressof(only),
            std::addressof(functions),
            &noFold,
            &width,
            &verify,
            &checkPlan,
            &progress,
            &ignoreLocations,
            &ignoreDiscardableAttrs,
            &skipIdentical,
            std::addressof(labels)};
  }
};
} // namespace

static llvm::ManagedStatic<CLOptions> clOptions;

void GraphDiffOptConfig::registerCLOptions() {
  *clOptions;
  registerColorOption(&getGraphDiffCategory());
}

FailureOr<GraphDiffOptConfig> GraphDiffOptConfig::createFromCLOptions() {
  CLOptions &cl = *clOptions;
  auto fail = [](const llvm::Twine &message) {
    llvm::errs() << "graph-diff-opt: " << message << "\n";
    return failure();
  };
  GraphDiffOptConfig config;
  config.inputs.assign(cl.inputs.begin(), cl.inputs.end());
  config.outputFilename = cl.output;
  if (config.inputs.size() > 2)
    return fail("expected one input, or a source and a target; got " +
                llvm::Twine(config.inputs.size()));
  if (config.inputs.size() < 2) {
    for (cl::Option *option : cl.diffOnly())
      if (option->getNumOccurrences())
        return fail("--" + option->ArgStr +
                    " applies to a diff (graph-diff-opt SRC TGT), not to one "
                    "input");
    if (colorOptionGiven())
      return fail("--color applies to a diff (graph-diff-opt SRC TGT), not to "
                  "one input");
  } else {
    for (cl::Option *option :
         {static_cast<cl::Option *>(&cl.afterChange),
          static_cast<cl::Option *>(&cl.blame),
          static_cast<cl::Option *>(&cl.blameFormat),
          static_cast<cl::Option *>(std::addressof(cl.blameQueries))})
      if (option->getNumOccurrences())
        return fail("--" + option->ArgStr +
                    " applies to one input run through passes, not to a "
                    "diff");
  }
  if (cl.checkPlan.getNumOccurrences() && cl.checkPlan.empty())
    return fail("--check-plan needs a file: --check-plan=plan.mlir");
  std::vector<std::string> read = config.inputs;
  if (config.inputs.size() == 2)
    read.push_back(cl.checkPlan);
  if (failed(checkStandardInputReadOnce("graph-diff-opt", read, [](size_t i) {
        return std::string(i == 0   ? "the source"
                           : i == 1 ? "the target"
                                    : "the plan (--check-plan)");
      })))
    return failure();
  if (cl.stat && cl.format.getNumOccurrences())
    return fail("--stat prints its own report; it takes no --format");
  if (cl.labels.size() > 2)
    return fail("--label names the source and the target: at most two");

  config.format = cl.format;
  config.stat = cl.stat;
  config.verify = cl.verify;
  config.checkPlan = cl.checkPlan;
  config.progress = cl.progress;
  config.ignoreLocations = cl.ignoreLocations;
  config.ignoreDiscardableAttrs = cl.ignoreDiscardableAttrs;
  config.skipIdentical = cl.skipIdentical;
  config.labels.assign(cl.labels.begin(), cl.labels.end());
  config.render.fold = !cl.noFold;
  config.render.width = cl.width;
  config.render.color = shouldColor(config.outputFilename);
  config.render.onlyKinds.assign(cl.only.begin(), cl.only.end());
  config.render.functions.assign(cl.functions.begin(), cl.functions.end());
  if (llvm::Error error = checkSelection(config.render))
    return fail(llvm::toString(std::move(error)));
  // --check-plan writes no report and diffs nothing.
  if (cl.checkPlan.getNumOccurrences()) {
    SmallVector<cl::Option *> report = {&cl.format,
                                        &cl.stat,
                                        std::addressof(cl.only),
                                        std::addressof(cl.functions),
                                        &cl.noFold,
                                        &cl.width,
                                        &cl.verify,
                                        &cl.ignoreLocations,
                                        &cl.ignoreDiscardableAttrs};
    for (cl::Option *option : report)
      if (option->getNumOccurrences())
        return fail("--" + option->ArgStr +
                    " does not apply to --check-plan, which checks a plan "
                    "file and writes no report");
    if (colorOptionGiven())
      return fail("--color does not apply to --check-plan, which checks a "
                  "plan file and writes no report");
  }
  // An option that does not apply to the report asked for is an error,
  // never ignored.
  std::string report =
      cl.stat ? std::string("--stat")
              : "--format=" + stringifyReportFormat(cl.format).str();
  bool text = !cl.stat && cl.format == ReportFormat::Text;
  bool markdown = !cl.stat && cl.format == ReportFormat::Markdown;
  if (!cl.only.empty() && !cl.stat && cl.format == ReportFormat::MLIR)
    return fail(
        "--only does not apply to --format=mlir" +
        llvm::Twine(cl.format.getNumOccurrences() ? "" : " (the default)") +
        ": a plan is never cut, it must stay applicable; --only "
        "applies to --format=text, markdown, json, html, dot, "
        "model-explorer and --stat");
  if (cl.noFold.getNumOccurrences() && !text && !markdown)
    return fail("--no-fold does not apply to " + report +
                "; it applies to --format=text and --format=markdown");
  if (cl.width.getNumOccurrences() && !text)
    return fail("--width does not apply to " + report +
                "; it applies to --format=text");
  if (colorOptionGiven() && !text && config.inputs.size() == 2)
    return fail("--color does not apply to " + report +
                "; it applies to --format=text");
  if (cl.afterChange.getNumOccurrences())
    config.afterChange = cl.afterChange.getValue();
  if (cl.blame.getNumOccurrences() || cl.blameFormat.getNumOccurrences() ||
      !cl.blameQueries.empty())
    config.blame = cl.blame.getValue();
  config.blameFormat = cl.blameFormat;
  config.blameQueries.assign(cl.blameQueries.begin(), cl.blameQueries.end());
  if (config.blameFormat == blame::BlameFormat::JSON &&
      !config.blameQueries.empty())
    return fail("--blame prints the history of an op as text; the JSON "
                "document (--blame-format=json) holds every op's");
  if (config.blameFormat == blame::BlameFormat::HTML &&
      !config.blameQueries.empty())
    return fail("--blame prints the history of an op as text; the HTML "
                "page (--blame-format=html) shows every op's");
  return config;
}
