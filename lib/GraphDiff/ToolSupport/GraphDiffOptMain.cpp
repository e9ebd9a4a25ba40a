//===- GraphDiffOptMain.cpp - The graph-diff-opt driver -------------------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/ToolSupport/GraphDiffOptMain.h"
#include "GraphDiff/Support/Supervisor.h"
#include "GraphDiff/ToolSupport/ColorOption.h"
#include "GraphDiff/ToolSupport/CommandLine.h"
#include "GraphDiff/ToolSupport/GraphDiffOptConfig.h"

#include "GraphDiff/Importers/ParseInput.h"
#include "GraphDiff/ToolSupport/MlirOptMode.h"
#include "GraphDiff/ToolSupport/OutputFile.h"

#include "GraphDiff/Blame/Blame.h"
#include "GraphDiff/Blame/BlameRenderers.h"
#include "GraphDiff/Dialect/LG/IR/LG.h"
#include "GraphDiff/Dialect/Patch/IR/Patch.h"
#include "GraphDiff/Dialect/Profile/IR/Profile.h"
#include "GraphDiff/Differ/DiffResult.h"
#include "GraphDiff/Differ/ModuleGraphs.h"
#include "GraphDiff/Graph/AttributeEquivalence.h"
#include "GraphDiff/Graph/Graph.h"
#include "GraphDiff/Plan/ApplyPlan.h"
#include "GraphDiff/Plan/Isomorphism.h"
#include "GraphDiff/Renderers/Renderers.h"
#include "GraphDiff/Renderers/ReportText.h"
#include "GraphDiff/Transforms/Passes.h"
#include "mlir/AsmParser/AsmParser.h"
#include "mlir/Debug/Counter.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Support/Timing.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/ADT/SmallPtrSet.h"
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

namespace {
/// Progress of a diff on stderr: one line per phase, with how long the run
/// has taken so far. With --progress, every phase; otherwise, when stderr is
/// a terminal, only once the run has taken a second (the phases before are
/// then printed too), so that a quick diff prints nothing.
class Progress {
public:
  explicit Progress(bool always)
      : always(always),
        terminal(!always && llvm::sys::Process::StandardErrIsDisplayed()),
        start(std::chrono::steady_clock::now()) {}
  void phase(const llvm::Twine &what) {
    if (!always && !terminal)
      return;
    double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
            .count();
    std::string line;
    llvm::raw_string_ostream os(line);
    os << llvm::format("graph-diff-opt: [%7.2fs] ", seconds) << what << "\n";
    if (!always && seconds < 1.0) {
      pending.push_back(std::move(line));
      return;
    }
    for (const std::string &earlier : pending)
      llvm::errs() << earlier;
    pending.clear();
    always = true;
    llvm::errs() << line;
  }

private:
  bool always, terminal;
  std::chrono::steady_clock::time_point start;
  std::vector<std::string> pending;
};
} // namespace

/// Checks that a `patch.add_graph`, `patch.remove_graph` or
/// `patch.change_graph` of a plan file says what the inputs show: a graph
/// only the target has, only the source has (or that the other side has as
/// another kind of op), or a declared function whose changes are exactly
/// those listed.
static LogicalResult checkGraphEntry(Operation &op, ModuleGraph *source,
                                     ModuleGraph *target) {
  // Two graphs of one path but of two kinds (an `lg.graph` and a function)
  // never pair: the one is removed and the other added (DiffModules.cpp).
  bool paired =
      source && target && source->op->getName() == target->op->getName();
  if (isa<patch::AddGraphOp>(op) && (paired || !target))
    return op.emitError() << "adds a graph that "
                          << (source ? "the source has too"
                                     : "the target does not have");
  if (isa<patch::RemoveGraphOp>(op) && (!source || paired))
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
  patch::GraphChange actual = declarationChanges(*source, *target);
  patch::GraphChange listed = change.getChanges();
  if (actual != listed)
    return op.emitError() << "lists changes ["
                          << patch::stringifyGraphChange(listed)
                          << "] but the inputs differ in ["
                          << patch::stringifyGraphChange(actual) << "]";
  return success();
}

FailureOr<unsigned> graphdiff::checkPlanModule(
    ModuleOp plans, ModuleOp source, ModuleOp target,
    const SourceNames *sourceNames, const SourceNames *targetNames,
    llvm::function_ref<void(StringRef)> reportUnaccounted) {
  FailureOr<std::vector<ModuleGraph>> sourceGraphs = collectGraphs(source);
  FailureOr<std::vector<ModuleGraph>> targetGraphs = collectGraphs(target);
  if (failed(sourceGraphs) || failed(targetGraphs))
    return failure();
  auto byKey = [](std::vector<ModuleGraph> &graphs) {
    llvm::StringMap<ModuleGraph *> map;
    for (ModuleGraph &graph : graphs)
      map[graph.key] = &graph;
    return map;
  };
  llvm::StringMap<ModuleGraph *> sourceByKey = byKey(*sourceGraphs);
  llvm::StringMap<ModuleGraph *> targetByKey = byKey(*targetGraphs);

  // What the plan file accounts for, by graph of each side: a plan accounts
  // for its source graph and its target graph (another one, if the plan
  // renames it), an add_graph for a target graph, a remove_graph for a source
  // graph, a change_graph for the graph of its path on both sides.
  llvm::StringMap<Operation *> coveredSource, coveredTarget;
  auto claim = [&](llvm::StringMap<Operation *> &covered, SymbolRefAttr graph,
                   Operation &op) {
    auto [it, fresh] = covered.try_emplace(graphKey(graph), &op);
    if (fresh)
      return success();
    InFlightDiagnostic diag =
        op.emitError() << "is a second entry for "
                       << (&covered == &coveredTarget ? "the target's graph "
                                                      : "graph ")
                       << graph << "; a plan file holds one per graph";
    diag.attachNote(it->second->getLoc()) << "the first one is here";
    return failure();
  };
  unsigned checked = 0;
  for (Operation &op : plans.getBody()->getOperations()) {
    if (auto plan = dyn_cast<patch::PlanOp>(op)) {
      std::string sourceKey = graphKey(plan.getSource());
      std::string targetKey = graphKey(plan.getTarget());
      ModuleGraph *sourceGraph = sourceByKey.lookup(sourceKey);
      ModuleGraph *targetGraph = targetByKey.lookup(targetKey);
      if (!sourceGraph || !targetGraph) {
        plan.emitError() << "names graph @"
                         << (sourceGraph ? targetKey : sourceKey)
                         << ", which is not in the "
                         << (sourceGraph ? "target" : "source");
        return failure();
      }
      FailureOr<std::unique_ptr<Graph>> sourceView =
          Graph::build(sourceGraph->op, sourceNames);
      FailureOr<std::unique_ptr<Graph>> targetView =
          Graph::build(targetGraph->op, targetNames);
      if (failed(sourceView) || failed(targetView) ||
          failed(verifyPlan(plan, **sourceView, **targetView)))
        return failure();
      ++checked;
      if (failed(claim(coveredSource, plan.getSource(), op)) ||
          failed(claim(coveredTarget, plan.getTarget(), op)))
        return failure();
    } else if (isa<patch::AddGraphOp, patch::RemoveGraphOp,
                   patch::ChangeGraphOp>(op)) {
      auto graph = op.getAttrOfType<SymbolRefAttr>("graph");
      if (failed(checkGraphEntry(op, sourceByKey.lookup(graphKey(graph)),
                                 targetByKey.lookup(graphKey(graph)))))
        return failure();
      if ((!isa<patch::AddGraphOp>(op) &&
           failed(claim(coveredSource, graph, op))) ||
          (!isa<patch::RemoveGraphOp>(op) &&
           failed(claim(coveredTarget, graph, op))))
        return failure();
    }
  }

  // Graphs that differ with nothing in the file to say how. A graph with no
  // entry must be the same as the other side's graph of its path, and that
  // one must have no entry either.
  SmallVector<std::string> missing;
  for (ModuleGraph &graph : *sourceGraphs) {
    if (coveredSource.count(graph.key))
      continue;
    ModuleGraph *other = targetByKey.lookup(graph.key);
    if (other && coveredTarget.count(graph.key)) {
      missing.push_back("@" + graph.key + " (in the source; the target's @" +
                        graph.key + " has its own entry)");
      continue;
    }
    bool same = false;
    if (other && graph.form == ModuleGraph::Body &&
        other->form == ModuleGraph::Body) {
      FailureOr<std::unique_ptr<Graph>> a = Graph::build(graph.op, sourceNames);
      FailureOr<std::unique_ptr<Graph>> b =
          Graph::build(other->op, targetNames);
      if (failed(a) || failed(b))
        return failure();
      same = !findMismatch(**a, **b);
    } else if (other) {
      same = isSameOp(
          graph.op, other->op, [](Value a, Value b) { return a == b; },
          /*ignoreLocations=*/true);
    }
    if (!same)
      missing.push_back("@" + graph.key +
                        (other ? " (it differs)" : " (only in the source)"));
  }
  for (ModuleGraph &graph : *targetGraphs) {
    if (coveredTarget.count(graph.key))
      continue;
    if (!sourceByKey.count(graph.key))
      missing.push_back("@" + graph.key + " (only in the target)");
    else if (coveredSource.count(graph.key))
      missing.push_back("@" + graph.key + " (in the target; the source's @" +
                        graph.key + " has its own entry)");
  }
  if (!missing.empty()) {
    reportUnaccounted("the plan file says nothing about " +
                      std::to_string(missing.size()) +
                      " graph(s) that differ: " + llvm::join(missing, ", "));
    return failure();
  }
  return checked;
}

/// --check-plan: checks the plan file `planFile` against the inputs
/// (checkPlanModule) and says how many plans it verified.
static int checkPlans(StringRef planFile, ModuleOp source, ModuleOp target,
                      const SourceNames *sourceNames,
                      const SourceNames *targetNames,
                      llvm::SourceMgr &sourceMgr, MLIRContext &context) {
  SourceNames planNames;
  OwningOpRef<ModuleOp> plans =
      parseInputFile(planFile, sourceMgr, context, planNames);
  if (!plans)
    return ExitTrouble;
  FailureOr<unsigned> checked = checkPlanModule(
      *plans, source, target, sourceNames, targetNames, [&](StringRef error) {
        llvm::errs() << planFile << ": error: " << error << "\n";
      });
  if (failed(checked))
    return ExitTrouble;
  llvm::errs() << "graph-diff-opt: " << *checked << " plan(s) verified\n";
  return ExitSame;
}

/// Diffs the two inputs of `config`.
static int runDiff(const GraphDiffOptConfig &config, DialectRegistry &registry,
                   bool allowUnregisteredDialects) {
  StringRef sourceFile = config.inputs[0], targetFile = config.inputs[1];
  // On the heap: once the report is written, the tool exits without freeing
  // the context, the inputs or the diff (leakAtExit).
  auto ownedContext = std::make_unique<MLIRContext>(registry);
  MLIRContext &context = *ownedContext;
  context.loadAllAvailableDialects();
  context.allowUnregisteredDialects(allowUnregisteredDialects);
  // Diagnostics point at both inputs' lines; the generic dump adds nothing.
  context.printOpOnDiagnostic(false);
  llvm::SourceMgr sourceMgr;
  SourceMgrDiagnosticHandler diagnostics(sourceMgr, &context);

  Progress progress(config.progress);
  // A --label names the input in the report and in locations (git's
  // `a/model.mlir`, not the temporary file it wrote). The user's SSA names
  // (SourceNames) point into the input's buffer, which sourceMgr keeps.
  StringRef files[] = {sourceFile, targetFile};
  std::unique_ptr<llvm::MemoryBuffer> buffers[2];
  std::string errors[2];
  for (unsigned side : {0u, 1u}) {
    buffers[side] = openInputFile(files[side], &errors[side]);
    if (buffers[side] && config.labels.size() > side)
      buffers[side] = llvm::MemoryBuffer::getMemBufferCopy(
          buffers[side]->getBuffer(), config.labels[side]);
  }
  SourceNames sourceNames, targetNames;
  OwningOpRef<ModuleOp> source, target;
  if (!buffers[0] || !buffers[1]) {
    // An input that cannot be opened: the other one is still read, for its
    // errors, and each side reports in order, the source first.
    for (unsigned side : {0u, 1u}) {
      if (!buffers[side]) {
        llvm::errs() << "graph-diff-opt: " << errors[side] << "\n";
        continue;
      }
      progress.phase("parsing " + files[side]);
      (void)parseInputBuffer(std::move(buffers[side]), sourceMgr, context,
                             side ? targetNames : sourceNames);
    }
    return ExitTrouble;
  }
  // Both inputs at once where the context may use threads (not with
  // --mlir-disable-threading) and has a second core; the diagnostics are the
  // same either way.
  if (failed(parseInputPair(std::move(buffers[0]), std::move(buffers[1]),
                            sourceMgr, context, source, sourceNames, target,
                            targetNames, [&](unsigned side, bool secondThread) {
                              progress.phase(
                                  "parsing " + files[side] +
                                  (secondThread ? " on a second thread" : ""));
                            })))
    return ExitTrouble;

  if (!config.checkPlan.empty())
    return checkPlans(config.checkPlan, *source, *target, &sourceNames,
                      &targetNames, sourceMgr, context);

  DiffOptions diffOptions;
  diffOptions.sourceFile =
      config.labels.size() > 0 ? config.labels[0] : sourceFile.str();
  diffOptions.targetFile =
      config.labels.size() > 1 ? config.labels[1] : targetFile.str();
  diffOptions.sourceNames = &sourceNames;
  diffOptions.targetNames = &targetNames;
  diffOptions.structure.ignoreLocations = config.ignoreLocations;
  diffOptions.structure.ignoreDiscardableAttrs = config.ignoreDiscardableAttrs;
  // The stages' statistics are only there when the stages run.
  diffOptions.skipIdentical =
      config.skipIdentical && !isDebugTypeEnabled("graph-diff-stages");
  progress.phase("diffing");
  FailureOr<DiffResult> diff = diffModules(*source, *target, diffOptions);
  if (failed(diff))
    return ExitTrouble;
  auto ownedReport = std::make_unique<DiffResult>(std::move(*diff));
  DiffResult &report = *ownedReport;
  if (isDebugTypeEnabled("graph-diff-stages"))
    renderStageStats(report, llvm::errs());
  // The plans verifyPlan applied are verified already (applyPlan verifies
  // a plan before it applies it): the rest of the module is left.
  SmallVector<patch::PlanOp> verifiedPlans;
  if (config.verify) {
    progress.phase("verifying " + llvm::Twine(report.pairs.size()) +
                   " plan(s)");
    for (GraphPairDiff &pair : report.pairs) {
      if (failed(verifyPlan(pair.plan, *pair.source, *pair.target,
                            pair.sourceOfTarget())))
        return ExitTrouble;
      verifiedPlans.push_back(pair.plan);
    }
  }
  if (failed(verifyPlanModule(*report.plans, verifiedPlans)))
    return ExitTrouble;
  // Verified just now: the MLIR renderer prints without verifying again.
  RenderOptions render = config.render;
  render.plansVerified = true;

  // Render through writeOutputFile: a regular file is replaced only once the
  // report is complete; a failure leaves neither a partial file nor a
  // clobbered one.
  progress.phase("writing " + config.outputFilename);
  if (failed(writeOutputFile(
          config.outputFilename, "graph-diff-opt", [&](llvm::raw_ostream &os) {
            if (succeeded(config.stat ? renderStat(report, os, render)
                                      : renderReport(report, config.format, os,
                                                     render)))
              return success();
            llvm::errs() << "graph-diff-opt: cannot render the report\n";
            return failure();
          })))
    return ExitTrouble;
  progress.phase("done");
  int exitCode =
      isSelectionDifferent(report, config.render) ? ExitDifferent : ExitSame;
  leakAtExit(std::move(ownedReport));
  leakAtExit(std::move(source));
  leakAtExit(std::move(target));
  leakAtExit(std::move(ownedContext));
  return exitCode;
}

/// Everything but the process set-up: runs on a large stack.
static int runTool(int argc, char **argv) {
  // Before the tool registers its options (CommandLine.h).
  ToolCommandLine commandLine("graph-diff-opt");

  DialectRegistry registry;
  registerGraphDiffDialects(registry);
  registerAllGraphDiffPasses();

  GraphDiffOptConfig::registerCLOptions();
  MlirOptMainConfig::registerCLOptions(registry);
  registerAsmPrinterCLOptions();
  registerMLIRContextCLOptions();
  registerPassManagerCLOptions();
  registerDefaultTimingManagerCLOptions();
  tracing::DebugCounter::registerCLOptions();
  commandLine.tidyHelp({&getGraphDiffCategory()}, "mlir-opt options",
                       "With one input, graph-diff-opt is mlir-opt");

  // A command-line mistake is trouble (2), never "the graphs differ" (1).
  if (!cl::ParseCommandLineOptions(
          argc, argv,
          "graph-diff-opt: diff two graphs (graph-diff-opt SRC TGT), or run "
          "passes like mlir-opt (graph-diff-opt INPUT)\n",
          &llvm::errs()))
    return ExitTrouble;

  FailureOr<GraphDiffOptConfig> parsed =
      GraphDiffOptConfig::createFromCLOptions();
  if (failed(parsed))
    return ExitTrouble;
  const GraphDiffOptConfig &options = *parsed;
  MlirOptMainConfig config = MlirOptMainConfig::createFromCLOptions();
  if (options.inputs.size() == 2)
    return runDiff(options, registry, config.shouldAllowUnregisteredDialects());

  // One input: exactly mlir-opt.
  if (options.afterChange) {
    // Keep the pipeline the command line asked for; add the instrument.
    MlirOptMainConfig pipeline = config;
    ReportFormat format = *options.afterChange;
    config.setPassPipelineSetupFn([pipeline, format](PassManager &pm) {
      if (failed(pipeline.setupPassPipeline(pm)))
        return failure();
      addDiffAfterChangeInstrumentation(pm, llvm::errs(), format);
      return success();
    });
  }
  if (options.blame) {
    // Blame's instrument, and its pass after the pipeline.
    MlirOptMainConfig pipeline = config;
    std::string inputFile =
        options.inputs.empty() || options.inputs.front() == "-"
            ? "<stdin>"
            : options.inputs.front();
    std::string blameFile = *options.blame;
    blame::BlameFormat format = options.blameFormat;
    std::string outputFile = options.outputFilename;
    std::vector<std::string> queries = options.blameQueries;
    config.setPassPipelineSetupFn([=](PassManager &pm) {
      if (failed(pipeline.setupPassPipeline(pm)))
        return failure();
      blame::addBlame(
          pm, blame::createRecorder(inputFile, outputFile),
          [=](const blame::BlameResult &result) {
            // Queries first: one that matches nothing writes nothing.
            std::string text;
            llvm::raw_string_ostream os(text);
            for (const std::string &query : queries) {
              if (!text.empty())
                os << "\n";
              if (llvm::Error error =
                      blame::renderBlameQuery(result, query, os)) {
                llvm::errs()
                    << "graph-diff-opt: " << llvm::toString(std::move(error))
                    << "\n";
                return failure();
              }
            }
            if (queries.empty())
              blame::renderBlame(result, format, os);
            auto write = [&](llvm::raw_ostream &out) {
              out << text;
              return success();
            };
            if (blameFile.empty()) {
              (void)write(llvm::errs());
              llvm::errs().flush();
              return success();
            }
            return writeOutputFile(blameFile, "graph-diff-opt", write);
          });
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
  if (failed(
          runMlirOptMode("graph-diff-opt",
                         options.inputs.empty() ? "-" : options.inputs.front(),
                         options.outputFilename, registry, config)))
    return ExitTrouble;
  return ExitSame;
}

int graphdiff::graphDiffOptMain(int argc, char **argv) {
  // First: the tool runs in a child process (Support/Supervisor.h).
  superviseTool("graph-diff-opt");
  llvm::InitLLVM initLLVM(argc, argv);
  return runOnLargeStack([&] { return runTool(argc, argv); });
}
