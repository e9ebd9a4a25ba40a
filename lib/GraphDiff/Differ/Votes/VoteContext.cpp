//===- VoteContext.cpp - What the vote rules share ------------------------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Differ/Votes/VoteContext.h"

#include "GraphDiff/Graph/Reshape.h"
#include "mlir/IR/Operation.h"

using namespace mlir;
using namespace graphdiff;

bool VoteContext::isReshapeNode(bool isSource, unsigned node) {
  unsigned name = (isSource ? state.sourceKinds : state.targetKinds)[node].name;
  if (name >= reshapeByName.size())
    reshapeByName.resize(name + 1, 0);
  uint8_t &known = reshapeByName[name];
  Operation *op = (isSource ? source : target).getNode(node);
  // A slice reshapes or not by its sizes (3: ask each node).
  if (!known) {
    StringRef opName = op->getName().getStringRef();
    known = opName == "tensor.extract_slice" || opName == "tensor.insert_slice"
                ? 3
                : (isPureReshape(op) ? 2 : 1);
  }
  return known == 3 ? isPureReshape(op) : known == 2;
}
