//===- GraphDiffPlugin.cpp - Dialect and pass plugin for MLIR tools ------===//
//
// Part of graph-diff.
//
// One shared object that is both a dialect plugin (registers `lg` and
// `patch`) and a pass plugin (registers graph-snapshot, graph-diff and
// graph-apply-plans), so Debian's `mlir-opt-22` can diff inside its own
// pipelines. Both tools and this plugin link the same libMLIR.so, so the
// dialects' TypeIDs are shared.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Dialect/LG/IR/LG.h"
#include "GraphDiff/Dialect/Patch/IR/Patch.h"
#include "GraphDiff/Transforms/Passes.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/Plugins/DialectPlugin.h"
#include "mlir/Tools/Plugins/PassPlugin.h"
#include "llvm/Config/llvm-config.h"

using namespace mlir;

extern "C" LLVM_ATTRIBUTE_WEAK DialectPluginLibraryInfo
mlirGetDialectPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "GraphDiff", LLVM_VERSION_STRING,
          [](DialectRegistry *registry) {
            registry->insert<graphdiff::lg::LGDialect,
                             graphdiff::patch::PatchDialect>();
          }};
}

extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "GraphDiff", LLVM_VERSION_STRING,
          []() { graphdiff::registerGraphDiffPasses(); }};
}
