//===- GraphDiffOptMain.h - The graph-diff-opt driver -----------*- C++ -*-===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_TOOLS_GRAPHDIFFOPTMAIN_H
#define GRAPHDIFF_TOOLS_GRAPHDIFFOPTMAIN_H

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace graphdiff {

/// Exit codes, as diff(1): no difference, differences, trouble.
enum ExitCode : int { ExitSame = 0, ExitDifferent = 1, ExitTrouble = 2 };

/// Registers the dialects `graph-diff-opt` knows: ours and the upstream ones a
/// real model uses.
void registerGraphDiffDialects(mlir::DialectRegistry &registry);

/// Registers our passes and the upstream ones.
void registerAllGraphDiffPasses();

/// The whole of `graph-diff-opt`. With one input (or none: stdin) it is
/// `mlir-opt`; with two it diffs them. Returns the process exit code.
int graphDiffOptMain(int argc, char **argv);

} // namespace graphdiff

#endif // GRAPHDIFF_TOOLS_GRAPHDIFFOPTMAIN_H
