//===- ApplyPlan.cpp - Apply a patch plan to a source graph ---------------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Plan/ApplyPlan.h"

#include "GraphDiff/Dialect/Patch/IR/PatchVisitors.h"
#include "GraphDiff/Graph/AttributeEquivalence.h"
#include "GraphDiff/Graph/MemoryEdges.h"
#include "GraphDiff/Support/RecentOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/IR/RegionKindInterface.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringMap.h"

#include <algorithm>
#include <deque>
#include <queue>

using namespace mlir;
using namespace graphdiff;

/// The signed position an action names (a negative one is an error).
template <typename OpTy> static int64_t position(OpTy op) {
  return op.getPositionAttr().getInt();
}

/// Whether every op of `block` comes after the ops of the block whose values
/// it (or an op nested in it) reads. Memory edges always go forward in the
/// current order, so the order is then the one orderBlock would give. Asks
/// the block for the ops' positions (Operation::isBeforeInBlock): no map.
/// With `late`, it does not stop at the first op read too early: it lists
/// each such op with the first op that reads it, in the readers' order.
static bool isInDataflowOrder(
    Block &block,
    SmallVectorImpl<std::pair<Operation *, Operation *>> *late = nullptr) {
  Operation *terminator = block.getTerminator();
  llvm::SmallPtrSet<Operation *, 16> listed;
  bool inOrder = true;
  for (Operation &op : block.without_terminator()) {
    auto comesBefore = [&](Value value) {
      Operation *def = value.getDefiningOp();
      if (!def)
        return true;
      if (def->getBlock() != &block) {
        def = block.findAncestorOpInBlock(*def);
        if (!def)
          return true;
      }
      if (def == &op || def == terminator || def->isBeforeInBlock(&op))
        return true;
      inOrder = false;
      if (late && listed.insert(def).second)
        late->push_back({def, &op});
      return late != nullptr; // go on only to list them all
    };
    if (op.getNumRegions() == 0) {
      if (!llvm::all_of(op.getOperands(), comesBefore))
        return false;
    } else if (op.walk([&](Operation *inner) {
                   return llvm::all_of(inner->getOperands(), comesBefore)
                              ? WalkResult::advance()
                              : WalkResult::interrupt();
                 }).wasInterrupted()) {
      return false;
    }
  }
  return inOrder;
}

/// How many rounds orderBlock moves late ops alone before it sorts.
constexpr unsigned kMoveAloneRounds = 4;

/// Whether `op` can move on its own, earlier in its block, without changing
/// the order of the accesses to any buffer: it has no region (nothing it
/// holds reads anything) and no operand or result is a buffer.
static bool movesAlone(Operation *op) {
  auto isBuffer = [](Type type) { return isa<BaseMemRefType>(type); };
  return op->getNumRegions() == 0 &&
         llvm::none_of(op->getOperandTypes(), isBuffer) &&
         llvm::none_of(op->getResultTypes(), isBuffer);
}

/// Orders the ops of `block` (all but the terminator) so that every value is
/// defined before it is used, keeping the current order wherever it can:
/// Kahn's algorithm, always taking the ready op that comes first in the
/// block, so two ops already in order stay in order. Edges include values
/// that nested regions capture, and the memory edges of the current order
/// (MemoryEdges.h): two accesses to a buffer keep the order the plan put
/// them in, and an op that must move for its operands takes the ops on
/// buffers after it along. O(n log n) in ops plus linear in uses, unlike a
/// general-purpose sort that moves ops one at a time. Returns false if the
/// ops form a cycle.
///
/// First, though, the common case: the ops read before they are defined are
/// new nodes that an action put at the end (an insert without `before`),
/// each reading ops before its first reader, or nothing (a constant). Each
/// such op that moves alone (movesAlone) moves right before its first
/// reader (those before one reader in the order they had). A new node read
/// by another that moved may then come after it, so this repeats, a few
/// rounds at most. If that puts the block in order, nothing else moves: a
/// linear pass a round and a move per late op, where the sort would move
/// every op from the first reader on (most of a large block).
static bool orderBlock(Block &block) {
  SmallVector<std::pair<Operation *, Operation *>> late;
  for (unsigned round = 0;; ++round) {
    late.clear();
    if (isInDataflowOrder(block, &late))
      return true;
    if (round == kMoveAloneRounds ||
        !llvm::all_of(late, [](auto pair) { return movesAlone(pair.first); }))
      break;
    // In their order in the block: those before one reader stay in it.
    std::sort(late.begin(), late.end(),
              [](auto a, auto b) { return a.first->isBeforeInBlock(b.first); });
    for (auto [op, firstReader] : late)
      op->moveBefore(firstReader);
  }
  // Ops by index (their order now), so that every table below is an array.
  std::vector<Operation *> ops;
  for (Operation &op : block.without_terminator())
    ops.push_back(&op);
  unsigned n = ops.size();
  // Op to index: indices in a table open-addressed by a hash of the op's
  // address (linear probing, at most half full), 4 bytes a slot where a
  // DenseMap takes 16; a probe compares the op with ops[index]. Every op
  // asked about is in it.
  constexpr unsigned kEmpty = ~0u;
  unsigned bits = llvm::Log2_64_Ceil(std::max<uint64_t>(16, 2 * uint64_t(n)));
  std::vector<unsigned> table(size_t(1) << bits, kEmpty);
  size_t mask = table.size() - 1;
  auto slotOf = [&](Operation *op) -> size_t {
    // Fibonacci hashing: the multiply mixes every bit of the address into
    // the top ones.
    return (reinterpret_cast<uintptr_t>(op) * 0x9E3779B97F4A7C15ull) >>
           (64 - bits);
  };
  for (unsigned index = 0; index < n; ++index) {
    size_t slot = slotOf(ops[index]);
    while (table[slot] != kEmpty)
      slot = (slot + 1) & mask;
    table[slot] = index;
  }
  // Most ops read ops shortly before them (RecentOps.h), entered as the ops
  // are visited in order below.
  RecentOps recent;
  auto indexOf = [&](Operation *op) -> unsigned {
    if (std::optional<unsigned> index = recent.lookup(op))
      return *index;
    for (size_t slot = slotOf(op);; slot = (slot + 1) & mask)
      if (ops[table[slot]] == op)
        return table[slot];
  };
  Operation *terminator = block.getTerminator();
  // The op of this block that holds the definition of `value`, if any (not
  // the terminator).
  auto producerIn = [&](Value value) -> int {
    Operation *def = value.getDefiningOp();
    if (!def)
      return -1;
    if (def->getBlock() != &block) {
      def = block.findAncestorOpInBlock(*def);
      if (!def)
        return -1;
    }
    if (def == terminator)
      return -1;
    return indexOf(def);
  };
  // Distinct producers of each op, counting captured values once, then the
  // accesses to its buffers that come before it: as (producer, reader)
  // edges, in reader order.
  std::vector<MemoryEdge> memory = computeMemoryEdges(ops);
  auto memoryEdge = memory.begin();
  std::vector<std::pair<unsigned, unsigned>> edges;
  std::vector<unsigned> pending(n, 0);
  SmallVector<unsigned, 8> producers;
  for (unsigned index = 0; index < n; ++index) {
    Operation *op = ops[index];
    producers.clear();
    auto add = [&](int producer) {
      if (producer >= 0 && unsigned(producer) != index)
        producers.push_back(producer);
    };
    if (op->getNumRegions() == 0) {
      for (Value operand : op->getOperands())
        add(producerIn(operand));
    } else {
      op->walk([&](Operation *inner) {
        for (Value operand : inner->getOperands())
          add(producerIn(operand));
      });
    }
    // The edges are sorted by `to`.
    for (; memoryEdge != memory.end() && memoryEdge->to == index; ++memoryEdge)
      producers.push_back(memoryEdge->from);
    if (producers.size() > 1) {
      std::sort(producers.begin(), producers.end());
      producers.erase(std::unique(producers.begin(), producers.end()),
                      producers.end());
    }
    pending[index] = producers.size();
    for (unsigned producer : producers)
      edges.push_back({producer, index});
    recent.note(op, index);
  }
  // The readers of each op, as rows of one array.
  std::vector<unsigned> readerOffsets(n + 1, 0);
  for (auto [producer, reader] : edges)
    ++readerOffsets[producer + 1];
  for (unsigned k = 0; k < n; ++k)
    readerOffsets[k + 1] += readerOffsets[k];
  std::vector<unsigned> readers(edges.size());
  {
    std::vector<unsigned> next(readerOffsets.begin(), readerOffsets.end() - 1);
    for (auto [producer, reader] : edges)
      readers[next[producer]++] = reader;
  }
  edges = {};
  // Kahn's algorithm, the ready op that comes first in the block first.
  std::vector<unsigned> order;
  order.reserve(n);
  std::priority_queue<unsigned, std::vector<unsigned>, std::greater<unsigned>>
      ready;
  for (unsigned index = 0; index < n; ++index)
    if (pending[index] == 0)
      ready.push(index);
  while (!ready.empty()) {
    unsigned index = ready.top();
    ready.pop();
    order.push_back(index);
    for (unsigned k = readerOffsets[index]; k < readerOffsets[index + 1]; ++k)
      if (--pending[readers[k]] == 0)
        ready.push(readers[k]);
  }
  if (order.size() != n)
    return false;
  // Only the ops from the first one out of place on move (most plans leave
  // most of the block in order).
  unsigned first = 0;
  while (first < n && order[first] == first)
    ++first;
  for (unsigned k = first; k < n; ++k)
    ops[order[k]]->moveBefore(terminator);
  return true;
}

namespace {

/// Applies one plan to one copy of the source graph.
class PlanApplier : public patch::ActionVisitor<PlanApplier, LogicalResult> {
public:
  /// With `nodes`, run() also says what the nodes of the copy stand for.
  PlanApplier(patch::PlanOp plan, const Graph &source,
              AppliedNodes *nodes = nullptr)
      : plan(plan), source(source), nodes(nodes) {}

  FailureOr<OwningOpRef<Operation *>> run();

  // Node actions apply in plan order; output edits are collected for later.
  LogicalResult visitAction(patch::InsertOp op);
  LogicalResult visitAction(patch::ReplaceOp op);
  LogicalResult visitAction(patch::UpdateOp op);
  LogicalResult visitAction(patch::DeleteOp op);
  LogicalResult visitAction(patch::AddInputOp op);
  LogicalResult visitAction(patch::RemoveInputOp op);
  LogicalResult visitAction(patch::AddOutputOp op) {
    addedOutputs.push_back(op);
    return success();
  }
  LogicalResult visitAction(patch::RemoveOutputOp op) {
    removedOutputs.push_back(op);
    return success();
  }
  LogicalResult visitAction(patch::SetGraphAttributesOp op) {
    setAttributes = op;
    return success();
  }
  LogicalResult visitInvalidAction(Operation *op) {
    return op->emitError("is not a patch action");
  }

private:
  /// Records `node`, made by `action`, under its new name `name`.
  LogicalResult recordNewNode(Operation *action, patch::RefAttr name,
                              Operation *node);

  // Steps after every node action.
  LogicalResult editOutputs();
  LogicalResult eraseMarked();
  LogicalResult editInputs();
  LogicalResult updateSignature();
  /// Gives the graph the attributes of the plan's set_graph_attributes.
  LogicalResult setGraphAttributes();
  /// Gives the graph the target's symbol name, if the plan renames it.
  void renameGraph();

  /// The value of the copy that `ref` names now, or a located error at
  /// `action`.
  FailureOr<Value> resolveValue(Operation *action, patch::RefAttr ref);
  /// The source node that `ref` names, if its copy is still there (not
  /// replaced by an update), or a located error at `action`.
  FailureOr<unsigned> resolveNodeIndex(Operation *action, patch::RefAttr ref);
  /// The node of the copy that `ref` names, or a located error at `action`.
  FailureOr<Operation *> resolveNode(Operation *action, patch::RefAttr ref) {
    FailureOr<unsigned> index = resolveNodeIndex(action, ref);
    if (failed(index))
      return failure();
    return copyOf[*index];
  }
  /// Where valueOf keeps what `value`, a node result or an input of the
  /// source graph, stands for.
  Value &standIn(Value value);
  /// Clones the graph op of `source` into `copy` and fills copyOf and
  /// valueOf.
  void cloneGraph();
  /// Clones the new node written in `action`'s body before `before`, its
  /// operands the values the action's inputs name.
  FailureOr<Operation *> cloneNewNode(patch::NewNodeOpInterface action,
                                      Operation *before);
  /// The op of the copy that the new node of `action` goes right before:
  /// where its `before` says (the terminator for `_`), else `otherwise`.
  FailureOr<Operation *> placeOf(patch::NewNodeOpInterface action,
                                 Operation *otherwise);
  /// Marks `node` of the copy for erasure once every node action is done.
  void mark(Operation *node, Operation *action);
  /// How an op of the copy is named in diagnostics.
  std::string nameOf(Operation *op);

  patch::PlanOp plan;
  const Graph &source;
  /// Filled as the copy is made and edited: `bySource` gets each node's
  /// copy, then the node an update put in its place; those of marked nodes
  /// are cleared before they are erased.
  AppliedNodes *nodes;
  OwningOpRef<Operation *> copy;
  Block *body = nullptr;
  /// The copy of each source node, by node index; null once an update has
  /// put a new node in its place.
  std::vector<Operation *> copyOf;
  /// The value of the copy that each source value stands for now: node
  /// results from resultBase[node] on, in result order, then the graph's
  /// inputs. A source value that a replace or update rewired has the value
  /// that took its place.
  std::vector<Value> valueOf;
  std::vector<unsigned> resultBase;
  /// Values made by the plan's actions, by the `new` reference that names
  /// them (without result index).
  llvm::StringMap<SmallVector<Value, 1>> made;
  /// Names of the nodes the plan made (and of those that took an updated
  /// node's place), for diagnostics. The copies of source nodes are named
  /// by nameOf() only when a diagnostic asks: naming each of them up front
  /// cost a string (and a reference attribute) per node.
  DenseMap<Operation *, std::string> names;
  /// Source nodes that an update replaced (by index), to the new node that
  /// took their place (for the `before` of later actions).
  DenseMap<unsigned, Operation *> updatedTo;
  /// Nodes to erase, in plan order, and the action that asked for it.
  llvm::SetVector<Operation *> marked;
  DenseMap<Operation *, Operation *> markedBy;

  struct PendingInput {
    int64_t position;
    BlockArgument placeholder;
    patch::AddInputOp action;
  };
  SmallVector<PendingInput> addedInputs;
  SmallVector<std::pair<BlockArgument, patch::RemoveInputOp>> removedInputs;
  SmallVector<patch::AddOutputOp> addedOutputs;
  SmallVector<patch::RemoveOutputOp> removedOutputs;
  /// The action that sets the graph's own attributes, if any.
  patch::SetGraphAttributesOp setAttributes;
};

} // namespace

//===----------------------------------------------------------------------===//
// Names and references
//===----------------------------------------------------------------------===//

std::string PlanApplier::nameOf(Operation *op) {
  if (op == body->getTerminator())
    return "the graph outputs";
  auto it = names.find(op);
  if (it != names.end())
    return it->second;
  // A copy of a source node: copyOf says which (a scan, but only for
  // a diagnostic; the copies of erased nodes are never asked about, and no
  // op is made after they are erased).
  for (auto [index, node] : llvm::enumerate(copyOf))
    if (node == op)
      return source.getNodeRefText(index);
  return ("'" + op->getName().getStringRef() + "'").str();
}

FailureOr<Value> PlanApplier::resolveValue(Operation *action,
                                           patch::RefAttr ref) {
  if (!ref || ref.isNone())
    return action->emitError("expected a value, not '_'");
  if (ref.getIsNew()) {
    auto it = made.find(ref.getNodeRef().str());
    if (it == made.end())
      return action->emitError()
             << "'" << ref.str() << "' is not made by an earlier action";
    if (ref.getResult() >= it->second.size())
      return action->emitError()
             << "'" << ref.str() << "' names result " << ref.getResult()
             << " of a node with " << it->second.size() << " result(s)";
    return it->second[ref.getResult()];
  }
  Value value = source.lookupValue(ref);
  if (!value)
    return action->emitError()
           << "'" << ref.str() << "' names no value of the source graph";
  Value mapped = standIn(value);
  if (!mapped)
    return action->emitError()
           << "'" << ref.str() << "' was removed by an earlier action";
  return mapped;
}

Value &PlanApplier::standIn(Value value) {
  if (auto arg = dyn_cast<BlockArgument>(value))
    return valueOf[resultBase.back() + arg.getArgNumber()];
  auto result = cast<OpResult>(value);
  return valueOf[resultBase[*source.getIndex(result.getOwner())] +
                 result.getResultNumber()];
}

FailureOr<unsigned> PlanApplier::resolveNodeIndex(Operation *action,
                                                  patch::RefAttr ref) {
  if (!ref || ref.isNone() || ref.getIsNew())
    return action->emitError() << "expected a source node, not '"
                               << (ref ? ref.str() : std::string("")) << "'";
  std::optional<unsigned> index = source.lookupNode(ref);
  if (!index)
    return action->emitError()
           << "'" << ref.str() << "' names no node of the source graph";
  if (!copyOf[*index])
    return action->emitError()
           << "'" << ref.str() << "' was replaced by an earlier update";
  return *index;
}

void PlanApplier::mark(Operation *node, Operation *action) {
  if (marked.insert(node))
    markedBy[node] = action;
}

FailureOr<Operation *>
PlanApplier::cloneNewNode(patch::NewNodeOpInterface action, Operation *before) {
  Block &block = action.getBody().front();
  IRMapping bodyMapping;
  for (auto [index, ref, arg] :
       llvm::enumerate(action.getInputs().getAsRange<patch::RefAttr>(),
                       block.getArguments())) {
    FailureOr<Value> value = resolveValue(action, ref);
    if (failed(value))
      return failure();
    if (value->getType() != arg.getType())
      return action->emitError()
             << "input #" << index << " (" << ref.str() << ") has type "
             << value->getType() << " but the new node expects "
             << arg.getType();
    bodyMapping.map(arg, *value);
  }
  OpBuilder builder(before);
  return builder.clone(block.back(), bodyMapping);
}

FailureOr<Operation *> PlanApplier::placeOf(patch::NewNodeOpInterface action,
                                            Operation *otherwise) {
  patch::RefAttr before = action.getPlacedBefore();
  if (!before)
    return otherwise;
  if (before.isNone())
    return body->getTerminator();
  std::optional<unsigned> index = source.lookupNode(before);
  if (!index)
    return action->emitError()
           << "'" << before.str() << "' names no node of the source graph";
  Operation *node = copyOf[*index];
  if (!node)
    node = updatedTo.lookup(*index);
  if (!node || marked.contains(node))
    return action->emitError() << "places its new node before " << before.str()
                               << ", which an earlier action removes";
  return node;
}

//===----------------------------------------------------------------------===//
// Node actions
//===----------------------------------------------------------------------===//

LogicalResult PlanApplier::recordNewNode(Operation *action, patch::RefAttr name,
                                         Operation *node) {
  names[node] = name.str();
  if (nodes)
    nodes->byNewName[name.getName().getValue()] = node;
  if (!made.try_emplace(name.getNodeRef().str(), node->getResults()).second)
    return action->emitError()
           << "'" << name.str() << "' is already made by an earlier action";
  return success();
}

LogicalResult PlanApplier::visitAction(patch::InsertOp op) {
  FailureOr<Operation *> place = placeOf(op, body->getTerminator());
  if (failed(place))
    return failure();
  FailureOr<Operation *> node = cloneNewNode(op, *place);
  if (failed(node))
    return failure();
  return recordNewNode(op, op.getNewName(), *node);
}

LogicalResult PlanApplier::visitAction(patch::ReplaceOp op) {
  FailureOr<Operation *> anchor = resolveNode(op, op.getAnchor());
  if (failed(anchor))
    return failure();
  // The region's members (the anchor among them), all erased at the end.
  llvm::SmallPtrSet<Operation *, 8> members;
  for (patch::RefAttr ref : op.getRegion().getAsRange<patch::RefAttr>()) {
    FailureOr<Operation *> member = resolveNode(op, ref);
    if (failed(member))
      return failure();
    members.insert(*member);
  }

  // The source values the new results stand for: results of the region.
  SmallVector<std::pair<Value, Value>> standsFor; // (source value, copy value)
  for (auto [index, ref] :
       llvm::enumerate(op.getResults().getAsRange<patch::RefAttr>())) {
    if (ref.isNone()) {
      standsFor.push_back({});
      continue;
    }
    FailureOr<Value> value = resolveValue(op, ref);
    if (failed(value))
      return failure();
    Operation *producer = value->getDefiningOp();
    if (!producer || !members.contains(producer))
      return op.emitError()
             << "result #" << index << " stands for " << ref.str()
             << ", which no member of the region makes";
    standsFor.push_back({source.lookupValue(ref), *value});
  }

  // A new node on buffers goes where inserts go, after the nodes before it
  // in the plan: no SSA edge would keep it after the writes it must follow.
  bool onBuffers =
      llvm::any_of(op.getBody().front().getArgumentTypes(),
                   [](Type type) { return isa<BaseMemRefType>(type); });
  FailureOr<Operation *> place =
      placeOf(op, onBuffers ? body->getTerminator() : *anchor);
  if (failed(place))
    return failure();
  FailureOr<Operation *> node = cloneNewNode(op, *place);
  if (failed(node))
    return failure();
  for (auto [index, pair] : llvm::enumerate(standsFor)) {
    auto [sourceValue, oldValue] = pair;
    if (!oldValue)
      continue;
    Value newValue = (*node)->getResult(index);
    oldValue.replaceAllUsesExcept(newValue, *node);
    standIn(sourceValue) = newValue;
  }
  for (Operation *member : members)
    mark(member, op);

  return recordNewNode(op, op.getNewName(), *node);
}

LogicalResult PlanApplier::visitAction(patch::UpdateOp op) {
  FailureOr<unsigned> oldIndex = resolveNodeIndex(op, op.getNode());
  if (failed(oldIndex))
    return failure();
  unsigned sourceIndex = *oldIndex;
  // The copy of the source node (resolveNodeIndex: still there).
  Operation *old = copyOf[sourceIndex];
  if (marked.contains(old))
    return op.emitError() << "updates " << op.getNode().str()
                          << ", which an earlier action removes";
  FailureOr<Operation *> place = placeOf(op, old);
  if (failed(place))
    return failure();
  FailureOr<Operation *> node = cloneNewNode(op, *place);
  if (failed(node))
    return failure();
  if ((*node)->getNumResults() != old->getNumResults()) {
    InFlightDiagnostic diag = op.emitError()
                              << "the new node has " << (*node)->getNumResults()
                              << " result(s) but " << op.getNode().str()
                              << " has " << old->getNumResults();
    (*node)->erase();
    return diag;
  }
  // The copy has the source node's results, in order.
  Value *standIns = valueOf.data() + resultBase[sourceIndex];
  for (auto [number, oldResult, newResult] :
       llvm::enumerate(old->getResults(), (*node)->getResults())) {
    oldResult.replaceAllUsesExcept(newResult, *node);
    // A source value that an earlier replace rewired keeps its new meaning.
    if (standIns[number] == oldResult)
      standIns[number] = newResult;
  }
  if (!old->use_empty()) {
    // Only the new node itself can still use the old one: a cycle.
    return op.emitError() << "the new node of " << op.getNode().str()
                          << " reads the node it replaces";
  }
  // The new node is named as the source node it takes the place of.
  names[*node] = source.getNodeRefText(sourceIndex);
  copyOf[sourceIndex] = nullptr;
  updatedTo[sourceIndex] = *node;
  old->erase();
  return success();
}

LogicalResult PlanApplier::visitAction(patch::DeleteOp op) {
  FailureOr<Operation *> node = resolveNode(op, op.getNode());
  if (failed(node))
    return failure();
  mark(*node, op);
  return success();
}

LogicalResult PlanApplier::visitAction(patch::AddInputOp op) {
  auto function = dyn_cast<FunctionOpInterface>(copy.get());
  if (!function)
    return op.emitError("cannot add an input: the graph is not a function");
  if (position(op) < 0)
    return op.emitError() << "position " << position(op) << " is negative";
  // A placeholder at the end, moved to its place once every node action is
  // done (the positions are those of the target).
  unsigned end = function.getNumArguments();
  if (failed(function.insertArgument(end, op.getType(), DictionaryAttr(),
                                     op.getLoc())))
    return op.emitError("cannot add an input of type ") << op.getType();
  BlockArgument placeholder = body->getArgument(end);
  patch::RefAttr name = op.getName();
  if (!made.try_emplace(name.getNodeRef().str(),
                        SmallVector<Value, 1>{placeholder})
           .second)
    return op.emitError() << "'" << name.str()
                          << "' is already made by an earlier action";
  addedInputs.push_back({position(op), placeholder, op});
  return success();
}

LogicalResult PlanApplier::visitAction(patch::RemoveInputOp op) {
  if (op.getInput().getIsNew())
    return op.emitError() << "cannot remove '" << op.getInput().str()
                          << "': only source inputs can be removed";
  FailureOr<Value> value = resolveValue(op, op.getInput());
  if (failed(value))
    return failure();
  auto arg = dyn_cast<BlockArgument>(*value);
  if (!arg || arg.getOwner() != body)
    return op.emitError() << "'" << op.getInput().str()
                          << "' is not an input of the graph";
  for (auto &[other, action] : removedInputs)
    if (other == arg)
      return op.emitError() << "'" << op.getInput().str()
                            << "' is already removed by an earlier action";
  removedInputs.push_back({arg, op});
  return success();
}

//===----------------------------------------------------------------------===//
// Steps after the node actions
//===----------------------------------------------------------------------===//

LogicalResult PlanApplier::editOutputs() {
  Operation *terminator = body->getTerminator();
  int64_t numSource = terminator->getNumOperands();

  // Removals, by source position, descending.
  llvm::stable_sort(removedOutputs,
                    [](auto a, auto b) { return position(a) > position(b); });
  for (auto [index, op] : llvm::enumerate(removedOutputs)) {
    int64_t pos = position(op);
    if (pos < 0 || pos >= numSource)
      return op.emitError()
             << "removes output " << pos << " but the source has " << numSource
             << " output(s)";
    if (index > 0 && position(removedOutputs[index - 1]) == pos)
      return op.emitError()
             << "output " << pos << " is already removed by another action";
    terminator->eraseOperand(pos);
  }

  // Additions, by target position, ascending.
  llvm::stable_sort(addedOutputs,
                    [](auto a, auto b) { return position(a) < position(b); });
  for (auto [index, op] : llvm::enumerate(addedOutputs)) {
    int64_t pos = position(op);
    if (index > 0 && position(addedOutputs[index - 1]) == pos)
      return op.emitError()
             << "output " << pos << " is already added by another action";
    if (pos < 0 || pos > int64_t(terminator->getNumOperands()))
      return op.emitError()
             << "adds output " << pos << " but only "
             << terminator->getNumOperands()
             << " output(s) come before it; positions are those of the target";
    FailureOr<Value> value = resolveValue(op, op.getValue());
    if (failed(value))
      return failure();
    terminator->insertOperands(pos, *value);
  }
  return success();
}

LogicalResult PlanApplier::eraseMarked() {
  // Every use of a marked node must come from a marked node.
  for (Operation *node : marked) {
    for (Value result : node->getResults())
      for (OpOperand &use : result.getUses()) {
        Operation *user = body->findAncestorOpInBlock(*use.getOwner());
        if (user && marked.contains(user))
          continue;
        InFlightDiagnostic diag =
            markedBy[node]->emitError()
            << "cannot delete " << nameOf(node) << ": still used by "
            << (user ? nameOf(user) : std::string("an op outside"));
        return diag;
      }
  }
  for (Operation *node : marked)
    node->dropAllReferences();
  for (Operation *node : marked) {
    names.erase(node);
    node->erase();
  }
  marked.clear();
  return success();
}

LogicalResult PlanApplier::editInputs() {
  if (removedInputs.empty() && addedInputs.empty())
    return success();
  auto function = cast<FunctionOpInterface>(copy.get());

  // Removals: the inputs must be unused by now.
  llvm::BitVector toErase(function.getNumArguments());
  for (auto &[arg, op] : removedInputs) {
    if (!arg.use_empty()) {
      Operation *user = body->findAncestorOpInBlock(**arg.getUsers().begin());
      return op.emitError()
             << "cannot remove input " << op.getInput().str()
             << ": still used by "
             << (user ? nameOf(user) : std::string("an op outside"));
    }
    toErase.set(arg.getArgNumber());
  }
  if (failed(function.eraseArguments(toErase)))
    return plan.emitError("cannot remove the inputs of the graph");

  // Additions, by target position, ascending; then the placeholders go.
  unsigned kept = function.getNumArguments() - addedInputs.size();
  llvm::stable_sort(addedInputs,
                    [](const PendingInput &a, const PendingInput &b) {
                      return a.position < b.position;
                    });
  for (auto [index, input] : llvm::enumerate(addedInputs)) {
    if (index > 0 && addedInputs[index - 1].position == input.position)
      return input.action.emitError() << "input " << input.position
                                      << " is already added by another action";
    if (input.position > int64_t(kept + index))
      return input.action.emitError()
             << "adds input " << input.position << " but only " << kept + index
             << " input(s) come before it; positions are those of the target";
    if (failed(
            function.insertArgument(input.position, input.placeholder.getType(),
                                    DictionaryAttr(), input.action.getLoc())))
      return input.action.emitError("cannot add the input");
    input.placeholder.replaceAllUsesWith(body->getArgument(input.position));
  }
  llvm::BitVector placeholders(function.getNumArguments());
  for (const PendingInput &input : addedInputs)
    placeholders.set(input.placeholder.getArgNumber());
  if (failed(function.eraseArguments(placeholders)))
    return plan.emitError("cannot add the inputs of the graph");

  // No argument attributes at all: drop the array of empty dictionaries.
  if (isEmptyAttrList(function.getAllArgAttrs()))
    function.removeArgAttrsAttr();
  return success();
}

LogicalResult PlanApplier::setGraphAttributes() {
  if (!setAttributes)
    return success();
  DictionaryAttr wanted = setAttributes.getGraphAttrs();
  if (wanted.contains(SymbolTable::getSymbolAttrName()))
    return setAttributes.emitError(
        "sets the graph's symbol name, which the plan's target names");
  // Everything but the name and the signature goes, then the wanted ones
  // come.
  for (NamedAttribute attr : copy->getAttrDictionary()) {
    auto type = dyn_cast<TypeAttr>(attr.getValue());
    if (attr.getName() != SymbolTable::getSymbolAttrName() &&
        !(type && isa<FunctionType>(type.getValue())))
      copy->removeAttr(attr.getName());
  }
  for (NamedAttribute attr : wanted) {
    if (auto type = dyn_cast<TypeAttr>(attr.getValue());
        type && isa<FunctionType>(type.getValue()))
      return setAttributes.emitError()
             << "sets '" << attr.getName().getValue()
             << "' to a function type; the graph's signature follows from "
                "its inputs and outputs";
    copy->setAttr(attr.getName(), attr.getValue());
  }
  return success();
}

void PlanApplier::renameGraph() {
  // The last name of the target's path: the graph op holds only that; the
  // modules around it are not part of the graph.
  StringAttr name = plan.getTarget().getLeafReference();
  if (copy->getAttr(SymbolTable::getSymbolAttrName()) != name)
    copy->setAttr(SymbolTable::getSymbolAttrName(), name);
}

LogicalResult PlanApplier::updateSignature() {
  auto function = dyn_cast<FunctionOpInterface>(copy.get());
  if (!function)
    return success();
  Operation *terminator = body->getTerminator();
  SmallVector<Type> results(terminator->getOperandTypes());
  SmallVector<Type> inputs(body->getArgumentTypes());
  if (ArrayRef<Type>(results) == function.getResultTypes() &&
      ArrayRef<Type>(inputs) == function.getArgumentTypes())
    return success();
  Type type = function.cloneTypeWith(inputs, results);
  if (!type)
    return plan.emitError("cannot give the graph its new signature");
  if (results.size() != function.getNumResults())
    function.removeResAttrsAttr();
  function.setFunctionTypeAttr(TypeAttr::get(type));
  return success();
}

//===----------------------------------------------------------------------===//
// Driver
//===----------------------------------------------------------------------===//

/// Clones the graph op of `source`. When every node reads only nodes before
/// it (not a graph region read upward), node after node, each made with its
/// operands, which the source's view gives by node index (the producer and
/// result number of each slot): no map from source values or ops to those of
/// the copy. (Region::cloneInto makes every op without operands first and
/// gives them their operands after, so that a forward reference is no
/// trouble, which costs each op a second allocation, for operands no longer
/// stored inline.) Otherwise the whole op at once, through an IRMapping.
void PlanApplier::cloneGraph() {
  Operation *original = source.getOperation();
  Block &block = source.getBody();
  unsigned n = source.size();
  copyOf.assign(n, nullptr);
  resultBase.resize(n + 1);
  unsigned results = 0;
  for (unsigned node = 0; node < n; ++node) {
    resultBase[node] = results;
    results += source.getNode(node)->getNumResults();
  }
  resultBase[n] = results;
  valueOf.assign(results + block.getNumArguments(), Value());

  bool inOrder = true;
  for (unsigned node = 0; node < n && inOrder; ++node)
    for (int producer : source.getSlotProducers(node))
      if (producer >= int(node)) {
        inOrder = false;
        break;
      }
  if (!inOrder) {
    IRMapping mapping;
    copy = original->clone(mapping);
    for (unsigned node = 0; node < n; ++node) {
      Operation *clone = mapping.lookup(source.getNode(node));
      copyOf[node] = clone;
      llvm::copy(clone->getResults(), valueOf.begin() + resultBase[node]);
    }
    llvm::copy(mapping.lookup(&block)->getArguments(),
               valueOf.begin() + results);
    return;
  }

  copy = original->cloneWithoutRegions();
  body = new Block();
  copy->getRegion(0).push_back(body);
  for (BlockArgument arg : block.getArguments())
    valueOf[results + arg.getArgNumber()] =
        body->addArgument(arg.getType(), arg.getLoc());
  // What slot `slot` of `node` reads in the copy: the producer's copy's
  // result, a graph input, or a value from outside the graph (itself).
  auto slotValue = [&](unsigned node, unsigned slot, int producer) -> Value {
    if (producer != Graph::kNoProducer)
      return valueOf[resultBase[producer] +
                     source.getSlotResultNumber(node, slot)];
    Value value = source.getSlots(node)[slot];
    if (auto arg = dyn_cast<BlockArgument>(value);
        arg && arg.getOwner() == &block)
      return valueOf[results + arg.getArgNumber()];
    return value;
  };
  SmallVector<Value, 8> operands;
  for (unsigned node = 0; node < n; ++node) {
    Operation *op = source.getNode(node);
    ArrayRef<int> producers = source.getSlotProducers(node);
    Operation *clone;
    if (op->getNumRegions() == 0 && op->getNumSuccessors() == 0) {
      // The slots are the operands, in order.
      operands.clear();
      for (auto [slot, producer] : llvm::enumerate(producers))
        operands.push_back(slotValue(node, slot, producer));
      clone = Operation::create(
          op->getLoc(), op->getName(), op->getResultTypes(), operands,
          op->getRawDictionaryAttrs(), op->getPropertiesStorage(), {}, 0);
    } else {
      // The operands and the values that the regions capture (the slots)
      // map to their copies; the rest of the mapping is the nested IR's.
      IRMapping mapping;
      ArrayRef<Value> slots = source.getSlots(node);
      for (auto [slot, producer] : llvm::enumerate(producers))
        mapping.map(slots[slot], slotValue(node, slot, producer));
      clone = op->clone(mapping);
    }
    body->push_back(clone);
    copyOf[node] = clone;
    llvm::copy(clone->getResults(), valueOf.begin() + resultBase[node]);
  }
  // The terminator reads node results and inputs (and values from outside).
  Operation *terminator = source.getTerminator();
  IRMapping mapping;
  for (Value output : terminator->getOperands()) {
    if (auto arg = dyn_cast<BlockArgument>(output)) {
      if (arg.getOwner() == &block)
        mapping.map(output, valueOf[results + arg.getArgNumber()]);
    } else if (std::optional<unsigned> producer = source.getProducer(output)) {
      mapping.map(output, valueOf[resultBase[*producer] +
                                  cast<OpResult>(output).getResultNumber()]);
    }
  }
  body->push_back(terminator->clone(mapping));
}

FailureOr<OwningOpRef<Operation *>> PlanApplier::run() {
  if (nodes)
    *nodes = AppliedNodes();
  cloneGraph();
  body = &copy->getRegion(0).front();

  // The source names the plan's references use: the source graph looks its
  // nodes' names up among those, rather than indexing them all. (A name
  // missed here is still found: the graph then indexes every name.)
  SmallVector<StringRef> referenced;
  auto noteRef = [&](Attribute attr) {
    auto ref = dyn_cast<patch::RefAttr>(attr);
    if (ref && !ref.isNone() && !ref.getIsNew())
      referenced.push_back(ref.getName().getValue());
  };
  NamedAttrList attrs;
  for (Operation &action : plan.getActions().front()) {
    attrs.clear();
    action.getName().populateInherentAttrs(&action, attrs);
    attrs.append(action.getDiscardableAttrs());
    for (NamedAttribute attr : attrs) {
      noteRef(attr.getValue());
      if (auto list = dyn_cast<ArrayAttr>(attr.getValue()))
        llvm::for_each(list, noteRef);
    }
  }
  source.indexNamesAmong(referenced);

  for (Operation &action : plan.getActions().front())
    if (failed(dispatchActionVisitor(&action)))
      return failure();

  if (nodes) {
    // Each node's copy, or the node an update put in its place; none for
    // the nodes to erase.
    nodes->bySource = copyOf;
    for (auto [index, node] : updatedTo)
      nodes->bySource[index] = node;
    if (!marked.empty())
      for (Operation *&node : nodes->bySource)
        if (marked.contains(node))
          node = nullptr;
  }
  if (failed(editOutputs()) || failed(eraseMarked()) || failed(editInputs()) ||
      failed(updateSignature()) || failed(setGraphAttributes()))
    return failure();
  renameGraph();

  if (!orderBlock(*body))
    return plan.emitError(
        "applying the plan gives a graph with a cycle: its nodes cannot be "
        "ordered so that every value is defined before it is used");
  return std::move(copy);
}

LogicalResult graphdiff::verifyAppliedGraph(patch::PlanOp plan,
                                            Operation *applied) {
  if (failed(verify(applied)))
    return plan.emitError("applying the plan gives an invalid graph");
  return success();
}

LogicalResult graphdiff::verifyPlanModule(Operation *plans,
                                          ArrayRef<patch::PlanOp> verified) {
  llvm::SmallPtrSet<Operation *, 8> skip;
  for (patch::PlanOp plan : verified)
    skip.insert(plan);
  // In the order mlir::verify walks them: the module's ops first, in order,
  // then what the module checks on its way out (region invariants, the
  // symbol table). None of the module's ops is isolated from above, and the
  // module's own block (no arguments, no terminator, ops without
  // successors, which their own verifiers check) has nothing left to check.
  for (Region &region : plans->getRegions())
    for (Block &block : region)
      for (Operation &op : block)
        if (!skip.contains(&op) && failed(verify(&op)))
          return failure();
  return verify(plans, /*verifyRecursively=*/false);
}

FailureOr<OwningOpRef<Operation *>> graphdiff::applyPlan(patch::PlanOp plan,
                                                         const Graph &source,
                                                         bool verifyResult,
                                                         AppliedNodes *nodes) {
  // Each action is then sound on its own (its body, its references); what
  // is left to check is how they fit the source graph.
  if (failed(verify(plan)))
    return failure();
  PlanApplier applier(plan, source, nodes);
  FailureOr<OwningOpRef<Operation *>> applied = applier.run();
  if (failed(applied) ||
      (verifyResult && failed(verifyAppliedGraph(plan, applied->get()))))
    return failure();
  return applied;
}
