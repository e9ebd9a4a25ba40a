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

#include "GraphDiff/Tools/GraphDiffProfileMain.h"
#include "GraphDiff/Tools/ColorOption.h"
#include "GraphDiff/Tools/OutputFile.h"

#include "GraphDiff/Dialect/LG/IR/LG.h"
#include "GraphDiff/Dialect/Patch/IR/Patch.h"
#include "GraphDiff/Dialect/Profile/IR/Profile.h"
#include "GraphDiff/Importers/TFProfScope.h"
#include "GraphDiff/ProfileDiff/MemoryProfile.h"
#include "GraphDiff/ProfileDiff/ProfileDiff.h"
#include "GraphDiff/ProfileDiff/ProfileRenderers.h"
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
#include <cmath>

using namespace mlir;
using namespace graphdiff;
namespace cl = llvm::cl;

namespace {
enum ExitCode { ExitSame = 0, ExitDifferent = 1, ExitTrouble = 2 };
enum class OutputFormat { Text, JSON, HTML, Scope, MLIR };
} // namespace

/// The tool's own options; --help hides the ones libLLVM registers.
static cl::OptionCategory &profileCategory() {
  static cl::OptionCategory category("graph-diff-profile options");
  return category;
}

namespace {
struct Options {
  cl::list<std::string> inputs{cl::Positional, cl::OneOrMore,
                               cl::desc("<profile> <profile> [<profile>...]"),
                               cl::cat(profileCategory())};
  cl::opt<std::string> output{"o", cl::desc("Output file"),
                              cl::value_desc("filename"), cl::init("-"),
                              cl::cat(profileCategory())};
  cl::list<std::string> names{
      "names", cl::CommaSeparated,
      cl::desc("Names of the inputs, in order (default left,right; with more "
               "inputs left,in2,...,right)"),
      cl::cat(profileCategory())};
  cl::opt<double> delta{"delta",
                        cl::desc("Minimum relative difference for a node to "
                                 "be shown (default 0.1 = 10%)"),
                        cl::init(0.1), cl::cat(profileCategory())};
  cl::opt<std::string> minSize{
      "min-size",
      cl::desc("Minimum size of the largest side for a node to be shown: "
               "1MB, 500KB, 12B, 2G (decimal units; default 1MB)"),
      cl::init("1MB"), cl::cat(profileCategory())};
  cl::opt<int> maxDepth{"max-depth",
                        cl::desc("Deepest level shown, the root being 0 "
                                 "(default -1: all)"),
                        cl::init(-1), cl::cat(profileCategory())};
  cl::list<std::string> hide{
      "hide",
      cl::desc("Do not show the children of nodes whose whole path "
               "matches this POSIX extended regex (repeatable)"),
      cl::cat(profileCategory())};
  cl::opt<bool> swap{"swap",
                     cl::desc("Diff last - first instead of first - "
                              "last"),
                     cl::cat(profileCategory())};
  cl::opt<std::string> metric{
      "metric",
      cl::desc("The metric compared or written (default: the first "
               "metric of the first input: bytes for memory "
               "profiles; --format=scope also takes 'all')"),
      cl::cat(profileCategory())};
  cl::opt<bool> memory{
      "memory",
      cl::desc("Inputs are MLIR models: compare the bytes their "
               "ops' results occupy per scope"),
      cl::cat(profileCategory())};
  cl::opt<std::string> pipeline{
      "pipeline",
      cl::desc("With --memory and one model: run this pass pipeline on it "
               "(as mlir-opt's --pass-pipeline) and compare the model "
               "before and after"),
      cl::value_desc("builtin.module(...)"), cl::cat(profileCategory())};
  cl::opt<OutputFormat> format{
      "format", cl::desc("Output format"),
      cl::values(clEnumValN(OutputFormat::Text, "text",
                            "tfprof_diff's layout (default)"),
                 clEnumValN(OutputFormat::JSON, "json",
                            "the shown tree as JSON (docs/ProfileDiff.md)"),
                 clEnumValN(OutputFormat::HTML, "html",
                            "a self-contained differential icicle picture"),
                 clEnumValN(OutputFormat::Scope, "scope",
                            "one input written as a tfprof scope file"),
                 clEnumValN(OutputFormat::MLIR, "mlir",
                            "the inputs' profiles as prof IR")),
      cl::init(OutputFormat::Text), cl::cat(profileCategory())};
};
} // namespace

/// The default display names: left, right; left, in2, ..., right.
static std::vector<std::string> defaultNames(size_t count) {
  std::vector<std::string> names;
  for (size_t i = 0; i < count; ++i)
    names.push_back(i == 0           ? "left"
                    : i + 1 == count ? "right"
                                     : "in" + std::to_string(i + 1));
  return names;
}

/// Reads one input into a module holding its profile (the first
/// `prof.profile` of the module is used). Returns null after reporting.
static OwningOpRef<ModuleOp> readInput(StringRef filename, StringRef name,
                                       bool memory, llvm::SourceMgr &sourceMgr,
                                       MLIRContext &context) {
  std::string error;
  std::unique_ptr<llvm::MemoryBuffer> file = openInputFile(filename, &error);
  if (!file) {
    llvm::errs() << "graph-diff-profile: " << error << "\n";
    return nullptr;
  }
  unsigned id = sourceMgr.AddNewSourceBuffer(std::move(file), SMLoc());
  StringRef text = sourceMgr.getMemoryBuffer(id)->getBuffer();
  bool isMLIR = memory || filename.ends_with(".mlir");
  if (!isMLIR)
    return importTFProfScope(text, filename, name, &context);

  // Parse this buffer alone (a SourceMgr's main file is its first buffer);
  // diagnostics still find its lines in `sourceMgr` by name.
  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>(text, ParserConfig(&context), filename);
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
  unsigned id = sourceMgr.AddNewSourceBuffer(std::move(file), SMLoc());
  OwningOpRef<ModuleOp> model =
      parseSourceString<ModuleOp>(sourceMgr.getMemoryBuffer(id)->getBuffer(),
                                  ParserConfig(&context), filename);
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
    inputs.push_back({names[index], index ? after : filename.str(),
                      firstProfile(*modules.back())});
  }
  return success();
}

int graphdiff::graphDiffProfileMain(int argc, char **argv) {
  llvm::InitLLVM initLLVM(argc, argv);
  static Options options;
  registerColorOption(&profileCategory());
  cl::HideUnrelatedOptions(profileCategory());
  // Option mistakes are trouble (exit 2), not "differs".
  if (!cl::ParseCommandLineOptions(
          argc, argv,
          "graph-diff-profile: compare hierarchical profiles (tfprof scope "
          "files, "
          "prof IR, or with --memory the memory of MLIR models) as tfprof_diff "
          "does\n",
          /*Errs=*/&llvm::errs()))
    return 2;

  if (!options.pipeline.empty() &&
      (!options.memory || options.inputs.size() != 1)) {
    llvm::errs() << "graph-diff-profile: --pipeline takes --memory and one "
                    "model\n";
    return ExitTrouble;
  }
  size_t count = options.pipeline.empty() ? options.inputs.size() : 2;
  bool oneInputFormat = options.format == OutputFormat::Scope ||
                        options.format == OutputFormat::MLIR;
  if (options.format == OutputFormat::Scope && count != 1) {
    llvm::errs() << "graph-diff-profile: --format=scope writes one profile: "
                    "give one input\n";
    return ExitTrouble;
  }
  if (!oneInputFormat && count < 2) {
    llvm::errs() << "graph-diff-profile: a diff needs two or more inputs "
                    "(one input: --format=scope or --format=mlir)\n";
    return ExitTrouble;
  }
  std::vector<std::string> names(options.names.begin(), options.names.end());
  if (names.empty())
    names = defaultNames(count);
  if (names.size() != count) {
    llvm::errs() << "graph-diff-profile: " << names.size() << " names for "
                 << count << " inputs\n";
    return ExitTrouble;
  }
  ProfileDiffOptions diffOptions;
  diffOptions.delta = options.delta;
  std::optional<double> minSize = parseSizeOption(options.minSize);
  if (!minSize || !(options.delta >= 0) || std::isinf(options.delta)) {
    llvm::errs() << "graph-diff-profile: "
                 << (minSize ? "--delta must be a non-negative number"
                             : "--min-size '" + options.minSize +
                                   "' is not a size such as 1MB, 500KB or 12B")
                 << "\n";
    return ExitTrouble;
  }
  diffOptions.minSize = *minSize;
  diffOptions.maxDepth = options.maxDepth;
  diffOptions.hide.assign(options.hide.begin(), options.hide.end());
  diffOptions.swap = options.swap;
  diffOptions.metric = options.metric;

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
    OwningOpRef<ModuleOp> module = readInput(
        options.inputs[i], names[i], options.memory, sourceMgr, context);
    if (!module)
      return ExitTrouble;
    bool fromScopeFile =
        !options.memory && !StringRef(options.inputs[i]).ends_with(".mlir");
    inputs.push_back(
        {names[i], options.inputs[i], firstProfile(*module), fromScopeFile});
    modules.push_back(std::move(module));
  }

  ProfileRenderOptions renderOptions;
  renderOptions.subject = options.memory ? "memory profiles" : "scope files";
  renderOptions.color = shouldColor(options.output);

  FailureOr<ProfileDiff> diff = failure();
  if (!oneInputFormat) {
    std::string error;
    diff = diffProfiles(inputs, diffOptions, error);
    if (failed(diff)) {
      llvm::errs() << "graph-diff-profile: " << error << "\n";
      return ExitTrouble;
    }
  }

  bool renderFailed = false;
  LogicalResult written = writeOutputFile(
      options.output, "graph-diff-profile",
      [&](llvm::raw_ostream &os) -> LogicalResult {
        switch (options.format) {
        case OutputFormat::Text:
          renderProfileDiffText(*diff, renderOptions, os);
          break;
        case OutputFormat::JSON:
          renderProfileDiffJSON(*diff, renderOptions, os);
          break;
        case OutputFormat::HTML:
          renderProfileDiffHTML(*diff, renderOptions, os);
          break;
        case OutputFormat::Scope: {
          // One metric (the first, or --metric), which tfprof_diff reads;
          // --metric=all writes every metric, joined by ", " as tfprof does.
          std::vector<std::string> metrics;
          if (options.metric.empty())
            metrics.push_back(
                cast<StringAttr>(inputs.front().profile.getMetrics()[0]).str());
          else if (options.metric != "all")
            metrics.push_back(options.metric);
          renderFailed =
              failed(writeTFProfScope(inputs.front().profile, metrics, os));
          break;
        }
        case OutputFormat::MLIR:
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
