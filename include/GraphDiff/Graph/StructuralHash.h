//===- StructuralHash.h - Hashes of nodes and their cones -------*- C++ -*-===//
//
// Part of graph-diff.
//
// Per-node hashes of a graph that see content and structure, never node
// order or SSA names. The structural matcher groups candidate pairs by them
// and the isomorphism check pairs nodes by them; both then compare what they
// paired in full. Attributes are hashed as AttributeEquivalence.h compares
// them (a `dense_resource` blob by its bytes), so nodes that both call the
// same hash alike. docs/Matching.md ("Hashes") describes each hash.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_GRAPH_STRUCTURALHASH_H
#define GRAPHDIFF_GRAPH_STRUCTURALHASH_H

#include "llvm/ADT/Hashing.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <vector>

namespace mlir {
class Operation;
} // namespace mlir

namespace graphdiff {
class Graph;

/// What the hashes look at.
struct HashOptions {
  /// Leave locations out (they are what an optimizer rewrites most freely).
  bool ignoreLocations = true;
  /// Leave discardable attributes (those that are not part of the op's
  /// definition, e.g. `torch.debug_name`) out.
  bool ignoreDiscardableAttrs = false;
  /// Hash the operands of commutative ops (`OpTrait::IsCommutative`) as a
  /// multiset, so that `addf %a, %b` hashes as `addf %b, %a`. The structural
  /// matcher wants this; the isomorphism check, which compares operands in
  /// order, does not.
  bool sortCommutativeOperands = true;
  /// Compute the backward hashes too (the matcher uses them; the isomorphism
  /// check uses them to pair interchangeable unread nodes).
  bool backward = true;
};

/// Per-node hashes of one graph, by node index. Hashes group candidates
/// only: equal hashes mean "should be compared", never "are equal" on their
/// own, and their values (which fold in MLIR attribute and type storage
/// addresses) never decide any output order.
struct StructureHashes {
  /// The node itself: op name, attributes/properties, result types, nested
  /// regions; operands and captured values only by position.
  std::vector<llvm::hash_code> content;
  /// The node and everything upstream of it (Merkle hash over its slots,
  /// Graph::getSlots; graph inputs by position).
  std::vector<llvm::hash_code> forward;
  /// The node and everything downstream of it (hash over the multiset of
  /// (user, operand slot, result) and output positions). Empty unless
  /// HashOptions::backward.
  std::vector<llvm::hash_code> backward;
  /// Longest path from a graph input (or a node with no inputs) to the node.
  std::vector<unsigned> height;
};

/// Computes the hashes of `graph` (the same computation for both sides of a
/// comparison), in one pass along Graph::getCanonicalOrder and, for the
/// backward hashes, one pass against it.
///
/// `visit`, if given, is called for each node in block order right after its
/// content hash, with the node's op: a caller that has a pass of its own
/// over the ops makes it here, while each op is at hand (a pass over the ops
/// of a large graph costs a cache miss per op).
StructureHashes
hashStructure(const Graph &graph, const HashOptions &options = {},
              llvm::function_ref<void(unsigned node, mlir::Operation *op,
                                      llvm::hash_code content)>
                  visit = nullptr);

} // namespace graphdiff

#endif // GRAPHDIFF_GRAPH_STRUCTURALHASH_H
