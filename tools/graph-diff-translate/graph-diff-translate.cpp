//===- graph-diff-translate.cpp - Translate to and from our dialects ------===//
//
// Part of graph-diff.
//
// An `mlir-translate` for graph-diff's translations:
//   --import-switcheroo-json   ml_switcheroo LogicalGraph JSON -> lg.graph
//   --export-switcheroo-json   lg.graph -> LogicalGraph JSON
//   --export-switcheroo-plan   patch.plan -> ml_switcheroo action list JSON
// The exports read their input as graph-diff-opt does (ParseInput.h),
// keeping the names the text gives graph inputs. Exit codes as
// graph-diff-opt: 0 on success, 2 on trouble (a command-line mistake, a
// located error in the input, a failed write), with nothing written. `-o`
// writes as every graph-diff tool does (OutputFile.h). The driver is ours
// rather than mlirTranslateMain, which exits 1 on a command-line mistake and
// replaces whatever `-o` names; it splits the input as mlir-translate does
// (--split-input-file, --output-split-marker).
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Dialect/LG/IR/LG.h"
#include "GraphDiff/Dialect/Patch/IR/Patch.h"
#include "GraphDiff/Importers/ParseInput.h"
#include "GraphDiff/Importers/Switcheroo.h"
#include "GraphDiff/Support/Supervisor.h"
#include "GraphDiff/ToolSupport/CommandLine.h"
#include "GraphDiff/ToolSupport/OutputFile.h"
#include "mlir/AsmParser/AsmParserState.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Support/ToolUtilities.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

using namespace mlir;
using namespace graphdiff;
namespace cl = llvm::cl;

static void registerOurDialects(DialectRegistry &registry) {
  registry.insert<lg::LGDialect, patch::PatchDialect>();
}

/// Reads the MLIR input (the main buffer of `sourceMgr`) as every graph-diff
/// tool reads its inputs, keeps the names its text gives graph inputs
/// (`%image`) for the exporters, and exports it with `exporter`.
static LogicalResult
exportFromMLIR(llvm::SourceMgr &sourceMgr, llvm::raw_ostream &os,
               MLIRContext *ctx,
               LogicalResult (*exporter)(Operation *, llvm::raw_ostream &)) {
  DialectRegistry registry;
  registerOurDialects(registry);
  ctx->appendDialectRegistry(registry);
  const llvm::MemoryBuffer *input =
      sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID());
  AsmParserState state;
  OwningOpRef<ModuleOp> module = parseInputBuffer(
      llvm::MemoryBuffer::getMemBuffer(input->getMemBufferRef(),
                                       /*RequiresNullTerminator=*/false),
      sourceMgr, *ctx, state);
  if (!module)
    return failure();
  nameGraphInputsFromText(*module, state);
  return exporter(*module, os);
}

static void registerTranslations() {
  static TranslateToMLIRRegistration importGraph(
      "import-switcheroo-json",
      "Import an ml_switcheroo LogicalGraph (JSON) as an lg.graph",
      [](llvm::SourceMgr &sourceMgr,
         MLIRContext *ctx) -> OwningOpRef<Operation *> {
        const llvm::MemoryBuffer *buffer =
            sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID());
        return importSwitcherooGraph(buffer->getBuffer(),
                                     buffer->getBufferIdentifier(), ctx);
      },
      registerOurDialects);
  static TranslateRegistration exportGraph(
      "export-switcheroo-json",
      "Export the first lg.graph as an ml_switcheroo LogicalGraph (JSON)",
      [](const std::shared_ptr<llvm::SourceMgr> &sourceMgr,
         llvm::raw_ostream &os, MLIRContext *ctx) {
        return exportFromMLIR(*sourceMgr, os, ctx, exportSwitcherooGraph);
      });
  static TranslateRegistration exportPlan(
      "export-switcheroo-plan",
      "Export patch plans as ml_switcheroo's action list (JSON)",
      [](const std::shared_ptr<llvm::SourceMgr> &sourceMgr,
         llvm::raw_ostream &os, MLIRContext *ctx) {
        return exportFromMLIR(*sourceMgr, os, ctx, exportSwitcherooPlan);
      });
}

static int runTool(int argc, char **argv) {
  // Before the tool registers its options (CommandLine.h).
  ToolCommandLine commandLine("graph-diff-translate");
  static cl::OptionCategory category("graph-diff-translate options");
  registerTranslations();
  static cl::opt<std::string> inputFilename(cl::Positional,
                                            cl::desc("<input file>"),
                                            cl::init("-"), cl::cat(category));
  static OutputFileOption outputFilename(&category);
  static cl::opt<bool> allowUnregisteredDialects(
      "allow-unregistered-dialect",
      cl::desc("Allow operations of unregistered dialects in the input"),
      cl::init(false), cl::cat(category));
  static cl::opt<std::string> inputSplitMarker(
      "split-input-file", cl::ValueOptional,
      cl::callback([](const std::string &marker) {
        // Without a value, the default marker.
        if (marker.empty())
          inputSplitMarker.setValue(kDefaultSplitMarker);
      }),
      cl::desc("Split the input at a marker (`// -----` without a value) "
               "and translate each chunk on its own; the output of a chunk "
               "that fails is empty, and the tool exits 2"),
      cl::init(""), cl::cat(category));
  static cl::opt<std::string> outputSplitMarker(
      "output-split-marker",
      cl::desc("The marker between the chunks' outputs (none by default)"),
      cl::init(""), cl::cat(category));
  static cl::opt<const Translation *, false, TranslationParser> translation(
      "", cl::desc("Translation to perform"), cl::Required, cl::cat(category));
  registerAsmPrinterCLOptions();
  registerMLIRContextCLOptions();
  registerTranslationCLOptions();
  commandLine.tidyHelp({&category}, "mlir options",
                       "How MLIR reads and prints the IR");
  if (!cl::ParseCommandLineOptions(
          argc, argv,
          "graph-diff-translate: translate to and from graph-diff's dialects "
          "(ml_switcheroo JSON)\n",
          &llvm::errs()))
    return 2;

  std::string error;
  std::unique_ptr<llvm::MemoryBuffer> input =
      translation->getInputAlignment()
          ? openInputFile(inputFilename, *translation->getInputAlignment(),
                          &error)
          : openInputFile(inputFilename, &error);
  if (!input) {
    llvm::errs() << "graph-diff-translate: " << error << "\n";
    return 2;
  }

  // Each input (each chunk, with --split-input-file) is checked and
  // translated on its own, in a context of its own, as mlir-translate does.
  auto translate = [&](std::unique_ptr<llvm::MemoryBuffer> buffer,
                       llvm::raw_ostream &os) -> LogicalResult {
    auto sourceMgr = std::make_shared<llvm::SourceMgr>();
    unsigned bufferID =
        sourceMgr->AddNewSourceBuffer(std::move(buffer), SMLoc());
    if (failed(checkInputText(*sourceMgr, bufferID)))
      return failure();
    MLIRContext context;
    context.allowUnregisteredDialects(allowUnregisteredDialects);
    context.printOpOnDiagnostic(false);
    SourceMgrDiagnosticHandler diagnostics(*sourceMgr, &context);
    return (*translation)(sourceMgr, os, &context);
  };
  if (failed(writeOutputFile(
          outputFilename, "graph-diff-translate", [&](llvm::raw_ostream &os) {
            if (inputSplitMarker.getNumOccurrences() == 0)
              return translate(std::move(input), os);
            return splitAndProcessBuffer(std::move(input), translate, os,
                                         inputSplitMarker, outputSplitMarker);
          })))
    return 2;
  return 0;
}

int main(int argc, char **argv) {
  // First: the tool runs in a child process (Support/Supervisor.h).
  superviseTool("graph-diff-translate");
  llvm::InitLLVM initLLVM(argc, argv);
  return runOnLargeStack([&] { return runTool(argc, argv); });
}
