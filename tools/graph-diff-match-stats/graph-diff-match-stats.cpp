//===- MatchStats.cpp - How close to minimal is a plan? -------------------===//
//
// Part of graph-diff.
//
// graph-diff-match-stats SRC TGT: diffs like `graph-diff-opt SRC TGT`, then
// prints one tab-separated line per pair of graphs: the graph, its node
// counts, the number of plan actions (by kind), the lower bound and the
// unchanged-but-unmatched count of computeMatchStats, the ambiguous nodes,
// whether the plan verifies (apply + isomorphism) and the diff time; with
// --stages, then what each stage of the matcher did (renderStageStats).
// scripts/corpus-report.sh turns these lines into the table of
// docs/Matching.md. Exit codes as graph-diff-opt: 0 the graphs are the same,
// 1 they differ (and every plan verifies), 2 trouble: a command-line mistake,
// bad input, a failed write, or a plan that does not verify (its line, with
// "no", is printed all the same).
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Dialect/LG/IR/LG.h"
#include "GraphDiff/Dialect/Patch/IR/Patch.h"
#include "GraphDiff/Differ/DiffResult.h"
#include "GraphDiff/Differ/MatchStats.h"
#include "GraphDiff/Differ/StructuralState.h"
#include "GraphDiff/Driver/Registration.h"
#include "GraphDiff/Graph/Graph.h"
#include "GraphDiff/Importers/ParseInput.h"
#include "GraphDiff/Plan/ApplyPlan.h"
#include "GraphDiff/Plan/Isomorphism.h"
#include "GraphDiff/Renderers/Renderers.h"
#include "GraphDiff/Support/Supervisor.h"
#include "GraphDiff/ToolSupport/CommandLine.h"
#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <map>

using namespace mlir;
using namespace graphdiff;

/// Prints the table line of one pair of graphs; returns whether its plan
/// verifies (applied to the source, it gives the target).
static bool printPairLine(GraphPairDiff &pair, MLIRContext &context,
                          double seconds, llvm::raw_ostream &out) {
  std::map<std::string, unsigned> kinds;
  unsigned actions = 0;
  for (Operation &action : pair.plan.getActions().front()) {
    ++actions;
    ++kinds[action.getName().stripDialect().str()];
  }
  MatchStats stats =
      computeMatchStats(*pair.source, *pair.target, pair.mapping);
  bool verified = false;
  {
    // Keep a failed verification quiet: the table says "no".
    ScopedDiagnosticHandler quiet(&context,
                                  [](Diagnostic &) { return success(); });
    FailureOr<OwningOpRef<Operation *>> applied =
        applyPlan(pair.plan, *pair.source);
    if (succeeded(applied)) {
      FailureOr<std::unique_ptr<Graph>> graph = Graph::build(**applied);
      verified = succeeded(graph) && !findMismatch(**graph, *pair.target);
    }
  }
  std::string breakdown;
  for (auto &[kind, count] : kinds)
    breakdown +=
        (breakdown.empty() ? "" : ",") + kind + "=" + std::to_string(count);
  out << pair.source->getName() << "\t" << stats.sourceNodes << "\t"
      << stats.targetNodes << "\t" << actions << "\t" << stats.lowerBound
      << "\t" << stats.unchangedUnmatched << "\t" << stats.ambiguous << "\t"
      << (verified ? "yes" : "no") << "\t" << llvm::format("%.3f", seconds)
      << "\t" << (breakdown.empty() ? "-" : breakdown) << "\n";
  return verified;
}

static int runTool(int argc, char **argv) {
  // Before the tool registers its options (CommandLine.h).
  ToolCommandLine commandLine("graph-diff-match-stats");
  static llvm::cl::OptionCategory category("graph-diff-match-stats options");
  static llvm::cl::list<std::string> inputs(
      llvm::cl::Positional, llvm::cl::desc("<source file> <target file>"),
      llvm::cl::cat(category));
  static llvm::cl::opt<bool> allowUnregisteredDialects(
      "allow-unregistered-dialect",
      llvm::cl::desc("Allow operations of unregistered dialects in the inputs"),
      llvm::cl::init(false), llvm::cl::cat(category));
  static llvm::cl::opt<bool> showStages(
      "stages",
      llvm::cl::desc("After the table, what each stage of the matcher did "
                     "(pairs made and undone, regions, ambiguous and free "
                     "nodes left)"),
      llvm::cl::init(false), llvm::cl::cat(category));
  commandLine.tidyHelp({&category});
  if (!llvm::cl::ParseCommandLineOptions(
          argc, argv,
          "graph-diff-match-stats: plan size against a lower bound\n",
          &llvm::errs()))
    return 2;
  if (inputs.size() != 2) {
    llvm::errs() << "usage: graph-diff-match-stats SRC TGT\n";
    return 2;
  }
  if (failed(checkStandardInputReadOnce(
          "graph-diff-match-stats",
          std::vector<std::string>(inputs.begin(), inputs.end()),
          [](size_t i) { return i == 0 ? "the source" : "the target"; })))
    return 2;
  DialectRegistry registry;
  registerGraphDiffDialects(registry);
  MLIRContext context(registry);
  context.loadAllAvailableDialects();
  context.allowUnregisteredDialects(allowUnregisteredDialects);

  // Parse the source first, then the target, like graph-diff-opt.
  llvm::SourceMgr sourceMgr;
  SourceMgrDiagnosticHandler diagnostics(sourceMgr, &context);
  SourceNames sourceNames, targetNames;
  OwningOpRef<ModuleOp> source =
      parseInputFile(inputs[0], sourceMgr, context, sourceNames);
  OwningOpRef<ModuleOp> target =
      parseInputFile(inputs[1], sourceMgr, context, targetNames);
  if (!source || !target)
    return 2;

  DiffOptions options;
  options.sourceNames = &sourceNames;
  options.targetNames = &targetNames;
  // This tool measures the matcher: it runs on every pair.
  options.skipIdentical = false;
  auto start = std::chrono::steady_clock::now();
  FailureOr<DiffResult> diff = diffModules(*source, *target, options);
  if (failed(diff))
    return 2;
  DiffResult &report = *diff;
  double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();

  int status = report.isDifferent() ? 1 : 0;
  llvm::raw_fd_ostream &out = llvm::outs();
  for (GraphPairDiff &pair : report.pairs)
    if (!printPairLine(pair, context, seconds, out))
      status = 2;
  if (showStages)
    renderStageStats(report, out);
  out.flush();
  if (out.has_error()) {
    llvm::errs() << "graph-diff-match-stats: <stdout>: "
                 << out.error().message() << "\n";
    out.clear_error();
    return 2;
  }
  return status;
}

int main(int argc, char **argv) {
  // First: the tool runs in a child process (Support/Supervisor.h).
  superviseTool("graph-diff-match-stats");
  llvm::InitLLVM initLLVM(argc, argv);
  return runOnLargeStack([&] { return runTool(argc, argv); });
}
