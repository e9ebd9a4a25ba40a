//===- graph-diff-api.cpp - API diffs with break detection ----------------===//
//
// Part of graph-diff. `graph-diff-api OLD NEW`: the breaking and compatible
// changes between two versions of an API (caliper functiondb JSON, compspec
// graph JSON, MLIR modules). See docs/APIDiff.md.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/ToolSupport/APIDiffMain.h"

int main(int argc, char **argv) { return graphdiff::apiDiffMain(argc, argv); }
