//===- PairContext.h - What settling and emission share ---------*- C++ -*-===//
//
// Part of graph-diff.
//
// One pair of graphs as the steps after matching see it: the graphs, the
// mapping the matchers made, both canonical orders, and which graph inputs
// the target keeps.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_DIFFER_PAIRCONTEXT_H
#define GRAPHDIFF_DIFFER_PAIRCONTEXT_H

#include "mlir/IR/Value.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"

#include <vector>

namespace graphdiff {
class Graph;
class NodeMapping;

struct PairContext {
  PairContext(const Graph &source, const Graph &target, NodeMapping &mapping);

  /// The source value that target value `value` stands for once the plan is
  /// applied (the result of its producer's pair, or a kept graph input), or
  /// null if the plan makes it.
  mlir::Value sourceImage(mlir::Value value) const;
  /// The source values target node `t`'s inputs stand for.
  llvm::DenseSet<mlir::Value> inputImages(unsigned t) const;
  /// Sorts source nodes into the source's canonical order.
  void sortBySourceRank(llvm::SmallVectorImpl<unsigned> &nodes) const;

  const Graph &source;
  const Graph &target;
  /// Region settling changes it; plan emission only reads it.
  NodeMapping &mapping;
  /// The graphs' canonical topological orders (Graph::getCanonicalOrder),
  /// and each source node's rank in its order.
  std::vector<unsigned> sourceOrder, targetOrder, sourceRank;
  /// Graph inputs the target keeps: those at a position both graphs have,
  /// with the same type.
  llvm::DenseSet<unsigned> keptInputs;
};

} // namespace graphdiff

#endif // GRAPHDIFF_DIFFER_PAIRCONTEXT_H
