//===- ChangeDetails.h - What an action changes, in detail ------*- C++ -*-===//
//
// Part of graph-diff.
//
// A `patch.update` records the kinds of change (`changes ["attributes",
// "inputs"]`) and the new node; a reader wants which attribute went from what
// to what, which operand now reads which value. The engine works that out
// once, as it emits each action, into the action's record (PlanAction in
// DiffResult.h); reports only read it.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_DIFFER_CHANGEDETAILS_H
#define GRAPHDIFF_DIFFER_CHANGEDETAILS_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Operation.h"

#include <string>
#include <vector>

namespace graphdiff {
class Graph;
struct PlanAction;

/// One thing an update changed, as the plan shows it: an attribute with its
/// old and new value, an operand with its old and new producer, the result
/// types. Values are whole but for the elements of big tensors
/// (abbreviateAttribute); reports for people cut them (abbreviateChange).
struct ChangeDetail {
  /// "attribute", "operand", "types" or "order" (a node that moves among
  /// the accesses to its buffers: `after` is the source node it now goes
  /// right before, "" for the end of the graph).
  std::string change;
  /// The attribute's name, or the operand's position (`#1`); "" for types
  /// and order.
  std::string name;
  /// Before and after: an attribute value, a value reference (`%3`,
  /// `new %7`; "none" where the op had no such operand), a type list. An
  /// attribute only one side has is "none" on the other. Two dense values
  /// that abbreviate alike get `after` followed by how many values differ.
  /// Not cut: abbreviateChange shortens a pair for a line.
  std::string before, after;
};

/// Fills `action.details` from its op: for an update of source node
/// `action.sources[0]` of `source`, what it changes beyond its kind
/// (attributes by name, sorted; operands by position, as the references the
/// plan reads them from; result types; where it moves); for a
/// `patch.set_graph_attributes`, the graph attributes it changes, by name,
/// sorted. Leaves other actions' details empty.
void describeChanges(const Graph &source, PlanAction &action);

/// The attributes of source op `before` that `after` changes or lacks, with
/// their old values (a long elements value elided to a string that says how
/// many values of which type): an update's `was`. Null if none.
mlir::DictionaryAttr oldAttributes(mlir::Operation *before,
                                   mlir::Operation *after,
                                   mlir::Builder &builder);

} // namespace graphdiff

#endif // GRAPHDIFF_DIFFER_CHANGEDETAILS_H
