//===- Graph.cpp - A dataflow-graph view of a single-block body -----------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Graph/Graph.h"

#include "GraphDiff/Dialect/LG/IR/LG.h"
#include "GraphDiff/Graph/MemoryEdges.h"
#include "GraphDiff/Support/RecentOps.h"
#include "mlir/AsmParser/AsmParserState.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/StringSaver.h"
#include "llvm/Support/xxhash.h"

#include <algorithm>
#include <mutex>

using namespace mlir;
using namespace graphdiff;

struct SourceNames::Index {
  std::once_flag made;
  llvm::DenseMap<Operation *, unsigned> positions;
};

SourceNames::SourceNames() : index(std::make_unique<Index>()) {}
SourceNames::SourceNames(SourceNames &&) = default;
SourceNames &SourceNames::operator=(SourceNames &&) = default;
SourceNames::~SourceNames() = default;

SourceNames::SourceNames(const AsmParserState &state) : SourceNames() {
  for (const AsmParserState::OperationDefinition &def : state.getOpDefs()) {
    if (def.resultGroups.empty())
      continue;
    SMRange range = def.resultGroups.front().definition.loc;
    StringRef name(range.Start.getPointer(),
                   range.End.getPointer() - range.Start.getPointer());
    set(def.op, name.drop_front()); // drop the '%'
  }
}

void SourceNames::set(Operation *op, StringRef name) {
  auto [chunkIndex, slot] = locate(count);
  if (chunkIndex == chunks.size()) // entries left unset
    chunks.push_back({name.data(), std::unique_ptr<Entry[]>(
                                       new Entry[kFirstChunk << chunkIndex])});
  Chunk &chunk = chunks[chunkIndex];
  Entry &entry = chunk.entries[slot];
  entry.op = op;
  uintptr_t at = reinterpret_cast<uintptr_t>(name.data());
  uintptr_t base = reinterpret_cast<uintptr_t>(chunk.base);
  if (at >= base && at - base <= UINT32_MAX && name.size() < kFar) {
    entry.offset = at - base;
    entry.size = name.size();
  } else {
    entry.offset = 0;
    entry.size = kFar;
    far[count] = name;
  }
  ++count;
}

StringRef SourceNames::nameAt(size_t position) const {
  auto [chunkIndex, slot] = locate(position);
  const Chunk &chunk = chunks[chunkIndex];
  const Entry &entry = chunk.entries[slot];
  if (entry.size == kFar)
    return far.find(position)->second;
  return StringRef(chunk.base + entry.offset, entry.size);
}

const llvm::DenseMap<Operation *, unsigned> &SourceNames::getIndex() const {
  std::call_once(index->made, [&] {
    index->positions.reserve(count);
    for (unsigned position = 0; position < count; ++position)
      index->positions[opAt(position)] = position; // the last name set wins
  });
  return index->positions;
}

StringRef SourceNames::lookup(Operation *op) const {
  if (count == 0)
    return "";
  auto it = getIndex().find(op);
  return it == getIndex().end() ? StringRef() : nameAt(it->second);
}

StringRef SourceNames::lookup(Operation *op, Cursor &cursor) const {
  // The ops a node's regions hold come next to it in a walk: look a few
  // names ahead, then in the index.
  constexpr size_t window = 32;
  for (size_t k = cursor.next, e = std::min<size_t>(count, k + window); k < e;
       ++k)
    if (opAt(k) == op) {
      cursor.next = k + 1;
      return nameAt(k);
    }
  if (count == 0)
    return "";
  auto it = getIndex().find(op);
  if (it == getIndex().end())
    return "";
  cursor.next = it->second + 1;
  return nameAt(it->second);
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

void Graph::addIndex(unsigned index) {
  auto insert = [&](unsigned node) {
    size_t mask = indexTable.size() - 1;
    size_t slot = indexSlot(nodes[node]);
    while (indexTable[slot] != kNoIndex)
      slot = (slot + 1) & mask;
    indexTable[slot] = node;
  };
  if (2 * (static_cast<size_t>(index) + 1) > indexTable.size()) {
    // Double (from 16 slots) and enter the nodes again: their addresses are
    // at hand in `nodes`, no op is read.
    size_t size = std::max<size_t>(16, 2 * indexTable.size());
    indexTable.assign(size, kNoIndex);
    indexShift = 64 - llvm::Log2_64(size);
    for (unsigned node = 0; node < index; ++node)
      insert(node);
  }
  insert(index);
}

FailureOr<std::unique_ptr<Graph>> Graph::build(Operation *op,
                                               const SourceNames *names) {
  return build(op, names, /*namesOnDemand=*/false);
}

FailureOr<std::unique_ptr<Graph>> Graph::buildNamedOnDemand(Operation *op) {
  return build(op, /*names=*/nullptr, /*namesOnDemand=*/true);
}

/// The name the printer gives the first result of `node` (an op of the
/// graph `op`, with results), without the `%` and any `#k`.
static StringRef printedName(Operation *op, Operation *node,
                             std::unique_ptr<AsmState> &asmState,
                             llvm::StringSaver &saver) {
  if (!asmState)
    asmState = std::make_unique<AsmState>(op);
  std::string printed;
  llvm::raw_string_ostream os(printed);
  node->getResult(0).printAsOperand(os, *asmState);
  return saver.save(StringRef(printed).drop_front().split('#').first);
}

void Graph::namePrintedNodes() const {
  // The nodes build() left unnamed: those with results that are not lg
  // nodes (there are no SourceNames here).
  namesPending = false;
  std::unique_ptr<AsmState> asmState;
  llvm::StringSaver saver(nameStorage);
  for (unsigned i = 0, n = size(); i < n; ++i)
    if (nodeNames[i].empty() && !isa<lg::NodeOp>(nodes[i]) &&
        nodes[i]->getNumResults() != 0)
      nodeNames[i] = printedName(op, nodes[i], asmState, saver);
}

FailureOr<std::unique_ptr<Graph>>
Graph::build(Operation *op, const SourceNames *names, bool namesOnDemand) {
  if (op->getNumRegions() != 1 || !llvm::hasSingleElement(op->getRegion(0)))
    return op->emitError("is not a graph: expected one region with one block");
  Block &block = op->getRegion(0).front();
  if (block.empty() || !block.back().hasTrait<OpTrait::IsTerminator>())
    return op->emitError("is not a graph: its block has no terminator");

  std::unique_ptr<Graph> graph(new Graph());
  graph->op = op;
  graph->body = &block;
  graph->logical = isa<lg::GraphOp>(op);

  unsigned numInputs = block.getNumArguments();

  // One walk over the block (its ops are far apart in memory: each pass
  // over them costs a cache miss per op) indexes each node, lays out its
  // slots and their producers, counts the uses of each node and input for
  // the rows below, and names the node.
  //
  // Slots: operands, then values captured by nested regions, node after
  // node into one array; their producers alongside.
  std::vector<unsigned> &slotOffsets = graph->slotOffsets;
  std::vector<Value> &slots = graph->slotValues;
  std::vector<int> &producers = graph->slotProducerValues;
  std::vector<uint8_t> &resultNumbers = graph->slotResultNumbers;
  // The result number of a slot's value, read while the value is at hand.
  auto resultNumberOf = [](Value value) -> uint8_t {
    unsigned number = cast<OpResult>(value).getResultNumber();
    return number < kLargeResultNumber ? number : kLargeResultNumber;
  };
  std::vector<unsigned> useCount, inputUseCount(numInputs + 1, 0);
  // Names: ids for lg nodes, else the user's SSA names, else the
  // printer's. Each kind of name is unique among the nodes that have it
  // (the lg verifier checks ids, the parser SSA names, the printer makes
  // its own unique, and `<op>.<k>` counts), except ids of unverified IR;
  // names of two kinds can still clash (`%cf.assert.0 = ...` and a
  // `cf.assert`): checked below.
  enum Kind : uint8_t { Id, Resultless, Given, Printed, NumKinds };
  std::unique_ptr<AsmState> asmState;
  llvm::StringSaver saver(graph->nameStorage);
  graph->inputNames.reserve(numInputs);
  for (unsigned i = 0; i < numInputs; ++i)
    graph->inputNames.push_back(saver.save("arg" + Twine(i)));
  unsigned resultless = 0;
  std::vector<uint8_t> kinds;
  unsigned kindCount[NumKinds] = {0, 0, 0, 0};
  // A slot that reads a node further down (a graph region): the producers
  // are looked up again once every node is indexed.
  bool forward = false;
  SourceNames::Cursor nameCursor;
  // Most slots read a node made shortly before (RecentOps.h).
  RecentOps recent;
  auto producerOf = [&](Value value) -> std::optional<unsigned> {
    Operation *def = value.getDefiningOp();
    if (!def)
      return std::nullopt;
    if (std::optional<unsigned> index = recent.lookup(def))
      return index;
    return graph->getIndex(def);
  };
  for (Operation &nodeRef : block.without_terminator()) {
    Operation *node = &nodeRef;
    unsigned i = graph->nodes.size();
    graph->nodes.push_back(node);
    graph->addIndex(i);
    recent.note(node, i);
    useCount.push_back(0);

    unsigned begin = slots.size();
    slotOffsets.push_back(begin);
    slots.insert(slots.end(), node->operand_begin(), node->operand_end());
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
    ArrayRef<Value> mine = ArrayRef<Value>(slots).drop_front(begin);
    graph->capturing.push_back(mine.size() != node->getNumOperands());
    // The distinct values in slot order, kept only when some value fills
    // two slots: a linear scan for the few slots of most nodes, a set for
    // many.
    graph->inputOffsets.push_back(graph->inputValues.size());
    if (mine.size() <= 16) {
      bool repeats = false;
      for (unsigned k = 1; k < mine.size() && !repeats; ++k)
        repeats = llvm::is_contained(mine.take_front(k), mine[k]);
      if (repeats) {
        unsigned first = graph->inputValues.size();
        for (Value value : mine)
          if (!llvm::is_contained(
                  ArrayRef<Value>(graph->inputValues).drop_front(first), value))
            graph->inputValues.push_back(value);
      }
    } else {
      llvm::SetVector<Value, SmallVector<Value, 4>> unique(mine.begin(),
                                                           mine.end());
      if (unique.size() != mine.size())
        graph->inputValues.insert(graph->inputValues.end(), unique.begin(),
                                  unique.end());
    }
    for (Value value : mine) {
      std::optional<unsigned> producer = producerOf(value);
      producers.push_back(producer ? static_cast<int>(*producer) : kNoProducer);
      resultNumbers.push_back(producer ? resultNumberOf(value) : 0);
      graph->memRefSlots |= isa<BaseMemRefType>(value.getType());
      if (producer) {
        ++useCount[*producer];
      } else if (auto arg = dyn_cast<BlockArgument>(value)) {
        if (arg.getOwner() == &block)
          ++inputUseCount[arg.getArgNumber()];
      } else if (value.getDefiningOp()->getBlock() == &block) {
        forward = true;
      }
    }

    StringRef name;
    Kind kind;
    if (auto lgNode = dyn_cast<lg::NodeOp>(node)) {
      name = lgNode.getIdAttr().getValue();
      kind = Id;
    } else if (node->getNumResults() == 0) {
      name = saver.save(node->getName().getStringRef() + "." +
                        Twine(resultless++));
      kind = Resultless;
    } else if (StringRef given = names ? names->lookup(node, nameCursor) : "";
               !given.empty()) {
      name = given;
      kind = Given;
    } else {
      // Left empty for now if asked to: named below, or on first use.
      if (!namesOnDemand)
        name = printedName(op, node, asmState, saver);
      kind = Printed;
    }
    graph->nodeNames.push_back(name);
    kinds.push_back(kind);
    ++kindCount[kind];
  }
  unsigned n = graph->nodes.size();
  graph->idNodes = kindCount[Id] != 0;
  if (namesOnDemand && kindCount[Printed] != 0) {
    // Only a graph that the printer names throughout waits: otherwise its
    // names must be checked against the other kinds now.
    graph->namesPending = true;
    if (kindCount[Printed] != n)
      graph->nameNodes();
  }
  useCount.push_back(0);
  graph->outputNodes.assign(n, false);
  slotOffsets.push_back(slots.size());
  graph->inputOffsets.push_back(graph->inputValues.size());
  // Grown without knowing the count (counting the ops would be one more
  // walk over them): give back the slack, a sequential copy.
  graph->nodes.shrink_to_fit();
  graph->nodeNames.shrink_to_fit();
  slotOffsets.shrink_to_fit();
  slots.shrink_to_fit();
  producers.shrink_to_fit();
  resultNumbers.shrink_to_fit();
  graph->inputOffsets.shrink_to_fit();
  graph->inputValues.shrink_to_fit();
  if (forward) {
    for (unsigned &count : useCount)
      count = 0;
    for (auto [slot, value] : llvm::enumerate(slots)) {
      std::optional<unsigned> producer = graph->getProducer(value);
      producers[slot] = producer ? static_cast<int>(*producer) : kNoProducer;
      resultNumbers[slot] = producer ? resultNumberOf(value) : 0;
      if (producer)
        ++useCount[*producer];
    }
  }

  // Uses, by producer (or input), then user, then slot: each slot goes to
  // the next free place of its producer's row, in slot order.
  auto layOut = [](std::vector<unsigned> &counts,
                   std::vector<unsigned> &offsets) {
    offsets.resize(counts.size());
    unsigned total = 0;
    for (size_t k = 0, e = counts.size(); k < e; ++k) {
      offsets[k] = total;
      total += counts[k];
      counts[k] = offsets[k]; // now the next free place in row k
    }
    return total;
  };
  graph->useValues.resize(layOut(useCount, graph->useOffsets));
  graph->inputUseValues.resize(layOut(inputUseCount, graph->inputUseOffsets));
  for (unsigned i = 0; i < n; ++i) {
    for (unsigned slot = slotOffsets[i], end = slotOffsets[i + 1]; slot < end;
         ++slot) {
      Use use{i, slot - slotOffsets[i], 0};
      if (int producer = producers[slot]; producer != kNoProducer) {
        use.result = graph->getSlotResultNumber(i, use.slot);
        graph->useValues[useCount[producer]++] = use;
      } else if (auto arg = dyn_cast<BlockArgument>(slots[slot]);
                 arg && arg.getOwner() == &block) {
        graph->inputUseValues[inputUseCount[arg.getArgNumber()]++] = use;
      }
    }
  }
  useCount = {};
  inputUseCount = {};

  // Users: the users of each node's uses, without repeats (the uses are in
  // user order).
  graph->userOffsets.reserve(n + 1);
  graph->userValues.reserve(graph->useValues.size());
  for (unsigned i = 0; i < n; ++i) {
    graph->userOffsets.push_back(graph->userValues.size());
    unsigned first = graph->userValues.size();
    for (const Use &use : graph->getUses(i))
      if (graph->userValues.size() == first ||
          graph->userValues.back() != use.user)
        graph->userValues.push_back(use.user);
  }
  graph->userOffsets.push_back(graph->userValues.size());
  graph->userValues.shrink_to_fit();
  for (Value output : graph->getOutputs())
    if (std::optional<unsigned> producer = graph->getProducer(output))
      graph->outputNodes[*producer] = true;

  // So the names need checking only if there are ids, or across kinds: the
  // names of the smaller kinds go into a set, the largest kind's are looked
  // up in it. A clash found, the full index names the node to blame.
  Kind largest = Resultless;
  for (Kind kind : {Given, Printed})
    if (kindCount[kind] > kindCount[largest])
      largest = kind;
  bool clash = kindCount[Id] != 0;
  if (!clash && kindCount[largest] != n) {
    llvm::DenseSet<StringRef> others;
    others.reserve(n - kindCount[largest]);
    for (unsigned i = 0; i < n && !clash; ++i)
      if (kinds[i] != largest)
        clash = !others.insert(graph->nodeNames[i]).second;
    for (unsigned i = 0; i < n && !clash; ++i)
      if (kinds[i] == largest)
        clash = others.contains(graph->nodeNames[i]);
  }
  if (clash)
    if (std::optional<unsigned> again = graph->indexNames())
      return graph->nodes[*again]->emitError(
                 "has the same name as another node: ")
             << graph->getNodeRef(*again).str();
  return graph;
}

std::optional<unsigned> Graph::indexNames() const {
  nameNodes();
  std::optional<unsigned> again;
  byName.reserve(size());
  for (unsigned i = 0, n = size(); i < n; ++i)
    if (!byName.try_emplace(nodeNames[i], i).second && !again)
      again = i;
  namesIndexed = true;
  return again;
}

NameRef Graph::getNodeRef(unsigned index) const {
  nameNodes();
  return NameRef(nodeNames[index], /*symbol=*/isa<lg::NodeOp>(nodes[index]));
}

ArrayRef<Graph::Use> Graph::getUsesOf(Value value) const {
  if (auto arg = dyn_cast<BlockArgument>(value)) {
    if (arg.getOwner() == body)
      return getInputUses(arg.getArgNumber());
    return {};
  }
  if (std::optional<unsigned> producer = getProducer(value))
    return getUses(*producer);
  return {};
}

NameRef Graph::getValueRef(Value value) const {
  if (auto arg = dyn_cast<BlockArgument>(value)) {
    if (arg.getOwner() == body)
      return NameRef(inputNames[arg.getArgNumber()], /*symbol=*/false);
    return NameRef();
  }
  std::optional<unsigned> producer = getProducer(value);
  if (!producer)
    return NameRef();
  return getNodeRef(*producer).withResult(
      cast<OpResult>(value).getResultNumber());
}

void Graph::indexNamesAmong(ArrayRef<StringRef> names) const {
  if (namesIndexed)
    return;
  nameNodes();
  byName.reserve(names.size());
  // A bit per hash of the names (a 128 KB filter, which the cache keeps):
  // most nodes' names are not among them and go no further.
  constexpr unsigned kFilterBits = 20;
  std::vector<uint64_t> filter(size_t(1) << (kFilterBits - 6), 0);
  auto bitOf = [](StringRef name) -> uint64_t {
    return llvm::xxh3_64bits(name) >> (64 - kFilterBits);
  };
  for (StringRef name : names) {
    byName.try_emplace(name, kNoIndex);
    uint64_t bit = bitOf(name);
    filter[bit >> 6] |= uint64_t(1) << (bit & 63);
  }
  for (unsigned i = 0, n = size(); i < n; ++i) {
    uint64_t bit = bitOf(nodeNames[i]);
    if (!(filter[bit >> 6] >> (bit & 63) & 1))
      continue;
    auto it = byName.find(nodeNames[i]);
    if (it != byName.end() && it->second == kNoIndex)
      it->second = i; // the first node of a name, as indexNames()
  }
  namesIndexed = true;
  namesPartial = true;
}

std::optional<unsigned> Graph::findName(StringRef name) const {
  if (!namesIndexed || (namesPartial && !byName.contains(name))) {
    byName.clear();
    namesPartial = false;
    indexNames(); // build() made sure that the names are unique
  }
  auto it = byName.find(name);
  if (it == byName.end() || it->second == kNoIndex)
    return std::nullopt;
  return it->second;
}

std::optional<unsigned> Graph::lookupNode(const NameRef &ref) const {
  if (!ref || ref.isNone() || ref.getIsNew())
    return std::nullopt;
  std::optional<unsigned> index = findName(ref.getName());
  if (!index)
    return std::nullopt;
  // `@id` names lg nodes only, `%name` the others.
  if (ref.getSymbol() != isa<lg::NodeOp>(nodes[*index]))
    return std::nullopt;
  return index;
}

Value Graph::lookupValue(const NameRef &ref) const {
  if (!ref || ref.isNone() || ref.getIsNew())
    return nullptr;
  StringRef name = ref.getName();
  unsigned argNumber;
  if (!ref.getSymbol() && name.starts_with("arg") &&
      !name.drop_front(3).getAsInteger(10, argNumber) && !findName(name)) {
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
  // Most names differ in their first eight bytes (`%17`, `%cst_3`): those
  // bytes as one big-endian number, zero-padded, compare as the names do;
  // only names that share them are compared in full. The ready set holds
  // each node with that number, so that the heap's comparisons read only the
  // heap (one look-up of a node's number when it becomes ready, not one per
  // comparison).
  nameNodes();
  std::vector<uint64_t> prefixes(n);
  for (unsigned i = 0; i < n; ++i) {
    StringRef name = nodeNames[i];
    uint64_t key = 0;
    for (unsigned k = 0; k < 8; ++k)
      key = key << 8 | (k < name.size() ? uint8_t(name[k]) : 0);
    prefixes[i] = key;
  }
  using Entry = std::pair<uint64_t, unsigned>;
  auto earlier = [&](const Entry &a, const Entry &b) {
    if (a.first != b.first)
      return a.first < b.first;
    return nodeNames[a.second] < nodeNames[b.second];
  };
  // The ready set: a 4-ary min-heap, half as deep as a binary one, whose
  // four children of a node share a cache line or two.
  std::vector<Entry> ready;
  auto push = [&](unsigned node) {
    Entry entry{prefixes[node], node};
    size_t i = ready.size();
    ready.emplace_back();
    while (i > 0) {
      size_t parent = (i - 1) / 4;
      if (!earlier(entry, ready[parent]))
        break;
      ready[i] = ready[parent];
      i = parent;
    }
    ready[i] = entry;
  };
  auto pop = [&]() {
    unsigned top = ready.front().second;
    Entry last = ready.back();
    ready.pop_back();
    size_t size = ready.size(), i = 0;
    if (size == 0)
      return top;
    while (true) {
      size_t child = 4 * i + 1;
      if (child >= size)
        break;
      size_t best = child;
      for (size_t k = child + 1; k < std::min(child + 4, size); ++k)
        if (earlier(ready[k], ready[best]))
          best = k;
      if (!earlier(ready[best], last))
        break;
      ready[i] = ready[best];
      i = best;
    }
    ready[i] = last;
    return top;
  };
  // The nodes ready at the start (constants, readers of graph inputs only:
  // many) are sorted once and merged with the heap, which then holds only
  // the nodes made ready later.
  std::vector<Entry> initial;
  for (unsigned i = 0; i < n; ++i)
    if (pending[i] == 0)
      initial.emplace_back(prefixes[i], i);
  llvm::sort(initial, earlier);
  size_t nextInitial = 0;
  std::vector<unsigned> &order = canonicalOrder;
  order.clear();
  order.reserve(n);
  while (nextInitial < initial.size() || !ready.empty()) {
    unsigned node;
    if (nextInitial < initial.size() &&
        (ready.empty() || earlier(initial[nextInitial], ready.front())))
      node = initial[nextInitial++].second;
    else
      node = pop();
    order.push_back(node);
    for (unsigned user : getUsers(node))
      if (--pending[user] == 0)
        push(user);
    if (!memory.empty())
      for (unsigned next : memorySuccessors[node])
        if (--pending[next] == 0)
          push(next);
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
