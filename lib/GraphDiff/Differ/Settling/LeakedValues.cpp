//===- LeakedValues.cpp - A region leaks no value -------------------------===//
//
// Part of graph-diff.
//
// Rule: a region leaks no value (a check of step 4, and of every region the
// later steps make).
//
// Decides whether a new node can replace its region without losing a
// value: not if the target reads, in the new node's place, a member's value
// that no result of the new node stands for (mapResults), a graph output
// included. Evidence: what the target reads in the new node's place
// (Settler::outImages). Other outside readers do not read the value after
// the plan: a paired one is rewired by its update (the target dropped that
// edge, as ml_switcheroo's optimizer does for an edge leaving a fused
// chain's middle), a free one is deleted or replaced in turn, and a graph
// output the target makes otherwise (a bufferized function returns a
// `bufferization.to_tensor` of the buffer the new node writes) is removed
// and added again by the plan's output edits. A general principle; the
// reason it gives names the value and its reader.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Differ/NodeMapping.h"
#include "GraphDiff/Differ/Settling/Rules.h"
#include "GraphDiff/Differ/Settling/Settler.h"
#include "GraphDiff/Graph/Graph.h"
#include "llvm/ADT/DenseSet.h"

using namespace mlir;
using namespace graphdiff;
using namespace graphdiff::settling;

std::string settling::whyLeaks(const Settler &settler, unsigned t) {
  const Graph &source = settler.source, &target = settler.target;
  ArrayRef<unsigned> region = settler.mapping.getRegion(t);
  const SmallVector<Value, 2> &results =
      settler.regions.standsFor.find(t)->second;
  // What the target reads in the new node's place: a member's value among
  // these must be stood for (see above for the other outside readers).
  llvm::SmallDenseSet<Value, 8> readInPlace;
  for (auto &candidates : settler.outImages(t, /*loose=*/false))
    readInPlace.insert(candidates.begin(), candidates.end());
  for (unsigned member : region)
    for (OpResult value : source.getNode(member)->getResults()) {
      bool usedOutside = readInPlace.contains(value);
      if (usedOutside && !llvm::is_contained(results, Value(value))) {
        // Where it leaks to: a graph output, else the first reader outside.
        std::string reader;
        for (OpOperand &use : value.getUses())
          if (use.getOwner() == source.getTerminator()) {
            reader = "graph output #" + std::to_string(use.getOperandNumber());
            break;
          }
        if (reader.empty())
          for (const Graph::Use &use : source.getUses(member))
            if (!llvm::is_contained(region, use.user) &&
                source.getSlots(use.user)[use.slot] == Value(value)) {
              reader = describeNode("source", source, use.user);
              break;
            }
        return "the region leaks " + source.getValueRef(value).str() +
               lineColumn(source.getNode(member)) + ": " +
               (reader.empty() ? std::string("a node outside the region")
                               : reader) +
               " reads it, but " + describeNode("target", target, t) +
               ", which replaces the region, has no result that stands for "
               "it";
      }
    }
  return "";
}
