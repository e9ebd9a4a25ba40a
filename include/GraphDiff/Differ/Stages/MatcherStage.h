//===- MatcherStage.h - One stage of the matcher ----------------*- C++ -*-===//
//
// Part of graph-diff.
//
// The matcher is a list of stages (StageOrder.cpp holds the list), run in
// order of trust. Each stage pairs free nodes on one kind of evidence and
// never undoes what a stage before it decided, except where its contract
// says so. A stage is a class with a name and a short contract (Stages.h);
// what it needs beyond the mapping it builds when it runs, or asks the
// context for (the structural analyses, built once, the first time a stage
// needs them). The runner records what each stage did (StageStats), which
// graph-diff-match-stats and `--debug-only=graph-diff-stages` print.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_DIFFER_STAGES_MATCHERSTAGE_H
#define GRAPHDIFF_DIFFER_STAGES_MATCHERSTAGE_H

#include "GraphDiff/Differ/NodeMapping.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <memory>
#include <vector>

namespace graphdiff {
class Graph;
struct StructuralState;
struct StructureOptions;

/// What the stages of one diff share: the two graphs, the mapping every
/// stage writes to, the options, and the analyses that are built the first
/// time a stage asks for them.
class MatchContext {
public:
  MatchContext(const Graph &source, const Graph &target, NodeMapping &mapping,
               const StructureOptions &options);
  ~MatchContext();

  /// Whether either graph is an `lg` graph: a node's id is its identity
  /// there, so the stages that pair by structure leave it alone.
  bool isLogicalGraph() const;
  /// The hashes and op kinds the structural stages read (StructuralState.h),
  /// built on first use.
  StructuralState &getStructure();

  const Graph &source;
  const Graph &target;
  NodeMapping &mapping;
  const StructureOptions &options;

private:
  std::unique_ptr<StructuralState> structure;
};

/// One stage of the matcher.
class MatcherStage {
public:
  virtual ~MatcherStage();
  /// The stage's name, as the statistics print it (`identical-cones`).
  virtual llvm::StringRef getName() const = 0;
  /// Whether its pairs rest on weak evidence: guesses that locations would
  /// have settled, which the summary counts.
  virtual bool isWeak() const { return false; }
  /// Pairs free nodes of `context` (or marks them ambiguous).
  virtual void run(MatchContext &context) const = 0;
};

/// A stage that pairs by structure: it does nothing on `lg` graphs, and
/// works on the structural analyses.
class StructuralStage : public MatcherStage {
public:
  void run(MatchContext &context) const final;

protected:
  virtual void runOn(StructuralState &state) const = 0;
};

/// What one stage did in one diff, from the mapping's counts before and
/// after it.
struct StageStats {
  /// The stage's name (static storage).
  llvm::StringRef name;
  /// Pairs it made, pairs it undid (to make them again elsewhere), regions
  /// it set, nodes it marked ambiguous.
  unsigned paired = 0, unpaired = 0, regions = 0, ambiguous = 0;
  /// Nodes left free on each side after it.
  unsigned freeSource = 0, freeTarget = 0;
  bool weak = false;
};

/// The stages in the order they run (StageOrder.cpp).
llvm::ArrayRef<const MatcherStage *> getMatcherStages();

/// What running the stages gave besides the mapping.
struct MatchOutcome {
  /// One entry per stage, in order.
  std::vector<StageStats> stages;
  /// How many pairs the weak stages made in all (net of those undone).
  unsigned weakPairs = 0;
};

/// Runs `stages` in order on `context` and records what each did.
MatchOutcome runMatcherStages(
    MatchContext &context,
    llvm::ArrayRef<const MatcherStage *> stages = getMatcherStages());

} // namespace graphdiff

#endif // GRAPHDIFF_DIFFER_STAGES_MATCHERSTAGE_H
