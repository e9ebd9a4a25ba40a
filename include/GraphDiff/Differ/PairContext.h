//===- PairContext.h - What settling and emission share ---------*- C++ -*-===//
//
// Part of graph-diff.
//
// One pair of graphs as the steps after matching see it: the graphs, the
// mapping the matchers made, both canonical orders, and which graph inputs
// the target keeps (alignInputs).
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_DIFFER_PAIRCONTEXT_H
#define GRAPHDIFF_DIFFER_PAIRCONTEXT_H

#include "mlir/IR/Value.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace graphdiff {
class Graph;
class NodeMapping;

/// A few values (a node's inputs), without a heap allocation for up to four.
using ValueSet = llvm::SmallDenseSet<mlir::Value, 4>;

struct PairContext {
  PairContext(const Graph &source, const Graph &target, NodeMapping &mapping);

  /// The source value that target value `value` stands for once the plan is
  /// applied (the result of its producer's pair, or a kept graph input), or
  /// null if the plan makes it.
  mlir::Value sourceImage(mlir::Value value) const;
  /// The source values target node `t`'s inputs stand for.
  ValueSet inputImages(unsigned t) const;
  /// Sorts source nodes into the source's canonical order.
  void sortBySourceRank(llvm::SmallVectorImpl<unsigned> &nodes) const;

  const Graph &source;
  const Graph &target;
  /// Region settling changes it; plan emission only reads it.
  NodeMapping &mapping;
  /// The graphs' canonical topological orders (Graph::getCanonicalOrder;
  /// copies, which the GraphDiff takes over).
  std::vector<unsigned> sourceOrder, targetOrder;
  /// Each source node's rank in its order: the graph's own table, not a
  /// copy.
  llvm::ArrayRef<unsigned> sourceRank;
  /// Which graph inputs the target keeps, by alignInputs: for each source
  /// input the target input it stays as (none: the plan removes it), and
  /// for each target input the source input it was (none: the plan adds it).
  std::vector<std::optional<unsigned>> inputImage, inputSource;
  /// Whether source input `number` stays in the target.
  bool isKeptInput(unsigned number) const {
    return inputImage[number].has_value();
  }
  /// How many source inputs stay.
  unsigned numKeptInputs() const;
};

/// The graph inputs `target` keeps from `source`, for each target input the
/// source input it is (none for one the plan adds): an order-preserving
/// alignment of the two input lists, since a plan removes and adds inputs
/// but never moves one. Only inputs of the same type pair. Among the
/// alignments it picks the one with the smallest plan: each pair saves a
/// `remove_input` and an `add_input`, and each slot of a paired reader (and
/// each graph output) that reads the two inputs of a pair saves rewiring
/// that reader. Ties go to pairing inputs at the same position, so inputs
/// whose readers say nothing, or say contradictory things (two inputs of
/// one type swapped), stay paired by position. Above `maxCells` cells of the
/// alignment table, inputs pair by position when their types agree.
std::vector<std::optional<unsigned>> alignInputs(const Graph &source,
                                                 const Graph &target,
                                                 const NodeMapping &mapping,
                                                 uint64_t maxCells = 1u << 20);

} // namespace graphdiff

#endif // GRAPHDIFF_DIFFER_PAIRCONTEXT_H
