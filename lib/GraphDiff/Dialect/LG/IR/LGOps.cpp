//===- LGOps.cpp - Operations of the logical-graph dialect ----------------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Dialect/LG/IR/LG.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Interfaces/FunctionImplementation.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"

using namespace mlir;
using namespace graphdiff::lg;

//===----------------------------------------------------------------------===//
// GraphOp
//===----------------------------------------------------------------------===//

void GraphOp::build(OpBuilder &builder, OperationState &state, StringRef name,
                    FunctionType type) {
  state.addAttribute(SymbolTable::getSymbolAttrName(),
                     builder.getStringAttr(name));
  state.addAttribute(getFunctionTypeAttrName(state.name), TypeAttr::get(type));
  Region *body = state.addRegion();
  Block *block = new Block();
  body->push_back(block);
  for (Type input : type.getInputs())
    block->addArgument(input, state.location);
}

ParseResult GraphOp::parse(OpAsmParser &parser, OperationState &result) {
  auto buildType = [](Builder &builder, ArrayRef<Type> argTypes,
                      ArrayRef<Type> results,
                      function_interface_impl::VariadicFlag, std::string &) {
    return builder.getFunctionType(argTypes, results);
  };
  return function_interface_impl::parseFunctionOp(
      parser, result, /*allowVariadic=*/false,
      getFunctionTypeAttrName(result.name), buildType,
      getArgAttrsAttrName(result.name), getResAttrsAttrName(result.name));
}

void GraphOp::print(OpAsmPrinter &printer) {
  function_interface_impl::printFunctionOp(
      printer, *this, /*isVariadic=*/false, getFunctionTypeAttrName(),
      getArgAttrsAttrName(), getResAttrsAttrName());
}

NodeOp GraphOp::lookupNode(StringRef id) {
  for (auto node : getBody().front().getOps<NodeOp>())
    if (node.getId() == id)
      return node;
  return nullptr;
}

OutputOp GraphOp::getOutputOp() {
  if (getBody().empty() || getBody().front().empty())
    return nullptr;
  return dyn_cast<OutputOp>(getBody().front().back());
}

/// Finds a cycle among the nodes of `block`, following edges from each node
/// to the producers of its inputs. Returns the nodes along the first cycle
/// found (in block order of the DFS roots), or an empty list. Iterative, so
/// that deep graphs cannot overflow the stack.
static SmallVector<NodeOp> findCycle(Block &block) {
  enum class State : uint8_t { Unvisited, OnStack, Done };
  llvm::DenseMap<Operation *, State> state;
  SmallVector<NodeOp> cycle;

  for (NodeOp root : block.getOps<NodeOp>()) {
    if (state.lookup(root) != State::Unvisited)
      continue;
    // Each frame: a node and the index of the next input to follow.
    SmallVector<std::pair<NodeOp, unsigned>> stack;
    stack.push_back({root, 0});
    state[root] = State::OnStack;
    while (!stack.empty()) {
      auto &[node, next] = stack.back();
      if (next == node->getNumOperands()) {
        state[node] = State::Done;
        stack.pop_back();
        continue;
      }
      Value input = node->getOperand(next++);
      auto producer = input.getDefiningOp<NodeOp>();
      if (!producer || producer->getBlock() != &block)
        continue;
      State producerState = state.lookup(producer);
      if (producerState == State::Done)
        continue;
      if (producerState == State::OnStack) {
        // The stack from `producer` to the top is the cycle.
        auto start = llvm::find_if(
            stack, [&](auto &frame) { return frame.first == producer; });
        for (auto it = start; it != stack.end(); ++it)
          cycle.push_back(it->first);
        return cycle;
      }
      state[producer] = State::OnStack;
      stack.push_back({producer, 0});
    }
  }
  return cycle;
}

LogicalResult GraphOp::verifyRegions() {
  Block &block = getBody().front();
  if (block.empty() || !isa<OutputOp>(block.back()))
    return emitOpError("body must end with 'lg.output'");

  // Ids are unique within the graph.
  llvm::StringMap<NodeOp> byId;
  for (Operation &op : block.without_terminator()) {
    auto node = dyn_cast<NodeOp>(op);
    if (!node)
      return op.emitOpError("is not allowed in an 'lg.graph' body; only "
                            "'lg.node' ops are");
    auto [it, inserted] = byId.try_emplace(node.getId(), node);
    if (!inserted) {
      InFlightDiagnostic diag = node.emitOpError()
                                << "duplicate node id @" << node.getId()
                                << " in graph @" << getSymName();
      diag.attachNote(it->second.getLoc()) << "first defined here";
      return diag;
    }
  }

  // A dataflow graph has no cycles; name the first one.
  SmallVector<NodeOp> cycle = findCycle(block);
  if (!cycle.empty()) {
    // The DFS follows edges from users to producers; print the cycle in
    // dataflow order (producer, then user), starting and ending at its
    // earliest node in the block, where the error is reported.
    std::reverse(cycle.begin(), cycle.end());
    auto first = llvm::min_element(
        cycle, [](NodeOp a, NodeOp b) { return a->isBeforeInBlock(b); });
    std::rotate(cycle.begin(), first, cycle.end());
    SmallString<128> path;
    for (NodeOp node : cycle) {
      path += "@";
      path += node.getId();
      path += " -> ";
    }
    path += "@";
    path += cycle.front().getId();
    return cycle.front().emitOpError()
           << "is on a cycle in graph @" << getSymName() << ": " << path;
  }

  // The outputs match the signature.
  OutputOp output = getOutputOp();
  TypeRange expected = getFunctionType().getResults();
  TypeRange actual = output.getValues().getTypes();
  if (expected.size() != actual.size())
    return output.emitOpError()
           << "returns " << actual.size() << " value(s) but graph @"
           << getSymName() << " declares " << expected.size() << " result(s)";
  for (auto [index, pair] : llvm::enumerate(llvm::zip(actual, expected))) {
    auto [got, want] = pair;
    if (got != want)
      return output.emitOpError()
             << "output #" << index << " has type " << got << " but graph @"
             << getSymName() << " declares " << want;
  }
  return success();
}

//===----------------------------------------------------------------------===//
// NodeOp
//===----------------------------------------------------------------------===//

void NodeOp::build(OpBuilder &builder, OperationState &state, StringRef id,
                   StringRef kind, TypeRange resultTypes, ValueRange inputs) {
  build(builder, state, resultTypes, builder.getStringAttr(id),
        builder.getStringAttr(kind), inputs, /*stateful=*/nullptr,
        /*fused_from=*/nullptr, /*callee=*/nullptr, /*metadata=*/nullptr);
}

void NodeOp::getAsmResultNames(OpAsmSetValueNameFn setNameFn) {
  if (getNumResults() == 0)
    return;
  setNameFn(getResult(0), getId());
}

LogicalResult NodeOp::verify() {
  if (getNumResults() == 0)
    return emitOpError("must have at least one result");
  if (getId().empty())
    return emitOpError("must have a non-empty id");
  if (getKind().empty())
    return emitOpError("must have a non-empty kind");
  return success();
}

LogicalResult NodeOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  FlatSymbolRefAttr callee = getCalleeAttr();
  if (!callee)
    return success();
  // A node written in a plan's action is not in its graph yet: its callee is
  // checked where it lands (applying the plan compares it with the target).
  auto graph = dyn_cast_or_null<GraphOp>((*this)->getParentOp());
  if (!graph)
    return success();
  Operation *scope = graph->getParentOp();
  Operation *target =
      scope ? symbolTable.lookupNearestSymbolFrom(scope, callee) : nullptr;
  if (!target)
    return emitOpError() << "calls @" << callee.getValue()
                         << ", which is not defined";
  if (!isa<GraphOp>(target))
    return emitOpError() << "calls @" << callee.getValue()
                         << ", which is not an 'lg.graph'";
  return success();
}

#define GET_OP_CLASSES
#include "GraphDiff/Dialect/LG/IR/LGOps.cpp.inc"
