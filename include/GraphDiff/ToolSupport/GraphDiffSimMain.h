//===- GraphDiffSimMain.h - The graph-diff-sim driver -----------*- C++ -*-===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_TOOLSUPPORT_GRAPHDIFFSIMMAIN_H
#define GRAPHDIFF_TOOLSUPPORT_GRAPHDIFFSIMMAIN_H

namespace graphdiff {

/// The whole of `graph-diff-sim`: N inputs (or a manifest) in, N x N
/// similarity matrices out; `batch` writes one JSON line per pair of a
/// shard; `merge` builds the matrices from shard outputs; `--pipeline`
/// compares a model after each pass. Returns the exit code: 0, or 2 on
/// trouble.
int graphDiffSimMain(int argc, char **argv);

} // namespace graphdiff

#endif // GRAPHDIFF_TOOLSUPPORT_GRAPHDIFFSIMMAIN_H
