//===- APIDiffMain.h - The graph-diff-api driver ----------------*- C++ -*-===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_TOOLSUPPORT_APIDIFFMAIN_H
#define GRAPHDIFF_TOOLSUPPORT_APIDIFFMAIN_H

namespace graphdiff {

/// The whole of `graph-diff-api`. With two inputs it diffs their APIs (exit
/// 0 compatible, 1 breaking, 2 trouble); with one and --emit-api it prints
/// the input's API as `api` IR; with one (or stdin) otherwise it is
/// `mlir-opt` with the `api` dialect registered.
int apiDiffMain(int argc, char **argv);

} // namespace graphdiff

#endif // GRAPHDIFF_TOOLSUPPORT_APIDIFFMAIN_H
