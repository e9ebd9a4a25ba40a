//===- RandomGraph.cpp - Seeded random lg graphs and edits ----------------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "RandomGraph.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

#include <random>

using namespace mlir;
using namespace graphdiff;
using namespace graphdiff::testing;

namespace {
/// A small, fast, seedable generator whose sequence is the same everywhere
/// (std::uniform_int_distribution is not specified across libraries).
class Rng {
public:
  explicit Rng(uint64_t seed) : state(seed * 0x9E3779B97F4A7C15ull + 1) {}
  uint64_t next() {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
  }
  /// Uniform in [0, n).
  unsigned below(unsigned n) { return n == 0 ? 0 : next() % n; }

private:
  uint64_t state;
};

const char *const kinds[] = {"Conv2d", "BatchNorm2d", "ReLU", "Add",
                             "Linear", "MaxPool2d",   "GELU", "Mul"};
} // namespace

lg::GraphOp
graphdiff::testing::buildRandomGraph(ModuleOp module, StringRef name,
                                     uint64_t seed,
                                     const RandomGraphOptions &options) {
  MLIRContext *context = module.getContext();
  OpBuilder builder(context);
  builder.setInsertionPointToEnd(module.getBody());
  Location loc = builder.getUnknownLoc();
  Type type = RankedTensorType::get({4}, builder.getF32Type());
  Rng rng(seed);

  SmallVector<Type> inputTypes(options.numInputs, type);
  auto graph = lg::GraphOp::create(builder, loc, name,
                                   builder.getFunctionType(inputTypes, {}));
  Block &body = graph.getBody().front();
  builder.setInsertionPointToEnd(&body);

  SmallVector<Value> values(body.getArguments().begin(),
                            body.getArguments().end());
  std::vector<bool> used(options.numNodes + options.numInputs, false);
  for (unsigned i = 0; i < options.numNodes; ++i) {
    unsigned fanIn = 1 + rng.below(options.maxFanIn);
    SmallVector<Value> inputs;
    for (unsigned k = 0; k < fanIn; ++k) {
      unsigned window = std::min<unsigned>(options.window, values.size());
      unsigned pick = values.size() - 1 - rng.below(window);
      inputs.push_back(values[pick]);
      used[pick] = true;
    }
    const char *kind = kinds[rng.below(std::size(kinds))];
    auto node = lg::NodeOp::create(builder, loc, "n" + std::to_string(i), kind,
                                   TypeRange{type}, inputs);
    if (rng.below(3) == 0)
      node.setStateful(true);
    values.push_back(node.getResult(0));
  }
  // Outputs: every node nobody reads, so that nothing is dead.
  SmallVector<Value> outputs;
  for (unsigned i = options.numInputs; i < values.size(); ++i)
    if (!used[i])
      outputs.push_back(values[i]);
  lg::OutputOp::create(builder, loc, outputs);
  graph.setFunctionTypeAttr(TypeAttr::get(
      builder.getFunctionType(inputTypes, TypeRange(ValueRange(outputs)))));
  return graph;
}

/// The nodes of `graph`, in block order.
static SmallVector<lg::NodeOp> nodesOf(lg::GraphOp graph) {
  return SmallVector<lg::NodeOp>(graph.getBody().front().getOps<lg::NodeOp>());
}

lg::GraphOp graphdiff::testing::editRandomly(lg::GraphOp source,
                                             ModuleOp module, uint64_t seed,
                                             unsigned numEdits,
                                             EditCounts *counts) {
  EditCounts local;
  EditCounts &done = counts ? *counts : local;
  Rng rng(seed);
  auto graph = cast<lg::GraphOp>(source->clone());
  module.push_back(graph);
  MLIRContext *context = module.getContext();
  OpBuilder builder(context);
  Block &body = graph.getBody().front();
  unsigned fresh = 0;

  // Live nodes; erased ones are nulled out, so that an edit costs O(1) and
  // a million-node graph can be edited a thousand times.
  SmallVector<Operation *> nodes;
  llvm::DenseMap<Operation *, unsigned> slot;
  auto add = [&](Operation *node) {
    slot[node] = nodes.size();
    nodes.push_back(node);
  };
  for (lg::NodeOp node : nodesOf(graph))
    add(node);
  unsigned live = nodes.size();
  auto erase = [&](lg::NodeOp node) {
    nodes[slot.lookup(node)] = nullptr;
    node->erase();
    --live;
  };
  for (unsigned edit = 0; edit < numEdits && live >= 2; ++edit) {
    Operation *picked = nullptr;
    while (!picked)
      picked = nodes[rng.below(nodes.size())];
    auto node = cast<lg::NodeOp>(picked);
    builder.setInsertionPoint(node);
    switch (rng.below(5)) {
    case 0: {
      // Fuse `node` with a producer that only it reads.
      lg::NodeOp producer;
      for (Value input : node.getInputs())
        if (auto p = input.getDefiningOp<lg::NodeOp>())
          if (p->hasOneUse() && p.getNumResults() == 1)
            producer = p;
      if (!producer)
        break;
      SmallVector<Value> inputs(producer.getInputs());
      for (Value input : node.getInputs())
        if (input != producer.getResult(0) &&
            !llvm::is_contained(inputs, input))
          inputs.push_back(input);
      auto fused = lg::NodeOp::create(builder, node.getLoc(),
                                      "fused" + std::to_string(fresh++),
                                      "Fused", node->getResultTypes(), inputs);
      fused.setFusedFromAttr(
          builder.getArrayAttr({FlatSymbolRefAttr::get(producer.getIdAttr()),
                                FlatSymbolRefAttr::get(node.getIdAttr())}));
      if (producer.getStateful() || node.getStateful())
        fused.setStateful(true);
      node->replaceAllUsesWith(fused);
      erase(node);
      erase(producer);
      add(fused);
      ++live;
      ++done.fused;
      break;
    }
    case 1: {
      // Delete: users read the node's first input instead.
      if (node.getInputs().empty())
        break;
      node->replaceAllUsesWith(ValueRange{node.getInputs().front()});
      erase(node);
      ++done.deleted;
      break;
    }
    case 2: {
      // Insert a node after `node`, in front of all its users.
      builder.setInsertionPointAfter(node);
      auto inserted = lg::NodeOp::create(
          builder, node.getLoc(), "ins" + std::to_string(fresh++), "Dropout",
          node->getResultTypes(), node->getResults());
      node.getResult(0).replaceAllUsesExcept(inserted.getResult(0), inserted);
      add(inserted);
      ++live;
      ++done.inserted;
      break;
    }
    case 3: {
      // Update the kind or the metadata.
      if (rng.below(2))
        node.setKind(kinds[rng.below(std::size(kinds))]);
      else
        node.setMetadataAttr(builder.getDictionaryAttr(builder.getNamedAttr(
            "alpha", builder.getI64IntegerAttr(rng.below(100)))));
      ++done.updated;
      break;
    }
    case 4: {
      // Rewire one input to a graph input (always acyclic).
      if (node.getInputs().empty() || body.getNumArguments() == 0)
        break;
      unsigned operand = rng.below(node.getInputs().size());
      node->setOperand(operand,
                       body.getArgument(rng.below(body.getNumArguments())));
      ++done.rewired;
      break;
    }
    }
  }

  // Reorder: any order is the same graph.
  if (rng.below(2)) {
    SmallVector<Operation *> ops;
    for (Operation &op : body.without_terminator())
      ops.push_back(&op);
    for (unsigned i = ops.size(); i > 1; --i)
      std::swap(ops[i - 1], ops[rng.below(i)]);
    for (Operation *op : ops)
      op->moveBefore(body.getTerminator());
    done.reordered = true;
  }
  // Keep the signature in step with the outputs.
  graph.setFunctionTypeAttr(TypeAttr::get(
      FunctionType::get(context, graph.getFunctionType().getInputs(),
                        body.getTerminator()->getOperandTypes())));
  return graph;
}
