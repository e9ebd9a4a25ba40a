//===- ProfileDiff.h - Differences of hierarchical profiles -----*- C++ -*-===//
//
// Part of graph-diff.
//
// Compares two or more `prof.profile`s the way tfprof_diff compares scope
// files (docs/ProfileDiff.md): one tree from the `/`-split scope names, for
// inputs first..last `diff = first - last` (a missing value counts 0) and
// `ratio = first / last` (none when last is missing or 0), a node is
// significant if (it has no data or max >= minSize) and (it is missing from
// some input or max > min * (1 + delta)), or if a child is. The engine never
// prints: the renderers in ProfileRenderers.h do.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_PROFILE_DIFF_PROFILEDIFF_H
#define GRAPHDIFF_PROFILE_DIFF_PROFILEDIFF_H

#include "GraphDiff/Dialect/Profile/IR/Profile.h"
#include "GraphDiff/Profile/Import/TFProfScope.h"
#include "GraphDiff/Support/ProfileUnits.h"
#include "llvm/ADT/STLExtras.h"
#include <memory>
#include <optional>
#include <regex>
#include <string>
#include <vector>

namespace graphdiff {

struct ProfileDiffOptions {
  /// Minimum relative difference (0.1 = 10%).
  double delta = 0.1;
  /// Minimum value of the largest side, in the metric's unit (bytes).
  double minSize = 1e6;
  /// Deepest level shown (the root is 0); 0 or less shows all.
  int maxDepth = -1;
  /// Regexes in Python's `re` dialect (as far as ECMAScript agrees with
  /// it), anchored as tfprof_diff anchors them, `re.match('^' + P + '$',
  /// path)`: the children of matching nodes are not shown.
  std::vector<std::string> hide;
  /// The diff's direction: `first - last` (tfprof_diff's) or, if true,
  /// `last - first`: source -> target, `+` meaning the value went up (memory
  /// profiles of models).
  bool lastMinusFirst = false;
  /// Reverses the direction.
  bool swap = false;
  /// The metric compared; empty means the first metric of the first input.
  std::string metric;
};

/// One input: a display name, the file it came from, and its profile.
struct ProfileInput {
  std::string name;
  std::string file;
  prof::ProfileOp profile;
  /// The values were read from tfprof's decimal spelling (a scope file):
  /// compute with them as tfprof_diff does, `float("4132.48") * 10**6`
  /// (4132479999.9999995), so that ties in the third digit round alike.
  bool fromScopeFile = false;
  /// For a scope file: each scope's totals as tfprof_diff reads them
  /// (importTFProfScope). A scope without an entry is taken as tfprof spells
  /// its value (`%.2fMB`).
  std::shared_ptr<const TFProfReadTotals> readTotals;
};

/// One node of the merged tree.
struct ProfileDiffNode {
  /// The last path component ("" for the root) and the full path.
  std::string name, path;
  unsigned depth = 0;
  /// One per input; nullopt where the input has no scope of this path.
  std::vector<std::optional<int64_t>> values;
  /// One per input: the value as the diff computes with it (0 where
  /// missing; see ProfileInput::fromScopeFile).
  std::vector<double> numbers;
  /// Values of unknown size under the node, per input (memory profiles).
  std::vector<int64_t> unsized;
  /// values[minuend] - values[subtrahend], missing counting 0.
  double diff = 0;
  /// values[minuend] / values[subtrahend]; nullopt when the latter is 0 or
  /// missing.
  std::optional<double> ratio;
  /// Passes the thresholds itself, or has a child that does.
  bool significant = false;
  /// Passes the thresholds itself with a value of some input: not only a
  /// parent that no input has data for, which tfprof_diff shows anyway.
  bool changed = false;
  /// Shown in the output (significant, within maxDepth, parent not hidden).
  bool shown = false;
  /// Its path matches a --hide regex: its children are not shown.
  bool childrenHidden = false;
  /// Indices into ProfileDiff::nodes, sorted by diff, descending (ties keep
  /// the order in which the inputs first name them).
  std::vector<unsigned> children;

  bool isMissingSomewhere() const;
};

struct ProfileDiff {
  std::vector<std::string> names, files;
  std::string metric;
  MetricKind kind = MetricKind::Bytes;
  /// The inputs the diff is taken between: diff = minuend - subtrahend.
  unsigned minuend = 0, subtrahend = 0;
  ProfileDiffOptions options;
  /// nodes[0] is the root.
  std::vector<ProfileDiffNode> nodes;
  /// The value of `node` in `input` as the diff computes with it (0 when
  /// missing; see ProfileInput::fromScopeFile).
  double valueOf(const ProfileDiffNode &node, unsigned input) const {
    return node.numbers[input];
  }

  /// True if some node has changed: the inputs differ beyond the thresholds
  /// (the exit code), shown or not (`--max-depth`, `--hide`). A node no
  /// input has data for is shown, as tfprof_diff shows it, but is no
  /// difference.
  /// True if the root is shown: the renderers draw a tree.
  bool showsTree() const { return !nodes.empty() && nodes.front().shown; }

  bool differs() const {
    return llvm::any_of(
        nodes, [](const ProfileDiffNode &node) { return node.changed; });
  }
};

/// tfprof_diff's `re.compile('^%s$' % pattern)`, in ECMAScript over code
/// points: Python's `re` and ECMAScript agree on what this accepts; a
/// construct they read differently (`\A`, `\Z`, lookbehind, named groups,
/// inline flags, POSIX classes, possessive quantifiers) is an error in
/// `error`. The anchors are not grouped: `a|b` becomes `^a|b$`.
std::optional<std::wregex> compileTfprofDiffRegex(llvm::StringRef pattern,
                                                  std::string &error);

/// tfprof_diff's `pattern.match(path)`: a match from the path's start.
bool matchesTfprofDiffRegex(const std::wregex &regex, llvm::StringRef path);

/// Compares `inputs` (two or more). Fails with a message in `error` if an
/// input lacks the metric or a --hide regex is invalid (or uses what Python's
/// `re` reads otherwise than ECMAScript: see docs/ProfileDiff.md).
mlir::FailureOr<ProfileDiff> diffProfiles(llvm::ArrayRef<ProfileInput> inputs,
                                          const ProfileDiffOptions &options,
                                          std::string &error);

} // namespace graphdiff

#endif // GRAPHDIFF_PROFILE_DIFF_PROFILEDIFF_H
