//===- Graph.h - A dataflow-graph view of a single-block body ---*- C++ -*-===//
//
// Part of graph-diff.
//
// The differ, the plan applier and the isomorphism check all see IR the same
// way: the body of an `lg.graph` or of a function-like op is a graph whose
// nodes are the top-level ops (all but the terminator), whose edges are SSA
// use-def chains (including values captured by a node's nested regions), whose
// inputs are the block arguments and whose outputs are the terminator's
// operands. The view works out each node's input slots, their producers, the
// uses of every value and the canonical order once, for every stage, hash and
// renderer to read. It also names the nodes and values as plans write them
// (NameRef: `@conv1`, `%17#1`, `%arg0`), and finds them by those names.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_GRAPH_GRAPH_H
#define GRAPHDIFF_GRAPH_GRAPH_H

#include "GraphDiff/Support/NameRef.h"
#include "mlir/IR/BuiltinAttributes.h"
// What the graph's users ask of its nodes and values (op traits, tensor and
// memref types).
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/Operation.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Allocator.h"
#include "llvm/Support/MathExtras.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

namespace mlir {
class AsmParserState;
} // namespace mlir

namespace graphdiff {

/// The names that the user wrote for ops' results (`%conv1`, `%17`), taken
/// from the input's text (graphdiff::parseInputFile reads them there, or asks
/// the parser when the input writes its own locations). Without them, ops
/// are named as `mlir-opt` would print them.
class SourceNames {
public:
  /// Where a run of lookups in walk order got to (Graph::build names the
  /// ops of a block in order, and the names were read in the same walk).
  struct Cursor {
    size_t next = 0;
  };

  /// No names yet (see set()).
  SourceNames();
  /// Records the first result name of every op that `state` saw defined.
  explicit SourceNames(const mlir::AsmParserState &state);
  SourceNames(SourceNames &&);
  SourceNames &operator=(SourceNames &&);
  ~SourceNames();

  /// Names `op` by its first result group: `name` is its text after the `%`
  /// and must outlive this. Once per op (a later name would win), in walk
  /// order for lookups with a Cursor to be quick.
  void set(mlir::Operation *op, llvm::StringRef name);
  unsigned size() const { return count; }

  /// The name of `op`'s first result group without the `%`, or "".
  llvm::StringRef lookup(mlir::Operation *op) const;
  /// The same, for ops asked for in the order they were set: looks a few
  /// names past `cursor` first (no hashing, no cache miss per op), then, if
  /// `op` is not there, in an index made on first need.
  llvm::StringRef lookup(mlir::Operation *op, Cursor &cursor) const;

private:
  /// A name, `size` characters at `offset` past its chunk's base; `size`
  /// kFar: a name that does not lie within 4 GiB after the base, in `far`.
  struct Entry {
    mlir::Operation *op;
    uint32_t offset;
    uint32_t size;
  };
  static constexpr uint32_t kFar = ~uint32_t(0);
  /// The names in the order they were set, in chunks of 4096, 8192, 16384,
  /// ... entries: no reallocation, no copy, a few allocations (each costs
  /// much in the heap the parser has just freed), 16 bytes a name (names
  /// set in walk order lie a few bytes apart in one text).
  static constexpr unsigned kFirstChunkBits = 12;
  static constexpr size_t kFirstChunk = size_t(1) << kFirstChunkBits;
  struct Chunk {
    /// Where the chunk's first name starts.
    const char *base;
    std::unique_ptr<Entry[]> entries;
  };
  std::vector<Chunk> chunks;
  unsigned count = 0;
  /// The names of kFar entries, by position.
  llvm::DenseMap<unsigned, llvm::StringRef> far;
  /// The chunk that holds `position`, and the entry there.
  static std::pair<size_t, size_t> locate(size_t position) {
    size_t chunk = llvm::Log2_64(position + kFirstChunk) - kFirstChunkBits;
    return {chunk, position + kFirstChunk - (kFirstChunk << chunk)};
  }
  mlir::Operation *opAt(size_t position) const {
    auto [chunk, slot] = locate(position);
    return chunks[chunk].entries[slot].op;
  }
  llvm::StringRef nameAt(size_t position) const;

  /// op -> its position, made by the first lookup that the order does not
  /// answer (graphs of one module may be built in parallel).
  struct Index;
  std::unique_ptr<Index> index;
  const llvm::DenseMap<mlir::Operation *, unsigned> &getIndex() const;
};

/// A graph view of the body of `op`: an `lg.graph`, or any op with one region
/// holding one block that ends in a terminator (`func.func`, ...).
class Graph {
public:
  /// Builds the view. `names`, if given, supplies the user's SSA names: it and
  /// the input's buffer its names point into must outlive the graph. Fails,
  /// with a located error, if `op` is not graph-like.
  static mlir::FailureOr<std::unique_ptr<Graph>>
  build(mlir::Operation *op, const SourceNames *names = nullptr);
  /// build() without SourceNames, for a graph whose names only diagnostics
  /// read (the graph a plan gives, which verifyPlan compares with the
  /// target): when every node is one that only the printer can name, the
  /// names are made at the first use of any, all at once, as build() would
  /// have made them (the IR must not change in between). The printer's names
  /// of a large graph cost an AsmState over it and a string per node.
  /// Naming is then not thread-safe until a first name has been asked for.
  static mlir::FailureOr<std::unique_ptr<Graph>>
  buildNamedOnDemand(mlir::Operation *op);

  mlir::Operation *getOperation() const { return op; }
  /// The symbol name of the graph op, or "".
  llvm::StringRef getName() const;
  /// The symbol path of the graph op from the top of its module (`@f`, or
  /// `@outer::@f` in a nested module `@outer`), as plans name graphs.
  mlir::SymbolRefAttr getPath() const { return getSymbolPath(op); }
  /// The symbol path of `op` from the top of its module: its name, after
  /// those of the named symbol tables that hold it below the top op.
  static mlir::SymbolRefAttr getSymbolPath(mlir::Operation *op);
  mlir::Block &getBody() const { return *body; }
  mlir::Operation *getTerminator() const { return &body->back(); }
  bool isLogicalGraph() const { return logical; }
  /// Whether some node is an `lg.node` (only those have ids, which the
  /// matchers by id, provenance and convention go by).
  bool hasIdNodes() const { return idNodes; }
  /// Whether some slot reads a memref: only then can nodes have memory
  /// edges (MemoryEdges.h).
  bool readsMemRefs() const { return memRefSlots; }

  /// Nodes in block order.
  llvm::ArrayRef<mlir::Operation *> getNodes() const { return nodes; }
  unsigned size() const { return nodes.size(); }
  mlir::Operation *getNode(unsigned index) const { return nodes[index]; }
  /// The index of `node` in getNodes(), or nullopt if it is not a node here
  /// (an op of another block, a nested op, the terminator).
  std::optional<unsigned> getIndex(mlir::Operation *node) const {
    if (!node || node->getBlock() != body || indexTable.empty())
      return std::nullopt;
    size_t mask = indexTable.size() - 1;
    for (size_t slot = indexSlot(node);; slot = (slot + 1) & mask) {
      unsigned index = indexTable[slot];
      if (index == kNoIndex)
        return std::nullopt;
      if (nodes[index] == node)
        return index;
    }
  }

  /// The graph's inputs (block arguments) and outputs (terminator operands).
  mlir::Block::BlockArgListType getInputs() const {
    return body->getArguments();
  }
  mlir::OperandRange getOutputs() const {
    return getTerminator()->getOperands();
  }

  /// The values node `index` reads from outside itself: getSlots() without
  /// repeats, in the same order.
  llvm::ArrayRef<mlir::Value> getNodeInputs(unsigned index) const {
    // Only nodes that read a value twice keep a list of their own.
    if (inputOffsets[index] == inputOffsets[index + 1])
      return getSlots(index);
    return row(inputValues, inputOffsets, index);
  }
  /// The input slots of node `index`: its operands in order (a value read
  /// twice fills two slots), then each value its nested regions capture from
  /// outside the node, once, in first-use order (a pre-order walk, an op's
  /// operands before its regions). A `linalg.generic` whose body reads
  /// `%cst` has a slot for `%cst` as it has one for its `ins`.
  llvm::ArrayRef<mlir::Value> getSlots(unsigned index) const {
    return row(slotValues, slotOffsets, index);
  }
  /// Prefetch hints for a pass that visits nodes in no particular order:
  /// where node `index`'s rows start, then (once that is at hand) its rows
  /// of slots and slot producers.
  void prefetchRowStart(unsigned index) const {
    __builtin_prefetch(slotOffsets.data() + index);
  }
  void prefetchSlotRows(unsigned index) const {
    unsigned offset = slotOffsets[index];
    __builtin_prefetch(slotValues.data() + offset);
    __builtin_prefetch(slotProducerValues.data() + offset);
  }
  /// The same for node `index`'s row of uses.
  void prefetchUseRowStart(unsigned index) const {
    __builtin_prefetch(useOffsets.data() + index);
  }
  void prefetchUseRow(unsigned index) const {
    __builtin_prefetch(useValues.data() + useOffsets[index]);
  }
  /// Whether node `index` has capture slots: slots after its operands, for
  /// values its nested regions read from outside it.
  bool hasCaptures(unsigned index) const { return capturing[index]; }
  /// No node produces the value of a slot: a graph input, or a value from
  /// outside the graph.
  static constexpr int kNoProducer = -1;
  /// The node producing each slot of node `index`, or kNoProducer.
  llvm::ArrayRef<int> getSlotProducers(unsigned index) const {
    return row(slotProducerValues, slotOffsets, index);
  }
  /// The result of its producer that slot `slot` of node `index` reads (0
  /// where getSlotProducers() says kNoProducer): kept by build(), which
  /// reads it anyway, so that callers need not read the value again (at a
  /// cache miss each on a large graph).
  unsigned getSlotResultNumber(unsigned index, unsigned slot) const {
    uint8_t number = slotResultNumbers[slotOffsets[index] + slot];
    if (number != kLargeResultNumber)
      return number;
    return llvm::cast<mlir::OpResult>(getSlots(index)[slot]).getResultNumber();
  }
  /// The node that defines `value`, or nullopt for a graph input or a value
  /// from outside the graph. (A caller that knows the slot reads
  /// getSlotProducers() instead: no lookup at all.)
  std::optional<unsigned> getProducer(mlir::Value value) const {
    return getIndex(value.getDefiningOp());
  }
  /// The nodes that read a result of node `index`, ascending, deduplicated.
  llvm::ArrayRef<unsigned> getUsers(unsigned index) const {
    return row(userValues, userOffsets, index);
  }

  /// One slot that reads a value: slot `slot` of node `user`, reading result
  /// `result` of the value's producer (0 for a graph input).
  struct Use {
    unsigned user;
    unsigned slot;
    unsigned result;
  };
  /// The slots that read a result of node `index`, by user, then slot.
  llvm::ArrayRef<Use> getUses(unsigned index) const {
    return row(useValues, useOffsets, index);
  }
  /// The slots that read graph input `number`, by user, then slot.
  llvm::ArrayRef<Use> getInputUses(unsigned number) const {
    return row(inputUseValues, inputUseOffsets, number);
  }
  /// The slots that read `value`: a node result or a graph input (none for a
  /// value from outside the graph).
  llvm::ArrayRef<Use> getUsesOf(mlir::Value value) const;
  /// Whether nothing reads node `index`: no node and no graph output.
  bool isDeadEnd(unsigned index) const {
    return useOffsets[index] == useOffsets[index + 1] && !outputNodes[index];
  }

  /// A topological order of the nodes that depends only on their names, not
  /// on their order in the block: Kahn's algorithm, always taking the ready
  /// node with the smallest name. Besides SSA edges, it keeps the memory
  /// edges (MemoryEdges.h): an op on a buffer stays after the accesses it
  /// must follow, so a plan that inserts ops on buffers in this order keeps
  /// their effects in order. The differ emits plans in this order,
  /// renderers list nodes in it, and hashes are computed along it. (Nodes on
  /// a cycle, which a verified graph does not have, come last in block
  /// order.) Computed on first use and kept: the graph is a view of IR that
  /// must not change while the view is used.
  llvm::ArrayRef<unsigned> getCanonicalOrder() const;
  /// The position of each node in getCanonicalOrder(), by node index.
  llvm::ArrayRef<unsigned> getCanonicalRanks() const;

  /// Whether a result of node `index` is a graph output.
  bool isOutputNode(unsigned index) const { return outputNodes[index]; }

  //===--------------------------------------------------------------------===//
  // Names
  //===--------------------------------------------------------------------===//

  /// The reference naming node `index`: `@id` for an `lg` node, else the SSA
  /// name of its first result (`%17`, `%conv1`), or `%<op>.<k>` for the k-th
  /// result-less op. Its name lives as long as the graph.
  NameRef getNodeRef(unsigned index) const;
  /// getNodeRef(index).str().
  std::string getNodeRefText(unsigned index) const {
    return getNodeRef(index).str();
  }
  /// The name in getNodeRef() without its sigil: `id`, `17`, `conv1`.
  llvm::StringRef getNodeName(unsigned index) const {
    nameNodes();
    return nodeNames[index];
  }
  /// The reference naming `value`: a node result (`@id`, `@id[1]`, `%17`,
  /// `%17#1`) or a graph input (`%argN`); one that names nothing (false)
  /// for a value of another block.
  NameRef getValueRef(mlir::Value value) const;
  /// The node that `ref` names, ignoring any result index; none for `_`, a
  /// `new` value or a reference that names nothing. A `#patch.ref`
  /// converts to a NameRef.
  std::optional<unsigned> lookupNode(const NameRef &ref) const;
  /// The value that `ref` names, or null.
  mlir::Value lookupValue(const NameRef &ref) const;
  /// Readies lookupNode() and lookupValue() for references to `names`
  /// (without sigil; they must outlive the graph, as attribute storage does)
  /// if no lookup has been made yet: one pass over the nodes' names that
  /// keeps those among `names`, where the first lookup would otherwise index
  /// every node's name (a table the size of the graph). A later lookup of a
  /// name not among them makes that full index. The answers are the same.
  void indexNamesAmong(llvm::ArrayRef<llvm::StringRef> names) const;

private:
  Graph() = default;
  static mlir::FailureOr<std::unique_ptr<Graph>>
  build(mlir::Operation *op, const SourceNames *names, bool namesOnDemand);
  /// Makes the printer's names if buildNamedOnDemand() left them for later.
  void nameNodes() const {
    if (namesPending)
      namePrintedNodes();
  }
  void namePrintedNodes() const;
  void computeCanonicalOrder() const;
  /// Builds `byName` (the first node of a name wins); returns the first
  /// node, in block order, whose name an earlier node has.
  std::optional<unsigned> indexNames() const;
  /// The node named `name` (without sigil): `byName` answers, made first
  /// (or made whole, if it holds only the names indexNamesAmong() was given
  /// and `name` is not one of them).
  std::optional<unsigned> findName(llvm::StringRef name) const;
  /// Row `index` of a compressed table: `items[offsets[index],
  /// offsets[index + 1])`.
  template <typename T>
  static llvm::ArrayRef<T> row(const std::vector<T> &items,
                               const std::vector<unsigned> &offsets,
                               unsigned index) {
    return llvm::ArrayRef<T>(items.data() + offsets[index],
                             offsets[index + 1] - offsets[index]);
  }

  mlir::Operation *op = nullptr;
  mlir::Block *body = nullptr;
  bool logical = false;
  bool idNodes = false;
  bool memRefSlots = false;
  std::vector<mlir::Operation *> nodes;
  /// getIndex()'s table: node indices, open-addressed (linear probing) by a
  /// hash of the op's address, a power of two in size and at most half
  /// full; a probe compares the op with nodes[index]. 4 bytes a slot, where
  /// a DenseMap from op to index takes 16.
  std::vector<unsigned> indexTable;
  /// 64 - log2(indexTable.size()): the hash keeps the product's top bits.
  unsigned indexShift = 64;
  static constexpr unsigned kNoIndex = ~0u;
  size_t indexSlot(mlir::Operation *node) const {
    // Fibonacci hashing: the multiply mixes every bit of the address into
    // the top ones.
    return (reinterpret_cast<uintptr_t>(node) * 0x9E3779B97F4A7C15ull) >>
           indexShift;
  }
  /// Enters nodes[index] in the table, growing it first if it would be
  /// more than half full.
  void addIndex(unsigned index);
  // The edges, as compressed rows (one array per kind of edge and an array
  // of offsets into it, by node or input): a few bytes per edge, no
  // allocation per node. Row i of `slotValues` and `slotProducerValues`
  // starts at slotOffsets[i], and so on; each offsets array has one entry
  // more than it has rows.
  std::vector<unsigned> slotOffsets;
  std::vector<mlir::Value> slotValues;
  std::vector<int> slotProducerValues;
  /// getSlotResultNumber() by slot, one byte each: kLargeResultNumber for
  /// a result numbered that high or higher (read from the value then).
  std::vector<uint8_t> slotResultNumbers;
  static constexpr uint8_t kLargeResultNumber = 0xff;
  /// getNodeInputs() of the nodes whose slots repeat a value; an empty row
  /// for the others, whose inputs are their slots.
  std::vector<unsigned> inputOffsets;
  std::vector<mlir::Value> inputValues;
  std::vector<unsigned> userOffsets;
  std::vector<unsigned> userValues;
  std::vector<unsigned> useOffsets;
  std::vector<Use> useValues;
  std::vector<unsigned> inputUseOffsets;
  std::vector<Use> inputUseValues;
  std::vector<bool> outputNodes;
  /// hasCaptures() by node.
  std::vector<bool> capturing;
  /// getNodeName() by node; the names the graph made up itself (printer
  /// names, `%<op>.<k>`) live in `nameStorage`, the others in the input's
  /// buffer or in MLIR attribute storage.
  mutable std::vector<llvm::StringRef> nodeNames;
  mutable llvm::BumpPtrAllocator nameStorage;
  /// Whether nodeNames are still to be made (buildNamedOnDemand).
  mutable bool namesPending = false;
  /// The names of the inputs, `arg0`, `arg1`, ... (in `nameStorage`).
  std::vector<llvm::StringRef> inputNames;
  /// Node-name (without sigil) to node index: made by the first lookup (or
  /// by build() when it cannot tell otherwise that the names are unique).
  /// After indexNamesAmong() (`namesPartial`), only the names it was given,
  /// kNoIndex for those no node has.
  mutable llvm::DenseMap<llvm::StringRef, unsigned> byName;
  mutable bool namesIndexed = false;
  mutable bool namesPartial = false;
  /// getCanonicalOrder() and its inverse, once computed.
  mutable std::vector<unsigned> canonicalOrder, canonicalRanks;
  mutable bool ordered = false;
};

} // namespace graphdiff

#endif // GRAPHDIFF_GRAPH_GRAPH_H
