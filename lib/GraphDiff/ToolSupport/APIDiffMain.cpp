//===- APIDiffMain.cpp - The graph-diff-api driver ------------------------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/ToolSupport/APIDiffMain.h"
#include "GraphDiff/Support/Supervisor.h"
#include "GraphDiff/ToolSupport/APIDiffConfig.h"
#include "GraphDiff/ToolSupport/CommandLine.h"

#include "GraphDiff/API/Diff/APIDiffer.h"
#include "GraphDiff/API/Diff/APIGroups.h"
#include "GraphDiff/API/Diff/APIPlan.h"
#include "GraphDiff/API/Diff/CompspecFacts.h"
#include "GraphDiff/API/Import/APIImporters.h"
#include "GraphDiff/API/Import/DWARFImporter.h"
#include "GraphDiff/API/Render/APIRenderers.h"
#include "GraphDiff/Dialect/API/IR/API.h"
#include "GraphDiff/Dialect/Patch/IR/Patch.h"
#include "GraphDiff/Graph/Graph.h"
#include "GraphDiff/Importers/ParseInput.h"
#include "GraphDiff/ToolSupport/MlirOptMode.h"
#include "GraphDiff/ToolSupport/OutputFile.h"
#include "mlir/Debug/Counter.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Support/Timing.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"

using namespace mlir;
using namespace graphdiff;
namespace cl = llvm::cl;

namespace {
enum ExitCode : int { ExitCompatible = 0, ExitBreaking = 1, ExitTrouble = 2 };
/// LLVM owns `--version` (print the tool's version); ours takes a value, so
/// `--version=KEY` is renamed before the command line is parsed. Bare
/// `--version` keeps LLVM's meaning.
std::vector<char *> rewriteArguments(int argc, char **argv,
                                     std::vector<std::string> &storage) {
  storage.reserve(argc);
  std::vector<char *> result;
  for (int i = 0; i < argc; ++i) {
    StringRef arg = argv[i];
    for (StringRef dashes : {"--", "-"})
      if (arg.starts_with((dashes + "version=").str())) {
        storage.push_back("--api-" + arg.drop_front(dashes.size()).str());
        arg = storage.back();
      }
    result.push_back(arg.data() == argv[i] ? argv[i] : storage.back().data());
  }
  return result;
}

APIInputInfo describe(ModuleOp api, StringRef filename) {
  auto text = [&](StringRef name) {
    auto attr = api->getAttrOfType<StringAttr>(name);
    return attr ? attr.str() : std::string();
  };
  return {filename.str(), text("api.source"), text("api.version")};
}

/// compspec's loop over groups: each group of A that B also has, stopping
/// at the first with facts when asked.
void addCompspecFacts(APIReport &report, ModuleOp oldAPI, ModuleOp newAPI,
                      bool stopAtFirst, StringRef namespaceA,
                      StringRef namespaceB) {
  std::vector<CompspecGraph> oldGraphs =
      lowerToCompspec(oldAPI, report.groupBy);
  std::vector<CompspecGraph> newGraphs =
      lowerToCompspec(newAPI, report.groupBy);
  llvm::StringMap<unsigned> newByName;
  for (auto [index, graph] : llvm::enumerate(newGraphs))
    newByName.try_emplace(graph.name, index);
  for (const CompspecGraph &graph : oldGraphs) {
    auto it = newByName.find(graph.name);
    if (it == newByName.end())
      continue;
    CompspecFacts facts = computeCompspecFacts(graph, newGraphs[it->second],
                                               namespaceA, namespaceB);
    if (facts.empty())
      continue;
    report.compspecGroups.emplace_back(graph.name, std::move(facts));
    if (stopAtFirst) {
      report.stoppedEarly = true;
      return;
    }
  }
}

/// One run's context; diagnostics about any input show its line.
struct Session {
  explicit Session(DialectRegistry &registry) : context(registry) {
    context.printOpOnDiagnostic(false);
  }

  /// Reads one input's API: JSON through the JSON importers, anything else
  /// parsed as MLIR. The API is verified, so that nothing diffs or prints
  /// IR that does not read back. Returns null after reporting the located
  /// error.
  OwningOpRef<ModuleOp> import(StringRef filename,
                               const APIDiffConfig &options) {
    OwningOpRef<ModuleOp> api = importUnverified(filename, options);
    if (api && failed(verify(*api)))
      return nullptr;
    return api;
  }

  OwningOpRef<ModuleOp> importUnverified(StringRef filename,
                                         const APIDiffConfig &options) {
    APIImportOptions importOptions;
    importOptions.format = options.from;
    importOptions.version = options.version;
    importOptions.package = options.package;
    importOptions.compspecGraph =
        options.format == APIReportFormat::Compspec ||
        options.format == APIReportFormat::CompspecTable;
    std::string error;
    std::unique_ptr<llvm::MemoryBuffer> file = openInputFile(filename, &error);
    if (!file) {
      llvm::errs() << filename << ": error: " << error << "\n";
      return nullptr;
    }
    if (options.from == APIInputFormat::ELF ||
        (options.from == APIInputFormat::Auto &&
         looksLikeELF(file->getBuffer()))) {
      OwningOpRef<ModuleOp> api = importELF(file->getMemBufferRef(), filename,
                                            importOptions, context, error);
      if (!api)
        llvm::errs() << error << "\n";
      return api;
    }
    bool json = options.from == APIInputFormat::Auto
                    ? looksLikeJSON(file->getBuffer())
                    : options.from != APIInputFormat::MLIR;
    if (json) {
      OwningOpRef<ModuleOp> api = importAPIJSON(file->getBuffer(), filename,
                                                importOptions, context, error);
      if (!api)
        llvm::errs() << error << "\n";
      return api;
    }
    // The text already read: standard input cannot be read again.
    SourceNames names; // unused: read cheaply from the text
    OwningOpRef<ModuleOp> module =
        parseInputBuffer(std::move(file), sourceMgr, context, names);
    if (!module)
      return nullptr;
    return importMLIRSymbols(*module, filename);
  }

  MLIRContext context;
  llvm::SourceMgr sourceMgr;
  SourceMgrDiagnosticHandler diagnostics{sourceMgr, &context};
};

/// Writes `output` to `filename` as every graph-diff tool does
/// (writeOutputFile: a regular file replaced atomically, a device or FIFO
/// written in place, a failed write is trouble).
int writeOutput(StringRef filename,
                llvm::function_ref<void(llvm::raw_ostream &)> output) {
  if (failed(writeOutputFile(filename, "graph-diff-api",
                             [&](llvm::raw_ostream &os) {
                               output(os);
                               return success();
                             })))
    return ExitTrouble;
  return ExitCompatible;
}

int runDiff(const APIDiffConfig &options, DialectRegistry &registry) {
  Session session(registry);
  OwningOpRef<ModuleOp> apis[2];
  for (int side = 0; side < 2; ++side)
    if (!(apis[side] = session.import(options.inputs[side], options)))
      return ExitTrouble;

  std::vector<APISuppression> suppressions;
  if (!options.suppressFile.empty()) {
    std::string error;
    std::unique_ptr<llvm::MemoryBuffer> file =
        openInputFile(options.suppressFile, &error);
    if (!file || !parseAPISuppressions(file->getBuffer(), options.suppressFile,
                                       suppressions, error)) {
      llvm::errs() << (file ? "" : options.suppressFile + ": error: ") << error
                   << "\n";
      return ExitTrouble;
    }
  }

  APIReport report;
  report.oldInput = describe(*apis[0], options.inputs[0]);
  report.newInput = describe(*apis[1], options.inputs[1]);
  report.groupBy = options.groupBy;
  report.diff = diffAPIs(*apis[0], *apis[1]);
  if (options.verify &&
      failed(verifyAPIPlan(report.diff.plan, *apis[0], *apis[1])))
    return ExitTrouble;
  applyAPISuppressions(report.diff, suppressions);
  report.groups = groupAPIChanges(report.diff, options.groupBy);
  report.shownGroups = report.groups.size();
  if (options.stopAtFirstBreak)
    for (auto [index, group] : llvm::enumerate(report.groups))
      if (group.breaking) {
        report.shownGroups = index + 1;
        report.stoppedEarly = true;
        break;
      }
  bool compspec = options.format == APIReportFormat::Compspec ||
                  options.format == APIReportFormat::CompspecTable;
  if (compspec)
    addCompspecFacts(report, *apis[0], *apis[1], options.stopAtFirstBreak,
                     options.namespaceA, options.namespaceB);

  if (writeOutput(options.outputFilename, [&](llvm::raw_ostream &os) {
        renderAPIReport(report, options.format, os, options.color);
      }) != ExitCompatible)
    return ExitTrouble;
  if (compspec)
    return report.compspecGroups.empty() ? ExitCompatible : ExitBreaking;
  for (size_t g = 0; g < report.shownGroups; ++g)
    if (report.groups[g].breaking)
      return ExitBreaking;
  return ExitCompatible;
}

/// --emit-api: the one input's API as IR.
int emitAPI(const APIDiffConfig &options, DialectRegistry &registry) {
  Session session(registry);
  OwningOpRef<ModuleOp> api = session.import(
      options.inputs.empty() ? "-" : options.inputs.front(), options);
  if (!api)
    return ExitTrouble;
  return writeOutput(options.outputFilename, [&](llvm::raw_ostream &os) {
    api->print(os, OpPrintingFlags().enableDebugInfo(/*enable=*/false,
                                                     /*prettyForm=*/false));
    os << "\n";
  });
}
} // namespace

static int runTool(int argc, char **argv) {
  std::vector<std::string> storage;
  std::vector<char *> arguments = rewriteArguments(argc, argv, storage);

  // Before the tool registers its options (CommandLine.h).
  ToolCommandLine commandLine("graph-diff-api");
  DialectRegistry registry;
  registry.insert<api::APIDialect, patch::PatchDialect>();
  registerAllDialects(registry);
  registerAllExtensions(registry);

  APIDiffConfig::registerCLOptions();
  MlirOptMainConfig::registerCLOptions(registry);
  registerAsmPrinterCLOptions();
  registerMLIRContextCLOptions();
  registerPassManagerCLOptions();
  registerDefaultTimingManagerCLOptions();
  tracing::DebugCounter::registerCLOptions();
  commandLine.tidyHelp({&APIDiffConfig::getCategory()}, "mlir-opt options",
                       "With one input, graph-diff-api is mlir-opt");
  // Option mistakes are trouble (exit 2), not "differs".
  if (!cl::ParseCommandLineOptions(arguments.size(), arguments.data(),
                                   "graph-diff-api: breaking and compatible "
                                   "changes between two versions "
                                   "of an API (graph-diff-api OLD NEW), or "
                                   "mlir-opt with the api dialect "
                                   "(graph-diff-api INPUT)\n",
                                   /*Errs=*/&llvm::errs()))
    return 2;
  FailureOr<APIDiffConfig> parsed = APIDiffConfig::createFromCLOptions();
  if (failed(parsed))
    return ExitTrouble;
  const APIDiffConfig &options = *parsed;
  if (options.inputs.size() == 2)
    return runDiff(options, registry);
  if (options.emitAPI)
    return emitAPI(options, registry);

  // One input: mlir-opt, to parse, verify and print api IR.
  MlirOptMainConfig config = MlirOptMainConfig::createFromCLOptions();
  if (failed(
          runMlirOptMode("graph-diff-api",
                         options.inputs.empty() ? "-" : options.inputs.front(),
                         options.outputFilename, registry, config)))
    return ExitTrouble;
  return ExitCompatible;
}

int graphdiff::apiDiffMain(int argc, char **argv) {
  // First: the tool runs in a child process (Support/Supervisor.h).
  superviseTool("graph-diff-api");
  llvm::InitLLVM initLLVM(argc, argv);
  return runOnLargeStack([&] { return runTool(argc, argv); });
}
