//===- graph-diff-opt.cpp - Diff graphs, or run passes like mlir-opt ------===//
//
// Part of graph-diff.
//
// `graph-diff-opt src.mlir tgt.mlir` prints the patch plan that turns the
// source into the target; with one input it is `mlir-opt` with our dialects
// and passes registered.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/ToolSupport/GraphDiffOptMain.h"

int main(int argc, char **argv) {
  return graphdiff::graphDiffOptMain(argc, argv);
}
