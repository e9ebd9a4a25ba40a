//===- graph-diff-profile.cpp - Diff hierarchical profiles ----------------===//
//
// Part of graph-diff.
//
// `graph-diff-profile a.scope b.scope` compares tfprof scope files as
// tfprof_diff does; `graph-diff-profile --memory model.mlir fused.mlir`
// compares the memory per scope of two MLIR models (docs/ProfileDiff.md).
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/ToolSupport/GraphDiffProfileMain.h"

int main(int argc, char **argv) {
  return graphdiff::graphDiffProfileMain(argc, argv);
}
