//===- Settler.h - What the settling rules share ----------------*- C++ -*-===//
//
// Part of graph-diff.
//
// Region settling (RegionSettling.h) applies named rules (Rules.h) in order
// to one pair of graphs. A Settler is what they share: the graphs, the
// mapping they change, the canonical orders, what they have decided so far,
// and the questions several rules ask of that.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_DIFFER_SETTLING_SETTLER_H
#define GRAPHDIFF_DIFFER_SETTLING_SETTLER_H

#include "GraphDiff/Differ/RegionSettling.h"
#include "mlir/IR/Value.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace graphdiff {
class Graph;
class NodeMapping;
struct PairContext;

namespace settling {

/// The state of settling one pair's regions, which every rule reads and
/// most change.
class Settler {
public:
  explicit Settler(const PairContext &pair);

  /// Target node `t`'s results seen from the source: for each result, the
  /// source values that its paired users (and the graph outputs) read in
  /// its place. A user whose number of operands changed says nothing by
  /// position; `loose` then takes every source operand it may read there,
  /// except where a destination-style user writes a new init.
  llvm::SmallVector<llvm::SmallVector<mlir::Value, 2>>
  outImages(unsigned t, bool loose) const;
  /// For each result of target node `t`: the source values that the regions
  /// of the new nodes reading it read from outside those regions (by
  /// position when such a region is one node reading as many values as the
  /// new node: ml_switcheroo's fused node keeps its head's inputs).
  llvm::SmallVector<llvm::SmallVector<mlir::Value, 2>>
  regionReads(unsigned t) const;
  /// The free source nodes that make the values outImages(t, loose) gives,
  /// each once: where the region of a new node `t` starts.
  llvm::SmallVector<unsigned> freeProducersSeen(unsigned t, bool loose) const;
  /// What target value `value` is once the plan is applied: a pair's
  /// result, a kept input, or the source value a new node's result stands
  /// for (once mapResults has mapped it); null if none.
  mlir::Value imageOf(mlir::Value value) const;
  /// The images of the inputs of target node `t`, each once, in order,
  /// appended to `images`; false if an input has none.
  bool everyInputImage(unsigned t,
                       llvm::SmallVectorImpl<mlir::Value> &images) const;
  /// Whether source node `s` and target node `t` are the same op with the
  /// same attributes, types and regions (contentChanged says no change).
  bool sameContent(unsigned s, unsigned t) const;

  const PairContext &pair;
  const Graph &source;
  const Graph &target;
  NodeMapping &mapping;
  llvm::ArrayRef<unsigned> sourceRank, targetOrder;
  /// What the rules have decided so far; settleRegions returns it.
  SettledRegions regions;
  /// By target node: what its region was before it grew over exclusive
  /// producers (steps 2 and 3), and whether that was a pair (step 2), so
  /// that a region grown too far can be cut back (cutBackOvergrownRegions).
  llvm::DenseMap<unsigned, llvm::SmallVector<unsigned, 2>> seeds;
  llvm::DenseSet<unsigned> seededByPair;
  /// The source constants the target keeps unchanged, by their hash without
  /// locations: built by mergedIntoTwin on first use.
  mutable std::optional<llvm::DenseMap<size_t, llvm::SmallVector<unsigned, 1>>>
      keptConstants;
};

/// `side` node `index` of `graph` as a refusal reason names it: `source %5
/// (12:3)`.
std::string describeNode(llvm::StringRef side, const Graph &graph,
                         unsigned index);
/// Where `op` is in its file, ` (12:3)`, or "" without a file location. The
/// side named with it says which file; the path is left out so that plans do
/// not depend on where their inputs are.
std::string lineColumn(mlir::Operation *op);

} // namespace settling
} // namespace graphdiff

#endif // GRAPHDIFF_DIFFER_SETTLING_SETTLER_H
