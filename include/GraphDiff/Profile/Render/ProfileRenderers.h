//===- ProfileRenderers.h - Print a profile diff ----------------*- C++ -*-===//
//
// Part of graph-diff.
//
// Text in tfprof_diff's layout, JSON (schema in docs/ProfileDiff.md) and a
// self-contained HTML differential icicle view of a ProfileDiff.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_PROFILE_RENDER_PROFILERENDERERS_H
#define GRAPHDIFF_PROFILE_RENDER_PROFILERENDERERS_H

#include "GraphDiff/Profile/Diff/ProfileDiff.h"
#include "llvm/Support/raw_ostream.h"

namespace graphdiff {

struct ProfileRenderOptions {
  /// ANSI colours on the differences (the text format).
  bool color = false;
  /// What the inputs are, for the first header line ("scope files",
  /// "memory profiles").
  std::string subject = "scope files";
};

/// tfprof_diff's layout: header lines, a blank line, then the shown nodes as
/// `path (left:6220MB right:2840MB) +3380MB x2.2`, indented 2 spaces per
/// level.
void renderProfileDiffText(const ProfileDiff &diff,
                           const ProfileRenderOptions &options,
                           llvm::raw_ostream &os);

/// The header lines of the text format, one string each, shared by the
/// renderers.
std::vector<std::string> profileDiffHeader(const ProfileDiff &diff,
                                           const ProfileRenderOptions &options);

/// The data part of a node's line: `left:6220MB right:2840MB`.
std::string formatNodeValues(const ProfileDiff &diff,
                             const ProfileDiffNode &node);
/// `+3380MB` / `-391MB`.
std::string formatNodeDiff(const ProfileDiff &diff,
                           const ProfileDiffNode &node);
/// `x2.2`, or "" without a ratio.
std::string formatNodeRatio(const ProfileDiffNode &node);

void renderProfileDiffJSON(const ProfileDiff &diff,
                           const ProfileRenderOptions &options,
                           llvm::raw_ostream &os);

void renderProfileDiffHTML(const ProfileDiff &diff,
                           const ProfileRenderOptions &options,
                           llvm::raw_ostream &os);

} // namespace graphdiff

#endif // GRAPHDIFF_PROFILE_RENDER_PROFILERENDERERS_H
