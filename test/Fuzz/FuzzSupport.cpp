//===- FuzzSupport.cpp - What the libFuzzer targets share -----------------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "FuzzSupport.h"

#include "GraphDiff/Dialect/LG/IR/LG.h"
#include "GraphDiff/Dialect/Patch/IR/Patch.h"
#include "GraphDiff/Differ/DiffResult.h"
#include "GraphDiff/Differ/ModuleGraphs.h"
#include "GraphDiff/Graph/AttributeEquivalence.h"
#include "GraphDiff/Graph/Graph.h"
#include "GraphDiff/Importers/ParseInput.h"
#include "GraphDiff/Plan/Isomorphism.h"
#include "GraphDiff/Renderers/Renderers.h"
#include "GraphDiff/ToolSupport/GraphDiffOptMain.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/AttrTypeSubElements.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <random>

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

bool Session::checks(StringRef name) {
  static const std::vector<std::string> *skipped = [] {
    auto *result = new std::vector<std::string>;
    if (const char *value = std::getenv("GRAPH_DIFF_FUZZ_SKIP")) {
      SmallVector<StringRef> names;
      StringRef(value).split(names, ',', -1, /*KeepEmpty=*/false);
      for (StringRef item : names)
        result->push_back(item.trim().str());
    }
    return result;
  }();
  return !llvm::is_contained(*skipped, name);
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
    bool located =
        static_cast<bool>(diag.getLocation()->findInstanceOf<FileLineColLoc>());
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

void fuzz::renderAll(Session &session, const DiffResult &report,
                     std::string &mlir) {
  RenderOptions options;
  for (ReportFormat format :
       {ReportFormat::MLIR, ReportFormat::Text, ReportFormat::JSON,
        ReportFormat::DOT, ReportFormat::HTML}) {
    std::string text;
    llvm::raw_string_ostream os(text);
    if (failed(renderReport(report, format, os, options)))
      session.fail("the " + stringifyReportFormat(format) + " renderer failed");
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
  // Graphs by path as the differ names them (an unnamed module between a
  // graph and the top adds nothing to its path, so no symbol lookup).
  FailureOr<std::vector<ModuleGraph>> sourceGraphs = collectGraphs(source);
  FailureOr<std::vector<ModuleGraph>> targetGraphs = collectGraphs(target);
  if (failed(sourceGraphs) || failed(targetGraphs))
    return failure();
  auto find = [](ArrayRef<ModuleGraph> graphs,
                 SymbolRefAttr path) -> Operation * {
    for (const ModuleGraph &graph : graphs)
      if (graph.path == path)
        return graph.op;
    return nullptr;
  };
  for (auto plan : plans.getOps<patch::PlanOp>()) {
    Operation *sourceOp = find(*sourceGraphs, plan.getSource());
    Operation *targetOp = find(*targetGraphs, plan.getTarget());
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

/// What every op of `module` is, without its place in the graph: its name,
/// attributes, result types, number of operands, and the shape of its
/// regions, as sorted strings. Two modules the differ calls the same hold the
/// same ops, so they have the same multiset (an oracle independent of the
/// differ's matching and of the isomorphism check). Symbol names count: the
/// only graph of each side pairs with the other whatever its path (`@f` with
/// `@g`, or with `@m::@f`), but its plan then renames it, which is a
/// difference (exit 1). `dense_resource` blobs count by their bytes, not
/// their handle's name: the same blob may have two names in two files, and
/// the differ compares blobs by content (AttributeEquivalence.h). A handle
/// without data counts by its key, the name its file gives it
/// (Graph/ResourceBlobs.h).
static std::vector<std::string> opMultiset(ModuleOp module) {
  AttrTypeReplacer blobsByContent;
  blobsByContent.addReplacement(
      [](DenseResourceElementsAttr attr) -> std::optional<Attribute> {
        std::string text;
        llvm::raw_string_ostream os(text);
        os << "blob " << attr.getType() << " ";
        if (AsmResourceBlob *blob = attr.getRawHandle().getBlob())
          os << llvm::toHex(
              StringRef(blob->getData().data(), blob->getData().size()));
        else
          os << "(no data) " << attr.getRawHandle().getKey();
        return StringAttr::get(attr.getContext(), text);
      });
  std::vector<std::string> ops;
  module->walk([&](Operation *op) {
    if (op == module.getOperation())
      return;
    NamedAttrList attributes;
    // An explicit list of empty argument or result dictionaries is no
    // attribute of a graph (isEmptyAttrList in Graph/AttributeEquivalence.h).
    auto function = dyn_cast<FunctionOpInterface>(op);
    for (NamedAttribute attr : op->getAttrDictionary()) {
      auto list = dyn_cast<ArrayAttr>(attr.getValue());
      if (function && list && isEmptyAttrList(list) &&
          (list == function.getArgAttrsAttr() ||
           list == function.getResAttrsAttr()))
        continue;
      attributes.push_back(attr);
    }
    std::string text;
    llvm::raw_string_ostream os(text);
    os << op->getName() << " "
       << blobsByContent.replace(attributes.getDictionary(op->getContext()))
       << " " << op->getNumOperands() << " (";
    llvm::interleaveComma(op->getResultTypes(), os);
    os << ")";
    for (Region &region : op->getRegions())
      for (Block &block : region) {
        os << " ^(";
        llvm::interleaveComma(block.getArgumentTypes(), os);
        os << ")";
      }
    ops.push_back(std::move(text));
  });
  llvm::sort(ops);
  return ops;
}

std::optional<bool> fuzz::checkDiff(Session &session, ModuleOp source,
                                    ModuleOp target,
                                    const SourceNames *sourceNames,
                                    const SourceNames *targetNames) {
  DiffOptions options;
  options.sourceNames = sourceNames;
  options.targetNames = targetNames;
  options.sourceFile = "source.mlir";
  options.targetFile = "target.mlir";
  FailureOr<DiffResult> diff = diffModules(source, target, options);
  if (failed(diff)) {
    session.expectLocatedErrors("diffing");
    return std::nullopt;
  }
  const DiffResult &report = *diff;
  session.expectNoErrors("diffing");
  for (const GraphPairDiff &pair : report.pairs)
    if (failed(verifyPlan(pair.plan, *pair.source, *pair.target)))
      session.fail("a plan the differ made does not verify (--verify)");
  if (failed(verify(*report.plans)))
    session.fail("the plans module does not verify");

  std::string printed;
  renderAll(session, report, printed);
  // What the tool printed is a plan file: --check-plan must accept it, every
  // plan verifying and every graph that differs accounted for (a renamed
  // graph by its plan, on both sides).
  AsmParserState planState;
  OwningOpRef<ModuleOp> reread = session.parse(printed, "plan.mlir", planState);
  if (!reread)
    session.fail("the printed plans do not read back");
  if (failed(checkPlanModule(*reread, source, target, sourceNames, targetNames,
                             [&](StringRef error) {
                               session.fail("--check-plan of the printed "
                                            "plans: " +
                                            error);
                             })))
    session.fail("the printed plans, read back, do not verify (--check-plan)");
  session.expectNoErrors("checking the printed plans");
  if (!report.isDifferent() && opMultiset(source) != opMultiset(target))
    session.fail("exit 0 (the same), but the inputs hold different ops");
  return report.isDifferent();
}

extern "C" size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t maxSize);

namespace {
/// A run of `%` or `@` followed by name characters, e.g. `%conv1`, `@a`.
struct Token {
  size_t begin, end;
  char sigil;
};

std::vector<Token> findTokens(StringRef text) {
  std::vector<Token> tokens;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '%' && text[i] != '@')
      continue;
    size_t end = i + 1;
    while (end < text.size() &&
           (llvm::isAlnum(text[end]) || text[end] == '_' || text[end] == '.' ||
            text[end] == '#' || text[end] == '$'))
      ++end;
    if (end > i + 1)
      tokens.push_back({i, end, text[i]});
    i = end - 1;
  }
  return tokens;
}
} // namespace

size_t fuzz::mutateIR(uint8_t *data, size_t size, size_t maxSize,
                      unsigned seed) {
  std::minstd_rand random(seed);
  auto pick = [&](size_t n) { return static_cast<size_t>(random() % n); };
  if (size == 0 || pick(2) == 0)
    return LLVMFuzzerMutate(data, size, maxSize);
  std::string text(reinterpret_cast<const char *>(data), size);
  SmallVector<StringRef> lineRefs;
  StringRef(text).split(lineRefs, '\n');
  std::vector<std::string> lines(lineRefs.begin(), lineRefs.end());
  std::vector<Token> tokens = findTokens(text);
  size_t line = pick(lines.size()), other = pick(lines.size());
  switch (pick(6)) {
  case 0:
    lines.insert(lines.begin() + line, lines[line]);
    break;
  case 1:
    lines.erase(lines.begin() + line);
    break;
  case 2:
    std::swap(lines[line], lines[other]);
    break;
  case 3: {
    // A line of another part (or anywhere) over this one.
    lines[line] = lines[other];
    break;
  }
  case 4: {
    if (tokens.size() < 2)
      return LLVMFuzzerMutate(data, size, maxSize);
    const Token &at = tokens[pick(tokens.size())];
    const Token &with = tokens[pick(tokens.size())];
    if (at.sigil != with.sigil)
      return LLVMFuzzerMutate(data, size, maxSize);
    text = text.substr(0, at.begin) +
           text.substr(with.begin, with.end - with.begin) + text.substr(at.end);
    lines.clear();
    break;
  }
  case 5: {
    std::vector<Token> uses;
    for (const Token &token : tokens)
      if (token.sigil == '%' && token.end < text.size() &&
          (text[token.end] == ')' || text[token.end] == ','))
        uses.push_back(token);
    if (uses.empty())
      return LLVMFuzzerMutate(data, size, maxSize);
    const Token &use = uses[pick(uses.size())];
    text.insert(use.end, ", " + text.substr(use.begin, use.end - use.begin));
    lines.clear();
    break;
  }
  }
  if (!lines.empty())
    text = llvm::join(lines, "\n");
  if (text.size() > maxSize)
    return LLVMFuzzerMutate(data, size, maxSize);
  std::copy(text.begin(), text.end(), data);
  return text.size();
}
