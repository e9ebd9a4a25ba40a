//===- GraphDiffProfileConfig.cpp - graph-diff-profile's options ----------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Tools/GraphDiffProfileConfig.h"

#include "GraphDiff/ProfileDiff/Units.h"
#include "GraphDiff/Tools/ColorOption.h"
#include "GraphDiff/Tools/ParseInput.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/ManagedStatic.h"

#include <cmath>

using namespace mlir;
using namespace graphdiff;
namespace cl = llvm::cl;

/// The tool's own options; --help hides the ones libLLVM registers.
cl::OptionCategory &GraphDiffProfileConfig::getCategory() {
  static cl::OptionCategory category("graph-diff-profile options");
  return category;
}

namespace {
/// The command-line options, created by registerCLOptions.
struct CLOptions {
  cl::OptionCategory &cat = GraphDiffProfileConfig::getCategory();

  cl::list<std::string> inputs{cl::Positional, cl::OneOrMore,
                               cl::desc("<profile> <profile> [<profile>...]"),
                               cl::cat(cat)};
  cl::opt<std::string> output{"o", cl::desc("Output file"),
                              cl::value_desc("filename"), cl::init("-"),
                              cl::cat(cat)};
  cl::list<std::string> labels{
      "label",
      cl::desc("Name the inputs so in the report, one --label per input, in "
               "order (default left, right; with more inputs left, in2, ..., "
               "right)"),
      cl::value_desc("name"), cl::cat(cat)};
  // The spelling of old: one comma-separated list.
  cl::list<std::string> names{
      "names", cl::CommaSeparated, cl::Hidden,
      cl::desc("The inputs' names, comma-separated (--label, once per input)"),
      cl::cat(cat)};
  cl::opt<double> delta{"delta",
                        cl::desc("Minimum relative difference for a node to "
                                 "be shown (default 0.1 = 10%)"),
                        cl::init(0.1), cl::cat(cat)};
  cl::opt<std::string> minSize{
      "min-size",
      cl::desc("Minimum size of the largest side for a node to be shown: "
               "1MB, 500KB, 12B, 2G (decimal units; default 1MB)"),
      cl::init("1MB"), cl::cat(cat)};
  cl::opt<int> maxDepth{"max-depth",
                        cl::desc("Deepest level shown, the root being 0 "
                                 "(0 or -1, the default: all)"),
                        cl::init(-1), cl::cat(cat)};
  cl::list<std::string> hide{
      "hide",
      cl::desc("Do not show the children of nodes whose whole path "
               "matches this POSIX extended regex (repeatable)"),
      cl::cat(cat)};
  cl::opt<bool> swap{"swap",
                     cl::desc("Diff last - first instead of first - "
                              "last"),
                     cl::cat(cat)};
  cl::opt<std::string> metric{
      "metric",
      cl::desc("The metric compared or written (default: the first "
               "metric of the first input: bytes for memory "
               "profiles; --format=scope also takes 'all')"),
      cl::cat(cat)};
  cl::opt<bool> memory{
      "memory",
      cl::desc("Inputs are MLIR models: compare the bytes their "
               "ops' results occupy per scope"),
      cl::cat(cat)};
  cl::opt<std::string> pipeline{
      "pipeline",
      cl::desc("With --memory and one model: run this pass pipeline on it "
               "(as mlir-opt's --pass-pipeline) and compare the model "
               "before and after"),
      cl::value_desc("builtin.module(...)"), cl::cat(cat)};
  cl::opt<ProfileOutputFormat> format{
      "format", cl::desc("Output format"),
      cl::values(clEnumValN(ProfileOutputFormat::Text, "text",
                            "tfprof_diff's layout (default)"),
                 clEnumValN(ProfileOutputFormat::JSON, "json",
                            "the shown tree as JSON (docs/ProfileDiff.md)"),
                 clEnumValN(ProfileOutputFormat::HTML, "html",
                            "a self-contained differential icicle picture"),
                 clEnumValN(ProfileOutputFormat::Scope, "scope",
                            "one input written as a tfprof scope file"),
                 clEnumValN(ProfileOutputFormat::MLIR, "mlir",
                            "the inputs' profiles as prof IR")),
      cl::init(ProfileOutputFormat::Text), cl::cat(cat)};
};
} // namespace

static llvm::ManagedStatic<CLOptions> clOptions;

void GraphDiffProfileConfig::registerCLOptions() {
  *clOptions;
  registerColorOption(&GraphDiffProfileConfig::getCategory());
}

/// The default display names: left, right; left, in2, ..., right.
static std::vector<std::string> defaultNames(size_t count) {
  std::vector<std::string> names;
  for (size_t i = 0; i < count; ++i)
    names.push_back(i == 0           ? "left"
                    : i + 1 == count ? "right"
                                     : "in" + std::to_string(i + 1));
  return names;
}

FailureOr<GraphDiffProfileConfig>
GraphDiffProfileConfig::createFromCLOptions() {
  CLOptions &cl = *clOptions;
  auto fail = [](const llvm::Twine &message) {
    llvm::errs() << "graph-diff-profile: " << message << "\n";
    return failure();
  };
  GraphDiffProfileConfig config;
  config.inputs.assign(cl.inputs.begin(), cl.inputs.end());
  config.outputFilename = cl.output;
  config.memory = cl.memory;
  config.pipeline = cl.pipeline;
  config.format = cl.format;

  if (failed(checkStandardInputReadOnce(
          "graph-diff-profile", config.inputs,
          [](size_t i) { return "input " + std::to_string(i + 1); })))
    return failure();
  if (!config.pipeline.empty() && (!config.memory || config.inputs.size() != 1))
    return fail("--pipeline takes --memory and one model");
  size_t count = config.pipeline.empty() ? config.inputs.size() : 2;
  if (config.format == ProfileOutputFormat::Scope && count != 1)
    return fail("--format=scope writes one profile: give one input");
  if (!config.writesInputs() && count < 2)
    return fail("a diff needs two or more inputs (one input: --format=scope "
                "or --format=mlir)");
  if (!cl.labels.empty() && !cl.names.empty())
    return fail("--label and --names both name the inputs: give one of them");
  std::string nameOption = cl.names.empty() ? "--label" : "--names";
  if (cl.names.empty())
    config.names.assign(cl.labels.begin(), cl.labels.end());
  else
    config.names.assign(cl.names.begin(), cl.names.end());
  if (config.names.empty())
    config.names = defaultNames(count);
  if (config.names.size() != count)
    return fail(llvm::Twine(config.names.size()) + " names for " +
                llvm::Twine(count) + " inputs");
  // The names label the values of each node and the JSON's inputs: each
  // must say which input it is.
  for (auto [index, name] : llvm::enumerate(config.names)) {
    if (name.empty())
      return fail(nameOption + ": name #" + llvm::Twine(index + 1) +
                  " is empty");
    for (size_t before = 0; before < index; ++before)
      if (config.names[before] == name)
        return fail(nameOption + ": '" + name + "' names inputs " +
                    llvm::Twine(before + 1) + " and " + llvm::Twine(index + 1) +
                    "; give each input its own name");
  }
  std::optional<double> minSize = parseSizeOption(cl.minSize);
  if (!minSize)
    return fail("--min-size '" + cl.minSize +
                "' is not a size such as 1MB, 500KB or 12B");
  if (!(cl.delta >= 0) || std::isinf(cl.delta))
    return fail("--delta must be a non-negative number");
  config.diff.delta = cl.delta;
  config.diff.minSize = *minSize;
  if (cl.maxDepth < -1)
    return fail("--max-depth takes N > 0 (drop the nodes deeper than N, the "
                "root being 0), or 0 or -1 (every level); got " +
                llvm::Twine(cl.maxDepth.getValue()));
  config.diff.maxDepth = cl.maxDepth;
  config.diff.hide.assign(cl.hide.begin(), cl.hide.end());
  config.diff.swap = cl.swap;
  config.diff.metric = cl.metric;
  return config;
}
