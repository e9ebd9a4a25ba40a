//===- GraphDiffOptMain.cpp - The graph-diff-opt driver -------------------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Tools/GraphDiffOptMain.h"
#include "GraphDiff/Tools/ColorOption.h"

#include "GraphDiff/Tools/OutputFile.h"
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
#include "llvm/ADT/StringExtras.h"
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
                          "one self-contained web page"),
               clEnumValN(ReportFormat::ModelExplorer, "model-explorer",
                          "graph JSON and node mapping for Model Explorer")),
    cl::init(ReportFormat::MLIR));

static cl::opt<bool>
    noFold("no-fold",
           cl::desc("Text format: list identical changes one by one instead of "
                    "folding them into one entry with a count"),
           cl::init(false));

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

/// Checks that a `patch.add_graph`, `patch.remove_graph` or
/// `patch.change_graph` of a plan file says what the inputs show: a graph
/// only the target has, only the source has, or a declared function whose
/// changes are exactly those listed.
static LogicalResult checkGraphEntry(Operation &op, ModuleGraph *source,
                                     ModuleGraph *target) {
  if (isa<patch::AddGraphOp>(op) && (source || !target))
    return op.emitError() << "adds a graph that "
                          << (source ? "the source has too"
                                     : "the target does not have");
  if (isa<patch::RemoveGraphOp>(op) && (!source || target))
    return op.emitError() << "removes a graph that "
                          << (target ? "the target has too"
                                     : "the source does not have");
  auto change = dyn_cast<patch::ChangeGraphOp>(op);
  if (!change)
    return success();
  if (!source || !target)
    return op.emitError() << "changes a graph that the "
                          << (source ? "target" : "source") << " does not have";
  if (source->form != ModuleGraph::Declaration &&
      target->form != ModuleGraph::Declaration)
    return op.emitError("changes a graph that both inputs define: that takes "
                        "a 'patch.plan'");
  SmallVector<StringRef> actual = declarationChanges(*source, *target);
  SmallVector<StringRef> listed(
      change.getChanges().getAsValueRange<StringAttr>());
  if (actual != listed)
    return op.emitError() << "lists changes [" << llvm::join(listed, ", ")
                          << "] but the inputs differ in ["
                          << llvm::join(actual, ", ") << "]";
  return success();
}

/// Checks every plan of `planFile` against the graphs it names in `source`
/// and `target`, which are named as the differ names them. Every graph that
/// differs must be accounted for: by a plan, or by a `patch.add_graph`,
/// `patch.remove_graph` or `patch.change_graph` for a graph one side lacks or
/// only declares.
static int checkPlans(StringRef planFile, ModuleOp source, ModuleOp target,
                      const SourceNames *sourceNames,
                      const SourceNames *targetNames,
                      llvm::SourceMgr &sourceMgr, MLIRContext &context) {
  AsmParserState planState;
  OwningOpRef<ModuleOp> plans =
      parseInputFile(planFile, sourceMgr, context, planState);
  if (!plans)
    return ExitTrouble;
  FailureOr<std::vector<ModuleGraph>> sourceGraphs = collectGraphs(source);
  FailureOr<std::vector<ModuleGraph>> targetGraphs = collectGraphs(target);
  if (failed(sourceGraphs) || failed(targetGraphs))
    return ExitTrouble;
  auto byKey = [](std::vector<ModuleGraph> &graphs) {
    llvm::StringMap<ModuleGraph *> map;
    for (ModuleGraph &graph : graphs)
      map[graph.key] = &graph;
    return map;
  };
  llvm::StringMap<ModuleGraph *> sourceByKey = byKey(*sourceGraphs);
  llvm::StringMap<ModuleGraph *> targetByKey = byKey(*targetGraphs);

  // What the plan file accounts for, by graph.
  llvm::StringMap<Operation *> covered;
  unsigned checked = 0;
  for (Operation &op : plans->getBody()->getOperations()) {
    SymbolRefAttr graph;
    if (auto plan = dyn_cast<patch::PlanOp>(op)) {
      graph = plan.getSource();
      std::string sourceKey = graphKey(plan.getSource());
      std::string targetKey = graphKey(plan.getTarget());
      ModuleGraph *sourceGraph = sourceByKey.lookup(sourceKey);
      ModuleGraph *targetGraph = targetByKey.lookup(targetKey);
      if (!sourceGraph || !targetGraph) {
        plan.emitError() << "names graph @"
                         << (sourceGraph ? targetKey : sourceKey)
                         << ", which is not in the "
                         << (sourceGraph ? "target" : "source");
        return ExitTrouble;
      }
      FailureOr<std::unique_ptr<Graph>> sourceView =
          Graph::build(sourceGraph->op, sourceNames);
      FailureOr<std::unique_ptr<Graph>> targetView =
          Graph::build(targetGraph->op, targetNames);
      if (failed(sourceView) || failed(targetView) ||
          failed(verifyPlan(plan, **sourceView, **targetView)))
        return ExitTrouble;
      ++checked;
    } else if (isa<patch::AddGraphOp, patch::RemoveGraphOp,
                   patch::ChangeGraphOp>(op)) {
      graph = op.getAttrOfType<SymbolRefAttr>("graph");
      if (failed(checkGraphEntry(op, sourceByKey.lookup(graphKey(graph)),
                                 targetByKey.lookup(graphKey(graph)))))
        return ExitTrouble;
    } else {
      continue;
    }
    auto [it, fresh] = covered.try_emplace(graphKey(graph), &op);
    if (!fresh) {
      InFlightDiagnostic diag = op.emitError()
                                << "is a second entry for graph " << graph
                                << "; a plan file holds one per graph";
      diag.attachNote(it->second->getLoc()) << "the first one is here";
      return ExitTrouble;
    }
  }

  // Graphs that differ with nothing in the file to say how.
  SmallVector<std::string> missing;
  for (ModuleGraph &graph : *sourceGraphs) {
    if (covered.count(graph.key))
      continue;
    ModuleGraph *other = targetByKey.lookup(graph.key);
    bool same = false;
    if (other && graph.form == ModuleGraph::Body &&
        other->form == ModuleGraph::Body) {
      FailureOr<std::unique_ptr<Graph>> a = Graph::build(graph.op, sourceNames);
      FailureOr<std::unique_ptr<Graph>> b =
          Graph::build(other->op, targetNames);
      if (failed(a) || failed(b))
        return ExitTrouble;
      same = !findMismatch(**a, **b);
    } else if (other) {
      same = OperationEquivalence::isEquivalentTo(
          graph.op, other->op, OperationEquivalence::IgnoreLocations);
    }
    if (!same)
      missing.push_back("@" + graph.key +
                        (other ? " (it differs)" : " (only in the source)"));
  }
  for (ModuleGraph &graph : *targetGraphs)
    if (!covered.count(graph.key) && !sourceByKey.count(graph.key))
      missing.push_back("@" + graph.key + " (only in the target)");
  if (!missing.empty()) {
    llvm::errs() << planFile << ": error: the plan file says nothing about "
                 << missing.size()
                 << " graph(s) that differ: " << llvm::join(missing, ", ")
                 << "\n";
    return ExitTrouble;
  }
  llvm::errs() << "graph-diff-opt: " << checked << " plan(s) verified\n";
  return ExitSame;
}

/// Diffs `sourceFile` against `targetFile`.
static int runDiff(StringRef sourceFile, StringRef targetFile,
                   StringRef outputFilename, DialectRegistry &registry,
                   bool allowUnregisteredDialects) {
  MLIRContext context(registry);
  context.loadAllAvailableDialects();
  context.allowUnregisteredDialects(allowUnregisteredDialects);
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

  DiffOptions diffOptions;
  diffOptions.sourceFile = sourceFile.str();
  diffOptions.targetFile = targetFile.str();
  diffOptions.sourceNames = &sourceNames;
  diffOptions.targetNames = &targetNames;
  diffOptions.structure.ignoreLocations = ignoreLocations;
  diffOptions.structure.ignoreDiscardableAttrs = ignoreDiscardableAttrs;
  progress.phase("diffing");
  FailureOr<DiffResult> diff = diffModules(*source, *target, diffOptions);
  if (failed(diff))
    return ExitTrouble;
  DiffResult &report = *diff;
  if (verifyPlans)
    progress.phase("verifying " + llvm::Twine(report.pairs.size()) +
                   " plan(s)");
  if (verifyPlans)
    for (GraphPairDiff &pair : report.pairs)
      if (failed(verifyPlan(pair.plan, *pair.source, *pair.target)))
        return ExitTrouble;
  if (failed(verify(*report.plans)))
    return ExitTrouble;

  // Render through writeOutputFile: a regular file is replaced only once the
  // report is complete; a failure leaves neither a partial file nor a
  // clobbered one.
  RenderOptions renderOptions;
  renderOptions.fold = !noFold;
  renderOptions.color = shouldColor(outputFilename);
  progress.phase("writing " + outputFilename);
  if (failed(writeOutputFile(
          outputFilename, "graph-diff-opt", [&](llvm::raw_ostream &os) {
            if (succeeded(
                    renderReport(report, reportFormat, os, renderOptions)))
              return success();
            llvm::errs() << "graph-diff-opt: cannot render the report\n";
            return failure();
          })))
    return ExitTrouble;
  progress.phase("done");
  return report.isDifferent() ? ExitDifferent : ExitSame;
}

/// Everything but the process set-up: runs on a large stack.
static int runTool(int argc, char **argv) {
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
  registerColorOption();

  // A command-line mistake is trouble (2), never "the graphs differ" (1).
  if (!cl::ParseCommandLineOptions(
          argc, argv,
          "graph-diff-opt: diff two graphs (graph-diff-opt SRC TGT), or run "
          "passes like mlir-opt (graph-diff-opt INPUT)\n",
          &llvm::errs()))
    return ExitTrouble;

  if (inputs.size() > 2) {
    llvm::errs() << "graph-diff-opt: expected one input, or a source and a "
                    "target; got "
                 << inputs.size() << "\n";
    return ExitTrouble;
  }
  if (checkPlanFile.getNumOccurrences() && checkPlanFile.empty()) {
    llvm::errs() << "graph-diff-opt: --check-plan needs a file: "
                    "--check-plan=plan.mlir\n";
    return ExitTrouble;
  }
  if (checkPlanFile.getNumOccurrences() && inputs.size() != 2) {
    llvm::errs() << "graph-diff-opt: --check-plan needs a source and a "
                    "target\n";
    return ExitTrouble;
  }
  if (inputs.size() == 2 && inputs[0] == "-" && inputs[1] == "-") {
    llvm::errs() << "graph-diff-opt: the source and the target cannot both be "
                    "standard input ('-')\n";
    return ExitTrouble;
  }
  MlirOptMainConfig config = MlirOptMainConfig::createFromCLOptions();
  if (inputs.size() == 2)
    return runDiff(inputs[0], inputs[1], outputFilename, registry,
                   config.shouldAllowUnregisteredDialects());

  // One input: exactly mlir-opt.
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
    return succeeded(writeOutputFile("-", "graph-diff-opt",
                                     [&](llvm::raw_ostream &os) {
                                       os << "Available Dialects: ";
                                       llvm::interleaveComma(
                                           registry.getDialectNames(), os);
                                       os << "\n";
                                       return success();
                                     }))
               ? ExitSame
               : ExitTrouble;
  }
  std::string error;
  std::unique_ptr<llvm::MemoryBuffer> file =
      openInputFile(inputs.empty() ? "-" : inputs.front(), &error);
  if (!file) {
    llvm::errs() << "graph-diff-opt: " << error << "\n";
    return ExitTrouble;
  }
  {
    llvm::SourceMgr depthMgr;
    unsigned id = depthMgr.AddNewSourceBuffer(
        llvm::MemoryBuffer::getMemBuffer(file->getMemBufferRef()), SMLoc());
    if (failed(checkNestingDepth(depthMgr, id)))
      return ExitTrouble;
  }
  if (failed(writeOutputFile(
          outputFilename, "graph-diff-opt", [&](llvm::raw_ostream &os) {
            return MlirOptMain(os, std::move(file), registry, config);
          })))
    return ExitTrouble;
  return ExitSame;
}

int graphdiff::graphDiffOptMain(int argc, char **argv) {
  llvm::InitLLVM initLLVM(argc, argv);
  return runOnLargeStack([&] { return runTool(argc, argv); });
}
