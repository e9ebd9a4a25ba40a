//===- Registration.h - What every graph-diff tool registers ----*- C++ -*-===//
//
// Part of graph-diff.
//
// Shared by the tools, the driver and the bindings. Nothing here declares a
// command-line option: options belong to the tool that parses them
// (GraphDiffOptMain.cpp for graph-diff-opt), so that loading a library never
// registers another tool's flags.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_DRIVER_REGISTRATION_H
#define GRAPHDIFF_DRIVER_REGISTRATION_H

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

} // namespace graphdiff

#endif // GRAPHDIFF_DRIVER_REGISTRATION_H
