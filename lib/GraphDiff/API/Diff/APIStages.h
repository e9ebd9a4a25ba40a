//===- APIStages.h - The steps of an API diff ----------------------*- C++
//-*-===//
//
// Part of graph-diff. Internal to the APIDiff library.
//
// An API diff runs the steps of a dataflow diff on the object trees of two
// APIs: staged matching into a NodeMapping, a `patch.plan` emitted from the
// mapping, and then, read off the plan, the changes and whether each breaks.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_LIB_APIDIFF_APISTAGES_H
#define GRAPHDIFF_LIB_APIDIFF_APISTAGES_H

#include "APISide.h"
#include "GraphDiff/API/Diff/APIDiffer.h"
#include "GraphDiff/Differ/NodeMapping.h"
#include "mlir/IR/Builders.h"

namespace graphdiff::apidiff {

/// Pairs the objects of the two sides in stages (docs/APIDiff.md,
/// "Matching"): by qualified name (MatchStage::Id), then by signature
/// (MatchStage::Structure), then a same-named object of another kind as the
/// one-member region it replaces. `oldTies[o]` / `newTies[n]` count the
/// equal candidates of an object left free by a tie (0: none).
void matchAPIObjects(const Side &oldSide, const Side &newSide,
                     NodeMapping &mapping, std::vector<unsigned> &oldTies,
                     std::vector<unsigned> &newTies);

/// Why a tie left an object unpaired, as the plan and the reports say it.
std::string describeTie(unsigned candidates, bool newCandidates);

/// Emits the plan that turns the old API into the new one at `builder`'s
/// insertion point (docs/APIDiff.md, "The plan").
patch::PlanOp emitAPIPlan(const Side &oldSide, const Side &newSide,
                          const NodeMapping &mapping,
                          llvm::ArrayRef<unsigned> oldTies,
                          mlir::OpBuilder &builder, mlir::SymbolRefAttr source,
                          mlir::SymbolRefAttr target);

/// The changes the plan makes, each classified as breaking or not (the break
/// rules): deletes are removals, inserts additions, replaces both, and each
/// update is compared with the object it is anchored on. In old-side
/// preorder, then new-only objects; not yet sorted.
std::vector<APIChange> classifyAPIPlan(const Side &oldSide, const Side &newSide,
                                       const NodeMapping &mapping,
                                       llvm::ArrayRef<unsigned> newTies,
                                       patch::PlanOp plan);

} // namespace graphdiff::apidiff

#endif // GRAPHDIFF_LIB_APIDIFF_APISTAGES_H
