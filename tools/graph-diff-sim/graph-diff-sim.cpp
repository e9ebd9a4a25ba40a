//===- graph-diff-sim.cpp - Similarity of many versions -------------------===//
//
// Part of graph-diff.
//
// `graph-diff-sim INPUT...` prints N x N similarity matrices: caliper's
// metrics for functiondb and requirements files, the differ's structural
// similarity for MLIR modules; `batch` and `merge` shard the pairs.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/ToolSupport/GraphDiffSimMain.h"

int main(int argc, char **argv) {
  return graphdiff::graphDiffSimMain(argc, argv);
}
