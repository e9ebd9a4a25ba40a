//===- DestinationInputs.cpp - Votes input by input -----------------------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Differ/Votes/DestinationInputs.h"

#include "GraphDiff/Differ/Votes/AlongOperands.h"
#include "GraphDiff/Graph/Graph.h"
#include "mlir/IR/Operation.h"
#include "mlir/Interfaces/DestinationStyleOpInterface.h"

using namespace mlir;
using namespace graphdiff;

bool graphdiff::voteDestinationInputs(VoteContext &context, unsigned s,
                                      unsigned t, Votes &votes) {
  const Graph &source = context.source;
  const Graph &target = context.target;
  ArrayRef<Value> sourceSlots = source.getSlots(s);
  ArrayRef<Value> targetSlots = target.getSlots(t);
  // Whether the op was renamed matters only for slots that differ (reading
  // the op is a cache miss on large graphs).
  if (sourceSlots.size() == targetSlots.size() ||
      source.getNode(s)->getName() == target.getNode(t)->getName())
    return false;
  auto a = dyn_cast<DestinationStyleOpInterface>(source.getNode(s));
  auto b = dyn_cast<DestinationStyleOpInterface>(target.getNode(t));
  if (static_cast<bool>(a) == static_cast<bool>(b))
    return false;
  // The inputs' slots of the destination-style node (operands come first
  // among the slots).
  auto inputs = [](DestinationStyleOpInterface op, ArrayRef<Value> slots,
                   ArrayRef<int> producers, SmallVectorImpl<Value> &values,
                   SmallVectorImpl<int> &valueProducers) {
    for (OpOperand *input : op.getDpsInputOperands()) {
      values.push_back(slots[input->getOperandNumber()]);
      valueProducers.push_back(producers[input->getOperandNumber()]);
    }
  };
  SmallVector<Value, 4> x, y;
  SmallVector<int, 4> px, py;
  ArrayRef<int> sourceProducers = source.getSlotProducers(s);
  ArrayRef<int> targetProducers = target.getSlotProducers(t);
  if (a) {
    inputs(a, sourceSlots, sourceProducers, x, px);
    if (x.size() != targetSlots.size())
      return false;
    voteSlotBySlot(context, x, px, targetSlots, targetProducers, votes);
  } else {
    inputs(b, targetSlots, targetProducers, y, py);
    if (y.size() != sourceSlots.size())
      return false;
    voteSlotBySlot(context, sourceSlots, sourceProducers, y, py, votes,
                   context.state.sourceCommutative[s]);
  }
  return true;
}
