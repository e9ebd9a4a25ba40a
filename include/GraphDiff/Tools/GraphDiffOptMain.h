//===- GraphDiffOptMain.h - The graph-diff-opt driver -----------*- C++ -*-===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_TOOLS_GRAPHDIFFOPTMAIN_H
#define GRAPHDIFF_TOOLS_GRAPHDIFFOPTMAIN_H

#include "GraphDiff/Tools/Registration.h"

namespace graphdiff {

/// The whole of `graph-diff-opt`. With one input (or none: stdin) it is
/// `mlir-opt`; with two it diffs them. Returns the process exit code.
int graphDiffOptMain(int argc, char **argv);

} // namespace graphdiff

#endif // GRAPHDIFF_TOOLS_GRAPHDIFFOPTMAIN_H
