//===- StageOrder.cpp - The order the matcher's stages run in -------------===//
//
// Part of graph-diff.
//
// The one table of the matcher's stages: what the input says first (ids,
// provenance, locations, names), then exact structure, then structure on
// weaker evidence. Each stage only looks at the nodes the stages before it
// left free. Stages.h holds each stage's contract.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Differ/Stages/Stages.h"

using namespace graphdiff;

namespace {
const IdStage ids{};
const ProvenanceStage provenance{};
const LocationStage locations{};
const ConventionStage conventions{};
const IdenticalConesStage identicalCones{};
const IdenticalContextsStage identicalContexts{};
const BufferStage buffers{};
const SameOpStage sameOp{};
const TwinStage twins{};
const RetypedSplatStage retypedSplats{};
const MovedConstantStage movedConstants{};
const SimilarityStage similarity{};
const ChangedOpStage changedOps{};
const LoweredReductionStage loweredReductions{};
const LoweredOpStage loweredOps{};
const MergedConstantStage mergedConstants{};
const SettleTwinStage settleTwinPairs{};
const UnresolvedTieStage unresolvedTies{};

const MatcherStage *const stageOrder[] = {
    // What the input says.
    &ids, &provenance, &locations, &conventions,
    // Exact structure.
    &identicalCones, &identicalContexts, &buffers, &sameOp, &twins,
    &retypedSplats, &movedConstants,
    // Weak evidence.
    &similarity, &changedOps, &loweredReductions, &loweredOps, &mergedConstants,
    &settleTwinPairs,
    // What is left tied.
    &unresolvedTies};
} // namespace

llvm::ArrayRef<const MatcherStage *> graphdiff::getMatcherStages() {
  return stageOrder;
}
