//===- RandomGraph.h - Seeded random lg graphs and edits --------*- C++ -*-===//
//
// Part of graph-diff. Test and benchmark support: random dataflow graphs in
// the lg dialect, and random optimizer-like edits of them (fuse a chain,
// delete, insert, update, rewire, reorder). Everything is a function of the
// seed.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_TEST_SUPPORT_RANDOMGRAPH_H
#define GRAPHDIFF_TEST_SUPPORT_RANDOMGRAPH_H

#include "GraphDiff/Dialect/LG/IR/LG.h"
#include "mlir/IR/BuiltinOps.h"

#include <cstdint>
#include <string>

namespace graphdiff::testing {

struct RandomGraphOptions {
  unsigned numNodes = 20;
  unsigned numInputs = 2;
  unsigned maxFanIn = 3;
  /// Inputs are drawn from the last `window` nodes, like layers of a model.
  unsigned window = 8;
};

/// Builds `lg.graph @name` with random nodes at the end of `module`.
lg::GraphOp buildRandomGraph(mlir::ModuleOp module, llvm::StringRef name,
                             uint64_t seed, const RandomGraphOptions &options);

/// Counts of the edits applied by editRandomly.
struct EditCounts {
  unsigned fused = 0, deleted = 0, inserted = 0, updated = 0, rewired = 0;
  bool reordered = false;
};

/// Clones `source` into `module` (same name) and applies `numEdits` random
/// edits to the clone, like an optimizer would: fuse a producer-consumer
/// chain into one node (recording `fused_from`), delete a node (its users
/// read its input instead), insert a node after another, change a node's
/// kind or metadata, rewire an input to a graph input, and shuffle the
/// node order.
lg::GraphOp editRandomly(lg::GraphOp source, mlir::ModuleOp module,
                         uint64_t seed, unsigned numEdits,
                         EditCounts *counts = nullptr);

} // namespace graphdiff::testing

#endif // GRAPHDIFF_TEST_SUPPORT_RANDOMGRAPH_H
