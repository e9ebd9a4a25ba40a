//===- FuzzSupport.cpp - What the libFuzzer targets share -----------------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "FuzzSupport.h"

#include "GraphDiff/Dialect/LG/IR/LG.h"
#include "GraphDiff/Dialect/Patch/IR/Patch.h"
#include "GraphDiff/Graph/Graph.h"
#include "GraphDiff/Plan/Isomorphism.h"
#include "GraphDiff/Renderers/Renderers.h"
#include "GraphDiff/Tools/GraphDiffOptMain.h"
#include "GraphDiff/Tools/ParseInput.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/IR/Verifier.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

using namespace mlir;
using namespace graphdiff;
using namespace graphdiff::fuzz;

SmallVector<StringRef> fuzz::splitInputs(StringRef data) {
  SmallVector<StringRef> parts;
  data.split(parts, kSeparator);
  return parts;
}

/// Every dialect graph-diff-opt knows, registered once per process.
static const DialectRegistry &getRegistry() {
  static const DialectRegistry *registry = [] {
    auto *result = new DialectRegistry;
    registerGraphDiffDialects(*result);
    return result;
  }();
  return *registry;
}

static bool verbose() {
  static const bool enabled = [] {
    const char *value = std::getenv("GRAPH_DIFF_FUZZ_VERBOSE");
    return value && *value && StringRef(value) != "0";
  }();
  return enabled;
}

Session::Session() : context(getRegistry(), MLIRContext::Threading::DISABLED) {
  // The dialects the differ builds with, whatever the inputs hold; the
  // others load as the parser meets them. (graph-diff-opt loads them all.)
  context.loadDialect<lg::LGDialect, patch::PatchDialect>();
  context.printOpOnDiagnostic(false);
  handler = context.getDiagEngine().registerHandler([this](Diagnostic &diag) {
    std::string text;
    llvm::raw_string_ostream os(text);
    os << diag.getLocation() << ": " << diag;
    for (Diagnostic &note : diag.getNotes())
      os << "\n  note: " << note.getLocation() << ": " << note;
    bool isError = diag.getSeverity() == DiagnosticSeverity::Error;
    bool located = static_cast<bool>(
        diag.getLocation()->findInstanceOf<FileLineColLoc>());
    if (isError)
      ++errors;
    if (verbose())
      llvm::errs() << (isError ? "error: " : "diagnostic: ") << text << "\n";
    diagnostics.push_back({std::move(text), isError, located});
    return success();
  });
}

Session::~Session() { context.getDiagEngine().eraseHandler(handler); }

void Session::addInput(StringRef name, StringRef text) {
  inputs.emplace_back(name.str(), text.str());
}

OwningOpRef<ModuleOp> Session::parse(StringRef text, StringRef name,
                                     AsmParserState &state) {
  addInput(name, text);
  return parseInputBuffer(llvm::MemoryBuffer::getMemBufferCopy(text, name),
                          sourceMgr, context, state);
}

void Session::fail(const Twine &why) {
  llvm::errs() << "graph-diff fuzz: property violated: " << why << "\n";
  for (const Recorded &diag : diagnostics)
    llvm::errs() << (diag.isError ? "  error" : "  diagnostic")
                 << (diag.located || !diag.isError ? "" : " (unlocated)")
                 << ": " << diag.text << "\n";
  for (auto &[name, text] : inputs)
    llvm::errs() << "--- " << name << " ---\n" << text << "\n";
  llvm::errs().flush();
  std::abort();
}

void Session::expectLocatedErrors(StringRef what) {
  if (errors == 0)
    fail(what + " failed without reporting an error");
  for (const Recorded &diag : diagnostics)
    if (diag.isError && !diag.located)
      fail(what + " failed with an error that names no file:line:col");
}

void Session::expectNoErrors(StringRef what) {
  if (errors != 0)
    fail(what + " succeeded but reported an error");
}

void fuzz::renderAll(Session &session, const DiffReport &report,
                     std::string &mlir) {
  RenderOptions options;
  for (ReportFormat format : {ReportFormat::MLIR, ReportFormat::Text,
                              ReportFormat::JSON, ReportFormat::DOT,
                              ReportFormat::HTML}) {
    std::string text;
    llvm::raw_string_ostream os(text);
    if (failed(renderReport(report, format, os, options)))
      session.fail("the " + stringifyReportFormat(format) +
                   " renderer failed");
    if (format == ReportFormat::MLIR)
      mlir = text;
    if (format == ReportFormat::JSON)
      if (llvm::Expected<llvm::json::Value> parsed = llvm::json::parse(text);
          !parsed)
        session.fail("the JSON report does not parse: " +
                     llvm::toString(parsed.takeError()));
  }
}

LogicalResult fuzz::checkPlans(ModuleOp plans, ModuleOp source, ModuleOp target,
                               const SourceNames *sourceNames,
                               const SourceNames *targetNames) {
  for (auto plan : plans.getOps<patch::PlanOp>()) {
    Operation *sourceOp = SymbolTable::lookupSymbolIn(source, plan.getSource());
    Operation *targetOp = SymbolTable::lookupSymbolIn(target, plan.getTarget());
    if (!sourceOp || !targetOp)
      return plan.emitError() << "names a graph the inputs do not have";
    FailureOr<std::unique_ptr<Graph>> sourceGraph =
        Graph::build(sourceOp, sourceNames);
    FailureOr<std::unique_ptr<Graph>> targetGraph =
        Graph::build(targetOp, targetNames);
    if (failed(sourceGraph) || failed(targetGraph) ||
        failed(verifyPlan(plan, **sourceGraph, **targetGraph)))
      return failure();
  }
  return success();
}

std::optional<bool> fuzz::checkDiff(Session &session, ModuleOp source,
                                    ModuleOp target,
                                    const SourceNames *sourceNames,
                                    const SourceNames *targetNames) {
  MLIRContext &context = session.getContext();
  OwningOpRef<ModuleOp> plans = ModuleOp::create(UnknownLoc::get(&context));
  DiffReport report;
  report.sourceFile = "source.mlir";
  report.targetFile = "target.mlir";
  report.plans = *plans;
  if (failed(diffModules(source, target, sourceNames, targetNames, report))) {
    session.expectLocatedErrors("diffing");
    return std::nullopt;
  }
  session.expectNoErrors("diffing");
  for (GraphPairDiff &pair : report.pairs)
    if (failed(verifyPlan(pair.plan, *pair.source, *pair.target)))
      session.fail("a plan the differ made does not verify (--verify)");
  if (failed(verify(*plans)))
    session.fail("the plans module does not verify");

  std::string printed;
  renderAll(session, report, printed);
  // What the tool printed is a plan file: --check-plan must accept it.
  AsmParserState planState;
  OwningOpRef<ModuleOp> reread = session.parse(printed, "plan.mlir", planState);
  if (!reread)
    session.fail("the printed plans do not read back");
  if (failed(checkPlans(*reread, source, target, sourceNames, targetNames)))
    session.fail("the printed plans, read back, do not verify (--check-plan)");
  session.expectNoErrors("checking the printed plans");
  return report.isDifferent();
}
