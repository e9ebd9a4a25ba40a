//===- StructuralMatcher.cpp - Pair nodes by the shape of the graph -------===//
//
// Part of graph-diff.
//
// See docs/Matching.md for the design and its reasoning. In short:
//   1. exact: unique forward (Merkle) hashes, then consensus propagation to
//      operands whose hashes agree;
//   2. exact downstream: unique backward hashes (over users), then consensus
//      propagation to users whose backward hashes agree;
//   3. structure: consensus propagation from every pair (and from the
//      outputs) along operands, then users, to nodes of the same op;
//      Where a pair's slots differ (fusion), votes look through the free
//      chain above the source node instead of going slot by slot;
//   4. twins: interchangeable dead ends (same content, same inputs, no users);
//   5. bounded similarity (matched-neighbour overlap), then 3. again;
//   6. the same with a relaxed kind (same dialect and result types), for ops
//      that changed name (named op -> linalg.generic);
//   7. along operands only, same result types, for lowered ops.
// Consensus: a free node is paired only if every pair that voted for it
// named the same partner and that partner's votes name it back. Nodes with
// conflicting votes or tied scores stay free and are marked ambiguous.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Differ/StructuralMatcher.h"

#include "GraphDiff/Graph/Graph.h"
#include "mlir/IR/Block.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"

using namespace mlir;
using namespace graphdiff;

namespace {

//===----------------------------------------------------------------------===//
// Hashing
//===----------------------------------------------------------------------===//

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

/// Hashes one graph. Everything folded in is either structural data (counts,
/// positions) or MLIR uniqued storage (attributes, types, op names), which is
/// the same object for equal content within one MLIRContext.
class Hasher {
public:
  Hasher(const Graph &graph, const StructureOptions &options)
      : graph(graph), options(options) {}

  StructureHashes run(std::vector<SmallVector<Value, 4>> &slots);

private:
  /// The op alone: name, properties, attributes, result types, shape of its
  /// regions, and (unless ignored) its location.
  llvm::hash_code hashOpAlone(Operation *op) const;
  /// The content hash of node `node` and the values its regions capture, in
  /// first-use order.
  llvm::hash_code hashNode(Operation *node, SmallVectorImpl<Value> &captures);
  llvm::hash_code hashNested(Operation *op);
  /// The regions of `op`: block counts, argument types, nested ops.
  llvm::hash_code hashRegions(Operation *op);
  llvm::hash_code hashNestedOperand(Value value);

  const Graph &graph;
  const StructureOptions &options;
  // Per-node scratch for hashNode.
  llvm::DenseMap<Value, unsigned> local;
  llvm::DenseMap<Block *, unsigned> blocks;
  llvm::DenseMap<Value, unsigned> captureIndex;
  SmallVectorImpl<Value> *captures = nullptr;
};

} // namespace

llvm::hash_code Hasher::hashOpAlone(Operation *op) const {
  llvm::hash_code hash = llvm::hash_combine(
      op->getName(), op->getNumOperands(), op->getNumResults(),
      op->getNumRegions(), op->getNumSuccessors());
  if (op->getPropertiesStorageSize())
    hash = llvm::hash_combine(hash, op->hashProperties());
  DictionaryAttr attrs = op->getRawDictionaryAttrs();
  if (!options.ignoreDiscardableAttrs) {
    hash = llvm::hash_combine(hash, attrs);
  } else if (!op->getPropertiesStorage()) {
    // Inherent attributes stored in the dictionary (ops without properties).
    if (std::optional<RegisteredOperationName> info = op->getRegisteredInfo())
      for (NamedAttribute attr : attrs)
        if (llvm::is_contained(info->getAttributeNames(), attr.getName()))
          hash = llvm::hash_combine(hash, attr);
  }
  for (Type type : op->getResultTypes())
    hash = llvm::hash_combine(hash, type);
  if (!options.ignoreLocations)
    hash = llvm::hash_combine(hash, op->getLoc());
  return hash;
}

llvm::hash_code Hasher::hashNestedOperand(Value value) {
  auto it = local.find(value);
  if (it != local.end())
    return llvm::hash_combine(TagLocal, it->second);
  auto [capture, inserted] =
      captureIndex.try_emplace(value, captureIndex.size());
  if (inserted)
    captures->push_back(value);
  return llvm::hash_combine(TagCapture, capture->second);
}

llvm::hash_code Hasher::hashNested(Operation *op) {
  llvm::hash_code hash = hashOpAlone(op);
  SmallVector<size_t, 4> operands;
  for (Value operand : op->getOperands())
    operands.push_back(hashNestedOperand(operand));
  if (op->hasTrait<OpTrait::IsCommutative>())
    llvm::sort(operands);
  hash = llvm::hash_combine(
      hash, llvm::hash_combine_range(operands.begin(), operands.end()));
  for (Block *successor : op->getSuccessors())
    hash = llvm::hash_combine(hash, blocks.lookup(successor));
  return llvm::hash_combine(hash, hashRegions(op));
}

llvm::hash_code Hasher::hashRegions(Operation *op) {
  llvm::hash_code hash = llvm::hash_combine(op->getNumRegions());
  for (Region &region : op->getRegions()) {
    hash = llvm::hash_combine(hash, region.getBlocks().size());
    for (Block &block : region) {
      hash = llvm::hash_combine(hash, block.getNumArguments());
      for (BlockArgument arg : block.getArguments())
        hash = llvm::hash_combine(hash, arg.getType());
      for (Operation &inner : block)
        hash = llvm::hash_combine(hash, hashNested(&inner));
    }
  }
  return hash;
}

llvm::hash_code Hasher::hashNode(Operation *node,
                                 SmallVectorImpl<Value> &nodeCaptures) {
  if (node->getNumRegions() == 0)
    return hashOpAlone(node);
  // Number what the node defines inside itself, in a fixed pre-order, so
  // that nested operands hash by position, never by identity.
  local.clear();
  blocks.clear();
  captureIndex.clear();
  captures = &nodeCaptures;
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
  llvm::hash_code hash = hashOpAlone(node);
  return llvm::hash_combine(hash, hashRegions(node));
}

/// A topological order of `graph`'s nodes (producers first). Which one does
/// not matter: it only sequences hash computations.
static std::vector<unsigned>
topologicalOrder(const Graph &graph,
                 const std::vector<SmallVector<Value, 4>> &slots) {
  unsigned n = graph.size();
  std::vector<unsigned> pending(n, 0);
  std::vector<SmallVector<unsigned, 2>> consumers(n);
  for (unsigned i = 0; i < n; ++i)
    for (Value input : slots[i])
      if (std::optional<unsigned> producer = graph.getProducer(input)) {
        ++pending[i];
        consumers[*producer].push_back(i);
      }
  std::vector<unsigned> order;
  order.reserve(n);
  for (unsigned i = 0; i < n; ++i)
    if (pending[i] == 0)
      order.push_back(i);
  for (unsigned next = 0; next < order.size(); ++next)
    for (unsigned consumer : consumers[order[next]])
      if (--pending[consumer] == 0)
        order.push_back(consumer);
  // A cycle (never in a verified graph): append the rest in block order.
  if (order.size() != n) {
    std::vector<bool> placed(n, false);
    for (unsigned i : order)
      placed[i] = true;
    for (unsigned i = 0; i < n; ++i)
      if (!placed[i])
        order.push_back(i);
  }
  return order;
}

StructureHashes Hasher::run(std::vector<SmallVector<Value, 4>> &slots) {
  unsigned n = graph.size();
  StructureHashes hashes;
  hashes.content.resize(n);
  slots.assign(n, {});
  for (unsigned i = 0; i < n; ++i) {
    Operation *node = graph.getNode(i);
    SmallVector<Value, 4> nodeCaptures;
    hashes.content[i] = hashNode(node, nodeCaptures);
    slots[i].append(node->operand_begin(), node->operand_end());
    slots[i].append(nodeCaptures.begin(), nodeCaptures.end());
  }
  std::vector<unsigned> order = topologicalOrder(graph, slots);

  // Forward: content plus what flows in, slot by slot.
  hashes.forward.assign(n, llvm::hash_code(0));
  hashes.height.assign(n, 0);
  std::vector<bool> done(n, false);
  for (unsigned i : order) {
    Operation *node = graph.getNode(i);
    unsigned numOperands = node->getNumOperands();
    SmallVector<size_t, 4> inputs;
    unsigned height = 0;
    for (Value input : slots[i]) {
      llvm::hash_code hash;
      if (auto arg = dyn_cast<BlockArgument>(input);
          arg && arg.getOwner() == &graph.getBody()) {
        hash = llvm::hash_combine(TagArgument, arg.getArgNumber());
      } else if (std::optional<unsigned> producer = graph.getProducer(input)) {
        hash = llvm::hash_combine(TagResult,
                                  done[*producer] ? hashes.forward[*producer]
                                                  : hashes.content[*producer],
                                  cast<OpResult>(input).getResultNumber());
        height = std::max(height, hashes.height[*producer] + 1);
      } else {
        hash = llvm::hash_combine(TagOutside, input.getType());
      }
      inputs.push_back(hash);
    }
    if (node->hasTrait<OpTrait::IsCommutative>())
      llvm::sort(inputs.begin(), inputs.begin() + numOperands);
    hashes.forward[i] = llvm::hash_combine(
        hashes.content[i],
        llvm::hash_combine_range(inputs.begin(), inputs.end()));
    hashes.height[i] = height;
    done[i] = true;
  }

  // Backward: content plus where the results flow to.
  hashes.backward.assign(n, llvm::hash_code(0));
  std::fill(done.begin(), done.end(), false);
  Operation *terminator = graph.getTerminator();
  Block &body = graph.getBody();
  for (unsigned i : llvm::reverse(order)) {
    Operation *node = graph.getNode(i);
    SmallVector<size_t, 8> uses;
    for (OpResult result : node->getResults()) {
      unsigned k = result.getResultNumber();
      for (OpOperand &use : result.getUses()) {
        Operation *owner = use.getOwner();
        if (owner == terminator) {
          uses.push_back(
              llvm::hash_combine(TagOutput, use.getOperandNumber(), k));
          continue;
        }
        Operation *ancestor = body.findAncestorOpInBlock(*owner);
        std::optional<unsigned> user =
            ancestor ? graph.getIndex(ancestor) : std::nullopt;
        if (!user)
          continue;
        llvm::hash_code userHash =
            done[*user] ? hashes.backward[*user] : hashes.content[*user];
        if (owner == ancestor) {
          uses.push_back(
              llvm::hash_combine(TagUse, userHash, use.getOperandNumber(), k));
        } else {
          // Captured by the user's regions: its capture slot says where.
          auto it = llvm::find(slots[*user], Value(result));
          uses.push_back(llvm::hash_combine(TagCaptureUse, userHash,
                                            it - slots[*user].begin(), k));
        }
      }
    }
    llvm::sort(uses);
    hashes.backward[i] = llvm::hash_combine(
        hashes.content[i], llvm::hash_combine_range(uses.begin(), uses.end()));
    done[i] = true;
  }
  return hashes;
}

StructureHashes graphdiff::hashStructure(const Graph &graph,
                                         const StructureOptions &options) {
  std::vector<SmallVector<Value, 4>> slots;
  return Hasher(graph, options).run(slots);
}

//===----------------------------------------------------------------------===//
// Matching
//===----------------------------------------------------------------------===//

namespace {

/// One side of the diff: the graph, its hashes, its input slots and the uses
/// of each node's results by slot.
struct Side {
  struct Use {
    unsigned user;
    unsigned slot;
    unsigned result;
  };

  Side(const Graph &graph, const StructureOptions &options) : graph(graph) {
    hashes = Hasher(graph, options).run(slots);
    uses.resize(graph.size());
    argUses.resize(graph.getInputs().size());
    producers.resize(graph.size());
    for (unsigned u = 0; u < graph.size(); ++u)
      for (auto [slot, value] : llvm::enumerate(slots[u])) {
        Use use{u, static_cast<unsigned>(slot), 0};
        std::optional<unsigned> producer = graph.getProducer(value);
        producers[u].push_back(producer ? static_cast<int>(*producer) : -1);
        if (producer) {
          use.result = cast<OpResult>(value).getResultNumber();
          uses[*producer].push_back(use);
        } else if (auto arg = dyn_cast<BlockArgument>(value);
                   arg && arg.getOwner() == &graph.getBody()) {
          argUses[arg.getArgNumber()].push_back(use);
        }
      }
  }

  /// The uses of `value` (a node result or a graph input) by nodes.
  ArrayRef<Use> usesOf(Value value) const {
    if (auto arg = dyn_cast<BlockArgument>(value)) {
      if (arg.getOwner() == &graph.getBody())
        return argUses[arg.getArgNumber()];
      return {};
    }
    if (std::optional<unsigned> producer = graph.getProducer(value))
      return uses[*producer];
    return {};
  }
  /// Whether node `node` is a dead end: no node and no output reads it.
  bool isDeadEnd(unsigned node) const {
    return uses[node].empty() && !graph.isOutputNode(node);
  }

  const Graph &graph;
  StructureHashes hashes;
  std::vector<SmallVector<Value, 4>> slots;
  /// The node producing each slot's value, or -1 (an input, or outside).
  std::vector<SmallVector<int, 4>> producers;
  std::vector<SmallVector<Use, 2>> uses;
  std::vector<SmallVector<Use, 2>> argUses;
};

/// The votes of one propagation: for each free node, the one partner every
/// voter named, or Conflict.
class Votes {
public:
  static constexpr int Conflict = -1;

  void add(unsigned source, unsigned target) {
    addOne(forSource, source, target);
    addOne(forTarget, target, source);
  }
  /// The agreed partner of `node`, nullopt if none, Conflict if disputed.
  std::optional<int> ofSource(unsigned node) const {
    return lookup(forSource, node);
  }
  std::optional<int> ofTarget(unsigned node) const {
    return lookup(forTarget, node);
  }
  bool agrees(unsigned source, unsigned target) const {
    return ofSource(source) == static_cast<int>(target) &&
           ofTarget(target) == static_cast<int>(source);
  }
  /// Whether nothing speaks against pairing `source` with `target`.
  bool allows(unsigned source, unsigned target) const {
    std::optional<int> s = ofSource(source), t = ofTarget(target);
    return (!s || *s == static_cast<int>(target)) &&
           (!t || *t == static_cast<int>(source));
  }
  const llvm::DenseMap<unsigned, int> &sources() const { return forSource; }
  const llvm::DenseMap<unsigned, int> &targets() const { return forTarget; }

private:
  static void addOne(llvm::DenseMap<unsigned, int> &map, unsigned key,
                     unsigned value) {
    auto [it, inserted] = map.try_emplace(key, static_cast<int>(value));
    if (!inserted && it->second != static_cast<int>(value))
      it->second = Conflict;
  }
  static std::optional<int> lookup(const llvm::DenseMap<unsigned, int> &map,
                                   unsigned key) {
    auto it = map.find(key);
    if (it == map.end())
      return std::nullopt;
    return it->second;
  }

  llvm::DenseMap<unsigned, int> forSource, forTarget;
};

using Pair = std::pair<unsigned, unsigned>;

class StructuralMatcher {
public:
  StructuralMatcher(const Graph &source, const Graph &target,
                    NodeMapping &mapping, const StructureOptions &options)
      : src(source, options), tgt(target, options), mapping(mapping),
        options(options) {}

  void run();

private:
  bool isFree(unsigned s, unsigned t) const {
    return !mapping.isSourceTaken(s) && !mapping.isTargetTaken(t);
  }
  void pair(unsigned s, unsigned t) {
    mapping.pair(s, t, MatchStage::Structure);
  }
  /// All pairs currently in the mapping, by target index.
  SmallVector<Pair> allPairs() const;

  /// Pairs the free nodes whose `key` hash is held by exactly one free node
  /// on each side. Returns the new pairs.
  SmallVector<Pair>
  pairUniqueBuckets(const std::vector<llvm::hash_code> &sourceKeys,
                    const std::vector<llvm::hash_code> &targetKeys);

  /// Consensus propagation from `seeds` (and, if `fromOutputs`, from the two
  /// terminators) along operands and/or users, pairing only nodes for which
  /// `compatible` holds. Returns whether it paired anything.
  template <typename Compatible>
  bool propagate(ArrayRef<Pair> seeds, bool alongOperands, bool alongUsers,
                 bool fromOutputs, Compatible compatible);
  template <typename Compatible>
  void voteOperands(ArrayRef<Value> sourceSlots, ArrayRef<int> sourceProducers,
                    ArrayRef<Value> targetSlots, ArrayRef<int> targetProducers,
                    Votes &votes, Compatible &compatible,
                    SmallVectorImpl<unsigned> &touched);
  /// For the slots of target node `t` whose free producer got no partner
  /// from the slots of `s`: looks through the free producers of `s` (the
  /// chain a fusion may have folded into `t`) for the one value that fits.
  template <typename Compatible>
  void voteThroughFusion(unsigned s, unsigned t, Votes &votes,
                         Compatible &compatible,
                         SmallVectorImpl<unsigned> &touched);
  template <typename Compatible>
  void voteUsers(unsigned s, unsigned t, Votes &votes, Compatible &compatible,
                 SmallVectorImpl<unsigned> &touched);
  /// Pairs the touched target nodes whose votes agree both ways (and that
  /// `veto`, if given, allows).
  template <typename Compatible>
  SmallVector<Pair> resolve(SmallVectorImpl<unsigned> &touched,
                            const Votes &votes, const Votes *veto,
                            Compatible &compatible);
  void markConflicts(const Votes &votes);

  /// Interchangeable dead ends (same content, reading the same values, no
  /// users), in groups of equal size on both sides.
  bool pairTwins();
  /// One round of bounded similarity. Returns the new pairs.
  /// Candidates must satisfy `kind`.
  SmallVector<Pair>
  pairSimilar(llvm::function_ref<bool(unsigned, unsigned)> kind);
  /// The source value that target value `value` corresponds to, or null.
  Value sourceImage(Value value) const;
  bool sameKind(unsigned s, unsigned t) const {
    Operation *a = src.graph.getNode(s), *b = tgt.graph.getNode(t);
    return a->getName() == b->getName() &&
           a->getNumResults() == b->getNumResults();
  }

  Side src, tgt;
  NodeMapping &mapping;
  const StructureOptions &options;
};

} // namespace

SmallVector<Pair> StructuralMatcher::allPairs() const {
  SmallVector<Pair> pairs;
  for (unsigned t = 0; t < tgt.graph.size(); ++t)
    if (std::optional<unsigned> s = mapping.getSource(t))
      pairs.push_back({*s, t});
  return pairs;
}

SmallVector<Pair> StructuralMatcher::pairUniqueBuckets(
    const std::vector<llvm::hash_code> &sourceKeys,
    const std::vector<llvm::hash_code> &targetKeys) {
  struct Bucket {
    unsigned sources = 0, targets = 0;
    unsigned source = 0;
  };
  llvm::DenseMap<size_t, Bucket> buckets;
  buckets.reserve(src.graph.size() + tgt.graph.size());
  for (unsigned s = 0; s < src.graph.size(); ++s)
    if (!mapping.isSourceTaken(s)) {
      Bucket &bucket = buckets[sourceKeys[s]];
      ++bucket.sources;
      bucket.source = s;
    }
  for (unsigned t = 0; t < tgt.graph.size(); ++t)
    if (!mapping.isTargetTaken(t))
      ++buckets[targetKeys[t]].targets;
  SmallVector<Pair> pairs;
  for (unsigned t = 0; t < tgt.graph.size(); ++t) {
    if (mapping.isTargetTaken(t))
      continue;
    auto it = buckets.find(targetKeys[t]);
    if (it->second.sources == 1 && it->second.targets == 1) {
      pair(it->second.source, t);
      pairs.push_back({it->second.source, t});
    }
  }
  return pairs;
}

template <typename Compatible>
void StructuralMatcher::voteOperands(ArrayRef<Value> sourceSlots,
                                     ArrayRef<int> sourceProducers,
                                     ArrayRef<Value> targetSlots,
                                     ArrayRef<int> targetProducers,
                                     Votes &votes, Compatible &compatible,
                                     SmallVectorImpl<unsigned> &touched) {
  // Different slots: a fused op reads its producers' inputs too, so slot
  // positions say nothing; voteThroughFusion looks at them instead.
  if (sourceSlots.size() != targetSlots.size())
    return;
  // Same number of slots: slot by slot, free producers of the same result
  // number and type.
  for (unsigned k = 0, e = sourceSlots.size(); k < e; ++k) {
    int s = sourceProducers[k], t = targetProducers[k];
    if (s < 0 || t < 0 || !isFree(s, t))
      continue;
    Value a = sourceSlots[k], b = targetSlots[k];
    if (a.getType() != b.getType() ||
        cast<OpResult>(a).getResultNumber() !=
            cast<OpResult>(b).getResultNumber() ||
        !compatible(s, t))
      continue;
    votes.add(s, t);
    touched.push_back(t);
  }
}

template <typename Compatible>
void StructuralMatcher::voteThroughFusion(unsigned s, unsigned t, Votes &votes,
                                          Compatible &compatible,
                                          SmallVectorImpl<unsigned> &touched) {
  // Only a node whose content changed can have absorbed a chain.
  if (src.hashes.content[s] == tgt.hashes.content[t] &&
      src.slots[s].size() == tgt.slots[t].size())
    return;
  // Target slots fed by a free producer that no slot of `s` could explain.
  SmallVector<std::pair<Value, unsigned>, 4> open;
  for (Value b : tgt.slots[t]) {
    std::optional<unsigned> pb = tgt.graph.getProducer(b);
    if (!pb || mapping.isTargetTaken(*pb) ||
        llvm::any_of(open, [&](auto &entry) { return entry.first == b; }))
      continue;
    bool explained = llvm::any_of(src.slots[s], [&](Value a) {
      std::optional<unsigned> pa = src.graph.getProducer(a);
      return pa && !mapping.isSourceTaken(*pa) && a.getType() == b.getType() &&
             compatible(*pa, *pb);
    });
    if (!explained)
      open.push_back({b, *pb});
  }
  if (open.empty())
    return;
  // The chain above `s`: free producers, breadth first, bounded.
  constexpr unsigned maxChain = 16, maxDepth = 4;
  SmallVector<std::pair<unsigned, unsigned>, 16> chain; // (node, depth)
  llvm::SmallDenseSet<unsigned, 16> inChain;
  auto enqueue = [&](unsigned node, unsigned depth) {
    for (Value a : src.slots[node])
      if (std::optional<unsigned> p = src.graph.getProducer(a);
          p && !mapping.isSourceTaken(*p) && chain.size() < maxChain &&
          inChain.insert(*p).second)
        chain.push_back({*p, depth});
  };
  enqueue(s, 1);
  for (unsigned next = 0; next < chain.size(); ++next)
    if (chain[next].second < maxDepth)
      enqueue(chain[next].first, chain[next].second + 1);
  // The values the chain reads from free producers (which may be chain
  // members themselves: where the fused chain ends is not known yet).
  SmallVector<Value, 16> inflow;
  chain.insert(chain.begin(), {s, 0});
  for (auto [node, depth] : chain)
    for (Value a : src.slots[node]) {
      std::optional<unsigned> p = src.graph.getProducer(a);
      if (p && !mapping.isSourceTaken(*p) && !llvm::is_contained(inflow, a))
        inflow.push_back(a);
    }
  for (auto [b, pb] : open) {
    std::optional<unsigned> only;
    unsigned count = 0;
    for (Value a : inflow) {
      unsigned pa = *src.graph.getProducer(a);
      if (a.getType() == b.getType() &&
          cast<OpResult>(a).getResultNumber() ==
              cast<OpResult>(b).getResultNumber() &&
          compatible(pa, pb)) {
        only = pa;
        ++count;
      }
    }
    if (count != 1)
      continue;
    // And no other open slot fits that value.
    if (llvm::count_if(open, [&](auto &entry) {
          return entry.first.getType() == b.getType() &&
                 compatible(*only, entry.second);
        }) != 1)
      continue;
    votes.add(*only, pb);
    touched.push_back(pb);
  }
}

template <typename Compatible>
void StructuralMatcher::voteUsers(unsigned s, unsigned t, Votes &votes,
                                  Compatible &compatible,
                                  SmallVectorImpl<unsigned> &touched) {
  // Most pairs have no free user left on one side: nothing to vote for.
  auto anyFree = [](ArrayRef<Side::Use> uses, auto isTaken) {
    return llvm::any_of(
        uses, [&](const Side::Use &use) { return !isTaken(use.user); });
  };
  if (!anyFree(src.uses[s],
               [&](unsigned u) { return mapping.isSourceTaken(u); }) ||
      !anyFree(tgt.uses[t],
               [&](unsigned u) { return mapping.isTargetTaken(u); }))
    return;
  // (result, slot) -> the one free user there on each side, or -1 if several.
  llvm::DenseMap<std::pair<unsigned, unsigned>, std::pair<int, int>> at;
  auto note = [&](int &slotUser, unsigned user) {
    slotUser = slotUser == -2 ? static_cast<int>(user) : -1;
  };
  for (const Side::Use &use : src.uses[s])
    if (!mapping.isSourceTaken(use.user))
      note(at.try_emplace({use.result, use.slot}, -2, -2).first->second.first,
           use.user);
  for (const Side::Use &use : tgt.uses[t])
    if (!mapping.isTargetTaken(use.user))
      note(at.try_emplace({use.result, use.slot}, -2, -2).first->second.second,
           use.user);
  // Visit in target use order (deterministic), not map order.
  for (const Side::Use &use : tgt.uses[t]) {
    auto it = at.find({use.result, use.slot});
    if (it == at.end())
      continue;
    auto [a, b] = it->second;
    at.erase(it);
    if (a < 0 || b < 0 || !compatible(a, b))
      continue;
    votes.add(a, b);
    touched.push_back(b);
  }
}

template <typename Compatible>
SmallVector<Pair> StructuralMatcher::resolve(SmallVectorImpl<unsigned> &touched,
                                             const Votes &votes,
                                             const Votes *veto,
                                             Compatible &compatible) {
  llvm::sort(touched);
  touched.erase(std::unique(touched.begin(), touched.end()), touched.end());
  SmallVector<Pair> pairs;
  for (unsigned t : touched) {
    std::optional<int> s = votes.ofTarget(t);
    if (!s || *s < 0 || !votes.agrees(*s, t) || !isFree(*s, t) ||
        (veto && !veto->allows(*s, t)) || !compatible(*s, t))
      continue;
    pair(*s, t);
    pairs.push_back({static_cast<unsigned>(*s), t});
  }
  touched.clear();
  return pairs;
}

void StructuralMatcher::markConflicts(const Votes &votes) {
  for (auto [s, partner] : votes.sources())
    if (partner == Votes::Conflict && !mapping.isSourceTaken(s))
      mapping.markSourceAmbiguous(s);
  for (auto [t, partner] : votes.targets())
    if (partner == Votes::Conflict && !mapping.isTargetTaken(t))
      mapping.markTargetAmbiguous(t);
}

template <typename Compatible>
bool StructuralMatcher::propagate(ArrayRef<Pair> seeds, bool alongOperands,
                                  bool alongUsers, bool fromOutputs,
                                  Compatible compatible) {
  Votes operandVotes, userVotes;
  SmallVector<Pair> operandFrontier(seeds.begin(), seeds.end());
  SmallVector<Pair> userFrontier(seeds.begin(), seeds.end());
  SmallVector<unsigned> touched;
  bool any = false;
  if (alongOperands && fromOutputs) {
    SmallVector<Value> a(src.graph.getOutputs()), b(tgt.graph.getOutputs());
    auto producersOf = [](const Graph &graph, ArrayRef<Value> values) {
      SmallVector<int> producers;
      for (Value value : values) {
        std::optional<unsigned> producer = graph.getProducer(value);
        producers.push_back(producer ? static_cast<int>(*producer) : -1);
      }
      return producers;
    };
    voteOperands(a, producersOf(src.graph, a), b, producersOf(tgt.graph, b),
                 operandVotes, compatible, touched);
    SmallVector<Pair> pairs =
        resolve(touched, operandVotes, nullptr, compatible);
    operandFrontier.append(pairs);
    userFrontier.append(pairs);
    any |= !pairs.empty();
  }
  // Operands first, to a fixpoint, then one round along users: a fused op
  // is reached from its consumers (it takes the sink's place) before its
  // producers could claim it for the head of the fused chain.
  while (true) {
    SmallVector<Pair> pairs;
    if (alongOperands && !operandFrontier.empty()) {
      for (auto [s, t] : operandFrontier) {
        voteOperands(src.slots[s], src.producers[s], tgt.slots[t],
                     tgt.producers[t], operandVotes, compatible, touched);
        voteThroughFusion(s, t, operandVotes, compatible, touched);
      }
      operandFrontier.clear();
      pairs = resolve(touched, operandVotes, nullptr, compatible);
    } else if (alongUsers && !userFrontier.empty()) {
      for (auto [s, t] : userFrontier)
        voteUsers(s, t, userVotes, compatible, touched);
      userFrontier.clear();
      pairs = resolve(touched, userVotes, &operandVotes, compatible);
    } else {
      break;
    }
    any |= !pairs.empty();
    if (alongOperands)
      operandFrontier.append(pairs);
    if (alongUsers)
      userFrontier.append(pairs);
  }
  markConflicts(operandVotes);
  markConflicts(userVotes);
  return any;
}

Value StructuralMatcher::sourceImage(Value value) const {
  if (auto arg = dyn_cast<BlockArgument>(value)) {
    if (arg.getOwner() != &tgt.graph.getBody() ||
        arg.getArgNumber() >= src.graph.getInputs().size())
      return nullptr;
    BlockArgument image = src.graph.getInputs()[arg.getArgNumber()];
    return image.getType() == arg.getType() ? image : nullptr;
  }
  std::optional<unsigned> producer = tgt.graph.getProducer(value);
  if (!producer)
    return nullptr;
  std::optional<unsigned> s = mapping.getSource(*producer);
  unsigned k = cast<OpResult>(value).getResultNumber();
  if (!s || k >= src.graph.getNode(*s)->getNumResults())
    return nullptr;
  return src.graph.getNode(*s)->getResult(k);
}

bool StructuralMatcher::pairTwins() {
  // Content key -> the free dead ends with that content, per side.
  struct Group {
    SmallVector<unsigned, 4> sources, targets;
  };
  llvm::DenseMap<size_t, Group> groups;
  SmallVector<size_t> keys; // in first-seen target order
  for (unsigned s = 0; s < src.graph.size(); ++s)
    if (!mapping.isSourceTaken(s))
      groups[src.hashes.content[s]].sources.push_back(s);
  for (unsigned t = 0; t < tgt.graph.size(); ++t)
    if (!mapping.isTargetTaken(t)) {
      auto [it, inserted] = groups.try_emplace(tgt.hashes.content[t]);
      if (it->second.targets.empty())
        keys.push_back(tgt.hashes.content[t]);
      it->second.targets.push_back(t);
    }
  // Members of a side are interchangeable when none is read by anything and
  // all read the same values: swapping two is an automorphism of the graph,
  // so no pairing of them can show in the plan.
  auto interchangeable = [](const Side &side, ArrayRef<unsigned> members) {
    for (unsigned member : members)
      if (!side.isDeadEnd(member) ||
          side.slots[member] != side.slots[members.front()] ||
          side.graph.getNode(member)->getName() !=
              side.graph.getNode(members.front())->getName())
        return false;
    return true;
  };
  bool any = false;
  for (size_t key : keys) {
    Group &group = groups[key];
    if (group.sources.size() != group.targets.size() ||
        group.sources.size() < 2 || !interchangeable(src, group.sources) ||
        !interchangeable(tgt, group.targets))
      continue;
    for (auto [s, t] : llvm::zip(group.sources, group.targets))
      pair(s, t);
    any = true;
  }
  return any;
}

SmallVector<Pair> StructuralMatcher::pairSimilar(
    llvm::function_ref<bool(unsigned, unsigned)> kind) {
  struct Proposal {
    unsigned target;
    unsigned source;
    unsigned score;
  };
  SmallVector<Proposal> proposals;
  SmallVector<unsigned> candidates;
  llvm::DenseSet<unsigned> seen;
  for (unsigned t = 0; t < tgt.graph.size(); ++t) {
    if (mapping.isTargetTaken(t))
      continue;
    candidates.clear();
    seen.clear();
    auto consider = [&](unsigned s) {
      if (candidates.size() < options.maxCandidates &&
          !mapping.isSourceTaken(s) && kind(s, t) && seen.insert(s).second)
        candidates.push_back(s);
    };
    // Free source nodes that read, at the same slot, what t reads.
    for (auto [slot, value] : llvm::enumerate(tgt.slots[t])) {
      Value image = sourceImage(value);
      if (!image)
        continue;
      ArrayRef<Side::Use> uses = src.usesOf(image);
      if (uses.size() > options.maxFanout)
        continue;
      for (const Side::Use &use : uses)
        if (use.slot == slot)
          consider(use.user);
    }
    // Free source nodes that feed, at the same slot, the partners of t's
    // users.
    if (tgt.uses[t].size() <= options.maxFanout)
      for (const Side::Use &use : tgt.uses[t])
        if (std::optional<unsigned> us = mapping.getSource(use.user))
          if (use.slot < src.slots[*us].size())
            if (std::optional<unsigned> p =
                    src.graph.getProducer(src.slots[*us][use.slot]))
              consider(*p);
    if (candidates.empty())
      continue;

    auto score = [&](unsigned s) {
      unsigned neighbours = 0;
      for (auto [a, b] : llvm::zip(src.slots[s], tgt.slots[t]))
        if (Value image = sourceImage(b); image && image == a)
          ++neighbours;
      if (tgt.uses[t].size() <= options.maxFanout)
        for (const Side::Use &use : tgt.uses[t])
          if (std::optional<unsigned> us = mapping.getSource(use.user))
            if (use.slot < src.slots[*us].size() &&
                src.graph.getProducer(src.slots[*us][use.slot]) == s)
              ++neighbours;
      if (neighbours == 0)
        return 0u;
      // Neighbours count most; equal content and equal types break what
      // neighbours cannot.
      unsigned total = 4 * neighbours;
      if (src.hashes.content[s] == tgt.hashes.content[t])
        total += 2;
      if (src.graph.getNode(s)->getResultTypes() ==
          tgt.graph.getNode(t)->getResultTypes())
        total += 1;
      return total;
    };
    unsigned best = 0, bestCount = 0, bestSource = 0;
    for (unsigned s : candidates) {
      unsigned value = score(s);
      if (value > best) {
        best = value;
        bestCount = 1;
        bestSource = s;
      } else if (value == best && value != 0) {
        ++bestCount;
      }
    }
    if (best == 0)
      continue;
    if (bestCount > 1) {
      mapping.markTargetAmbiguous(t);
      continue;
    }
    proposals.push_back({t, bestSource, best});
  }
  // A source node proposed by several targets goes to the one best target,
  // if there is one.
  llvm::DenseMap<unsigned, std::pair<unsigned, unsigned>>
      bestFor; // s->(score,n)
  for (const Proposal &p : proposals) {
    auto [it, inserted] = bestFor.try_emplace(p.source, p.score, 1);
    if (inserted)
      continue;
    if (p.score > it->second.first)
      it->second = {p.score, 1};
    else if (p.score == it->second.first)
      ++it->second.second;
  }
  SmallVector<Pair> pairs;
  for (const Proposal &p : proposals) {
    auto [bestScore, count] = bestFor[p.source];
    if (p.score != bestScore)
      continue;
    if (count > 1) {
      mapping.markSourceAmbiguous(p.source);
      mapping.markTargetAmbiguous(p.target);
      continue;
    }
    pair(p.source, p.target);
    pairs.push_back({p.source, p.target});
  }
  return pairs;
}

void StructuralMatcher::run() {
  auto sameForward = [&](unsigned s, unsigned t) {
    return src.hashes.forward[s] == tgt.hashes.forward[t];
  };
  auto sameBackward = [&](unsigned s, unsigned t) {
    return src.hashes.backward[s] == tgt.hashes.backward[t];
  };
  auto sameKind = [&](unsigned s, unsigned t) { return this->sameKind(s, t); };
  auto sameShape = [&](unsigned s, unsigned t) {
    Operation *a = src.graph.getNode(s), *b = tgt.graph.getNode(t);
    return a->getName().getDialectNamespace() ==
               b->getName().getDialectNamespace() &&
           a->getResultTypes() == b->getResultTypes();
  };

  // 1. Identical sub-DAGs: unique forward hashes, then their cones (seeded
  //    with the earlier stages' pairs and the outputs too). A few rounds:
  //    resolving ties by context can leave unique leftovers.
  pairUniqueBuckets(src.hashes.forward, tgt.hashes.forward);
  propagate(allPairs(), /*alongOperands=*/true, /*alongUsers=*/false,
            /*fromOutputs=*/true, sameForward);
  for (unsigned round = 0; round < 3; ++round) {
    SmallVector<Pair> pairs =
        pairUniqueBuckets(src.hashes.forward, tgt.hashes.forward);
    if (pairs.empty())
      break;
    propagate(pairs, true, false, false, sameForward);
  }

  // 2. Identical downstream contexts: unique backward hashes, then their
  //    users.
  for (unsigned round = 0; round < 3; ++round) {
    SmallVector<Pair> pairs =
        pairUniqueBuckets(src.hashes.backward, tgt.hashes.backward);
    if (pairs.empty())
      break;
    propagate(pairs, /*alongOperands=*/false, /*alongUsers=*/true,
              /*fromOutputs=*/false, sameBackward);
  }

  // 3. Structure: from every pair and from the outputs, along operands, then
  //    users, to nodes of the same op.
  propagate(allPairs(), true, true, true, sameKind);

  // 4. Interchangeable dead ends.
  if (pairTwins())
    propagate(allPairs(), true, true, false, sameKind);

  // 5. Bounded similarity, then structure again from the new pairs.
  auto similarity = [&](auto kind) {
    for (unsigned round = 0; round < options.maxSimilarityRounds; ++round) {
      SmallVector<Pair> pairs = pairSimilar(kind);
      if (pairs.empty())
        break;
      propagate(pairs, true, true, false, sameKind);
    }
  };
  similarity(sameKind);

  // 6. Where the op itself changed (a named op generalized to
  //    linalg.generic, a tosa op lowered): the same dialect and the same
  //    result types, once the strict stages are done; then those again.
  if (propagate(allPairs(), true, true, true, sameShape)) {
    propagate(allPairs(), true, true, true, sameKind);
    similarity(sameKind);
  }
  similarity(sameShape);

  // 7. Lowered ops (tosa -> linalg): the same result types is all that is
  //    left to go by, so only along operands, from pairs and outputs, where
  //    a consumer's slot says which producer took the old one's place.
  auto sameTypes = [&](unsigned s, unsigned t) {
    return src.graph.getNode(s)->getResultTypes() ==
           tgt.graph.getNode(t)->getResultTypes();
  };
  if (propagate(allPairs(), true, false, true, sameTypes)) {
    propagate(allPairs(), true, true, true, sameKind);
    propagate(allPairs(), true, true, true, sameShape);
  }

  // Exact ties that nothing resolved are ambiguous too.
  llvm::DenseMap<size_t, std::pair<unsigned, unsigned>> counts;
  for (unsigned s = 0; s < src.graph.size(); ++s)
    if (!mapping.isSourceTaken(s))
      ++counts[src.hashes.forward[s]].first;
  for (unsigned t = 0; t < tgt.graph.size(); ++t)
    if (!mapping.isTargetTaken(t))
      ++counts[tgt.hashes.forward[t]].second;
  for (unsigned s = 0; s < src.graph.size(); ++s)
    if (!mapping.isSourceTaken(s)) {
      auto [ns, nt] = counts[src.hashes.forward[s]];
      if (nt != 0 && ns + nt > 2)
        mapping.markSourceAmbiguous(s);
    }
  for (unsigned t = 0; t < tgt.graph.size(); ++t)
    if (!mapping.isTargetTaken(t)) {
      auto [ns, nt] = counts[tgt.hashes.forward[t]];
      if (ns != 0 && ns + nt > 2)
        mapping.markTargetAmbiguous(t);
    }
}

void graphdiff::matchByStructure(const Graph &source, const Graph &target,
                                 NodeMapping &mapping,
                                 const StructureOptions &options) {
  // An lg node's id is its identity: two lg nodes with different ids are
  // different nodes, whatever their shape.
  if (source.isLogicalGraph() || target.isLogicalGraph())
    return;
  StructuralMatcher(source, target, mapping, options).run();
}

//===----------------------------------------------------------------------===//
// Measuring
//===----------------------------------------------------------------------===//

MatchStats graphdiff::computeMatchStats(const Graph &source,
                                        const Graph &target,
                                        const NodeMapping &mapping) {
  StructureOptions options;
  StructureHashes a = hashStructure(source, options);
  StructureHashes b = hashStructure(target, options);
  MatchStats stats;
  stats.sourceNodes = source.size();
  stats.targetNodes = target.size();

  // Content: a multiset difference.
  llvm::DenseMap<size_t, std::pair<unsigned, unsigned>> content;
  for (llvm::hash_code hash : a.content)
    ++content[hash].first;
  for (llvm::hash_code hash : b.content)
    ++content[hash].second;
  for (auto &[hash, counts] : content)
    stats.lowerBound += counts.first > counts.second
                            ? counts.first - counts.second
                            : counts.second - counts.first;

  // Unchanged cones: per forward hash, min(count) counterparts exist; each
  // pair inside the bucket uses one.
  llvm::DenseMap<size_t, std::pair<unsigned, unsigned>> forward;
  for (llvm::hash_code hash : a.forward)
    ++forward[hash].first;
  for (llvm::hash_code hash : b.forward)
    ++forward[hash].second;
  llvm::DenseMap<size_t, unsigned> pairedInBucket;
  for (unsigned s = 0; s < source.size(); ++s)
    if (std::optional<unsigned> t = mapping.getTarget(s))
      if (a.forward[s] == b.forward[*t])
        ++pairedInBucket[a.forward[s]];
  for (auto &[hash, counts] : forward) {
    unsigned unchanged = std::min(counts.first, counts.second);
    unsigned paired = pairedInBucket.lookup(hash);
    stats.unchangedUnmatched += unchanged > paired ? unchanged - paired : 0;
  }
  for (unsigned s = 0; s < source.size(); ++s)
    stats.ambiguous += mapping.isSourceAmbiguous(s);
  for (unsigned t = 0; t < target.size(); ++t)
    stats.ambiguous += mapping.isTargetAmbiguous(t);
  return stats;
}
