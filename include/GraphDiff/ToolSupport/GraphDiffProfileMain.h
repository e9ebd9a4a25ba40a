//===- GraphDiffProfileMain.h - The graph-diff-profile driver ---*- C++ -*-===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_TOOLSUPPORT_GRAPHDIFFPROFILEMAIN_H
#define GRAPHDIFF_TOOLSUPPORT_GRAPHDIFFPROFILEMAIN_H

namespace graphdiff {

/// `graph-diff-profile a b [c ...]`: compares profiles (tfprof scope files,
/// `prof.profile` IR, or with --memory the memory profiles of MLIR models) as
/// tfprof_diff does (docs/ProfileDiff.md). Exit codes: 0 no node passes the
/// thresholds (or a one-input conversion succeeded), 1 some node does, 2
/// trouble.
int graphDiffProfileMain(int argc, char **argv);

} // namespace graphdiff

#endif // GRAPHDIFF_TOOLSUPPORT_GRAPHDIFFPROFILEMAIN_H
