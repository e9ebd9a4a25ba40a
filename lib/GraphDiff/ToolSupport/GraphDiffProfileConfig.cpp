//===- GraphDiffProfileConfig.cpp - graph-diff-profile's options ----------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/ToolSupport/GraphDiffProfileConfig.h"

#include "GraphDiff/Importers/ParseInput.h"
#include "GraphDiff/Support/ProfileUnits.h"
#include "GraphDiff/ToolSupport/ColorOption.h"
#include "GraphDiff/ToolSupport/OutputFile.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
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
  OutputFileOption output{&cat, "Output file"};
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
      cl::desc("Do not show the children of nodes whose path matches this "
               "Python regex, as tfprof_diff anchors it: ^REGEX$ "
               "(repeatable)"),
      cl::cat(cat)};
  cl::opt<bool> swap{"swap",
                     cl::desc("Reverse the diff: last - first for scope "
                              "files, first - last with --memory"),
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

/// The display names tfprof_diff's command line gave, if it was used.
static std::optional<std::vector<std::string>> tfprofDiffNames;

FailureOr<std::vector<std::string>>
GraphDiffProfileConfig::translateTfprofDiffArgs(ArrayRef<std::string> args) {
  auto fail = [](const llvm::Twine &message) {
    llvm::errs() << "graph-diff-profile: " << message << "\n";
    return failure();
  };
  // argparse reads an argument starting with '-' as an option (unless it
  // is a negative number); nargs='*' takes the arguments up to one.
  auto isOption = [](StringRef arg) {
    double number;
    return arg.size() > 1 && arg.starts_with("-") &&
           StringRef(arg).getAsDouble(number);
  };
  std::vector<std::string> out, positionals, extraFiles, extraNames;
  bool compatible = false, ownNames = false, afterDashes = false;
  for (size_t i = 0; i < args.size(); ++i) {
    StringRef arg = args[i];
    if (afterDashes || !isOption(arg)) {
      positionals.push_back(arg.str());
      continue;
    }
    if (arg == "--") {
      afterDashes = true;
      continue;
    }
    auto [flag, inlineValue] = arg.split('=');
    bool hasInline = arg.contains('=');
    // One value: `--flag=V` or `--flag V`.
    auto single = [&](StringRef ours) -> LogicalResult {
      compatible = true;
      if (hasInline) {
        out.push_back((ours + "=" + inlineValue).str());
        return success();
      }
      if (i + 1 >= args.size() || isOption(args[i + 1]))
        return fail(flag + " takes a value");
      out.push_back((ours + "=" + args[++i]).str());
      return success();
    };
    // nargs='*': `--flag=V` or `--flag V1 V2 ...`.
    auto many = [&](std::vector<std::string> &into) {
      compatible = true;
      if (hasInline) {
        into.push_back(inlineValue.str());
        return;
      }
      while (i + 1 < args.size() && !isOption(args[i + 1]))
        into.push_back(args[++i]);
    };
    if (flag == "--min_size") {
      if (failed(single("--min-size")))
        return failure();
    } else if (flag == "--max_depth") {
      if (failed(single("--max-depth")))
        return failure();
    } else if (arg == "--swap_files") {
      compatible = true;
      out.push_back("--swap");
    } else if (flag == "--hide_nodes") {
      std::vector<std::string> patterns;
      many(patterns);
      for (const std::string &pattern : patterns)
        out.push_back("--hide=" + pattern);
    } else if (flag == "--extra_files") {
      many(extraFiles);
    } else if (flag == "--extra_names") {
      many(extraNames);
    } else {
      ownNames |= flag == "--names" || flag == "-names";
      out.push_back(arg.str());
      // This tool's options that take a separate value keep it.
      static const char *const withValue[] = {
          "-o",          "--delta",    "-delta",  "--min-size", "-min-size",
          "--max-depth", "-max-depth", "--hide",  "-hide",      "--metric",
          "-metric",     "--format",   "-format", "--names",    "-names",
          "--pipeline",  "-pipeline",  "--color", "-color"};
      if (!hasInline && llvm::is_contained(withValue, flag) &&
          i + 1 < args.size())
        out.push_back(args[++i]);
    }
  }
  // Without a flag of its own, tfprof_diff's form shows as 3 or 4
  // positional arguments of which the 3rd and 4th are not files: names.
  if (!compatible && (positionals.size() == 3 || positionals.size() == 4))
    compatible = llvm::none_of(
        llvm::drop_begin(positionals, 2), [](const std::string &arg) {
          return arg == "-" || llvm::sys::fs::exists(arg);
        });
  tfprofDiffNames.reset();
  auto appendFiles = [&](ArrayRef<std::string> files) {
    if (llvm::any_of(files, [&](const std::string &f) { return isOption(f); }))
      out.push_back("--");
    llvm::append_range(out, files);
  };
  if (!compatible) {
    appendFiles(positionals);
    return out;
  }
  if (positionals.size() < 2 || positionals.size() > 4)
    return fail("tfprof_diff's command line takes two files and at most two "
                "names (file0 file1 [name0 [name1]]), more files with "
                "--extra_files; got " +
                llvm::Twine(positionals.size()) + " positional arguments");
  if (extraFiles.size() != extraNames.size())
    return fail("--extra_files gives " + llvm::Twine(extraFiles.size()) +
                " files and --extra_names " + llvm::Twine(extraNames.size()) +
                " names: give one name per extra file");
  std::vector<std::string> names = {
      positionals.size() > 2 ? positionals[2] : "left",
      positionals.size() > 3 ? positionals[3] : "right"};
  llvm::append_range(names, extraNames);
  if (ownNames && (positionals.size() > 2 || !extraNames.empty()))
    return fail("names given both as tfprof_diff's (positional, "
                "--extra_names) and with --names");
  if (!ownNames)
    tfprofDiffNames = std::move(names);
  std::vector<std::string> files = {positionals[0], positionals[1]};
  llvm::append_range(files, extraFiles);
  appendFiles(files);
  return out;
}

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
  if (tfprofDiffNames)
    config.names = *tfprofDiffNames;
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
  // A model's memory reads source -> target: `+` means it went up.
  config.diff.lastMinusFirst = config.memory;
  config.diff.metric = cl.metric;
  return config;
}
