//===- GraphDiffSimMain.cpp - The graph-diff-sim driver -------------------===//
//
// Part of graph-diff.
//
//   graph-diff-sim [options] INPUT... | --manifest=FILE    matrices
//   graph-diff-sim batch --manifest=FILE --shard=I/N -o F  JSON lines
//   graph-diff-sim merge SHARD.jsonl...                    matrices
//   graph-diff-sim --pipeline=PIPELINE MODEL.mlir          pass by pass
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/ToolSupport/GraphDiffSimMain.h"

#include "GraphDiff/Dialect/LG/IR/LG.h"
#include "GraphDiff/Dialect/Patch/IR/Patch.h"
#include "GraphDiff/Importers/ParseInput.h"
#include "GraphDiff/Similarity/Diff/SetMetrics.h"
#include "GraphDiff/Similarity/Diff/StructuralSimilarity.h"
#include "GraphDiff/Similarity/Render/SimilarityRenderers.h"
#include "GraphDiff/Support/Supervisor.h"
#include "GraphDiff/ToolSupport/CommandLine.h"
#include "GraphDiff/ToolSupport/OutputFile.h"
#include "GraphDiff/Transforms/Passes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/ToolOutputFile.h"

using namespace mlir;
using namespace graphdiff;
namespace cl = llvm::cl;
using llvm::StringRef;

namespace {
enum class Mode { Matrix, Batch, Merge };
enum ExitCode : int { ExitSame = 0, ExitTrouble = 2 };

/// The command line.
struct Options {
  cl::OptionCategory category{"graph-diff-sim options"};
  cl::list<std::string> inputs{cl::Positional,
                               cl::desc("<inputs> (merge: shard outputs)"),
                               cl::cat(category)};
  cl::opt<std::string> manifest{
      "manifest",
      cl::desc("Read the inputs from this file: one `path [label]` a line"),
      cl::value_desc("file"), cl::init(""), cl::cat(category)};
  cl::opt<std::string> kind{
      "kind",
      cl::desc("functiondb, requirements or mlir (default: from the inputs)"),
      cl::init(""), cl::cat(category)};
  cl::opt<std::string> format{
      "format",
      cl::desc("text, csv, json (caliper's sims JSON), jsonl (one result a "
               "pair), svg (one metric) or html (default: text; batch: "
               "jsonl)"),
      cl::init(""), cl::cat(category)};
  cl::opt<std::string> metrics{
      "metrics",
      cl::desc("Comma-separated metrics to print (default: all; json: all "
               "but semver_sim; svg: the first)"),
      cl::init(""), cl::cat(category)};
  cl::opt<std::string> pairs{
      "pairs",
      cl::desc("Which pairs: all (default), consecutive, or a file of label "
               "pairs"),
      cl::init("all"), cl::cat(category)};
  cl::opt<std::string> shard{
      "shard", cl::desc("Compare only slice I of N of the pairs (0-based)"),
      cl::value_desc("I/N"), cl::init("0/1"), cl::cat(category)};
  cl::opt<unsigned> jobs{
      "jobs",
      cl::desc("Worker threads (0: one per core, the default; 1: none)"),
      cl::init(0), cl::cat(category)};
  cl::alias jobsShort{"j", cl::desc("Alias for --jobs"), cl::aliasopt(jobs),
                      cl::cat(category)};
  cl::opt<bool> summaries{
      "summaries",
      cl::desc("Keep what differs per pair (default: for html and jsonl)"),
      cl::init(false), cl::cat(category)};
  cl::opt<bool> keepPreReleases{
      "keep-prereleases",
      cl::desc("Keep caliper result files of pre-release versions (rc, a, b "
               "in the version), which caliper drops"),
      cl::init(false), cl::cat(category)};
  cl::opt<std::string> pipeline{
      "pipeline",
      cl::desc("With one MLIR model: run this pass pipeline one pass at a "
               "time and compare each step with the input and the step "
               "before"),
      cl::init(""), cl::cat(category)};
  OutputFileOption output{&category, "Output file (default stdout)", "file"};
};
} // namespace

static int trouble(const llvm::Twine &message) {
  llvm::errs() << message << "\n";
  return ExitTrouble;
}

/// Writes to `file` as every graph-diff tool does (writeOutputFile: a
/// regular file replaced atomically, a device or FIFO written in place, a
/// failed write is trouble).
static int writeOutput(StringRef file,
                       llvm::function_ref<void(llvm::raw_ostream &)> write) {
  if (failed(
          writeOutputFile(file, "graph-diff-sim", [&](llvm::raw_ostream &os) {
            write(os);
            return success();
          })))
    return ExitTrouble;
  return ExitSame;
}

static int runPipeline(const Options &options, const InputSpec &spec,
                       SimFormat format, MLIRContext &context) {
  llvm::SourceMgr sourceMgr;
  SourceMgrDiagnosticHandler handler(sourceMgr, &context);
  std::vector<ModelInput> models;
  if (failed(loadModels(spec, context, sourceMgr, models)))
    return ExitTrouble;
  std::string error;
  FailureOr<std::vector<PipelineStep>> steps =
      runPipelineSteps(models.front(), options.pipeline, context, error);
  if (failed(steps))
    return trouble("graph-diff-sim: " + error);
  return writeOutput(options.output, [&](llvm::raw_ostream &os) {
    switch (format) {
    case SimFormat::CSV:
      return renderPipelineCSV(*steps, os);
    case SimFormat::CaliperJSON:
    case SimFormat::JSONLines:
      return renderPipelineJSON(*steps, os);
    case SimFormat::SVG:
      return renderPipelineSVG(*steps, os);
    case SimFormat::HTML:
      return renderPipelineHTML(
          *steps, "Similarity after each pass: " + models.front().label, os);
    case SimFormat::Text:
      return renderPipelineText(*steps, os);
    }
  });
}

/// The pairs the options ask for, then the shard's slice of them.
static FailureOr<std::vector<PairIndex>>
selectPairs(const Options &options, llvm::ArrayRef<std::string> labels) {
  std::vector<PairIndex> pairs;
  std::string error;
  if (options.pairs == "all" || options.pairs == "consecutive") {
    pairs = enumeratePairs(labels.size(), options.pairs == "all"
                                              ? PairRule::All
                                              : PairRule::Consecutive);
  } else if (failed(readPairsFile(options.pairs, labels, pairs, error))) {
    trouble(error);
    return failure();
  }
  // One version: its matrix is the diagonal, as caliper writes it.
  if (pairs.empty() && labels.size() == 1)
    return pairs;
  if (pairs.empty()) {
    trouble("graph-diff-sim: error: no pair to compare among " +
            llvm::Twine(labels.size()) +
            " version(s); a matrix needs at least two");
    return failure();
  }
  FailureOr<ShardSpec> shard = parseShardSpec(options.shard, error);
  if (failed(shard)) {
    trouble("graph-diff-sim: " + error);
    return failure();
  }
  return std::vector<PairIndex>(shardSlice(pairs, *shard).vec());
}

/// "a, b, c, +2 more": the file names of `paths`.
static std::string listFiles(llvm::ArrayRef<std::string> paths) {
  constexpr size_t shown = 5;
  std::string out;
  for (size_t i = 0; i < std::min(shown, paths.size()); ++i)
    out += (i ? ", " : "") + llvm::sys::path::filename(paths[i]).str();
  if (paths.size() > shown)
    out += ", +" + std::to_string(paths.size() - shown) + " more";
  return out;
}

/// Says on stderr which files the run left out, as caliper leaves them out:
/// nothing is dropped silently.
static void reportSkipped(const SkippedInputs &skipped, size_t files) {
  if (!skipped.failedBuilds.empty())
    llvm::errs() << "graph-diff-sim: note: skipped "
                 << skipped.failedBuilds.size() << " of " << files
                 << " files: caliper results of failed builds (no "
                    "'requirements.txt'), which caliper skips: "
                 << listFiles(skipped.failedBuilds) << "\n";
  if (!skipped.preReleases.empty())
    llvm::errs() << "graph-diff-sim: note: dropped "
                 << skipped.preReleases.size() << " of " << files
                 << " files: results of pre-release versions ('rc', 'a' or "
                    "'b' in the version), which caliper drops "
                    "(--keep-prereleases keeps them): "
                 << listFiles(skipped.preReleases) << "\n";
  if (!skipped.ignored.empty())
    llvm::errs() << "graph-diff-sim: note: ignored " << skipped.ignored.size()
                 << " of " << files
                 << " files in a data folder: not named like a caliper "
                    "result (<manager>-<package>-<version>-python-"
                    "cp<N>.json): "
                 << listFiles(skipped.ignored) << "\n";
}

/// Reads the inputs and compares the selected pairs.
static FailureOr<SimilarityResults>
computeResults(const Options &options, llvm::ArrayRef<InputSpec> specs,
               llvm::ArrayRef<std::string> ignored,
               std::optional<InputKind> kind, bool wantSummaries,
               MLIRContext &context, llvm::ThreadPoolInterface *pool) {
  bool mlir = llvm::any_of(specs, [](const InputSpec &spec) {
    return StringRef(spec.path).ends_with(".mlir");
  });
  if (mlir || kind == InputKind::MLIR) {
    llvm::SourceMgr sourceMgr;
    SourceMgrDiagnosticHandler handler(sourceMgr, &context);
    std::vector<ModelInput> models;
    if (failed(loadModels(specs, context, sourceMgr, models)))
      return failure();
    std::vector<std::string> labels;
    for (const ModelInput &model : models)
      labels.push_back(model.label);
    FailureOr<std::vector<PairIndex>> pairs = selectPairs(options, labels);
    if (failed(pairs))
      return failure();
    return computeStructuralSimilarity(models, *pairs, context, wantSummaries);
  }
  StringInterner interner;
  std::vector<VersionSets> versions;
  std::string error;
  SkippedInputs skipped;
  skipped.ignored = ignored.vec();
  LogicalResult loaded =
      loadSetInputs(specs, kind, interner, pool, versions, error,
                    !options.keepPreReleases, &skipped);
  reportSkipped(skipped, specs.size() + skipped.ignored.size());
  if (failed(loaded)) {
    trouble(error);
    return failure();
  }
  std::vector<std::string> labels;
  for (const VersionSets &version : versions)
    labels.push_back(version.label);
  FailureOr<std::vector<PairIndex>> pairs = selectPairs(options, labels);
  if (failed(pairs))
    return failure();
  return computeSetSimilarity(*kind, versions, interner, *pairs, pool,
                              wantSummaries);
}

/// The metric indices `--metrics` names, or the default for `format`.
static FailureOr<std::vector<unsigned>>
selectMetrics(StringRef list, llvm::ArrayRef<std::string> names,
              SimFormat format) {
  std::vector<unsigned> selected;
  if (list.empty()) {
    for (auto [index, name] : llvm::enumerate(names))
      if (format != SimFormat::CaliperJSON || name != "semver_sim")
        selected.push_back(index);
  } else {
    llvm::SmallVector<StringRef> wanted;
    list.split(wanted, ',', -1, false);
    for (StringRef name : wanted) {
      const auto *it = llvm::find(names, name.trim());
      if (it == names.end()) {
        trouble("graph-diff-sim: error: no metric '" + name.trim() +
                "' here; the metrics are " + llvm::join(names, ", "));
        return failure();
      }
      selected.push_back(it - names.begin());
    }
  }
  if (format == SimFormat::SVG)
    selected.resize(std::min<size_t>(selected.size(), 1));
  return selected;
}

static int runTool(int argc, char **argv) {
  Mode mode = Mode::Matrix;
  std::vector<char *> args(argv, argv + argc);
  if (args.size() > 1 && StringRef(args[1]) == "batch")
    mode = Mode::Batch;
  else if (args.size() > 1 && StringRef(args[1]) == "merge")
    mode = Mode::Merge;
  if (mode != Mode::Matrix)
    args.erase(args.begin() + 1);

  // What graph-diff-opt registers (its driver, with its own options, is not
  // linked in): our dialects and passes and all upstream ones.
  DialectRegistry registry;
  registry.insert<lg::LGDialect, patch::PatchDialect>();
  registerAllDialects(registry);
  registerAllExtensions(registry);
  registerAllPasses();
  registerGraphDiffPasses();
  // Before the tool registers its options (CommandLine.h): libLLVM's own
  // options stay accepted but out of --help.
  ToolCommandLine commandLine("graph-diff-sim");
  Options options;
  commandLine.tidyHelp({&options.category});
  // Option mistakes are trouble (exit 2), not "differs".
  if (!cl::ParseCommandLineOptions(
          args.size(), args.data(),
          "graph-diff-sim: N x N similarity of N versions (caliper's "
          "functiondb "
          "and requirements metrics, the differ's structural similarity for "
          "MLIR, semantic-version similarity of the labels)\n\n"
          "  graph-diff-sim [options] INPUT... | --manifest=FILE\n"
          "  graph-diff-sim batch --manifest=FILE --shard=I/N -o OUT.jsonl\n"
          "  graph-diff-sim merge OUT.jsonl... [--format=html -o sims.html]\n"
          "  graph-diff-sim --pipeline=PIPELINE MODEL.mlir\n",
          /*Errs=*/&llvm::errs()))
    return 2;

  std::string formatName = options.format;
  if (formatName.empty())
    formatName = mode == Mode::Batch ? "jsonl" : "text";
  std::optional<SimFormat> format = parseSimFormat(formatName);
  if (!format)
    return trouble("graph-diff-sim: error: unknown --format '" + formatName +
                   "' (text, csv, json, jsonl, svg, html)");
  std::optional<InputKind> kind;
  if (!options.kind.empty() && !(kind = parseInputKind(options.kind)))
    return trouble("graph-diff-sim: error: unknown --kind '" + options.kind +
                   "' (functiondb, requirements, mlir)");
  bool wantSummaries = options.summaries || *format == SimFormat::HTML ||
                       *format == SimFormat::JSONLines;

  unsigned threadCount = options.jobs;
  if (threadCount == 0)
    threadCount = llvm::hardware_concurrency().compute_thread_count();
  std::unique_ptr<llvm::StdThreadPool> pool;
  MLIRContext context(registry, MLIRContext::Threading::DISABLED);
  if (threadCount > 1) {
    pool = std::make_unique<llvm::StdThreadPool>(
        llvm::hardware_concurrency(threadCount));
    context.setThreadPool(*pool);
  }
  context.loadAllAvailableDialects();
  context.printOpOnDiagnostic(false);

  SimilarityResults results;
  if (mode == Mode::Merge) {
    if (options.inputs.empty())
      return trouble("graph-diff-sim: error: merge needs shard outputs");
    if (failed(checkStandardInputReadOnce(
            "graph-diff-sim", options.inputs,
            [](size_t i) { return "input " + std::to_string(i + 1); })))
      return ExitTrouble;
    JsonLinesMerger merger;
    std::string error;
    for (const std::string &file : options.inputs)
      if (failed(merger.read(file, error)))
        return trouble(error);
    if (merger.empty())
      return trouble("graph-diff-sim: error: the shard outputs hold no "
                     "result");
    results = std::move(merger.getResults());
  } else {
    std::vector<InputSpec> specs;
    std::string error;
    if (!options.manifest.empty() &&
        failed(readManifest(options.manifest, specs, error)))
      return trouble(error);
    for (const std::string &input : options.inputs)
      specs.push_back(InputSpec{input, "", ""});
    // The manifest, then what it lists, then the inputs given.
    std::vector<std::string> read;
    if (!options.manifest.empty())
      read.push_back(options.manifest);
    for (const InputSpec &spec : specs)
      read.push_back(spec.path);
    size_t listed = options.manifest.empty() ? 0 : 1;
    size_t given = read.size() - options.inputs.size();
    if (failed(checkStandardInputReadOnce(
            "graph-diff-sim", read, [&](size_t i) -> std::string {
              if (i < listed)
                return "the manifest (--manifest)";
              if (i >= given)
                return "input " + std::to_string(i - given + 1);
              return "the input at " + specs[i - listed].origin;
            })))
      return ExitTrouble;
    if (!options.pipeline.empty()) {
      if (specs.size() != 1)
        return trouble("graph-diff-sim: error: --pipeline takes one MLIR "
                       "model");
      return runPipeline(options, specs.front(), *format, context);
    }
    if (specs.empty())
      return trouble("graph-diff-sim: error: no inputs (give files or "
                     "--manifest; see --help)");
    // caliper's folders and metric indexes become the files they hold.
    std::vector<std::string> ignored;
    if (failed(expandCaliperInputs(specs, ignored, error)))
      return trouble(error);
    FailureOr<SimilarityResults> computed = computeResults(
        options, specs, ignored, kind, wantSummaries, context, pool.get());
    if (failed(computed))
      return ExitTrouble;
    results = std::move(*computed);
  }

  if (*format == SimFormat::JSONLines)
    return writeOutput(options.output, [&](llvm::raw_ostream &os) {
      writeJsonLines(results, os);
    });
  std::string error;
  FailureOr<SimilarityMatrix> matrix = buildMatrix(results, error);
  if (failed(matrix))
    return trouble("graph-diff-sim: " + error);
  FailureOr<std::vector<unsigned>> metrics =
      selectMetrics(options.metrics, matrix->metrics, *format);
  if (failed(metrics))
    return ExitTrouble;
  return writeOutput(options.output, [&](llvm::raw_ostream &os) {
    switch (*format) {
    case SimFormat::Text:
      return renderMatrixText(*matrix, *metrics, os);
    case SimFormat::CSV:
      return renderMatrixCSV(*matrix, *metrics, os);
    case SimFormat::CaliperJSON:
      return renderCaliperJSON(*matrix, *metrics, os);
    case SimFormat::SVG:
      return renderHeatmapSVG(*matrix, metrics->front(), os);
    case SimFormat::HTML:
      return renderHeatmapHTML(*matrix, *metrics, os);
    case SimFormat::JSONLines:
      return writeJsonLines(results, os);
    }
  });
}

int graphdiff::graphDiffSimMain(int argc, char **argv) {
  // First: the tool runs in a child process (Support/Supervisor.h).
  superviseTool("graph-diff-sim");
  llvm::InitLLVM initLLVM(argc, argv);
  return runOnLargeStack([&] { return runTool(argc, argv); });
}
