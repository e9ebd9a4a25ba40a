//===- APIFuzzer.cpp - Fuzz graph-diff-api's JSON readers and its diff ----===//
//
// Part of graph-diff.
//
// The blob is an old and a new API, caliper functiondb or compspec graph
// JSON, separated by `// -----`, read as `graph-diff-api OLD NEW` reads them
// (importAPIJSON, the format from the shape) and diffed (diffAPIs). Checked
// (docs/Testing.md):
//   - an input imports or fails with one error at `file:line:col`, and
//     nothing is reported through the context either way;
//   - an imported API verifies, is imported the same way twice, and prints
//     as IR (`--emit-api`) that reads back as the same API;
//   - each API diffed against itself has no change and an empty plan that
//     verifies;
//   - OLD against NEW and NEW against OLD: the plan turns the one into the
//     other (`--verify`), the diff is the same when taken again, and every
//     report format renders (the JSON one parses).
//
//===----------------------------------------------------------------------===//

#include "FuzzSupport.h"

#include "GraphDiff/API/Diff/APIDiffer.h"
#include "GraphDiff/API/Diff/APIGroups.h"
#include "GraphDiff/API/Diff/APIPlan.h"
#include "GraphDiff/API/Diff/CompspecFacts.h"
#include "GraphDiff/API/Import/APIImporters.h"
#include "GraphDiff/API/Render/APIRenderers.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/IR/Verifier.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/JSON.h"

#include <cstddef>
#include <cstdint>

using namespace mlir;
using namespace graphdiff;
using namespace graphdiff::fuzz;

namespace {
/// `--emit-api`'s spelling: no locations.
std::string print(Operation *op) {
  std::string text;
  llvm::raw_string_ostream os(text);
  op->print(os, OpPrintingFlags().enableDebugInfo(false, false));
  return text;
}

/// Whether `error` is "FILE:LINE:COL: error: MESSAGE" on one line.
bool isLocatedError(StringRef error, StringRef file) {
  unsigned line, column;
  return error.consume_front(file) && error.consume_front(":") &&
         !error.consumeInteger(10, line) && error.consume_front(":") &&
         !error.consumeInteger(10, column) &&
         error.consume_front(": error: ") && line > 0 && column > 0 &&
         !error.trim().empty();
}

/// A digest of a diff: its printed plan and its change list.
std::string describe(const APIDiff &diff) {
  std::string text = print(*diff.plans);
  llvm::raw_string_ostream os(text);
  for (const APIChange &change : diff.changes)
    os << stringifyAPIChangeKind(change.kind) << " " << change.breaking << " "
       << change.oldPath << " -> " << change.newPath << " (" << change.detail
       << ") " << change.moduleKey << " " << change.functionKey << " "
       << static_cast<int>(change.level) << " " << change.order << "\n";
  return text;
}

/// Diffs `oldAPI` against `newAPI` and checks the diff; returns its digest.
std::string checkAPIDiff(Session &session, ModuleOp oldAPI, ModuleOp newAPI,
                         bool same) {
  APIDiff diff = diffAPIs(oldAPI, newAPI);
  if (!diff.plan)
    session.fail("the API diff made no plan");
  if (failed(verify(*diff.plans)))
    session.fail("the API diff's plan does not verify as IR");
  if (failed(verifyAPIPlan(diff.plan, oldAPI, newAPI)))
    session.fail("the API diff's plan does not turn the old API into the "
                 "new one (--verify)");
  session.expectNoErrors("diffing the APIs");
  if (same &&
      (!diff.changes.empty() || !diff.plan.getActions().front().empty()))
    session.fail("an API diffed against itself has changes");
  std::string digest = describe(diff);
  if (describe(diffAPIs(oldAPI, newAPI)) != digest)
    session.fail("the API diff is not the same when taken again");

  APIReport report;
  report.oldInput = {"old.json", "", ""};
  report.newInput = {"new.json", "", ""};
  report.diff = std::move(diff);
  for (APIGroupBy groupBy : {APIGroupBy::None, APIGroupBy::Module,
                             APIGroupBy::Function, APIGroupBy::Level}) {
    report.groupBy = groupBy;
    report.groups = groupAPIChanges(report.diff, groupBy);
    report.shownGroups = report.groups.size();
    size_t grouped = 0;
    for (const APIGroup &group : report.groups)
      grouped += group.changes.size();
    if (grouped != report.diff.changes.size())
      session.fail("the groups of an API diff do not hold every change once");
  }
  // What --format=compspec computes (by default): the facts of each group
  // both sides have.
  report.groupBy = APIGroupBy::None;
  report.groups = groupAPIChanges(report.diff, report.groupBy);
  report.shownGroups = report.groups.size();
  std::vector<CompspecGraph> oldGraphs =
      lowerToCompspec(oldAPI, report.groupBy);
  std::vector<CompspecGraph> newGraphs =
      lowerToCompspec(newAPI, report.groupBy);
  llvm::StringMap<unsigned> newByName;
  for (auto [index, graph] : llvm::enumerate(newGraphs))
    newByName.try_emplace(graph.name, index);
  for (const CompspecGraph &graph : oldGraphs) {
    auto it = newByName.find(graph.name);
    if (it == newByName.end())
      continue;
    CompspecFacts facts = computeCompspecFacts(graph, newGraphs[it->second]);
    if (same && !facts.empty())
      session.fail("an API diffed against itself has compspec facts");
    if (!facts.empty())
      report.compspecGroups.emplace_back(graph.name, std::move(facts));
  }
  for (APIReportFormat format :
       {APIReportFormat::Text, APIReportFormat::JSON, APIReportFormat::HTML,
        APIReportFormat::Compspec, APIReportFormat::MLIR}) {
    std::string text;
    llvm::raw_string_ostream os(text);
    renderAPIReport(report, format, os, /*color=*/false);
    if (format == APIReportFormat::JSON)
      if (llvm::Expected<llvm::json::Value> parsed = llvm::json::parse(text);
          !parsed)
        session.fail("the JSON API report does not parse: " +
                     llvm::toString(parsed.takeError()));
  }
  session.expectNoErrors("rendering the API reports");
  return digest;
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  SmallVector<StringRef> parts =
      splitInputs(StringRef(reinterpret_cast<const char *>(data), size));
  if (parts.size() != 2)
    return -1; // not a pair: keep it out of the corpus
  Session session;
  const char *names[] = {"old.json", "new.json"};
  OwningOpRef<ModuleOp> apis[2];
  for (int side = 0; side < 2; ++side) {
    session.addInput(names[side], parts[side]);
    std::string error;
    apis[side] = importAPIJSON(parts[side], names[side], APIImportOptions(),
                               session.getContext(), error);
    session.expectNoErrors("importing an API from JSON");
    if (!apis[side]) {
      if (!isLocatedError(error, names[side]))
        session.fail("importing an API failed without one error at " +
                     StringRef(names[side]) + ":line:col: '" + error + "'");
      return 0;
    }
    if (!error.empty())
      session.fail("importing an API succeeded but set an error: " + error);
    if (failed(verify(*apis[side])))
      session.fail("the imported API does not verify");
    std::string printed = print(*apis[side]);
    std::string again;
    if (OwningOpRef<ModuleOp> twice =
            importAPIJSON(parts[side], names[side], APIImportOptions(),
                          session.getContext(), again))
      again = print(*twice);
    if (again != printed)
      session.fail("the API imports differently the second time");

    // --emit-api's output reads back (graph-diff-api reads api IR) as the
    // same API.
    AsmParserState state;
    OwningOpRef<ModuleOp> reread =
        session.parse(printed, side ? "new.mlir" : "old.mlir", state);
    if (!reread)
      session.fail("the imported API, printed, does not read back");
    OwningOpRef<ModuleOp> symbols = importMLIRSymbols(*reread, names[side]);
    if (!symbols || print(*symbols) != printed)
      session.fail("the imported API, printed and read back, is another API");
    checkAPIDiff(session, *apis[side], *reread, /*same=*/true);
  }
  checkAPIDiff(session, *apis[0], *apis[1], /*same=*/false);
  checkAPIDiff(session, *apis[1], *apis[0], /*same=*/false);
  return 0;
}
