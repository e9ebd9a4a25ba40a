//===- graph-diff-translate.cpp - Translate to and from our dialects ------===//
//
// Part of graph-diff.
//
// `mlir-translate` with graph-diff's translations registered:
//   --import-switcheroo-json   ml_switcheroo LogicalGraph JSON -> lg.graph
//   --export-switcheroo-json   lg.graph -> LogicalGraph JSON
//   --export-switcheroo-plan   patch.plan -> ml_switcheroo action list JSON
// Exit codes as graph-diff-opt: 0 on success, 2 on trouble (with a located
// error, and nothing written).
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Dialect/LG/IR/LG.h"
#include "GraphDiff/Dialect/Patch/IR/Patch.h"
#include "GraphDiff/Importers/Switcheroo.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-translate/MlirTranslateMain.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

using namespace mlir;
using namespace graphdiff;

static void registerOurDialects(DialectRegistry &registry) {
  registry.insert<lg::LGDialect, patch::PatchDialect>();
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
  static TranslateFromMLIRRegistration exportGraph(
      "export-switcheroo-json",
      "Export the first lg.graph as an ml_switcheroo LogicalGraph (JSON)",
      [](Operation *op, llvm::raw_ostream &os) {
        return exportSwitcherooGraph(op, os);
      },
      registerOurDialects);
  static TranslateFromMLIRRegistration exportPlan(
      "export-switcheroo-plan",
      "Export patch plans as ml_switcheroo's action list (JSON)",
      [](Operation *op, llvm::raw_ostream &os) {
        return exportSwitcherooPlan(op, os);
      },
      registerOurDialects);
}

int main(int argc, char **argv) {
  registerTranslations();
  return failed(mlirTranslateMain(argc, argv, "graph-diff-translate")) ? 2 : 0;
}
