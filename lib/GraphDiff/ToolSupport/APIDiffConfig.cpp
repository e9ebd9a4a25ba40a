//===- APIDiffConfig.cpp - graph-diff-api's options -----------------------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/ToolSupport/APIDiffConfig.h"

#include "GraphDiff/Importers/ParseInput.h"
#include "GraphDiff/ToolSupport/ColorOption.h"
#include "GraphDiff/ToolSupport/CommandLine.h"
#include "GraphDiff/ToolSupport/OutputFile.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/ManagedStatic.h"

using namespace mlir;
using namespace graphdiff;
namespace cl = llvm::cl;

namespace {
/// The command-line options, created by registerCLOptions.
struct CLOptions {
  cl::list<std::string> inputs{cl::Positional,
                               cl::desc("<old API> <new API> | <input file>")};
  OutputFileOption outputFilename{/*category=*/nullptr};
  cl::opt<APIInputFormat> from{
      "from", cl::desc("What the inputs are (default: detected)"),
      cl::values(clEnumValN(APIInputFormat::Auto, "auto",
                            "ELF: elf; JSON with \"nodes\": compspec; "
                            "other JSON: functiondb; anything else: MLIR"),
                 clEnumValN(APIInputFormat::FunctionDB, "functiondb",
                            "caliper functiondb JSON"),
                 clEnumValN(APIInputFormat::Compspec, "compspec",
                            "compspec graph JSON (nodes, relations)"),
                 clEnumValN(APIInputFormat::MLIR, "mlir",
                            "an MLIR module (or api IR)"),
                 clEnumValN(APIInputFormat::ELF, "elf",
                            "a shared library (ELF) with DWARF")),
      cl::init(APIInputFormat::Auto)};
  // Spelled --version=KEY on the command line (see rewriteArguments).
  cl::opt<std::string> version{
      "api-version",
      cl::desc("functiondb: the version key to read (--version=KEY; default: "
               "the only one)"),
      cl::init("")};
  cl::opt<std::string> package{
      "package",
      cl::desc("functiondb: the package name of compspec's root node "
               "(default: the most common first component of module names)"),
      cl::init("")};
  cl::opt<APIGroupBy> groupBy{
      "group-by", cl::desc("Diff and report in groups"),
      cl::values(
          clEnumValN(APIGroupBy::None, "none", "one group (default)"),
          clEnumValN(APIGroupBy::Module, "module", "per module"),
          clEnumValN(APIGroupBy::Function, "function", "per function or class"),
          clEnumValN(APIGroupBy::Level, "level",
                     "per level from the root: modules, functions, "
                     "parameters")),
      cl::init(APIGroupBy::None)};
  cl::opt<bool> stopAtFirstBreak{
      "stop-at-first-break",
      cl::desc("Report groups up to the first one with a break, then stop"),
      cl::init(false)};
  cl::opt<APIReportFormat> format{
      "format", cl::desc("How to print the diff"),
      cl::values(clEnumValN(APIReportFormat::Text, "text",
                            "grouped, one line per change (default)"),
                 clEnumValN(APIReportFormat::JSON, "json",
                            "versioned JSON (docs/APIDiff.md)"),
                 clEnumValN(APIReportFormat::HTML, "html",
                            "one self-contained web page"),
                 clEnumValN(APIReportFormat::Compspec, "compspec",
                            "compspec's own facts (is-compatible.lp)"),
                 clEnumValN(APIReportFormat::CompspecTable, "compspec-table",
                            "compspec's facts as its Difference.table()"),
                 clEnumValN(APIReportFormat::MLIR, "mlir",
                            "the patch plan from the old API to the new")),
      cl::init(APIReportFormat::Text)};
  cl::list<std::string> namespaces{
      "namespaces", cl::CommaSeparated,
      cl::desc("compspec formats: the names of the old and the new "
               "namespace in the facts (default A,B)"),
      cl::value_desc("A,B")};
  cl::opt<bool> verify{
      "verify",
      cl::desc("Apply the plan to the old API and check that it gives the new "
               "one (trouble if not)"),
      cl::init(false)};
  cl::opt<std::string> suppressFile{
      "suppress",
      cl::desc("Silence known changes: lines 'PATTERN: REASON', PATTERN a "
               "path or a /regex/"),
      cl::value_desc("file"), cl::init("")};
  cl::opt<bool> emitAPI{
      "emit-api",
      cl::desc("With one input: print its API as api IR instead of running "
               "it through mlir-opt"),
      cl::init(false)};
};

} // namespace

static llvm::ManagedStatic<CLOptions> clOptions;

cl::OptionCategory &APIDiffConfig::getCategory() {
  static cl::OptionCategory category("graph-diff-api options");
  return category;
}

void APIDiffConfig::registerCLOptions() {
  registerInCategory(getCategory(), [] {
    *clOptions;
    // --api-color: what --help called it before it was --color.
    registerColorOption(/*category=*/nullptr, "api-color");
  });
}

FailureOr<APIDiffConfig> APIDiffConfig::createFromCLOptions() {
  CLOptions &cl = *clOptions;
  if (cl.inputs.size() > 2) {
    llvm::errs() << "graph-diff-api: expected an old and a new API (or one "
                    "input); got "
                 << cl.inputs.size() << "\n";
    return failure();
  }
  APIDiffConfig config;
  config.inputs.assign(cl.inputs.begin(), cl.inputs.end());
  std::vector<std::string> read = config.inputs;
  read.push_back(cl.suppressFile);
  if (failed(checkStandardInputReadOnce(
          "graph-diff-api", read, [&](size_t i) -> std::string {
            if (i == config.inputs.size())
              return "the suppressions (--suppress)";
            if (config.inputs.size() == 1)
              return "the input";
            return i == 0 ? "the old API" : "the new API";
          })))
    return failure();
  config.outputFilename = cl.outputFilename;
  config.from = cl.from;
  config.version = cl.version;
  config.package = cl.package;
  config.groupBy = cl.groupBy;
  config.stopAtFirstBreak = cl.stopAtFirstBreak;
  config.format = cl.format;
  config.verify = cl.verify;
  config.suppressFile = cl.suppressFile;
  config.color = shouldColor(config.outputFilename);
  config.emitAPI = cl.emitAPI;
  if (!cl.namespaces.empty()) {
    if (cl.namespaces.size() != 2 || cl.namespaces[0].empty() ||
        cl.namespaces[1].empty() || cl.namespaces[0] == cl.namespaces[1]) {
      llvm::errs() << "graph-diff-api: --namespaces takes two different, "
                      "non-empty names: OLD,NEW\n";
      return failure();
    }
    config.namespaceA = cl.namespaces[0];
    config.namespaceB = cl.namespaces[1];
  }
  return config;
}
