//===- NodeMapping.h - Which source node is which target node ---*- C++ -*-===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_DIFFER_NODEMAPPING_H
#define GRAPHDIFF_DIFFER_NODEMAPPING_H

#include "GraphDiff/Dialect/Patch/IR/PatchEnums.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace graphdiff {

/// The matcher stage that decided a pair or a region, in order of trust: the
/// `patch` dialect's enum (PatchEnums.td), which the plan's actions record;
/// `stringifyMatchStage` gives "id", "provenance", ...
using patch::MatchStage;
using patch::stringifyMatchStage;

/// The pairs of matched nodes between a source and a target graph (by node
/// index), and the source regions that unmatched target nodes replace.
/// Every stage writes here; a node is paired at most once.
class NodeMapping {
public:
  NodeMapping(unsigned numSource, unsigned numTarget)
      : sourceToTarget(numSource), targetToSource(numTarget),
        pairStage(numTarget), regionOf(numTarget), regionStage(numTarget),
        claimedBy(numSource), ambiguousSource(numSource, false),
        ambiguousTarget(numTarget, false), sourceTaken(numSource, 0),
        targetTaken(numTarget, 0) {}

  /// Pairs `source` with `target`. Both must be free.
  void pair(unsigned source, unsigned target, MatchStage stage);
  /// Records that target node `target` replaces the source nodes `region`.
  /// None of them may be paired or claimed.
  void setRegion(unsigned target, llvm::ArrayRef<unsigned> region,
                 MatchStage stage);

  std::optional<unsigned> getTarget(unsigned source) const {
    return sourceToTarget[source];
  }
  std::optional<unsigned> getSource(unsigned target) const {
    return targetToSource[target];
  }
  MatchStage getPairStage(unsigned target) const { return pairStage[target]; }
  /// Whether source node `source` is paired or part of a replaced region.
  /// (One byte per node, kept by the mutators: the stages ask this of
  /// every node, and the pair and region arrays are wide.)
  bool isSourceTaken(unsigned source) const { return sourceTaken[source]; }
  bool isTargetTaken(unsigned target) const { return targetTaken[target]; }
  llvm::ArrayRef<unsigned> getRegion(unsigned target) const {
    return regionOf[target];
  }
  MatchStage getRegionStage(unsigned target) const {
    return regionStage[target];
  }
  /// The target node whose region holds `source`, if any.
  std::optional<unsigned> getClaimant(unsigned source) const {
    return claimedBy[source];
  }
  /// Forgets the region of target node `target`, freeing its members.
  void clearRegion(unsigned target);
  /// Removes the pair holding target node `target`, if any.
  void unpairTarget(unsigned target);
  /// How many times unpairTarget() or clearRegion() freed nodes: while it
  /// stays the same, nodes are only taken, never freed.
  unsigned getReleases() const { return releases; }

  /// Running counts, for the per-stage statistics of the matcher (what a
  /// stage did is the difference of two snapshots): pairs made and undone,
  /// regions set, ambiguity marks made, nodes taken on each side.
  struct Counts {
    unsigned pairsMade = 0, pairsUndone = 0, regionsSet = 0;
    unsigned ambiguousMarks = 0;
    unsigned takenSources = 0, takenTargets = 0;
  };
  const Counts &getCounts() const { return counts; }

  /// Records that a matcher saw more than one equally good partner for a
  /// node and left it free rather than pick one (a tie).
  void markSourceAmbiguous(unsigned source) {
    counts.ambiguousMarks += !ambiguousSource[source];
    ambiguousSource[source] = true;
  }
  void markTargetAmbiguous(unsigned target) {
    counts.ambiguousMarks += !ambiguousTarget[target];
    ambiguousTarget[target] = true;
  }
  /// Forgets such a mark: region settling found the node has no counterpart
  /// at all, which is no tie.
  void clearSourceAmbiguous(unsigned source) {
    ambiguousSource[source] = false;
  }
  void clearTargetAmbiguous(unsigned target) {
    ambiguousTarget[target] = false;
  }
  /// Whether a node was left free because of a tie. A node that a later
  /// stage (or region settling) took anyway is not ambiguous any more.
  bool isSourceAmbiguous(unsigned source) const {
    return ambiguousSource[source] && !isSourceTaken(source);
  }
  bool isTargetAmbiguous(unsigned target) const {
    return ambiguousTarget[target] && !isTargetTaken(target);
  }

private:
  std::vector<std::optional<unsigned>> sourceToTarget;
  std::vector<std::optional<unsigned>> targetToSource;
  std::vector<MatchStage> pairStage;
  std::vector<llvm::SmallVector<unsigned, 4>> regionOf;
  std::vector<MatchStage> regionStage;
  std::vector<std::optional<unsigned>> claimedBy;
  std::vector<bool> ambiguousSource, ambiguousTarget;
  /// Whether each node is paired or in a region (claimed, for a source).
  std::vector<uint8_t> sourceTaken, targetTaken;
  unsigned releases = 0;
  Counts counts;
  void updateSource(unsigned source) {
    uint8_t taken = sourceToTarget[source] || claimedBy[source];
    counts.takenSources += taken - sourceTaken[source];
    sourceTaken[source] = taken;
  }
  void updateTarget(unsigned target) {
    uint8_t taken = targetToSource[target] || !regionOf[target].empty();
    counts.takenTargets += taken - targetTaken[target];
    targetTaken[target] = taken;
  }
};

} // namespace graphdiff

#endif // GRAPHDIFF_DIFFER_NODEMAPPING_H
