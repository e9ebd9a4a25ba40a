//===- DestinationInits.cpp - Votes init by init --------------------------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Differ/Votes/DestinationInits.h"

#include "GraphDiff/Differ/Votes/AlongOperands.h"
#include "GraphDiff/Graph/Graph.h"
#include "mlir/IR/Operation.h"
#include "mlir/Interfaces/DestinationStyleOpInterface.h"

using namespace mlir;
using namespace graphdiff;

void graphdiff::voteDestinationInits(VoteContext &context, unsigned s,
                                     unsigned t, Votes &votes) {
  const Graph &source = context.source;
  const Graph &target = context.target;
  if (source.getSlots(s).size() == target.getSlots(t).size())
    return;
  auto a = dyn_cast<DestinationStyleOpInterface>(source.getNode(s));
  auto b = dyn_cast<DestinationStyleOpInterface>(target.getNode(t));
  if (!a || !b || a.getNumDpsInits() != b.getNumDpsInits())
    return;
  // The inits' slots (operands come first among the slots).
  auto inits = [](DestinationStyleOpInterface op, ArrayRef<Value> slots,
                  ArrayRef<int> producers, SmallVectorImpl<Value> &values,
                  SmallVectorImpl<int> &valueProducers) {
    for (OpOperand &init : op.getDpsInitsMutable()) {
      values.push_back(slots[init.getOperandNumber()]);
      valueProducers.push_back(producers[init.getOperandNumber()]);
    }
  };
  SmallVector<Value, 2> x, y;
  SmallVector<int, 2> px, py;
  inits(a, source.getSlots(s), source.getSlotProducers(s), x, px);
  inits(b, target.getSlots(t), target.getSlotProducers(t), y, py);
  voteSlotBySlot(context, x, px, y, py, votes);
}
