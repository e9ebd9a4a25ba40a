//===- Stages.h - The stages of the matcher, in order -----------*- C++ -*-===//
//
// Part of graph-diff.
//
// Every stage of the matcher, in the order StageOrder.cpp runs them, each
// with its contract: what it pairs and on what evidence. Each is defined in
// its own file under lib/GraphDiff/Differ/Stages/. The rules a stage is made
// of (pairUniqueBuckets, pairTwins, ...) are declared beside it, so that
// tests can run them alone. docs/Matching.md ("Stages, in order") explains
// the design. A stage marked "pass-specific" pairs what one kind of pass
// leaves behind; the others are general principles.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_DIFFER_STAGES_STAGES_H
#define GRAPHDIFF_DIFFER_STAGES_STAGES_H

#include "GraphDiff/Differ/Stages/MatcherStage.h"
#include "GraphDiff/Differ/StructuralState.h"

#include <vector>

namespace graphdiff {

//===----------------------------------------------------------------------===//
// Stages on what the input says: ids, provenance, locations, names.
//===----------------------------------------------------------------------===//

/// `ids`: pairs `lg` nodes that have the same id (an `lg` node's identity).
class IdStage final : public MatcherStage {
public:
  llvm::StringRef getName() const override { return "ids"; }
  void run(MatchContext &context) const override;
};

/// The rule of IdStage.
void matchByIds(const Graph &source, const Graph &target, NodeMapping &mapping);

/// `provenance`: gives each target node with `fused_from` provenance the
/// region of the free source nodes it names (the optimizer's own record).
class ProvenanceStage final : public MatcherStage {
public:
  llvm::StringRef getName() const override { return "provenance"; }
  void run(MatchContext &context) const override;
};

/// The rule of ProvenanceStage.
void matchByProvenance(const Graph &source, const Graph &target,
                       NodeMapping &mapping);

/// `locations`: pairs ops whose locations are equal and unique on both sides
/// (unknown locations aside): optimizers propagate them, and upstream fusion
/// gives the fused op the consumer's location. Where a location names one
/// source op and several target nodes (a rewrite gives the op it makes and
/// the leaves it needs, an empty tensor or a buffer, the location of the op
/// it rewrote), an op that reads something pairs with the one candidate that
/// reads something, a leaf with the one candidate leaf, if there is one.
class LocationStage final : public MatcherStage {
public:
  llvm::StringRef getName() const override { return "locations"; }
  void run(MatchContext &context) const override;
};

/// The rule of LocationStage.
void matchByLocations(const Graph &source, const Graph &target,
                      NodeMapping &mapping);
/// Whether matchByLocations could pair anything: some free source node at an
/// informative location that a free target node's file (or a location other
/// than a file position) might share.
bool mayPairByLocations(const Graph &source, const Graph &target,
                        const NodeMapping &mapping);

/// `conventions` (pass-specific: ml_switcheroo's optimizer): a target node
/// `fused_<id>`, or one whose metadata names an `anchor`, absorbs the free
/// source node `<id>`, one member of the region it replaces (region
/// settling grows the region to the sink).
class ConventionStage final : public MatcherStage {
public:
  llvm::StringRef getName() const override { return "conventions"; }
  void run(MatchContext &context) const override;
};

/// The rule of ConventionStage.
void matchByConventions(const Graph &source, const Graph &target,
                        NodeMapping &mapping);

//===----------------------------------------------------------------------===//
// Exact structure.
//===----------------------------------------------------------------------===//

/// `identical-cones`: pairs the nodes whose whole upstream cone (forward
/// Merkle hash) is held by exactly one free node on each side, then grows
/// the pairs by consensus along operands (and from the outputs) to nodes of
/// equal forward hash; a few rounds, since resolving ties by context can
/// leave unique leftovers.
class IdenticalConesStage final : public StructuralStage {
public:
  llvm::StringRef getName() const override { return "identical-cones"; }

protected:
  void runOn(StructuralState &state) const override;
};

/// `identical-contexts`: the same over downstream contexts (backward hashes,
/// over users), grown along users.
class IdenticalContextsStage final : public StructuralStage {
public:
  llvm::StringRef getName() const override { return "identical-contexts"; }

protected:
  void runOn(StructuralState &state) const override;
};

/// Pairs the free nodes whose `sourceKeys` / `targetKeys` hash is held by
/// exactly one free node on each side. Returns the new pairs, by target
/// index. `takenSince`, if given, holds the pairs made since the last call
/// with the same keys (nodes only taken, none freed): a bucket can only have
/// become unique by losing a node, so only the buckets of those pairs' keys
/// are looked at (the same pairs, without a table of every free node).
llvm::SmallVector<NodePair>
pairUniqueBuckets(StructuralState &state,
                  const std::vector<llvm::hash_code> &sourceKeys,
                  const std::vector<llvm::hash_code> &targetKeys,
                  const llvm::SmallVectorImpl<NodePair> *takenSince = nullptr);

/// `buffers` (general for bufferized IR): follows data through buffers (a
/// slot that reads a buffer reads its last writer) and through
/// `bufferization.to_tensor`/`to_buffer`, from the pairs made so far and the
/// outputs, slot by slot, and pairs an op with its buffer form (the same op,
/// `tensor.empty` and `memref.alloc`, a tensor constant and
/// `memref.get_global`, a reshape and its memref form). BufferFlow.cpp.
class BufferStage final : public StructuralStage {
public:
  llvm::StringRef getName() const override { return "buffers"; }

protected:
  void runOn(StructuralState &state) const override;
};

/// The rule of BufferStage. Does nothing when no slot on either side reads a
/// buffer. Returns the new pairs.
llvm::SmallVector<NodePair> pairAcrossBuffers(StructuralState &state);

/// `same-op`: consensus propagation from every pair and from the outputs,
/// along operands, then users, to nodes of the same kind of op
/// (StructuralState::sameKind): the dataflow context of matched neighbours.
class SameOpStage final : public StructuralStage {
public:
  llvm::StringRef getName() const override { return "same-op"; }

protected:
  void runOn(StructuralState &state) const override;
};

/// `twins`: pairs interchangeable dead ends (pairTwins), then propagates
/// from every pair again.
class TwinStage final : public StructuralStage {
public:
  llvm::StringRef getName() const override { return "twins"; }

protected:
  void runOn(StructuralState &state) const override;
};

/// Pairs interchangeable dead ends: free nodes of equal content that nothing
/// reads and that, on each side, read exactly the same values (swapping two
/// is an automorphism of the graph, so no pairing of them can show in a
/// plan), in groups of equal size on both sides, in index order. Returns
/// whether it paired anything.
bool pairTwins(StructuralState &state);

/// `retyped-splats` (pass-specific: elementwise fusion): pairs a free splat
/// constant with the one free scalar constant of its element's value on the
/// other side (pairRetypedSplats).
class RetypedSplatStage final : public StructuralStage {
public:
  llvm::StringRef getName() const override { return "retyped-splats"; }

protected:
  void runOn(StructuralState &state) const override;
};

/// Pairs a free splat constant with the one free scalar constant of its
/// element's value on the other side, where each is the only free one of
/// that value on its side: elementwise fusion turns a splat operand into a
/// scalar the fused op's body reads (`dense<0.5> : tensor<64xf32>` becomes
/// `0.5 : f32`). Returns whether it paired anything.
bool pairRetypedSplats(StructuralState &state);

/// `moved-constants` (a lowering): pairs a free constant with the one free
/// constant of another op on the other side that holds the same value
/// (pairMovedConstants).
class MovedConstantStage final : public StructuralStage {
public:
  llvm::StringRef getName() const override { return "moved-constants"; }

protected:
  void runOn(StructuralState &state) const override;
};

/// Pairs a free constant with the one free constant of another op on the
/// other side that holds the same value (the same attribute: type and
/// elements), where each is the only free one of that value on its side: a
/// lowering moves constants to another dialect as they are (`tosa.const`
/// becomes `arith.constant`). Returns whether it paired anything.
bool pairMovedConstants(StructuralState &state);

//===----------------------------------------------------------------------===//
// Weak evidence: from here on, pairs are guesses locations would settle.
//===----------------------------------------------------------------------===//

/// `similarity`: bounded neighbourhood similarity between nodes of the same
/// kind (pairSimilar), each round followed by consensus propagation from
/// its pairs.
class SimilarityStage final : public StructuralStage {
public:
  llvm::StringRef getName() const override { return "similarity"; }
  bool isWeak() const override { return true; }

protected:
  void runOn(StructuralState &state) const override;
};

/// Rounds of pairSimilar with `kind`, each followed by propagation of its
/// pairs along operands and users to nodes of the same kind.
void growBySimilarity(StructuralState &state, PairFilter kind);

/// One round of bounded similarity. Each free target node gets candidate
/// source nodes for which `kind` holds: the free users, at the same slot, of
/// the images of its inputs, and the free producers, at the same slot, of its
/// users' partners (at most StructureOptions::maxCandidates, skipping
/// neighbours with more than maxFanout users). The score is 4 per agreeing
/// neighbour, plus 2 for equal content, plus 1 for equal result types. A
/// unique best that no better target claims is paired; a tie between
/// interchangeable candidates (equal forward hashes: the same content over
/// the same upstream cone) goes to the first in file order, other ties are
/// marked ambiguous. Returns the new pairs.
llvm::SmallVector<NodePair> pairSimilar(StructuralState &state,
                                        PairFilter kind);

/// `changed-ops`: where the op itself changed (a named op generalized to
/// `linalg.generic`, a tosa op lowered within its dialect): consensus
/// propagation to nodes of the same dialect and result types
/// (StructuralState::sameShape), then the strict kind again from the new
/// pairs, then similarity on the relaxed kind.
class ChangedOpStage final : public StructuralStage {
public:
  llvm::StringRef getName() const override { return "changed-ops"; }
  bool isWeak() const override { return true; }

protected:
  void runOn(StructuralState &state) const override;
};

/// `lowered-reductions` (a lowering to linalg): pairs the reductions of a
/// lowered graph in order (pairLoweredReductions), which lowering and fusion
/// keep as ops of their own; from them, propagation along operands across
/// the lowering (result types up to unit dimensions). Sets
/// StructuralState::acrossLowering when it paired any.
class LoweredReductionStage final : public StructuralStage {
public:
  llvm::StringRef getName() const override { return "lowered-reductions"; }
  bool isWeak() const override { return true; }

protected:
  void runOn(StructuralState &state) const override;
};

/// Pairs the free reductions of a lowered graph: source ops that are not
/// linalg's (one value read that is not a constant, the result of its rank
/// and element type with some of its dimensions reduced to 1, as
/// `tosa.reduce_sum` keeps them) with the target's linalg ops that reduce
/// data, in order, when both sides hold equally many, each one's result has
/// as many elements of the same element type as its partner's, and on each
/// side every one of them reads, through other ops, the one before it.
/// Returns the new pairs.
llvm::SmallVector<NodePair> pairLoweredReductions(StructuralState &state);

/// `lowered-ops`: where the same result types is all that is left to go by
/// (an op lowered to another dialect): propagation along operands only, from
/// pairs and outputs, where a consumer's slot says which producer took the
/// old one's place (across the lowering when acrossLowering); then the
/// strict and the relaxed kinds again from the new pairs.
class LoweredOpStage final : public StructuralStage {
public:
  llvm::StringRef getName() const override { return "lowered-ops"; }
  bool isWeak() const override { return true; }

protected:
  void runOn(StructuralState &state) const override;
};

/// `merged-constants` (CSE and the rewrite driver): pairs a free target
/// constant with the first, in file order, of the free source constants of
/// its content when there are several and it is the only free one of its
/// content on its side (pairMergedConstants).
class MergedConstantStage final : public StructuralStage {
public:
  llvm::StringRef getName() const override { return "merged-constants"; }
  bool isWeak() const override { return true; }

protected:
  void runOn(StructuralState &state) const override;
};

/// The rule of MergedConstantStage: equal constants are merged into the
/// first. Returns whether it paired anything.
bool pairMergedConstants(StructuralState &state);

/// `settle-twins` (CSE and the folder): moves a pair to the source twin its
/// readers vouch for (settleTwins). The one stage that undoes pairs.
class SettleTwinStage final : public StructuralStage {
public:
  llvm::StringRef getName() const override { return "settle-twins"; }
  bool isWeak() const override { return true; }

protected:
  void runOn(StructuralState &state) const override;
};

/// Settles which of several source twins (free or structurally paired nodes
/// of equal forward hash: the same content over the same upstream cone, as
/// CSE or the folder finds them before merging them) a target node stands
/// for. A twin is a candidate when one of its reads (a slot or a graph
/// output) has a partner that reads the target's same result: the pass
/// merged it into the target. Among the candidates, the first in file order
/// takes the target (CSE and the folder keep the first of equal ops and
/// rewire the readers of the others to it); a pair whose twins have no such
/// read is left alone. Each pair looks at most at maxCandidates free twins.
/// Returns whether it moved a pair.
bool settleTwins(StructuralState &state);

/// `unresolved-ties`: marks as ambiguous the free nodes left in a
/// forward-hash bucket that has free members on the other side too: exact
/// ties nothing resolved (markUnresolvedTies). Pairs nothing.
class UnresolvedTieStage final : public StructuralStage {
public:
  llvm::StringRef getName() const override { return "unresolved-ties"; }

protected:
  void runOn(StructuralState &state) const override;
};

/// The rule of UnresolvedTieStage.
void markUnresolvedTies(StructuralState &state);

} // namespace graphdiff

#endif // GRAPHDIFF_DIFFER_STAGES_STAGES_H
