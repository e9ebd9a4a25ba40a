//===- SemVer.h - Version labels: order and similarity ----------*- C++ -*-===//
//
// Part of graph-diff.
//
// caliper's seed asks for a "version similarity" (semantic versioning: a major
// change means more than a minor one) that caliper never implemented. This is
// ours; docs/Similarity.md gives the design and its reasons.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_SIMILARITY_DIFF_SEMVER_H
#define GRAPHDIFF_SIMILARITY_DIFF_SEMVER_H

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace graphdiff {

/// A version found in a label: "2.1.6", "v1.0.0-rc.1", "2.0.0rc1",
/// "pypi-tensorflow-1.4.0-python-cp36" (-> 1.4.0).
struct VersionLabel {
  /// How a pre-release or post-release ranks against the final release.
  enum class Stage : uint8_t { Dev, Alpha, Beta, RC, Final, Post };

  /// Dot-separated numbers; trailing zeros are not significant (2.0 == 2.0.0).
  llvm::SmallVector<uint64_t, 4> release;
  Stage stage = Stage::Final;
  /// The number after the stage tag (rc1 -> 1), 0 if none.
  uint64_t stageNumber = 0;

  /// Component `i` of the release, 0 past its end.
  uint64_t component(unsigned i) const {
    return i < release.size() ? release[i] : 0;
  }
};

/// Finds the version in `label`. A version is a whole word of the label: it
/// starts the label or follows a character that is neither a letter, a digit
/// nor a dot (`pkg-`, `pkg_`, `pkg `), has an optional `v`, a run of
/// dot-separated numbers, then an optional pre-/post-release tag (a/alpha,
/// b/beta, c/rc/pre/preview, dev, post, each optionally preceded by '-', '.'
/// or '_' and followed by a number), and is followed by the end or a
/// character that is neither a letter nor a digit (build metadata, "+local",
/// is ignored). The first version with a dot wins, else the first. None if
/// the label holds no version: `vgg16`, `resnet18`, `cp37` are names.
std::optional<VersionLabel> parseVersionLabel(llvm::StringRef label);

/// Orders versions: release numbers, then dev < alpha < beta < rc < final <
/// post, then the stage number. 0 when equal.
int compareVersions(const VersionLabel &a, const VersionLabel &b);

/// Our semantic-version similarity, symmetric, 1 for equal versions:
///   - different major: 0.25 / |Δmajor|, in (0, 0.25];
///   - same major, different minor: 0.5 + 0.25 / |Δminor|, in (0.5, 0.75];
///   - same major.minor, different patch: 0.75 + 0.2 / |Δpatch|, in
///     (0.75, 0.95];
///   - same major.minor.patch, another difference (4th component,
///     pre-release, post-release): 0.95.
/// While both majors are 0 (semver's initial development, where a minor bump
/// may break), every level moves up one: minor counts as major, patch as
/// minor, the 4th component as patch. A label without a version is 1 against
/// an equal label, else 0.
double semverSimilarity(llvm::StringRef labelA, llvm::StringRef labelB);

/// Whether every label holds a version (parseVersionLabel): only then does a
/// run compare versions with semver_sim.
bool hasVersionLabels(llvm::ArrayRef<std::string> labels);

/// Indices of `labels` in version order (compareVersions; labels as strings
/// break ties); labels without a version come last, in string order.
std::vector<unsigned> versionOrder(llvm::ArrayRef<std::string> labels);

} // namespace graphdiff

#endif // GRAPHDIFF_SIMILARITY_DIFF_SEMVER_H
