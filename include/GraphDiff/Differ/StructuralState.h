//===- StructuralState.h - What the structural stages read ------*- C++ -*-===//
//
// Part of graph-diff.
//
// The stages that pair nodes by structure (Stages/Stages.h), for IR that
// carries no ids and no usable locations (most real MLIR), read two
// analyses of both graphs, built in one walk over the ops: the structural
// hashes (Graph/StructuralHash.h) and what each op is (its kind: name,
// constness, linalg structure, elementwise payload), which the pair filters
// below compare. Rules that need more build it when they run.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_DIFFER_STRUCTURALSTATE_H
#define GRAPHDIFF_DIFFER_STRUCTURALSTATE_H

#include "GraphDiff/Differ/NodeMapping.h"
#include "GraphDiff/Graph/StructuralHash.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <cstdint>
#include <utility>
#include <vector>

namespace graphdiff {
class Graph;

/// What the structural stage looks at: the hash options (locations are left
/// out by default, the location stage already used the ones that survived)
/// and the bounds of the similarity stage.
struct StructureOptions : HashOptions {
  /// The similarity stage considers at most this many candidates per node and
  /// skips matched neighbours with more users than this; it keeps the stage
  /// near-linear on graphs with hub nodes (constants read by hundreds of ops).
  unsigned maxCandidates = 32;
  unsigned maxFanout = 64;
  /// How many rounds of similarity + propagation to run at most.
  unsigned maxSimilarityRounds = 4;
};

/// A (source node, target node) pair, by node index.
using NodePair = std::pair<unsigned, unsigned>;
/// Which (source node, target node) pairs a stage may make.
using PairFilter = llvm::function_ref<bool(unsigned, unsigned)>;

/// What the parts of the structural stage share: the two graphs, their
/// hashes, the mapping they all write to, and the options.
struct StructuralState {
  StructuralState(const Graph &source, const Graph &target,
                  NodeMapping &mapping, const StructureOptions &options);

  /// Whether neither node is taken yet.
  bool isFree(unsigned s, unsigned t) const {
    return !mapping.isSourceTaken(s) && !mapping.isTargetTaken(t);
  }
  /// Records the pair as made by MatchStage::Structure.
  void pair(unsigned s, unsigned t) {
    mapping.pair(s, t, MatchStage::Structure);
  }
  /// All pairs currently in the mapping, by target index.
  llvm::SmallVector<NodePair> allPairs() const;
  /// Whether pair (s, t) can cast a vote in propagate(): both nodes have a
  /// free producer (of a slot; every vote along operands, through a payload,
  /// a fused chain, inputs or inits goes to a free producer of a slot of `s`
  /// or of a free node above it, and to a free producer of a slot of `t` or
  /// of a free reshape there), or both have a free user (votes along users).
  /// A superset of the pairs that vote: a pair it refuses casts no vote.
  bool canVote(unsigned s, unsigned t) const;
  /// The pairs of allPairs() that canVote(), in its order: the seeds of a
  /// propagation from every pair, which casts the same votes from them (most
  /// pairs have no free neighbour left). A pair found unable to vote is not
  /// looked at again while no node was freed since (taking nodes only takes
  /// free neighbours away).
  llvm::SmallVector<NodePair> votingPairs();

  /// The kinds of nodes the stages pair, strictest first.
  /// Equal upstream cones (forward hashes).
  bool sameForward(unsigned s, unsigned t) const {
    return sourceHashes.forward[s] == targetHashes.forward[t];
  }
  /// Equal downstream contexts (backward hashes).
  bool sameBackward(unsigned s, unsigned t) const {
    return sourceHashes.backward[s] == targetHashes.backward[t];
  }
  /// The same op name and number of results; or a named linalg op and a
  /// `linalg.generic` over the same iteration space (iterator types) with the
  /// same result types: what generalizing the named op gives; or an
  /// elementwise op on tensors and an elementwise generic whose payload holds
  /// an op of its name, with the same result types (what converting it to
  /// linalg gives, fused or not). Two generics
  /// over different iteration spaces are not the same kind while the other
  /// side holds a free named op over the space of one of them (that op may
  /// be what was generalized into it).
  bool sameKind(unsigned s, unsigned t) const;
  /// The same dialect and result types (a named op generalized), both
  /// constants or neither.
  bool sameShape(unsigned s, unsigned t) const;
  /// The same result types (an op lowered to another dialect), both
  /// constants or neither.
  bool sameTypes(unsigned s, unsigned t) const;
  /// Result types equal up to unit dimensions (sameModuloUnitDims; a
  /// lowering reshapes a value as it goes: `tensor<1x1000xi32>` becomes
  /// `tensor<1x1x1x1000xi32>`), both constants or neither.
  bool sameElements(unsigned s, unsigned t) const;
  /// Both constants or neither; or a fold: the one that is not reads only
  /// constants, and the constant is new (the other side holds no constant
  /// of its content).
  bool sameConstness(unsigned s, unsigned t) const;

  const Graph &source;
  const Graph &target;
  StructureHashes sourceHashes, targetHashes;
  /// Per source node: whether its op is commutative (its operands may come
  /// in another order after a rewrite). Read once, in node order.
  std::vector<bool> sourceCommutative;
  /// The content hashes of each side's constants.
  llvm::DenseSet<size_t> sourceConstants, targetConstants;
  /// Per node, what it is among linalg's structured ops (the LinalgOp
  /// interface): not one, `linalg.generic`, or a named op (which generalizes
  /// to a generic over the same iteration space).
  enum class Structured : uint8_t { None, Generic, Named };
  std::vector<Structured> sourceStructured, targetStructured;
  /// Per node: its op's name, result count and whether it is a constant
  /// (`ConstantLike`), read in the one walk over the ops, so that sameKind
  /// answers most pairs, and sameConstness pairs of the same constness,
  /// from these rows without reading either op (a cache miss each on large
  /// graphs).
  struct Kind {
    /// The op's name, numbered in order of first sight across both sides.
    unsigned name;
    unsigned numResults : 31;
    unsigned constant : 1;
  };
  std::vector<Kind> sourceKinds, targetKinds;
  /// Per structured node, what its loops that are not parallel do: there are
  /// none (elementwise), they each run once (a pooling over a 1x1 window:
  /// folding unit dimensions makes it elementwise), or they reduce data.
  enum class Reduction : uint8_t { None, OverUnitLoops, Data };
  std::vector<Reduction> sourceReduction, targetReduction;
  /// Per structured node: a hash of its iterator types and result types (the
  /// generic it is or generalizes to, payload and maps aside). Kept for the
  /// structured nodes only: most nodes of a large graph are not.
  llvm::DenseMap<unsigned, size_t> sourceIteration, targetIteration;
  /// The iteration hash of node `n` of one side; 0 if it is not structured.
  size_t iterationOf(bool isSource, unsigned n) const {
    return (isSource ? sourceIteration : targetIteration).lookup(n);
  }
  /// Whether a free named op of `isSource`'s side has iteration hash `key`.
  bool hasFreeNamed(bool isSource, size_t key) const;
  /// Per node: whether it is an elementwise op on ranked tensors (the
  /// `Elementwise` trait, not a constant), what
  /// `--convert-elementwise-to-linalg` rewrites into a `linalg.generic`.
  std::vector<bool> sourceElementwise, targetElementwise;
  /// Per elementwise `linalg.generic` (no loop that is not parallel): the
  /// names of the ops its payload holds (the terminator left out), each
  /// once, in body order: the ops it may have been converted from, or fused
  /// from.
  llvm::DenseMap<unsigned, llvm::SmallVector<mlir::OperationName, 2>>
      sourcePayload, targetPayload;
  /// Whether elementwise node `e` of one side and elementwise generic `g`
  /// of the other are one op converted (and maybe fused): the same result
  /// types, and `g`'s payload holds an op named as `e`.
  bool holdsElementwise(mlir::Operation *e, unsigned g, bool gIsSource) const;
  NodeMapping &mapping;
  const StructureOptions &options;
  /// Set by the stage that pairs the reductions of a lowering: the graphs
  /// are an op lowered to another dialect, so later votes look across it
  /// (PropagateFlags::Lowered).
  bool acrossLowering = false;

private:
  /// Iteration hash -> that side's named ops holding it, in node order, and
  /// how many of them are known taken (pairs are never undone here, so the
  /// lookups cost linear time in all).
  struct NamedOps {
    llvm::SmallVector<unsigned, 2> nodes;
    unsigned next = 0; // nodes before it are taken
  };
  mutable llvm::DenseMap<size_t, NamedOps> sourceNamed, targetNamed;
  /// Per target node: whether votingPairs() found its pair unable to vote,
  /// and NodeMapping::getReleases() when those marks were made (a node freed
  /// since may give a closed pair a free neighbour again: the marks go).
  std::vector<uint8_t> closedTargets;
  unsigned closedReleases = 0;
};

/// Whether `a` and `b` are the same type, or static tensors of one element
/// type whose shapes are the same once their dimensions of size 1 are left
/// out.
bool sameModuloUnitDims(mlir::Type a, mlir::Type b);

/// Whether `value` is a result of a constant op (`ConstantLike`).
bool isConstantValue(mlir::Value value);

/// The source value that target value `value` stands for under the pairs
/// made so far (a graph input by position, when the types agree), or null.
mlir::Value getSourceImage(const StructuralState &state, mlir::Value value);

} // namespace graphdiff

#endif // GRAPHDIFF_DIFFER_STRUCTURALSTATE_H
