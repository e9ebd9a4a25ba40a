//===- GraphDiffProfileMain.cpp - The graph-diff-profile driver -----------===//
//
// Part of graph-diff.
//
// Reads every input into a `prof.profile` (a tfprof scope file through the
// importer, `prof` IR as is, an MLIR model through its memory profile), asks
// the engine for the diff and hands it to a renderer. Output goes through a
// temporary file renamed over `-o` only when complete.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/ToolSupport/GraphDiffProfileMain.h"
#include "GraphDiff/Importers/ParseInput.h"
#include "GraphDiff/Support/Supervisor.h"
#include "GraphDiff/ToolSupport/ColorOption.h"
#include "GraphDiff/ToolSupport/CommandLine.h"
#include "GraphDiff/ToolSupport/GraphDiffProfileConfig.h"
#include "GraphDiff/ToolSupport/OutputFile.h"

#include "GraphDiff/Dialect/LG/IR/LG.h"
#include "GraphDiff/Dialect/Patch/IR/Patch.h"
#include "GraphDiff/Dialect/Profile/IR/Profile.h"
#include "GraphDiff/Graph/Graph.h"
#include "GraphDiff/Profile/Diff/ProfileDiff.h"
#include "GraphDiff/Profile/Import/MemoryProfile.h"
#include "GraphDiff/Profile/Import/TFProfScope.h"
#include "GraphDiff/Profile/Render/ProfileRenderers.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/SourceMgr.h"

using namespace mlir;
using namespace graphdiff;
namespace cl = llvm::cl;

namespace {
enum ExitCode { ExitSame = 0, ExitDifferent = 1, ExitTrouble = 2 };
} // namespace

/// Reads one input into a module holding its profile (the first
/// `prof.profile` of the module is used). Returns null after reporting.
static OwningOpRef<ModuleOp> readInput(StringRef filename, StringRef name,
                                       bool memory, llvm::SourceMgr &sourceMgr,
                                       MLIRContext &context,
                                       TFProfReadTotals &readTotals) {
  std::string error;
  std::unique_ptr<llvm::MemoryBuffer> file = openInputFile(filename, &error);
  if (!file) {
    llvm::errs() << "graph-diff-profile: " << error << "\n";
    return nullptr;
  }
  bool isMLIR = memory || filename.ends_with(".mlir");
  if (!isMLIR) {
    unsigned id = sourceMgr.AddNewSourceBuffer(std::move(file), SMLoc());
    StringRef text = sourceMgr.getMemoryBuffer(id)->getBuffer();
    return importTFProfScope(text, filename, name, &context, &readTotals);
  }
  // As every tool parses: an op written with a location of its own
  // (`loc("conv1")`) is still reported where it is written.
  SourceNames names;
  OwningOpRef<ModuleOp> module =
      parseInputBuffer(std::move(file), sourceMgr, context, names);
  if (!module)
    return nullptr;
  if (memory)
    return buildMemoryProfile(*module, name);
  if (module->getOps<prof::ProfileOp>().empty()) {
    emitError(FileLineColLoc::get(&context, filename, 1, 1))
        << "no prof.profile in this file (for the memory profile of a "
           "model, pass --memory)";
    return nullptr;
  }
  return module;
}

static prof::ProfileOp firstProfile(ModuleOp module) {
  return *module.getOps<prof::ProfileOp>().begin();
}

/// --pipeline: the memory profiles of `filename` and of the result of
/// running `pipeline` on it.
static LogicalResult
readModelAndPipeline(StringRef filename, StringRef pipeline,
                     ArrayRef<std::string> names, llvm::SourceMgr &sourceMgr,
                     MLIRContext &context,
                     std::vector<OwningOpRef<ModuleOp>> &modules,
                     std::vector<ProfileInput> &inputs) {
  std::string error;
  std::unique_ptr<llvm::MemoryBuffer> file = openInputFile(filename, &error);
  if (!file) {
    llvm::errs() << "graph-diff-profile: " << error << "\n";
    return failure();
  }
  SourceNames sourceNames;
  OwningOpRef<ModuleOp> model =
      parseInputBuffer(std::move(file), sourceMgr, context, sourceNames);
  if (!model)
    return failure();
  OwningOpRef<ModuleOp> transformed = model->clone();
  // `builtin.module(p)` as mlir-opt's --pass-pipeline spells it, or `p`:
  // the passes of the module-level pass manager.
  StringRef passes = pipeline.trim();
  if (passes.consume_front("builtin.module(") && !passes.consume_back(")")) {
    llvm::errs() << "graph-diff-profile: unbalanced --pipeline '" << pipeline
                 << "'\n";
    return failure();
  }
  PassManager pm(&context, ModuleOp::getOperationName());
  if (failed(parsePassPipeline(passes, pm, llvm::errs())))
    return failure();
  if (failed(pm.run(*transformed)))
    return failure();
  std::string after = (filename + " after " + pipeline).str();
  for (auto [index, module] :
       llvm::enumerate(std::array<ModuleOp, 2>{*model, *transformed})) {
    modules.push_back(buildMemoryProfile(module, names[index]));
    if (!modules.back())
      return failure();
    inputs.push_back({names[index], index ? after : filename.str(),
                      firstProfile(*modules.back())});
  }
  return success();
}

static int runTool(int argc, char **argv) {
  // Before the tool registers its options (CommandLine.h).
  ToolCommandLine commandLine("graph-diff-profile");
  GraphDiffProfileConfig::registerCLOptions();
  commandLine.tidyHelp({&GraphDiffProfileConfig::getCategory()});
  // tfprof_diff's command line is read too: rewritten into ours first.
  std::vector<std::string> args(argv + std::min(argc, 1), argv + argc);
  FailureOr<std::vector<std::string>> translated =
      GraphDiffProfileConfig::translateTfprofDiffArgs(args);
  if (failed(translated))
    return ExitTrouble;
  std::vector<const char *> translatedArgv = {argc ? argv[0]
                                                   : "graph-diff-profile"};
  for (const std::string &arg : *translated)
    translatedArgv.push_back(arg.c_str());
  // Option mistakes are trouble (exit 2), not "differs".
  if (!cl::ParseCommandLineOptions(
          translatedArgv.size(), translatedArgv.data(),
          "graph-diff-profile: compare hierarchical profiles (tfprof scope "
          "files, "
          "prof IR, or with --memory the memory of MLIR models) as tfprof_diff "
          "does\n",
          /*Errs=*/&llvm::errs()))
    return 2;
  FailureOr<GraphDiffProfileConfig> parsed =
      GraphDiffProfileConfig::createFromCLOptions();
  if (failed(parsed))
    return ExitTrouble;
  const GraphDiffProfileConfig &options = *parsed;
  const std::vector<std::string> &names = options.names;
  size_t count = names.size();
  bool oneInputFormat = options.writesInputs();

  DialectRegistry registry;
  registry.insert<prof::ProfDialect, lg::LGDialect, patch::PatchDialect>();
  registerAllDialects(registry);
  registerAllExtensions(registry);
  registerAllPasses();
  MLIRContext context(registry);
  context.loadDialect<prof::ProfDialect>();
  llvm::SourceMgr sourceMgr;
  SourceMgrDiagnosticHandler diagnostics(sourceMgr, &context);

  std::vector<OwningOpRef<ModuleOp>> modules;
  std::vector<ProfileInput> inputs;
  if (!options.pipeline.empty()) {
    if (failed(readModelAndPipeline(options.inputs.front(), options.pipeline,
                                    names, sourceMgr, context, modules,
                                    inputs)))
      return ExitTrouble;
    count = 0; // read already
  }
  for (size_t i = 0; i < count; ++i) {
    auto readTotals = std::make_shared<TFProfReadTotals>();
    OwningOpRef<ModuleOp> module =
        readInput(options.inputs[i], names[i], options.memory, sourceMgr,
                  context, *readTotals);
    if (!module)
      return ExitTrouble;
    bool fromScopeFile =
        !options.memory && !StringRef(options.inputs[i]).ends_with(".mlir");
    inputs.push_back({names[i], options.inputs[i], firstProfile(*module),
                      fromScopeFile, std::move(readTotals)});
    modules.push_back(std::move(module));
  }

  ProfileRenderOptions renderOptions;
  renderOptions.subject = options.memory ? "memory profiles" : "scope files";
  renderOptions.color = shouldColor(options.outputFilename);

  FailureOr<ProfileDiff> diff = failure();
  if (!oneInputFormat) {
    std::string error;
    diff = diffProfiles(inputs, options.diff, error);
    if (failed(diff)) {
      llvm::errs() << "graph-diff-profile: " << error << "\n";
      return ExitTrouble;
    }
  }

  bool renderFailed = false;
  LogicalResult written = writeOutputFile(
      options.outputFilename, "graph-diff-profile",
      [&](llvm::raw_ostream &os) -> LogicalResult {
        switch (options.format) {
        case ProfileOutputFormat::Text:
          renderProfileDiffText(*diff, renderOptions, os);
          break;
        case ProfileOutputFormat::JSON:
          renderProfileDiffJSON(*diff, renderOptions, os);
          break;
        case ProfileOutputFormat::HTML:
          renderProfileDiffHTML(*diff, renderOptions, os);
          break;
        case ProfileOutputFormat::Scope: {
          // One metric (the first, or --metric), which tfprof_diff reads;
          // --metric=all writes every metric, joined by ", " as tfprof does.
          std::vector<std::string> metrics;
          if (options.diff.metric.empty())
            metrics.push_back(
                cast<StringAttr>(inputs.front().profile.getMetrics()[0]).str());
          else if (options.diff.metric != "all")
            metrics.push_back(options.diff.metric);
          renderFailed =
              failed(writeTFProfScope(inputs.front().profile, metrics, os));
          break;
        }
        case ProfileOutputFormat::MLIR:
          for (ProfileInput &input : inputs)
            os << input.profile << "\n";
          break;
        }
        return failure(renderFailed);
      });
  if (failed(written))
    return ExitTrouble;
  if (oneInputFormat)
    return ExitSame;
  return diff->differs() ? ExitDifferent : ExitSame;
}

int graphdiff::graphDiffProfileMain(int argc, char **argv) {
  // First: the tool runs in a child process (Support/Supervisor.h).
  superviseTool("graph-diff-profile");
  llvm::InitLLVM initLLVM(argc, argv);
  return runOnLargeStack([&] { return runTool(argc, argv); });
}
