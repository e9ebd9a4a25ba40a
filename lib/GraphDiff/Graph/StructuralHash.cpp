//===- StructuralHash.cpp - Hashes of nodes and their cones ---------------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Graph/StructuralHash.h"

#include "GraphDiff/Graph/AttributeEquivalence.h"
#include "GraphDiff/Graph/Graph.h"
#include "mlir/IR/Block.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/DenseMap.h"

using namespace mlir;
using namespace graphdiff;

namespace {

/// Tags that keep the different kinds of hashed items apart.
enum Tag : unsigned {
  TagArgument = 1,
  TagResult,
  TagOutside,
  TagLocal,
  TagCapture,
  TagUse,
  TagCaptureUse,
  TagOutput,
};

/// The hashes only group candidates (StructureHashes): a multiply-fold
/// mixer (wyhash's) is all they need, a few cycles a step, where
/// llvm::hash_combine runs a hash over a buffer of its arguments. Two
/// different seeds keep the mix order-sensitive.
uint64_t mix(uint64_t seed, uint64_t value) {
  __uint128_t product = static_cast<__uint128_t>(seed ^ 0xA0761D6478BD642Full) *
                        (value ^ 0xE7037ED1A0B428DBull);
  return static_cast<uint64_t>(product) ^ static_cast<uint64_t>(product >> 64);
}
uint64_t bitsOf(uint64_t value) { return value; }
uint64_t bitsOf(llvm::hash_code hash) { return static_cast<size_t>(hash); }
uint64_t bitsOf(const void *pointer) {
  return reinterpret_cast<uintptr_t>(pointer);
}
uint64_t bitsOf(Type type) { return bitsOf(type.getAsOpaquePointer()); }
uint64_t bitsOf(Attribute attr) { return bitsOf(attr.getAsOpaquePointer()); }
uint64_t bitsOf(OperationName name) {
  return bitsOf(name.getAsOpaquePointer());
}
/// `seed` mixed with each of `values` in turn.
template <typename... Ts> uint64_t mixAll(uint64_t seed, Ts... values) {
  ((seed = mix(seed, bitsOf(values))), ...);
  return seed;
}
/// The hashes of `values`, in order, and their count.
uint64_t mixRange(llvm::ArrayRef<uint64_t> values) {
  uint64_t seed = values.size();
  for (uint64_t value : values)
    seed = mix(seed, value);
  return seed;
}
/// Sorts a few hashes (an op's operands, a node's uses): insertion sort,
/// where llvm::sort of integers calls qsort.
void sortHashes(llvm::MutableArrayRef<uint64_t> values) {
  if (values.size() > 16) {
    std::sort(values.begin(), values.end());
    return;
  }
  for (size_t i = 1; i < values.size(); ++i)
    for (size_t j = i; j > 0 && values[j] < values[j - 1]; --j)
      std::swap(values[j], values[j - 1]);
}

/// Hashes one graph. Everything folded in is structural data (counts,
/// positions), MLIR uniqued storage (types, op names, most attributes: the
/// same object for equal content within one MLIRContext), or the bytes of a
/// `dense_resource` blob (hashAttribute).
class Hasher {
public:
  Hasher(const Graph &graph, const HashOptions &options)
      : graph(graph), options(options) {}

  StructureHashes
  run(llvm::function_ref<void(unsigned, Operation *, llvm::hash_code)> visit);

private:
  /// The op alone: name, properties, attributes, result types, shape of its
  /// regions, and (unless ignored) its location.
  llvm::hash_code hashOpAlone(Operation *op) const;
  /// Its inherent attributes (properties) and, unless ignored, its
  /// discardable ones, each by name and hashAttribute.
  llvm::hash_code hashAttributes(Operation *op) const;
  /// The content hash of node `node`.
  llvm::hash_code hashNode(Operation *node);
  llvm::hash_code hashNested(Operation *op);
  /// The regions of `op`: block counts, argument types, nested ops.
  llvm::hash_code hashRegions(Operation *op);
  llvm::hash_code hashNestedOperand(Value value);
  /// Sorts `operands` (hashes of `op`'s operands) if `op` commutes and the
  /// options ask for it.
  template <typename Range>
  void canonicalizeOperands(Operation *op, Range &&operands) const {
    if (options.sortCommutativeOperands &&
        op->hasTrait<OpTrait::IsCommutative>())
      sortHashes(operands);
  }

  void hashForward(StructureHashes &hashes,
                   llvm::ArrayRef<unsigned> order) const;
  void hashBackward(StructureHashes &hashes,
                    llvm::ArrayRef<unsigned> order) const;
  /// The order to hash along: the canonical one, or the block order when
  /// every node reads only nodes before it. Both are then topological
  /// orders, which give the same hashes; the block order needs neither the
  /// node names nor a sort (the graph a plan gives is in such an order).
  llvm::ArrayRef<unsigned> hashOrder();

  std::vector<unsigned> blockOrder;
  /// By node, read while the content pass has the op at hand so that the
  /// forward pass reads no op: how many leading slots (the operands) to
  /// sort, 0 if the op does not commute or the options keep the order;
  /// kReadOp for a count too large to keep here.
  std::vector<uint8_t> sortedOperands;
  static constexpr uint8_t kReadOp = 255;
  uint8_t sortedOperandsOf(Operation *op) const {
    if (!options.sortCommutativeOperands ||
        !op->hasTrait<OpTrait::IsCommutative>())
      return 0;
    return std::min<unsigned>(op->getNumOperands(), kReadOp);
  }

  const Graph &graph;
  const HashOptions &options;
  // Per-node scratch for hashNode.
  llvm::DenseMap<Value, unsigned> local;
  llvm::DenseMap<Block *, unsigned> blocks;
  llvm::DenseMap<Value, unsigned> captureIndex;
};

} // namespace

llvm::hash_code Hasher::hashAttributes(Operation *op) const {
  uint64_t hash = 0;
  auto add = [&](StringAttr name, Attribute value) {
    hash = mixAll(hash, name, hashAttribute(value));
  };
  std::optional<RegisteredOperationName> info = op->getRegisteredInfo();
  if (op->getPropertiesStorageSize()) {
    if (info) {
      for (StringAttr name : info->getAttributeNames())
        if (std::optional<Attribute> value = op->getInherentAttr(name))
          add(name, *value);
    } else {
      hash = mixAll(hash, hashAttribute(op->getPropertiesAsAttribute()));
    }
  }
  // With properties, the dictionary holds the discardable attributes only;
  // without, the inherent ones too.
  for (NamedAttribute attr : op->getRawDictionaryAttrs())
    if (!options.ignoreDiscardableAttrs ||
        (info && llvm::is_contained(info->getAttributeNames(), attr.getName())))
      add(attr.getName(), attr.getValue());
  return hash;
}

llvm::hash_code Hasher::hashOpAlone(Operation *op) const {
  uint64_t hash =
      mixAll(op->getNumOperands(), op->getName(), op->getNumResults(),
             op->getNumRegions(), op->getNumSuccessors(), hashAttributes(op));
  for (Type type : op->getResultTypes())
    hash = mixAll(hash, type);
  if (!options.ignoreLocations)
    hash = mixAll(hash, Attribute(op->getLoc()));
  return llvm::hash_code(hash);
}

llvm::hash_code Hasher::hashNestedOperand(Value value) {
  auto it = local.find(value);
  if (it != local.end())
    return llvm::hash_code(mixAll(TagLocal, it->second));
  // Numbered as Graph::getSlots numbers the node's captures.
  auto capture = captureIndex.try_emplace(value, captureIndex.size()).first;
  return llvm::hash_code(mixAll(TagCapture, capture->second));
}

llvm::hash_code Hasher::hashNested(Operation *op) {
  uint64_t hash = bitsOf(hashOpAlone(op));
  SmallVector<uint64_t, 4> operands;
  for (Value operand : op->getOperands())
    operands.push_back(bitsOf(hashNestedOperand(operand)));
  canonicalizeOperands(op, MutableArrayRef<uint64_t>(operands));
  hash = mixAll(hash, mixRange(operands));
  for (Block *successor : op->getSuccessors())
    hash = mixAll(hash, blocks.lookup(successor));
  return llvm::hash_code(mixAll(hash, hashRegions(op)));
}

llvm::hash_code Hasher::hashRegions(Operation *op) {
  uint64_t hash = mixAll(0, op->getNumRegions());
  for (Region &region : op->getRegions()) {
    hash = mixAll(hash, region.getBlocks().size());
    for (Block &block : region) {
      hash = mixAll(hash, block.getNumArguments());
      for (BlockArgument arg : block.getArguments())
        hash = mixAll(hash, arg.getType());
      for (Operation &inner : block)
        hash = mixAll(hash, hashNested(&inner));
    }
  }
  return llvm::hash_code(hash);
}

llvm::hash_code Hasher::hashNode(Operation *node) {
  if (node->getNumRegions() == 0)
    return hashOpAlone(node);
  // Number what the node defines inside itself, in a fixed pre-order, so
  // that nested operands hash by position, never by identity.
  local.clear();
  blocks.clear();
  captureIndex.clear();
  node->walk<WalkOrder::PreOrder>([&](Operation *op) {
    for (Region &region : op->getRegions())
      for (Block &block : region) {
        blocks.try_emplace(&block, blocks.size());
        for (BlockArgument arg : block.getArguments())
          local.try_emplace(arg, local.size());
      }
    if (op != node)
      for (Value result : op->getResults())
        local.try_emplace(result, local.size());
  });
  // The node's own operands are hashed with the graph's edges; here they
  // count only through hashOpAlone. Hash its regions like nested ops'.
  return llvm::hash_code(mixAll(hashOpAlone(node), hashRegions(node)));
}

llvm::ArrayRef<unsigned> Hasher::hashOrder() {
  unsigned n = graph.size();
  for (unsigned i = 0; i < n; ++i)
    for (int producer : graph.getSlotProducers(i))
      if (producer >= int(i))
        return graph.getCanonicalOrder();
  blockOrder.resize(n);
  for (unsigned i = 0; i < n; ++i)
    blockOrder[i] = i;
  return blockOrder;
}

void Hasher::hashForward(StructureHashes &hashes,
                         llvm::ArrayRef<unsigned> order) const {
  // Content plus what flows in, slot by slot.
  unsigned n = graph.size();
  hashes.forward.assign(n, llvm::hash_code(0));
  hashes.height.assign(n, 0);
  std::vector<bool> done(n, false);
  for (unsigned i : order) {
    SmallVector<uint64_t, 4> inputs;
    unsigned height = 0;
    for (auto [slot, value, producer] :
         llvm::enumerate(graph.getSlots(i), graph.getSlotProducers(i))) {
      uint64_t hash;
      if (producer != Graph::kNoProducer) {
        hash = mixAll(TagResult,
                      done[producer] ? hashes.forward[producer]
                                     : hashes.content[producer],
                      graph.getSlotResultNumber(i, slot));
        height = std::max(height, hashes.height[producer] + 1);
      } else if (auto arg = dyn_cast<BlockArgument>(value);
                 arg && arg.getOwner() == &graph.getBody()) {
        hash = mixAll(TagArgument, arg.getArgNumber());
      } else {
        hash = mixAll(TagOutside, value.getType());
      }
      inputs.push_back(hash);
    }
    if (uint8_t sorted = sortedOperands[i]; sorted == kReadOp)
      canonicalizeOperands(graph.getNode(i),
                           MutableArrayRef(inputs).take_front(
                               graph.getNode(i)->getNumOperands()));
    else
      sortHashes(MutableArrayRef(inputs).take_front(sorted));
    hashes.forward[i] =
        llvm::hash_code(mixAll(hashes.content[i], mixRange(inputs)));
    hashes.height[i] = height;
    done[i] = true;
  }
}

void Hasher::hashBackward(StructureHashes &hashes,
                          llvm::ArrayRef<unsigned> order) const {
  // Content plus where the results flow to.
  unsigned n = graph.size();
  hashes.backward.assign(n, llvm::hash_code(0));
  std::vector<bool> done(n, false);
  Operation *terminator = graph.getTerminator();
  Block &body = graph.getBody();
  // The graph outputs, as (node, terminator operand, result), by node.
  std::vector<std::tuple<unsigned, unsigned, unsigned>> outputs;
  for (OpOperand &operand : terminator->getOpOperands())
    if (std::optional<unsigned> producer = graph.getProducer(operand.get()))
      outputs.emplace_back(*producer, operand.getOperandNumber(),
                           cast<OpResult>(operand.get()).getResultNumber());
  llvm::sort(outputs);
  auto hashOf = [&](unsigned user) {
    return done[user] ? hashes.backward[user] : hashes.content[user];
  };
  SmallVector<uint64_t, 8> uses;
  for (unsigned i : llvm::reverse(order)) {
    uses.clear();
    // Every use in the IR counts, a value a region reads twice twice. The
    // graph's uses are those, one per slot, unless a user's regions read
    // the value (a capture slot stands for all its reads): then the IR's.
    ArrayRef<Graph::Use> graphUses = graph.getUses(i);
    bool captured = llvm::any_of(graphUses, [&](const Graph::Use &use) {
      return graph.hasCaptures(use.user);
    });
    if (!captured) {
      for (const Graph::Use &use : graphUses)
        uses.push_back(mixAll(TagUse, hashOf(use.user), use.slot, use.result));
      if (graph.isOutputNode(i))
        for (auto it = llvm::lower_bound(outputs, std::make_tuple(i, 0u, 0u));
             it != outputs.end() && std::get<0>(*it) == i; ++it)
          uses.push_back(mixAll(TagOutput, std::get<1>(*it), std::get<2>(*it)));
    } else {
      Operation *node = graph.getNode(i);
      for (OpResult result : node->getResults()) {
        unsigned k = result.getResultNumber();
        for (OpOperand &use : result.getUses()) {
          Operation *owner = use.getOwner();
          if (owner == terminator) {
            uses.push_back(mixAll(TagOutput, use.getOperandNumber(), k));
            continue;
          }
          Operation *ancestor = body.findAncestorOpInBlock(*owner);
          std::optional<unsigned> user =
              ancestor ? graph.getIndex(ancestor) : std::nullopt;
          if (!user)
            continue;
          if (owner == ancestor) {
            uses.push_back(
                mixAll(TagUse, hashOf(*user), use.getOperandNumber(), k));
          } else {
            // Captured by the user's regions: its capture slot says where.
            ArrayRef<Value> slots = graph.getSlots(*user);
            uses.push_back(
                mixAll(TagCaptureUse, hashOf(*user),
                       static_cast<uint64_t>(llvm::find(slots, Value(result)) -
                                             slots.begin()),
                       k));
          }
        }
      }
    }
    sortHashes(uses);
    hashes.backward[i] =
        llvm::hash_code(mixAll(hashes.content[i], mixRange(uses)));
    done[i] = true;
  }
}

StructureHashes Hasher::run(
    llvm::function_ref<void(unsigned, Operation *, llvm::hash_code)> visit) {
  StructureHashes hashes;
  hashes.content.reserve(graph.size());
  sortedOperands.reserve(graph.size());
  for (auto [i, node] : llvm::enumerate(graph.getNodes())) {
    hashes.content.push_back(hashNode(node));
    sortedOperands.push_back(sortedOperandsOf(node));
    if (visit)
      visit(i, node, hashes.content.back());
  }
  llvm::ArrayRef<unsigned> order = hashOrder();
  hashForward(hashes, order);
  if (options.backward)
    hashBackward(hashes, order);
  return hashes;
}

StructureHashes graphdiff::hashStructure(
    const Graph &graph, const HashOptions &options,
    llvm::function_ref<void(unsigned, Operation *, llvm::hash_code)> visit) {
  return Hasher(graph, options).run(visit);
}
