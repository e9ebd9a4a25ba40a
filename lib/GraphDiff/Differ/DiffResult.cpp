//===- DiffResult.cpp - What the engine found -----------------------------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Differ/DiffResult.h"

using namespace mlir;
using namespace graphdiff;

DiffSummary DiffSummary::count(ArrayRef<NodeStatus> sourceStatus,
                               ArrayRef<NodeStatus> targetStatus,
                               uint64_t replacements) {
  DiffSummary summary;
  summary.sourceNodes = sourceStatus.size();
  summary.targetNodes = targetStatus.size();
  summary.replacements = replacements;
  for (NodeStatus status : sourceStatus) {
    switch (status) {
    case NodeStatus::Unchanged:
      ++summary.unchanged;
      break;
    case NodeStatus::Updated:
      ++summary.updated;
      break;
    case NodeStatus::Replaced:
      ++summary.replaced;
      break;
    case NodeStatus::Deleted:
      ++summary.deleted;
      break;
    default:
      break;
    }
  }
  summary.inserted = llvm::count(targetStatus, NodeStatus::Inserted);
  return summary;
}

double DiffSummary::similarity() const {
  uint64_t total = sourceNodes + targetNodes;
  if (total == 0)
    return 1.0;
  // Each node counts 1 if unchanged, 1/2 if its counterpart changed (an
  // updated pair; a node of a replaced region and the node replacing it), 0 if
  // deleted or inserted.
  return (2.0 * unchanged + updated + 0.5 * (replaced + replacements)) /
         static_cast<double>(total);
}

DiffSummary &DiffSummary::operator+=(const DiffSummary &other) {
  unchanged += other.unchanged;
  updated += other.updated;
  replaced += other.replaced;
  deleted += other.deleted;
  inserted += other.inserted;
  replacements += other.replacements;
  sourceNodes += other.sourceNodes;
  targetNodes += other.targetNodes;
  guessed += other.guessed;
  located += other.located;
  return *this;
}

bool DiffSummary::locationsWouldHelp() const {
  return located == 0 && guessed * 100 > 3 * (sourceNodes + targetNodes);
}

GraphDiff::GraphDiff(unsigned numSource, unsigned numTarget)
    : mapping(numSource, numTarget),
      sourceStatus(numSource, NodeStatus::Unchanged),
      targetStatus(numTarget, NodeStatus::Unchanged), image(numSource) {}

bool DiffResult::isDifferent() const {
  if (!addedGraphs.empty() || !removedGraphs.empty() || !changedGraphs.empty())
    return true;
  // A pair differs if its plan has actions or renames the graph.
  return llvm::any_of(pairs, [](const GraphPairDiff &pair) {
    patch::PlanOp plan = pair.plan;
    return plan.isRename() || !plan.getActions().front().empty();
  });
}
