//===- StructuralStages.h - How the structural stage seeds pairs *- C++ -*-===//
//
// Part of graph-diff.
//
// The pairing rules of the structural stage other than consensus propagation
// (Consensus.h): each makes pairs that propagation then grows, and each only
// looks at free nodes. matchByStructure (StructuralMatcher.h) runs them in
// order; docs/Matching.md ("Stages, in order") explains each.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_DIFFER_STRUCTURALSTAGES_H
#define GRAPHDIFF_DIFFER_STRUCTURALSTAGES_H

#include "GraphDiff/Differ/StructuralMatcher.h"
#include "mlir/IR/Value.h"

#include <vector>

namespace graphdiff {

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

/// Pairs interchangeable dead ends: free nodes of equal content that nothing
/// reads and that, on each side, read exactly the same values (swapping two
/// is an automorphism of the graph, so no pairing of them can show in a
/// plan), in groups of equal size on both sides, in index order. Returns
/// whether it paired anything.
bool pairTwins(StructuralState &state);

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

/// Pairs a free splat constant with the one free scalar constant of its
/// element's value on the other side, where each is the only free one of
/// that value on its side: elementwise fusion turns a splat operand into a
/// scalar the fused op's body reads (`dense<0.5> : tensor<64xf32>` becomes
/// `0.5 : f32`). Returns whether it paired anything.
bool pairRetypedSplats(StructuralState &state);

/// Pairs a free constant with the one free constant of another op on the
/// other side that holds the same value (the same attribute: type and
/// elements), where each is the only free one of that value on its side: a
/// lowering moves constants to another dialect as they are (`tosa.const`
/// becomes `arith.constant`). Returns whether it paired anything.
bool pairMovedConstants(StructuralState &state);

/// Pairs the free reductions of a lowered graph: source ops that are not
/// linalg's (one value read that is not a constant, the result of its rank
/// and element type with some of its dimensions reduced to 1, as
/// `tosa.reduce_sum` keeps them) with the target's linalg ops that reduce
/// data, in order, when both sides hold equally many, each one's result has
/// as many elements of the same element type as its partner's, and on each
/// side every one of them reads, through other ops, the one before it.
/// Lowering keeps each reduction an op of its own, and elementwise fusion
/// fuses only ops without reductions into their consumers. Returns the new
/// pairs.
llvm::SmallVector<NodePair> pairLoweredReductions(StructuralState &state);

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

/// Pairs across bufferization (BufferFlow.cpp): following data through
/// buffers (a slot that reads a buffer reads its last writer) and through
/// `bufferization.to_tensor`/`to_buffer`, from the pairs made so far and the
/// outputs, slot by slot, an op with its buffer form (the same op,
/// `tensor.empty` and `memref.alloc`, a tensor constant and
/// `memref.get_global`, a reshape and its memref form). Does nothing when no
/// slot on either side reads a buffer. Returns the new pairs.
llvm::SmallVector<NodePair> pairAcrossBuffers(StructuralState &state);

/// The source value that target value `value` stands for under the pairs
/// made so far (a graph input by position, when the types agree), or null.
mlir::Value getSourceImage(const StructuralState &state, mlir::Value value);

/// Pairs a free target constant with the first, in file order, of the free
/// source constants of its content when there are several and it is the
/// only free one of its content on its side: the rewrite driver of a pass
/// (and CSE) merges equal constants into the first. Runs after the other
/// stages, so only for constants nothing else placed. Returns whether it
/// paired anything.
bool pairMergedConstants(StructuralState &state);

/// Marks as ambiguous the free nodes left in a forward-hash bucket that has
/// free members on the other side too: exact ties nothing resolved.
void markUnresolvedTies(StructuralState &state);

} // namespace graphdiff

#endif // GRAPHDIFF_DIFFER_STRUCTURALSTAGES_H
