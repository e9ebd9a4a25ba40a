//===- RegionSettling.h - The regions new nodes replace ---------*- C++ -*-===//
//
// Part of graph-diff.
//
// After the matchers, before the plan: each target node that replaces
// source nodes gets its whole region (grown from what its neighbours say),
// which source value each of its results stands for, and a region that
// cannot be one node is refused with the reason. Settling unpairs and
// re-pairs nodes in the mapping: a pair whose result count or content
// changed together with its exclusive producers becomes a replace.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_DIFFER_REGIONSETTLING_H
#define GRAPHDIFF_DIFFER_REGIONSETTLING_H

#include "mlir/IR/Value.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

#include <string>
#include <utility>
#include <vector>

namespace graphdiff {
struct PairContext;

/// What region settling decided besides the regions it left in the mapping.
struct SettledRegions {
  /// For each target node that replaces a region: result k stands for
  /// source value standsFor[t][k] (null for none).
  llvm::DenseMap<unsigned, llvm::SmallVector<mlir::Value, 2>> standsFor;
  /// The source values a new node's result stands for: value -> (t, k).
  llvm::DenseMap<mlir::Value, std::pair<unsigned, unsigned>> replacedBy;
  /// Source nodes of refused regions, with the reason.
  llvm::DenseMap<unsigned, std::string> refusals;
  /// By target node: settling compared the content of its pair
  /// (contentChanged) and found it unchanged, and the pair has stayed as it
  /// was, so plan emission need not compare the two ops again.
  std::vector<bool> sameContent;
};

/// Settles the regions of `pair.mapping` (see docs/Rationale.md, "The
/// engine"): grows the regions conventions name, turns pairs whose result
/// count changed, or whose content changed together with their exclusive
/// producers, into replaces, gives unpaired target nodes the region between
/// what they read and what reads them, then checks every region (convex, no
/// leaked value) and refuses the others.
SettledRegions settleRegions(const PairContext &pair);

} // namespace graphdiff

#endif // GRAPHDIFF_DIFFER_REGIONSETTLING_H
