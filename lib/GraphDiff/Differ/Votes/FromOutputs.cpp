//===- FromOutputs.cpp - Votes for the producers of the outputs -----------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Differ/Votes/FromOutputs.h"

#include "GraphDiff/Differ/Votes/AlongOperands.h"
#include "GraphDiff/Graph/Graph.h"

using namespace mlir;
using namespace graphdiff;

void graphdiff::voteFromOutputs(VoteContext &context, Votes &votes) {
  const Graph &source = context.source;
  const Graph &target = context.target;
  SmallVector<Value> a(source.getOutputs()), b(target.getOutputs());
  auto producersOf = [](const Graph &graph, ArrayRef<Value> values) {
    SmallVector<int> producers;
    for (Value value : values) {
      std::optional<unsigned> producer = graph.getProducer(value);
      producers.push_back(producer ? static_cast<int>(*producer)
                                   : Graph::kNoProducer);
    }
    return producers;
  };
  voteSlotBySlot(context, a, producersOf(source, a), b, producersOf(target, b),
                 votes);
}
