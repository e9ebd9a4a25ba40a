//===- GraphDiffOptMain.cpp - The graph-diff-opt driver -------------------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Tools/GraphDiffOptMain.h"

#include "GraphDiff/Tools/ParseInput.h"

#include "GraphDiff/Dialect/LG/IR/LG.h"
#include "GraphDiff/Dialect/Patch/IR/Patch.h"
#include "GraphDiff/Dialect/Profile/IR/Profile.h"
#include "GraphDiff/Differ/DiffReport.h"
#include "GraphDiff/Graph/Graph.h"
#include "GraphDiff/Plan/ApplyPlan.h"
#include "GraphDiff/Plan/Isomorphism.h"
#include "GraphDiff/Renderers/Renderers.h"
#include "GraphDiff/Transforms/Passes.h"
#include "mlir/AsmParser/AsmParser.h"
#include "mlir/AsmParser/AsmParserState.h"
#include "mlir/Debug/Counter.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Support/Timing.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"

#include <chrono>

using namespace mlir;
using namespace graphdiff;
namespace cl = llvm::cl;

static cl::opt<bool> diffAfterChange(
    "graph-diff-after-change",
    cl::desc("Print to stderr the patch plan of every pass that changed the "
             "IR (the structural --mlir-print-ir-after-change)"),
    cl::init(false));

static cl::opt<ReportFormat> reportFormat(
    "format", cl::desc("How to print a diff"),
    cl::values(clEnumValN(ReportFormat::MLIR, "mlir", "the patch plans as IR"),
               clEnumValN(ReportFormat::Text, "text", "one line per action"),
               clEnumValN(ReportFormat::JSON, "json",
                          "versioned JSON (docs/Report-JSON.md)"),
               clEnumValN(ReportFormat::DOT, "dot", "a Graphviz picture"),
               clEnumValN(ReportFormat::HTML, "html",
                          "one self-contained web page")),
    cl::init(ReportFormat::MLIR));

static cl::opt<bool>
    noFold("no-fold",
           cl::desc("Text format: list identical changes one by one instead of "
                    "folding them into one entry with a count"),
           cl::init(false));

namespace llvm {
// Registers LLVM's own boolean `--color` (lib/Support/WithColor.cpp); exported
// by libLLVM but declared in no public header.
void initWithColorOptions();
} // namespace llvm

namespace {
enum class ColorChoice { Auto, Always, Never };
} // namespace

/// `--color=auto|always|never`. LLVM registers a boolean `--color` of its own
/// while parsing the command line; it is registered early here and replaced.
static cl::opt<ColorChoice> &getColorChoice() {
  static cl::opt<ColorChoice> *choice = [] {
    llvm::initWithColorOptions();
    if (cl::Option *llvmColor = cl::getRegisteredOptions().lookup("color"))
      llvmColor->removeArgument();
    return new cl::opt<ColorChoice>(
        "color", cl::desc("Colour the text format"),
        cl::values(clEnumValN(ColorChoice::Auto, "auto",
                              "when the output is a terminal (default)"),
                   clEnumValN(ColorChoice::Always, "always", "always"),
                   clEnumValN(ColorChoice::Never, "never", "never")),
        cl::init(ColorChoice::Auto));
  }();
  return *choice;
}

static cl::opt<bool> ignoreLocations(
    "ignore-locations",
    cl::desc("Structural matching leaves locations out of its hashes "
             "(default true; =false makes equal locations part of "
             "structure). The location matcher still pairs ops whose "
             "locations both inputs carry"),
    cl::init(true));

static cl::opt<bool> ignoreDiscardableAttrs(
    "ignore-discardable-attrs",
    cl::desc("Structural matching leaves discardable attributes (those not "
             "part of an op's definition) out of its hashes; a changed one "
             "still shows as an update"),
    cl::init(false));

static cl::opt<bool> forceProgress(
    "progress",
    cl::desc("Report each phase of a diff (parse, diff, verify, write) with "
             "its time on stderr; the default when stderr is a terminal"),
    cl::init(false));

namespace {
/// Progress of a diff on stderr: one line per phase, with how long the
/// previous one took, when stderr is a terminal or --progress asks for it.
class Progress {
public:
  Progress()
      : enabled(forceProgress || llvm::sys::Process::StandardErrIsDisplayed()),
        start(std::chrono::steady_clock::now()) {}
  void phase(const llvm::Twine &what) {
    if (!enabled)
      return;
    double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
            .count();
    llvm::errs() << llvm::format("graph-diff-opt: [%7.2fs] ", seconds) << what
                 << "\n";
  }

private:
  bool enabled;
  std::chrono::steady_clock::time_point start;
};
} // namespace

static cl::opt<bool> verifyPlans(
    "verify",
    cl::desc("Apply each plan to its source graph and check that the result "
             "is isomorphic to the target; exit 2 naming the first mismatch "
             "if it is not"),
    cl::init(false));

static cl::opt<std::string> checkPlanFile(
    "check-plan",
    cl::desc("Instead of diffing, check that the plans in this file (patch "
             "IR, e.g. written by hand or by another tool) turn the source "
             "into the target; exit 0 if they all do, 2 naming the first "
             "mismatch if not"),
    cl::value_desc("plan.mlir"), cl::init(""));

/// Checks every plan of `planFile` against the graphs it names in `source`
/// and `target`, which are named as the differ names them.
static int checkPlans(StringRef planFile, ModuleOp source, ModuleOp target,
                      const SourceNames *sourceNames,
                      const SourceNames *targetNames,
                      llvm::SourceMgr &sourceMgr, MLIRContext &context) {
  AsmParserState planState;
  OwningOpRef<ModuleOp> plans =
      parseInputFile(planFile, sourceMgr, context, planState);
  if (!plans)
    return ExitTrouble;
  unsigned checked = 0;
  for (auto plan : plans->getOps<patch::PlanOp>()) {
    Operation *sourceOp = SymbolTable::lookupSymbolIn(source, plan.getSource());
    Operation *targetOp = SymbolTable::lookupSymbolIn(target, plan.getTarget());
    if (!sourceOp || !targetOp) {
      plan.emitError() << "names graph @"
                       << (sourceOp ? plan.getTarget() : plan.getSource())
                       << ", which is not in the "
                       << (sourceOp ? "target" : "source");
      return ExitTrouble;
    }
    FailureOr<std::unique_ptr<Graph>> sourceGraph =
        Graph::build(sourceOp, sourceNames);
    FailureOr<std::unique_ptr<Graph>> targetGraph =
        Graph::build(targetOp, targetNames);
    if (failed(sourceGraph) || failed(targetGraph) ||
        failed(verifyPlan(plan, **sourceGraph, **targetGraph)))
      return ExitTrouble;
    ++checked;
  }
  llvm::errs() << "graph-diff-opt: " << checked << " plan(s) verified\n";
  return ExitSame;
}

/// Diffs `sourceFile` against `targetFile`.
static int runDiff(StringRef sourceFile, StringRef targetFile,
                   StringRef outputFilename, DialectRegistry &registry) {
  MLIRContext context(registry);
  context.loadAllAvailableDialects();
  // Diagnostics point at both inputs' lines; the generic dump adds nothing.
  context.printOpOnDiagnostic(false);
  llvm::SourceMgr sourceMgr;
  SourceMgrDiagnosticHandler diagnostics(sourceMgr, &context);

  Progress progress;
  AsmParserState sourceState, targetState;
  progress.phase("parsing " + sourceFile);
  OwningOpRef<ModuleOp> source =
      parseInputFile(sourceFile, sourceMgr, context, sourceState);
  if (!source)
    return ExitTrouble;
  progress.phase("parsing " + targetFile);
  OwningOpRef<ModuleOp> target =
      parseInputFile(targetFile, sourceMgr, context, targetState);
  if (!target)
    return ExitTrouble;
  SourceNames sourceNames(sourceState), targetNames(targetState);

  if (!checkPlanFile.empty())
    return checkPlans(checkPlanFile, *source, *target, &sourceNames,
                      &targetNames, sourceMgr, context);

  OwningOpRef<ModuleOp> plans = ModuleOp::create(UnknownLoc::get(&context));
  DiffReport report;
  report.sourceFile = sourceFile.str();
  report.targetFile = targetFile.str();
  report.plans = *plans;
  report.structure.ignoreLocations = ignoreLocations;
  report.structure.ignoreDiscardableAttrs = ignoreDiscardableAttrs;
  progress.phase("diffing");
  if (failed(diffModules(*source, *target, &sourceNames, &targetNames, report)))
    return ExitTrouble;
  if (verifyPlans)
    progress.phase("verifying " + llvm::Twine(report.pairs.size()) +
                   " plan(s)");
  if (verifyPlans)
    for (GraphPairDiff &pair : report.pairs)
      if (failed(verifyPlan(pair.plan, *pair.source, *pair.target)))
        return ExitTrouble;
  if (failed(verify(*plans)))
    return ExitTrouble;

  // Render to a temporary file beside the output, renamed over it only once
  // complete: a failure leaves neither a partial file nor a clobbered one.
  RenderOptions renderOptions;
  renderOptions.fold = !noFold;
  ColorChoice colorChoice = getColorChoice();
  renderOptions.color =
      colorChoice == ColorChoice::Always ||
      (colorChoice == ColorChoice::Auto && outputFilename == "-" &&
       llvm::sys::Process::StandardOutIsDisplayed());
  progress.phase("writing " + outputFilename);
  llvm::Error written = llvm::writeToOutput(
      outputFilename, [&](llvm::raw_ostream &os) -> llvm::Error {
        if (failed(renderReport(report, reportFormat, os, renderOptions)))
          return llvm::createStringError("cannot render the report");
        return llvm::Error::success();
      });
  if (written) {
    llvm::errs() << "graph-diff-opt: " << outputFilename << ": "
                 << llvm::toString(std::move(written)) << "\n";
    return ExitTrouble;
  }
  progress.phase("done");
  return report.isDifferent() ? ExitDifferent : ExitSame;
}

int graphdiff::graphDiffOptMain(int argc, char **argv) {
  llvm::InitLLVM initLLVM(argc, argv);

  DialectRegistry registry;
  registerGraphDiffDialects(registry);
  registerAllGraphDiffPasses();

  static cl::list<std::string> inputs(
      cl::Positional, cl::desc("<input file> | <source file> <target file>"));
  static cl::opt<std::string> outputFilename("o", cl::desc("Output filename"),
                                             cl::value_desc("filename"),
                                             cl::init("-"));

  MlirOptMainConfig::registerCLOptions(registry);
  registerAsmPrinterCLOptions();
  registerMLIRContextCLOptions();
  registerPassManagerCLOptions();
  registerDefaultTimingManagerCLOptions();
  tracing::DebugCounter::registerCLOptions();
  getColorChoice();

  cl::ParseCommandLineOptions(
      argc, argv,
      "graph-diff-opt: diff two graphs (graph-diff-opt SRC TGT), or run passes "
      "like mlir-opt (graph-diff-opt INPUT)\n");

  if (inputs.size() > 2) {
    llvm::errs() << "graph-diff-opt: expected one input, or a source and a "
                    "target; got "
                 << inputs.size() << "\n";
    return ExitTrouble;
  }
  if (inputs.size() < 2) {
    // One input: exactly mlir-opt.
    MlirOptMainConfig config = MlirOptMainConfig::createFromCLOptions();
    if (diffAfterChange) {
      // Keep the pipeline the command line asked for; add the instrument.
      MlirOptMainConfig pipeline = config;
      config.setPassPipelineSetupFn([pipeline](PassManager &pm) {
        if (failed(pipeline.setupPassPipeline(pm)))
          return failure();
        addDiffAfterChangeInstrumentation(pm, llvm::errs());
        return success();
      });
    }
    if (config.shouldShowDialects()) {
      llvm::outs() << "Available Dialects: ";
      llvm::interleaveComma(registry.getDialectNames(), llvm::outs());
      llvm::outs() << "\n";
      return ExitSame;
    }
    std::string error;
    std::unique_ptr<llvm::MemoryBuffer> file =
        openInputFile(inputs.empty() ? "-" : inputs.front(), &error);
    if (!file) {
      llvm::errs() << "graph-diff-opt: " << error << "\n";
      return ExitTrouble;
    }
    std::unique_ptr<llvm::ToolOutputFile> output =
        openOutputFile(outputFilename, &error);
    if (!output) {
      llvm::errs() << "graph-diff-opt: " << error << "\n";
      return ExitTrouble;
    }
    if (failed(MlirOptMain(output->os(), std::move(file), registry, config)))
      return ExitTrouble;
    output->keep();
    return ExitSame;
  }
  return runDiff(inputs[0], inputs[1], outputFilename, registry);
}
