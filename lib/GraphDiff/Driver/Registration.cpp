//===- Registration.cpp - What every graph-diff tool registers ------------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Driver/Registration.h"

#include "GraphDiff/Dialect/LG/IR/LG.h"
#include "GraphDiff/Dialect/Patch/IR/Patch.h"
#include "GraphDiff/Dialect/Profile/IR/Profile.h"
#include "GraphDiff/Transforms/Passes.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"

using namespace mlir;

void graphdiff::registerGraphDiffDialects(DialectRegistry &registry) {
  registry.insert<lg::LGDialect, patch::PatchDialect, prof::ProfDialect>();
  registerAllDialects(registry);
  registerAllExtensions(registry);
}

void graphdiff::registerAllGraphDiffPasses() {
  registerAllPasses();
  registerGraphDiffPasses();
}
