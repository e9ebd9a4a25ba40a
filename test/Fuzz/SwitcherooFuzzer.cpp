//===- SwitcherooFuzzer.cpp - Fuzz the ml_switcheroo JSON importer --------===//
//
// Part of graph-diff.
//
// The blob is LogicalGraph JSON, imported as `graph-diff-translate
// --import-switcheroo-json` does. Bad JSON must give located errors. A graph
// that imports must be IR the tools read back (print, parse, print gives the
// same text), export to JSON that imports to the same graph again, and be the
// same as itself when diffed (checkDiff).
//
//===----------------------------------------------------------------------===//

#include "FuzzSupport.h"

#include "GraphDiff/Importers/Switcheroo.h"
#include "mlir/IR/Verifier.h"

#include <cstddef>
#include <cstdint>

using namespace mlir;
using namespace graphdiff;
using namespace graphdiff::fuzz;

static std::string print(ModuleOp module) {
  std::string text;
  llvm::raw_string_ostream os(text);
  module.print(os);
  return text;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  StringRef json(reinterpret_cast<const char *>(data), size);
  Session session;
  session.addInput("graph.json", json);
  OwningOpRef<ModuleOp> imported =
      importSwitcherooGraph(json, "graph.json", &session.getContext());
  if (!imported) {
    session.expectLocatedErrors("importing");
    return 0;
  }
  session.expectNoErrors("importing");
  if (failed(verify(*imported)))
    session.fail("the imported module does not verify");

  // What --import-switcheroo-json writes, the tools read back.
  std::string printed = print(*imported);
  AsmParserState state;
  OwningOpRef<ModuleOp> reread = session.parse(printed, "graph.mlir", state);
  if (!reread)
    session.fail("the imported graph, printed, does not read back");
  if (print(*reread) != printed)
    session.fail("the imported graph prints differently once read back");

  // lg -> LogicalGraph JSON -> lg gives the same graph.
  std::string exported;
  llvm::raw_string_ostream os(exported);
  if (failed(exportSwitcherooGraph(*imported, os)))
    session.fail("the imported graph does not export");
  session.addInput("exported.json", exported);
  OwningOpRef<ModuleOp> again =
      importSwitcherooGraph(exported, "graph.json", &session.getContext());
  if (!again)
    session.fail("the exported JSON does not import");
  if (print(*again) != printed)
    session.fail("import(export(graph)) is not the graph");

  // The imported graph is ordinary input for graph-diff-opt.
  SourceNames names(state);
  std::optional<bool> differ =
      checkDiff(session, *reread, *reread, &names, &names);
  if (!differ || *differ)
    session.fail("the imported graph diffed against itself does not exit 0");
  return 0;
}
