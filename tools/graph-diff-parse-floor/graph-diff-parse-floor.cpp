//===- graph-diff-parse-floor.cpp - What reading two inputs costs ---------===//
//
// Part of graph-diff.
//
// graph-diff-parse-floor SRC TGT parses both inputs into one MLIRContext,
// with the dialect registry and parser configuration of `graph-diff-opt SRC
// TGT` (every dialect loaded, parse without verifying, then verify each
// module), and does nothing else. It is the floor that scripts/bench.sh
// times graph-diff-opt against (docs/Performance.md): a diff cannot cost
// less than reading its inputs.
//
// --asm-state also records the parser state, which graph-diff-opt records
// only for an input that writes its own locations (it reads the user's SSA
// names from the text otherwise), and --no-verify skips the verifier, so the
// benchmark can tell those costs apart. --concurrent parses the two inputs on
// two threads into the one context, as graph-diff-opt does when the context's
// threading is enabled and the process may use a second core (SecondThread.h:
// not under `taskset -c 0`); the floor stays sequential by default, the floor
// the benchmark's ratios are taken against (docs/Performance.md,
// "Parallelism").
// --count prints the number of ops of each input (every op, nested ones
// included). Exit codes: 0 both inputs read, 2 trouble (a located diagnostic on
// stderr).
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Driver/Registration.h"
#include "GraphDiff/Importers/ParseInput.h"
#include "GraphDiff/Support/LargeStack.h"
#include "GraphDiff/Support/SecondThread.h"
#include "GraphDiff/Support/Supervisor.h"
#include "mlir/AsmParser/AsmParser.h"
#include "mlir/AsmParser/AsmParserState.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/thread.h"

using namespace mlir;

static llvm::cl::list<std::string>
    inputs(llvm::cl::Positional, llvm::cl::desc("<source file> <target file>"));
static llvm::cl::opt<bool> asmState(
    "asm-state",
    llvm::cl::desc("Also record the parser state, as graph-diff-opt does "
                   "for inputs that write their own locations"),
    llvm::cl::init(false));
static llvm::cl::opt<bool>
    noVerify("no-verify", llvm::cl::desc("Do not verify the parsed inputs"),
             llvm::cl::init(false));
static llvm::cl::opt<bool>
    count("count",
          llvm::cl::desc("Print the number of ops of each input (nested ops "
                         "included), one line each"),
          llvm::cl::init(false));
static llvm::cl::opt<bool> concurrent(
    "concurrent",
    llvm::cl::desc("Parse the target on a second thread while the source is "
                   "parsed, as graph-diff-opt does (by default the floor "
                   "parses one after the other)"),
    llvm::cl::init(false));
static llvm::cl::opt<bool> allowUnregisteredDialects(
    "allow-unregistered-dialect",
    llvm::cl::desc("Allow operations of unregistered dialects"),
    llvm::cl::init(false));

/// Parses `filename` into `context`, its buffer kept by `sourceMgr` for
/// diagnostics. Null after a diagnostic.
static OwningOpRef<ModuleOp> parse(StringRef filename,
                                   llvm::SourceMgr &sourceMgr,
                                   MLIRContext &context,
                                   AsmParserState *state) {
  std::string error;
  std::unique_ptr<llvm::MemoryBuffer> file = openInputFile(filename, &error);
  if (!file) {
    llvm::errs() << "graph-diff-parse-floor: " << error << "\n";
    return nullptr;
  }
  sourceMgr.AddNewSourceBuffer(std::move(file), SMLoc());
  Block block;
  ParserConfig config(&context, /*verifyAfterParse=*/false);
  if (failed(parseAsmSourceFile(sourceMgr, &block, config, state)))
    return nullptr;
  OwningOpRef<ModuleOp> module =
      detail::constructContainerOpForParserIfNecessary<ModuleOp>(
          &block, &context, FileLineColLoc::get(&context, filename, 1, 1));
  if (!module || (!noVerify && failed(verify(*module))))
    return nullptr;
  return module;
}

static int runTool(int argc, char **argv) {
  if (!llvm::cl::ParseCommandLineOptions(
          argc, argv,
          "graph-diff-parse-floor: parse two inputs as graph-diff-opt does, "
          "nothing else\n",
          &llvm::errs()))
    return 2;
  if (inputs.size() != 2) {
    llvm::errs() << "usage: graph-diff-parse-floor SRC TGT\n";
    return 2;
  }
  DialectRegistry registry;
  graphdiff::registerGraphDiffDialects(registry);
  // Like graph-diff-opt, it exits without freeing the IR (leakAtExit).
  auto ownedContext = std::make_unique<MLIRContext>(registry);
  MLIRContext &context = *ownedContext;
  context.loadAllAvailableDialects();
  context.allowUnregisteredDialects(allowUnregisteredDialects);
  context.printOpOnDiagnostic(false);
  // One SourceMgr per input: parseAsmSourceFile reads its main buffer.
  llvm::SourceMgr sourceMgr, targetMgr;
  SourceMgrDiagnosticHandler sourceDiagnostics(sourceMgr, &context);
  AsmParserState sourceState, targetState;
  OwningOpRef<ModuleOp> source, target;
  if (concurrent && graphdiff::useSecondThread(context)) {
    // The target on a second thread (with as large a stack), into the same
    // context, while this thread reads the source.
    SourceMgrDiagnosticHandler targetDiagnostics(targetMgr, &context);
    int targetStatus = 0;
    llvm::thread worker(std::optional<unsigned>(graphdiff::kLargeStackBytes),
                        [&] {
                          target = parse(inputs[1], targetMgr, context,
                                         asmState ? &targetState : nullptr);
                          targetStatus = target ? 0 : 2;
                        });
    source =
        parse(inputs[0], sourceMgr, context, asmState ? &sourceState : nullptr);
    worker.join();
    if (!source || targetStatus)
      return 2;
  } else {
    source =
        parse(inputs[0], sourceMgr, context, asmState ? &sourceState : nullptr);
    if (!source)
      return 2;
    SourceMgrDiagnosticHandler targetDiagnostics(targetMgr, &context);
    target =
        parse(inputs[1], targetMgr, context, asmState ? &targetState : nullptr);
    if (!target)
      return 2;
  }
  if (count) {
    for (ModuleOp module : {*source, *target}) {
      size_t ops = 0;
      module->walk([&](Operation *) { ++ops; });
      // The module itself is not an op of the input.
      llvm::outs() << ops - 1 << "\n";
    }
  }
  graphdiff::leakAtExit(std::move(source));
  graphdiff::leakAtExit(std::move(target));
  graphdiff::leakAtExit(std::move(ownedContext));
  return 0;
}

int main(int argc, char **argv) {
  // First: the tool runs in a child process (Support/Supervisor.h).
  graphdiff::superviseTool("graph-diff-parse-floor");
  llvm::InitLLVM initLLVM(argc, argv);
  // graph-diff-opt runs on the same large stack.
  return graphdiff::runOnLargeStack([&] { return runTool(argc, argv); });
}
