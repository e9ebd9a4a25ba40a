//===- Graph.cpp - A dataflow-graph view of a single-block body -----------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Graph/Graph.h"

#include "GraphDiff/Dialect/LG/IR/LG.h"
#include "GraphDiff/Graph/MemoryEdges.h"
#include "mlir/AsmParser/AsmParserState.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/StringSaver.h"

#include <queue>

using namespace mlir;
using namespace graphdiff;

SourceNames::SourceNames(const AsmParserState &state) {
  for (const AsmParserState::OperationDefinition &def : state.getOpDefs()) {
    if (def.resultGroups.empty())
      continue;
    SMRange range = def.resultGroups.front().definition.loc;
    StringRef name(range.Start.getPointer(),
                   range.End.getPointer() - range.Start.getPointer());
    names[def.op] = name.drop_front(); // drop the '%'
  }
}

StringRef Graph::getName() const {
  if (auto name =
          op->getAttrOfType<StringAttr>(SymbolTable::getSymbolAttrName()))
    return name.getValue();
  return "";
}

SymbolRefAttr Graph::getSymbolPath(Operation *op) {
  MLIRContext *context = op->getContext();
  auto nameOf = [](Operation *symbol) {
    return symbol->getAttrOfType<StringAttr>(SymbolTable::getSymbolAttrName());
  };
  SmallVector<StringAttr> names;
  StringAttr name = nameOf(op);
  names.push_back(name ? name : StringAttr::get(context, ""));
  for (Operation *parent = op->getParentOp(); parent && parent->getParentOp();
       parent = parent->getParentOp())
    if (StringAttr scope = nameOf(parent);
        scope && parent->hasTrait<OpTrait::SymbolTable>())
      names.push_back(scope);
  std::reverse(names.begin(), names.end());
  SmallVector<FlatSymbolRefAttr> nested;
  for (StringAttr nestedName : ArrayRef(names).drop_front())
    nested.push_back(FlatSymbolRefAttr::get(nestedName));
  return SymbolRefAttr::get(names.front(), nested);
}

FailureOr<std::unique_ptr<Graph>> Graph::build(Operation *op,
                                               const SourceNames *names) {
  if (op->getNumRegions() != 1 || !llvm::hasSingleElement(op->getRegion(0)))
    return op->emitError("is not a graph: expected one region with one block");
  Block &block = op->getRegion(0).front();
  if (block.empty() || !block.back().hasTrait<OpTrait::IsTerminator>())
    return op->emitError("is not a graph: its block has no terminator");

  std::unique_ptr<Graph> graph(new Graph());
  graph->op = op;
  graph->body = &block;
  graph->logical = isa<lg::GraphOp>(op);

  size_t count = block.getOperations().size() - 1;
  graph->nodes.reserve(count);
  graph->indexOf.reserve(count);
  for (Operation &node : block.without_terminator()) {
    graph->indexOf.try_emplace(&node, graph->nodes.size());
    graph->nodes.push_back(&node);
  }
  unsigned n = graph->nodes.size();
  graph->nodeInputs.resize(n);
  graph->slots.resize(n);
  graph->slotProducers.resize(n);
  graph->users.resize(n);
  graph->uses.resize(n);
  graph->inputUses.resize(block.getNumArguments());
  graph->outputNodes.assign(n, false);

  // Slots: operands, then values captured by nested regions.
  for (unsigned i = 0; i < n; ++i) {
    Operation *node = graph->nodes[i];
    SmallVector<Value, 4> &slots = graph->slots[i];
    slots.append(node->operand_begin(), node->operand_end());
    if (node->getNumRegions() != 0) {
      llvm::SmallDenseSet<Value, 8> captured;
      node->walk<WalkOrder::PreOrder>([&](Operation *inner) {
        if (inner == node)
          return;
        for (Value operand : inner->getOperands())
          // Defined outside `node`: `node` does not hold its region.
          if (!node->isAncestor(operand.getParentRegion()->getParentOp()) &&
              captured.insert(operand).second)
            slots.push_back(operand);
      });
    }
    // The distinct values in slot order: a linear scan for the few slots
    // of most nodes, a set for many.
    SmallVector<Value, 4> &inputs = graph->nodeInputs[i];
    if (slots.size() <= 16) {
      for (Value value : slots)
        if (!llvm::is_contained(inputs, value))
          inputs.push_back(value);
    } else {
      llvm::SetVector<Value, SmallVector<Value, 4>> unique(slots.begin(),
                                                           slots.end());
      inputs.assign(unique.begin(), unique.end());
    }
    for (auto [slot, value] : llvm::enumerate(slots)) {
      Use use{i, static_cast<unsigned>(slot), 0};
      std::optional<unsigned> producer = graph->getProducer(value);
      graph->slotProducers[i].push_back(producer ? static_cast<int>(*producer)
                                                 : kNoProducer);
      if (producer) {
        use.result = cast<OpResult>(value).getResultNumber();
        graph->uses[*producer].push_back(use);
        graph->users[*producer].push_back(i);
      } else if (auto arg = dyn_cast<BlockArgument>(value);
                 arg && arg.getOwner() == &block) {
        graph->inputUses[arg.getArgNumber()].push_back(use);
      }
    }
  }
  for (auto &list : graph->users)
    list.erase(std::unique(list.begin(), list.end()), list.end());
  for (Value output : graph->getOutputs())
    if (std::optional<unsigned> producer = graph->getProducer(output))
      graph->outputNodes[*producer] = true;

  // Names: ids for lg nodes, else the user's SSA names, else the printer's.
  // Only the names now: the reference attributes are made when asked for.
  std::unique_ptr<AsmState> asmState;
  llvm::StringSaver saver(graph->nameStorage);
  unsigned resultless = 0;
  graph->nodeNames.reserve(n);
  graph->nodeRefs.resize(n);
  graph->byName.reserve(n);
  for (unsigned i = 0; i < n; ++i) {
    Operation *node = graph->nodes[i];
    StringRef name;
    if (auto lgNode = dyn_cast<lg::NodeOp>(node)) {
      name = lgNode.getIdAttr().getValue();
    } else if (node->getNumResults() == 0) {
      name = saver.save(node->getName().getStringRef() + "." +
                        Twine(resultless++));
    } else if (StringRef given = names ? names->lookup(node) : "";
               !given.empty()) {
      name = given;
    } else {
      if (!asmState)
        asmState = std::make_unique<AsmState>(op);
      std::string printed;
      llvm::raw_string_ostream os(printed);
      node->getResult(0).printAsOperand(os, *asmState);
      name = saver.save(StringRef(printed).drop_front().split('#').first);
    }
    graph->nodeNames.push_back(name);
    if (!graph->byName.try_emplace(name, i).second)
      return node->emitError("has the same name as another node: ")
             << graph->getNodeRef(i).str();
  }
  return graph;
}

patch::RefAttr Graph::getNodeRef(unsigned index) const {
  patch::RefAttr &ref = nodeRefs[index];
  if (!ref) {
    MLIRContext *context = op->getContext();
    ref =
        patch::RefAttr::get(context, StringAttr::get(context, nodeNames[index]),
                            /*symbol=*/isa<lg::NodeOp>(nodes[index]), 0, false);
  }
  return ref;
}

std::optional<unsigned> Graph::getIndex(Operation *node) const {
  auto it = indexOf.find(node);
  if (it == indexOf.end())
    return std::nullopt;
  return it->second;
}

std::optional<unsigned> Graph::getProducer(Value value) const {
  Operation *def = value.getDefiningOp();
  if (!def)
    return std::nullopt;
  return getIndex(def);
}

ArrayRef<Graph::Use> Graph::getUsesOf(Value value) const {
  if (auto arg = dyn_cast<BlockArgument>(value)) {
    if (arg.getOwner() == body)
      return inputUses[arg.getArgNumber()];
    return {};
  }
  if (std::optional<unsigned> producer = getProducer(value))
    return uses[*producer];
  return {};
}

patch::RefAttr Graph::getValueRef(Value value) const {
  MLIRContext *context = op->getContext();
  if (auto arg = dyn_cast<BlockArgument>(value)) {
    if (arg.getOwner() == body)
      return patch::RefAttr::get(
          context, StringAttr::get(context, "arg" + Twine(arg.getArgNumber())),
          /*symbol=*/false, 0, false);
    return nullptr;
  }
  std::optional<unsigned> producer = getProducer(value);
  if (!producer)
    return nullptr;
  patch::RefAttr node = getNodeRef(*producer);
  return patch::RefAttr::get(context, node.getName(), node.getSymbol(),
                             cast<OpResult>(value).getResultNumber(), false);
}

std::optional<unsigned> Graph::lookupNode(patch::RefAttr ref) const {
  if (!ref || ref.isNone() || ref.getIsNew())
    return std::nullopt;
  auto it = byName.find(ref.getName().getValue());
  if (it == byName.end())
    return std::nullopt;
  // `@id` names lg nodes only, `%name` the others.
  if (ref.getSymbol() != isa<lg::NodeOp>(nodes[it->second]))
    return std::nullopt;
  return it->second;
}

Value Graph::lookupValue(patch::RefAttr ref) const {
  if (!ref || ref.isNone() || ref.getIsNew())
    return nullptr;
  StringRef name = ref.getName().getValue();
  unsigned argNumber;
  if (!ref.getSymbol() && name.starts_with("arg") &&
      !name.drop_front(3).getAsInteger(10, argNumber) && !byName.count(name)) {
    if (argNumber < body->getNumArguments() && ref.getResult() == 0)
      return body->getArgument(argNumber);
    return nullptr;
  }
  std::optional<unsigned> node = lookupNode(ref);
  if (!node || ref.getResult() >= nodes[*node]->getNumResults())
    return nullptr;
  return nodes[*node]->getResult(ref.getResult());
}

ArrayRef<unsigned> Graph::getCanonicalOrder() const {
  if (!ordered)
    computeCanonicalOrder();
  return canonicalOrder;
}

ArrayRef<unsigned> Graph::getCanonicalRanks() const {
  if (!ordered)
    computeCanonicalOrder();
  return canonicalRanks;
}

void Graph::computeCanonicalOrder() const {
  unsigned n = size();
  // A node is ready once every node it reads from is placed: count its
  // producers (getUsers lists each reader once).
  std::vector<unsigned> pending(n, 0);
  for (unsigned i = 0; i < n; ++i)
    for (unsigned user : getUsers(i))
      ++pending[user];
  // Ops on buffers also wait for the accesses they must follow
  // (MemoryEdges.h): a write stays before the reads of what it wrote.
  std::vector<MemoryEdge> memory = computeMemoryEdges(*this);
  std::vector<SmallVector<unsigned, 2>> memorySuccessors(memory.empty() ? 0
                                                                        : n);
  for (const MemoryEdge &edge : memory) {
    ++pending[edge.to];
    memorySuccessors[edge.from].push_back(edge.to);
  }
  // Node names are unique in a graph and all carry the same sigil (an
  // lg.graph holds only lg nodes), so comparing the bare names orders them
  // as their references print.
  auto later = [&](unsigned a, unsigned b) {
    return nodeNames[a] > nodeNames[b];
  };
  std::priority_queue<unsigned, std::vector<unsigned>, decltype(later)> ready(
      later);
  for (unsigned i = 0; i < n; ++i)
    if (pending[i] == 0)
      ready.push(i);
  std::vector<unsigned> &order = canonicalOrder;
  order.clear();
  order.reserve(n);
  while (!ready.empty()) {
    unsigned node = ready.top();
    ready.pop();
    order.push_back(node);
    for (unsigned user : getUsers(node))
      if (--pending[user] == 0)
        ready.push(user);
    if (!memory.empty())
      for (unsigned next : memorySuccessors[node])
        if (--pending[next] == 0)
          ready.push(next);
  }
  // A cycle (not in a verified graph) leaves nodes behind; keep them all.
  if (order.size() != n) {
    std::vector<bool> placed(n, false);
    for (unsigned node : order)
      placed[node] = true;
    for (unsigned i = 0; i < n; ++i)
      if (!placed[i])
        order.push_back(i);
  }
  canonicalRanks.assign(n, 0);
  for (auto [rank, node] : llvm::enumerate(order))
    canonicalRanks[node] = rank;
  ordered = true;
}
