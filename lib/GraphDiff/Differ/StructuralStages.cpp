//===- StructuralStages.cpp - How the structural stage seeds pairs --------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Differ/StructuralStages.h"

#include "GraphDiff/Graph/Graph.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/MathExtras.h"

#include <optional>
#include <vector>

using namespace mlir;
using namespace graphdiff;

namespace {
/// A bit per hash of a key, a few bits per key: says "not one of the keys"
/// for most other keys without a lookup in the set or map that holds them.
class KeyFilter {
public:
  explicit KeyFilter(size_t numKeys) {
    size_t bits = std::max<size_t>(64, llvm::NextPowerOf2(16 * numKeys));
    shift = 64 - llvm::Log2_64(bits);
    words.assign(bits / 64, 0);
  }
  void insert(size_t key) {
    size_t bit = bitOf(key);
    words[bit / 64] |= uint64_t(1) << (bit % 64);
  }
  bool mayContain(size_t key) const {
    size_t bit = bitOf(key);
    return words[bit / 64] >> (bit % 64) & 1;
  }

private:
  size_t bitOf(size_t key) const {
    return static_cast<size_t>((key * 0x9E3779B97F4A7C15ull) >> shift);
  }
  std::vector<uint64_t> words;
  unsigned shift;
};
} // namespace

SmallVector<NodePair>
graphdiff::pairUniqueBuckets(StructuralState &state,
                             const std::vector<llvm::hash_code> &sourceKeys,
                             const std::vector<llvm::hash_code> &targetKeys,
                             const SmallVectorImpl<NodePair> *takenSince) {
  const Graph &source = state.source, &target = state.target;
  NodeMapping &mapping = state.mapping;
  // The keys that can have a new unique bucket, if known: a node whose key
  // is not one of them is passed over as if taken.
  llvm::DenseSet<size_t> changed;
  std::optional<KeyFilter> changedFilter;
  if (takenSince) {
    for (auto [s, t] : *takenSince) {
      changed.insert(sourceKeys[s]);
      changed.insert(targetKeys[t]);
    }
    if (changed.empty())
      return {};
    changedFilter.emplace(changed.size());
    for (size_t key : changed)
      changedFilter->insert(key);
  }
  auto unchanged = [&](size_t key) {
    return !changedFilter->mayContain(key) || !changed.contains(key);
  };
  auto skipSource = [&](unsigned s) {
    return mapping.isSourceTaken(s) || (takenSince && unchanged(sourceKeys[s]));
  };
  auto skipTarget = [&](unsigned t) {
    return mapping.isTargetTaken(t) || (takenSince && unchanged(targetKeys[t]));
  };
  // Key -> the one free source holding it (or Several) and how many free
  // targets hold it. Only the free sources' keys go in: a target whose key
  // no free source holds has nothing to pair with. The table is sized for
  // the free sources only (after the first call, most nodes are taken).
  //
  // An open-addressed table (linear probing, at most half full) rather
  // than a DenseMap: the first call enters every node of a large graph, a
  // cache miss each at random places, and with the slot known in advance
  // the loops below prefetch the slot of the node a few steps ahead.
  constexpr unsigned Empty = ~0u, Several = ~0u - 1;
  struct Bucket {
    size_t key;
    unsigned source = Empty;
    unsigned targets = 0;
  };
  // (With the changed keys known, the table holds at most one bucket each.)
  unsigned freeSources = 0;
  if (takenSince)
    freeSources = changed.size();
  else
    for (unsigned s = 0; s < source.size(); ++s)
      freeSources += !mapping.isSourceTaken(s);
  if (freeSources == 0)
    return {};
  size_t size = llvm::NextPowerOf2(2 * static_cast<size_t>(freeSources));
  unsigned shift = 64 - llvm::Log2_64(size);
  size_t mask = size - 1;
  std::vector<Bucket> buckets(size);
  auto home = [&](size_t key) {
    return static_cast<size_t>((key * 0x9E3779B97F4A7C15ull) >> shift);
  };
  // (Not needed for a small table of changed keys.)
  constexpr unsigned Ahead = 8;
  auto prefetch = [&](size_t key) {
    if (!takenSince)
      __builtin_prefetch(&buckets[home(key)], 1);
  };
  // The slot of `key`'s bucket, or the empty slot where it would go.
  auto probe = [&](size_t key) {
    size_t slot = home(key);
    while (buckets[slot].source != Empty && buckets[slot].key != key)
      slot = (slot + 1) & mask;
    return slot;
  };
  for (unsigned s = 0; s < source.size(); ++s) {
    if (s + Ahead < source.size())
      prefetch(sourceKeys[s + Ahead]);
    if (skipSource(s))
      continue;
    size_t key = sourceKeys[s];
    Bucket &bucket = buckets[probe(key)];
    if (bucket.source == Empty) {
      bucket.key = key;
      bucket.source = s;
    } else {
      bucket.source = Several;
    }
  }
  // The free targets with their buckets' slots: no second lookup. A slot
  // fits in 32 bits (the table has at most four per free source node), and
  // the list is sized once: on the first call it holds most of a large
  // graph's nodes.
  std::vector<std::pair<unsigned, unsigned>> freeTargets;
  if (!takenSince) {
    unsigned freeTargetCount = 0;
    for (unsigned t = 0; t < target.size(); ++t)
      freeTargetCount += !mapping.isTargetTaken(t);
    freeTargets.reserve(freeTargetCount);
  }
  for (unsigned t = 0; t < target.size(); ++t) {
    if (t + Ahead < target.size())
      prefetch(targetKeys[t + Ahead]);
    if (skipTarget(t))
      continue;
    size_t slot = probe(targetKeys[t]);
    Bucket &bucket = buckets[slot];
    if (bucket.source == Empty)
      continue;
    ++bucket.targets;
    if (bucket.source != Several)
      freeTargets.push_back({t, static_cast<unsigned>(slot)});
  }
  // Pairing a target takes only it among the targets: the free ones are
  // still free when their turn comes.
  SmallVector<NodePair> pairs;
  for (auto [t, slot] : freeTargets)
    if (buckets[slot].targets == 1) {
      state.pair(buckets[slot].source, t);
      pairs.push_back({buckets[slot].source, t});
    }
  return pairs;
}

/// Pairs, in index order, free dead ends of `state` that have the same key
/// (`keyOf(isSource, node)`, none for a node to leave alone) and op name, in
/// groups of equal size on both sides (with more on one side, which of them
/// is new is not for the differ to guess). `sameSlots`: only groups of two
/// or more, every member of a side reading exactly what the side's first
/// member reads. Returns whether it paired anything.
static bool pairDeadEnds(
    StructuralState &state,
    llvm::function_ref<std::optional<size_t>(bool isSource, unsigned node)>
        keyOf,
    bool sameSlots) {
  NodeMapping &mapping = state.mapping;
  struct Group {
    SmallVector<unsigned, 4> sources, targets;
  };
  llvm::DenseMap<size_t, Group> groups;
  SmallVector<size_t> keys; // in first-seen target order
  for (unsigned s = 0; s < state.source.size(); ++s)
    if (!mapping.isSourceTaken(s) && state.source.isDeadEnd(s))
      if (std::optional<size_t> key = keyOf(/*isSource=*/true, s))
        groups[*key].sources.push_back(s);
  for (unsigned t = 0; t < state.target.size(); ++t) {
    if (mapping.isTargetTaken(t) || !state.target.isDeadEnd(t))
      continue;
    std::optional<size_t> key = keyOf(/*isSource=*/false, t);
    if (!key)
      continue;
    auto it = groups.find(*key);
    if (it == groups.end())
      continue;
    if (it->second.targets.empty())
      keys.push_back(*key);
    it->second.targets.push_back(t);
  }
  auto readAlike = [](const Graph &graph, ArrayRef<unsigned> members) {
    unsigned first = members.front();
    return llvm::all_of(members, [&](unsigned member) {
      return graph.getSlots(member) == graph.getSlots(first);
    });
  };
  bool any = false;
  for (size_t key : keys) {
    Group &group = groups[key];
    if (group.sources.size() != group.targets.size() ||
        (sameSlots &&
         (group.sources.size() < 2 || !readAlike(state.source, group.sources) ||
          !readAlike(state.target, group.targets))))
      continue;
    for (auto [s, t] : llvm::zip(group.sources, group.targets)) {
      if (state.source.getNode(s)->getName() !=
          state.target.getNode(t)->getName())
        continue;
      state.pair(s, t);
      any = true;
    }
  }
  return any;
}

bool graphdiff::pairTwins(StructuralState &state) {
  const StructureHashes &src = state.sourceHashes, &tgt = state.targetHashes;
  // Equal content, reading exactly the same values on each side (however
  // those values came to be): swapping two is an automorphism of the graph.
  bool any = pairDeadEnds(
      state,
      [&](bool isSource, unsigned node) -> std::optional<size_t> {
        return (isSource ? src : tgt).content[node];
      },
      /*sameSlots=*/true);
  // Equal content, reading the results of paired nodes, the same on both
  // sides up to the pairing: twins under a node whose cone changed (their
  // forward hashes then differ between the sides). Votes along users name
  // one free user per slot, so twins get none. The key: the content, and
  // for each slot the target node it reads (its partner, on the source
  // side) and the result number.
  const NodeMapping &mapping = state.mapping;
  any |= pairDeadEnds(
      state,
      [&](bool isSource, unsigned node) -> std::optional<size_t> {
        const Graph &graph = isSource ? state.source : state.target;
        ArrayRef<int> producers = graph.getSlotProducers(node);
        if (producers.empty())
          return std::nullopt;
        llvm::hash_code key = (isSource ? src : tgt).content[node];
        for (auto [slot, producer] : llvm::enumerate(producers)) {
          std::optional<unsigned> image;
          if (producer != Graph::kNoProducer) {
            if (isSource)
              image = mapping.getTarget(producer);
            else if (mapping.getSource(producer))
              image = producer;
          }
          if (!image)
            return std::nullopt;
          key = llvm::hash_combine(key, *image,
                                   graph.getSlotResultNumber(node, slot));
        }
        return key;
      },
      /*sameSlots=*/false);
  // Equal content over equal upstream cones (forward hashes), reading
  // different nodes: copies of one dead chain (a duplicated constant and
  // what reads only it). Which copy stands for which changes no reader, and
  // the cones then pair by consensus along operands, copy by copy.
  any |= pairDeadEnds(
      state,
      [&](bool isSource, unsigned node) -> std::optional<size_t> {
        return (isSource ? src : tgt).forward[node];
      },
      /*sameSlots=*/false);
  return any;
}

bool graphdiff::settleTwins(StructuralState &state) {
  NodeMapping &mapping = state.mapping;
  const Graph &source = state.source, &target = state.target;
  const std::vector<llvm::hash_code> &keys = state.sourceHashes.forward;
  // Forward hash -> the source nodes holding it, in index order, for the
  // hashes of free nodes only (most nodes are paired by now).
  llvm::DenseMap<size_t, SmallVector<unsigned, 2>> buckets;
  for (unsigned s = 0; s < source.size(); ++s)
    if (!mapping.isSourceTaken(s))
      buckets.try_emplace(keys[s]);
  if (buckets.empty())
    return false;
  // Most nodes' keys hold no bucket: the filter says so without a lookup.
  KeyFilter filter(buckets.size());
  for (const auto &bucket : buckets)
    filter.insert(bucket.first);
  for (unsigned s = 0; s < source.size(); ++s) {
    if (!filter.mayContain(keys[s]))
      continue;
    auto it = buckets.find(keys[s]);
    if (it != buckets.end())
      it->second.push_back(s);
  }
  // The buckets of twins, by first member: the order a walk over the nodes
  // would meet them in.
  SmallVector<ArrayRef<unsigned>> twinBuckets;
  for (const auto &bucket : buckets)
    if (bucket.second.size() >= 2)
      twinBuckets.push_back(bucket.second);
  llvm::sort(twinBuckets, [](ArrayRef<unsigned> a, ArrayRef<unsigned> b) {
    return a.front() < b.front();
  });
  // Graph outputs by the node that makes them: (position, result number).
  llvm::DenseMap<unsigned, SmallVector<std::pair<unsigned, unsigned>, 1>>
      outputsOf;
  for (auto [k, value] : llvm::enumerate(source.getOutputs()))
    if (std::optional<unsigned> s = source.getProducer(value))
      outputsOf[*s].push_back(
          {static_cast<unsigned>(k), cast<OpResult>(value).getResultNumber()});
  mlir::OperandRange targetOutputs = target.getOutputs();
  // Reads of node s's results whose partners read the same result of t.
  auto reads = [&](unsigned s, unsigned t) {
    Operation *node = target.getNode(t);
    unsigned n = 0;
    for (const Graph::Use &use : source.getUses(s)) {
      std::optional<unsigned> user = mapping.getTarget(use.user);
      if (user && use.result < node->getNumResults() &&
          llvm::is_contained(target.getSlots(*user),
                             node->getResult(use.result)))
        ++n;
    }
    auto it = outputsOf.find(s);
    if (it != outputsOf.end())
      for (auto [k, result] : it->second)
        if (k < targetOutputs.size() && result < node->getNumResults() &&
            targetOutputs[k] == node->getResult(result))
          ++n;
    return n;
  };
  bool moved = false;
  for (ArrayRef<unsigned> twins : twinBuckets) {
    SmallVector<unsigned, 4> free; // in file order
    for (unsigned twin : twins)
      if (!mapping.isSourceTaken(twin))
        free.push_back(twin);
    if (free.empty())
      continue;
    for (unsigned paired : twins) {
      std::optional<unsigned> t = mapping.getTarget(paired);
      if (!t || mapping.getPairStage(*t) != MatchStage::Structure)
        continue;
      // The first twin (in file order) that a reader of the target vouches
      // for, among the pair's own node and the first maxCandidates free
      // twins; the pair stays if none does.
      std::optional<unsigned> best;
      unsigned looked = 0;
      for (unsigned twin : free) {
        if (twin > paired || looked++ == state.options.maxCandidates)
          break;
        if (reads(twin, *t) != 0) {
          best = twin;
          break;
        }
      }
      if (!best && reads(paired, *t) != 0)
        continue;
      if (!best)
        for (unsigned twin :
             llvm::make_range(llvm::upper_bound(free, paired), free.end())) {
          if (looked++ >= state.options.maxCandidates)
            break;
          if (reads(twin, *t) != 0) {
            best = twin;
            break;
          }
        }
      if (!best)
        continue;
      mapping.unpairTarget(*t);
      state.pair(*best, *t);
      mapping.clearSourceAmbiguous(*best);
      // The node left is free now, in its place in file order.
      free.erase(llvm::find(free, *best));
      free.insert(llvm::upper_bound(free, paired), paired);
      moved = true;
    }
  }
  return moved;
}

/// The one value of constant `op` as a scalar: its value if it is a scalar
/// constant, its element if it is a splat of a shaped type; null otherwise.
/// `isSplat` says which.
static Attribute scalarValue(Operation *op, bool &isSplat) {
  Attribute value;
  if (op->getNumResults() != 1 || !op->hasTrait<OpTrait::ConstantLike>() ||
      !matchPattern(op->getResult(0), m_Constant(&value)))
    return nullptr;
  if (auto splat = dyn_cast<SplatElementsAttr>(value)) {
    isSplat = true;
    return splat.getSplatValue<Attribute>();
  }
  isSplat = false;
  return isa<FloatAttr, IntegerAttr>(value) ? value : nullptr;
}

bool graphdiff::pairRetypedSplats(StructuralState &state) {
  // A splat's element (or a scalar) -> the free constants holding it: the
  // source's splats and the target's scalars, and the other way round.
  struct Bucket {
    SmallVector<unsigned, 2> sources, targets;
  };
  llvm::DenseMap<std::pair<Attribute, unsigned>, Bucket> buckets;
  SmallVector<std::pair<Attribute, unsigned>> order;
  for (unsigned s = 0; s < state.source.size(); ++s) {
    bool isSplat = false;
    if (state.mapping.isSourceTaken(s))
      continue;
    if (Attribute value = scalarValue(state.source.getNode(s), isSplat)) {
      auto [it, fresh] = buckets.try_emplace({value, unsigned(isSplat)});
      if (fresh)
        order.push_back({value, unsigned(isSplat)});
      it->second.sources.push_back(s);
    }
  }
  for (unsigned t = 0; t < state.target.size(); ++t) {
    bool isSplat = false;
    if (state.mapping.isTargetTaken(t))
      continue;
    if (Attribute value = scalarValue(state.target.getNode(t), isSplat)) {
      // A target scalar goes with the source's splats of its value.
      auto it = buckets.find({value, unsigned(!isSplat)});
      if (it != buckets.end())
        it->second.targets.push_back(t);
    }
  }
  bool any = false;
  for (const auto &key : order) {
    const Bucket &bucket = buckets[key];
    if (bucket.sources.size() != 1 || bucket.targets.size() != 1)
      continue;
    state.pair(bucket.sources.front(), bucket.targets.front());
    any = true;
  }
  return any;
}

bool graphdiff::pairMergedConstants(StructuralState &state) {
  // A constant's forward hash is its content's (it reads nothing).
  auto isConstant = [](Operation *op) {
    return op->hasTrait<OpTrait::ConstantLike>() && op->getNumOperands() == 0;
  };
  // Forward hash -> the free source constants holding it, in file order,
  // and how many free target constants hold it.
  llvm::DenseMap<size_t, std::pair<SmallVector<unsigned, 2>, unsigned>> buckets;
  for (unsigned s = 0; s < state.source.size(); ++s)
    if (!state.mapping.isSourceTaken(s) && isConstant(state.source.getNode(s)))
      buckets[state.sourceHashes.forward[s]].first.push_back(s);
  if (buckets.empty())
    return false;
  for (unsigned t = 0; t < state.target.size(); ++t)
    if (!state.mapping.isTargetTaken(t) && isConstant(state.target.getNode(t)))
      if (auto it = buckets.find(state.targetHashes.forward[t]);
          it != buckets.end())
        ++it->second.second;
  bool any = false;
  for (unsigned t = 0; t < state.target.size(); ++t) {
    if (state.mapping.isTargetTaken(t) || !isConstant(state.target.getNode(t)))
      continue;
    auto it = buckets.find(state.targetHashes.forward[t]);
    if (it == buckets.end() || it->second.second != 1 ||
        it->second.first.size() < 2)
      continue;
    unsigned first = it->second.first.front();
    if (state.sourceHashes.content[first] != state.targetHashes.content[t])
      continue;
    state.pair(first, t);
    any = true;
  }
  return any;
}

bool graphdiff::pairMovedConstants(StructuralState &state) {
  // A constant's value (the attribute, uniqued: its type and elements) ->
  // the free constants holding it on each side.
  struct Bucket {
    SmallVector<unsigned, 2> sources, targets;
  };
  llvm::DenseMap<Attribute, Bucket> buckets;
  SmallVector<Attribute> order;
  auto valueOf = [](Operation *op) -> Attribute {
    Attribute value;
    if (op->getNumResults() != 1 || !op->hasTrait<OpTrait::ConstantLike>() ||
        !matchPattern(op->getResult(0), m_Constant(&value)))
      return nullptr;
    return value;
  };
  for (unsigned s = 0; s < state.source.size(); ++s)
    if (!state.mapping.isSourceTaken(s))
      if (Attribute value = valueOf(state.source.getNode(s))) {
        auto [it, fresh] = buckets.try_emplace(value);
        if (fresh)
          order.push_back(value);
        it->second.sources.push_back(s);
      }
  for (unsigned t = 0; t < state.target.size(); ++t)
    if (!state.mapping.isTargetTaken(t))
      if (Attribute value = valueOf(state.target.getNode(t))) {
        auto it = buckets.find(value);
        if (it != buckets.end())
          it->second.targets.push_back(t);
      }
  bool any = false;
  for (Attribute key : order) {
    const Bucket &bucket = buckets[key];
    if (bucket.sources.size() != 1 || bucket.targets.size() != 1)
      continue;
    unsigned s = bucket.sources.front(), t = bucket.targets.front();
    // The same op with the same value is another stage's to pair (by its
    // place in the graph): only a constant moved to another op is this one's.
    Operation *a = state.source.getNode(s), *b = state.target.getNode(t);
    if (a->getName() == b->getName() ||
        a->getResultTypes() != b->getResultTypes())
      continue;
    state.pair(s, t);
    any = true;
  }
  return any;
}

/// Whether `op`, not a linalg op, reduces data as a keep-dims reduction
/// does: it reads one value that is not a constant, a static tensor of the
/// rank and element type of its one result, whose every dimension is the
/// operand's or 1, at least one of them reduced from more than 1.
static bool reducesKeepingDims(Operation *op) {
  if (op->getNumResults() != 1 || op->getNumRegions() != 0)
    return false;
  auto result = dyn_cast<RankedTensorType>(op->getResult(0).getType());
  if (!result || !result.hasStaticShape())
    return false;
  RankedTensorType input;
  for (Value operand : op->getOperands()) {
    if (isConstantValue(operand))
      continue;
    auto type = dyn_cast<RankedTensorType>(operand.getType());
    if (input || !type)
      return false;
    input = type;
  }
  if (!input || !input.hasStaticShape() ||
      input.getRank() != result.getRank() ||
      input.getElementType() != result.getElementType())
    return false;
  bool reduced = false;
  for (auto [from, to] : llvm::zip(input.getShape(), result.getShape())) {
    if (to != from && to != 1)
      return false;
    reduced |= to != from;
  }
  return reduced;
}

/// Whether node `to` reads, through other nodes, node `from` (`from` comes
/// first in node order).
static bool reaches(const Graph &graph, unsigned from, unsigned to) {
  SmallVector<unsigned, 16> work{from};
  llvm::DenseSet<unsigned> seen{from};
  while (!work.empty()) {
    unsigned node = work.pop_back_val();
    for (const Graph::Use &use : graph.getUses(node)) {
      if (use.user == to)
        return true;
      if (use.user < to && seen.insert(use.user).second)
        work.push_back(use.user);
    }
  }
  return false;
}

SmallVector<NodePair> graphdiff::pairLoweredReductions(StructuralState &state) {
  using Structured = StructuralState::Structured;
  using Reduction = StructuralState::Reduction;
  // More reductions than this: the chain checks below would cost a walk of
  // the graph each; such graphs are not a lowered fragment.
  constexpr unsigned maxReductions = 16;
  SmallVector<unsigned, 4> sources, targets;
  for (unsigned s = 0; s < state.source.size(); ++s)
    if (!state.mapping.isSourceTaken(s) &&
        state.sourceStructured[s] == Structured::None &&
        reducesKeepingDims(state.source.getNode(s)))
      sources.push_back(s);
  for (unsigned t = 0; t < state.target.size(); ++t)
    if (!state.mapping.isTargetTaken(t) &&
        state.targetStructured[t] != Structured::None &&
        state.targetReduction[t] == Reduction::Data)
      targets.push_back(t);
  if (sources.empty() || sources.size() != targets.size() ||
      sources.size() > maxReductions)
    return {};
  for (unsigned k = 0; k < sources.size(); ++k) {
    Operation *a = state.source.getNode(sources[k]);
    Operation *b = state.target.getNode(targets[k]);
    if (b->getNumResults() != 1 ||
        !sameModuloUnitDims(a->getResult(0).getType(),
                            b->getResult(0).getType()))
      return {};
    if (k && (!reaches(state.source, sources[k - 1], sources[k]) ||
              !reaches(state.target, targets[k - 1], targets[k])))
      return {};
  }
  SmallVector<NodePair> pairs;
  for (auto [s, t] : llvm::zip(sources, targets)) {
    state.pair(s, t);
    pairs.push_back({s, t});
  }
  return pairs;
}

Value graphdiff::getSourceImage(const StructuralState &state, Value value) {
  const Graph &source = state.source, &target = state.target;
  if (auto arg = dyn_cast<BlockArgument>(value)) {
    if (arg.getOwner() != &target.getBody() ||
        arg.getArgNumber() >= source.getInputs().size())
      return nullptr;
    BlockArgument image = source.getInputs()[arg.getArgNumber()];
    return image.getType() == arg.getType() ? image : nullptr;
  }
  std::optional<unsigned> producer = target.getProducer(value);
  if (!producer)
    return nullptr;
  std::optional<unsigned> s = state.mapping.getSource(*producer);
  unsigned k = cast<OpResult>(value).getResultNumber();
  if (!s || k >= source.getNode(*s)->getNumResults())
    return nullptr;
  return source.getNode(*s)->getResult(k);
}

namespace {

/// One round of pairSimilar: scores candidates per free target node, then
/// settles sources that several targets want.
class Similarity {
public:
  Similarity(StructuralState &state, PairFilter kind)
      : state(state), source(state.source), target(state.target),
        mapping(state.mapping), options(state.options), kind(kind) {}

  SmallVector<NodePair> run();

private:
  struct Proposal {
    unsigned target;
    unsigned source;
    unsigned score;
  };
  /// Collects the candidates of target node `t` into `candidates`.
  void collectCandidates(unsigned t);
  /// How well source node `s` fits target node `t`; 0 if no neighbour agrees.
  unsigned score(unsigned s, unsigned t) const;
  /// The source node that slot `slot` of the partner of target node `user`
  /// reads, if that partner exists.
  std::optional<unsigned> partnerProducer(const Graph::Use &use) const;
  /// getSourceImage() of slot `slot` of target node `t`, and the source node
  /// that makes it (nullopt for a graph input): the slot's producer is read
  /// from the graph's rows, not looked up.
  std::pair<Value, std::optional<unsigned>> slotImage(unsigned t,
                                                      unsigned slot) const;

  StructuralState &state;
  const Graph &source;
  const Graph &target;
  NodeMapping &mapping;
  const StructureOptions &options;
  PairFilter kind;
  SmallVector<unsigned> candidates;
  llvm::DenseSet<unsigned> seen;
};

} // namespace

std::optional<unsigned>
Similarity::partnerProducer(const Graph::Use &use) const {
  std::optional<unsigned> partner = mapping.getSource(use.user);
  if (!partner)
    return std::nullopt;
  ArrayRef<int> producers = source.getSlotProducers(*partner);
  if (use.slot >= producers.size() || producers[use.slot] == Graph::kNoProducer)
    return std::nullopt;
  return static_cast<unsigned>(producers[use.slot]);
}

std::pair<Value, std::optional<unsigned>>
Similarity::slotImage(unsigned t, unsigned slot) const {
  Value value = target.getSlots(t)[slot];
  int producer = target.getSlotProducers(t)[slot];
  if (producer == Graph::kNoProducer)
    return {getSourceImage(state, value), std::nullopt};
  std::optional<unsigned> s = mapping.getSource(producer);
  if (!s)
    return {nullptr, std::nullopt};
  unsigned k = cast<OpResult>(value).getResultNumber();
  Operation *op = source.getNode(*s);
  if (k >= op->getNumResults())
    return {nullptr, std::nullopt};
  return {op->getResult(k), *s};
}

void Similarity::collectCandidates(unsigned t) {
  candidates.clear();
  seen.clear();
  auto consider = [&](unsigned s) {
    if (candidates.size() < options.maxCandidates &&
        !mapping.isSourceTaken(s) && kind(s, t) && seen.insert(s).second)
      candidates.push_back(s);
  };
  // Free source nodes that read, at the same slot, what t reads.
  for (unsigned slot = 0, e = target.getSlots(t).size(); slot < e; ++slot) {
    auto [image, producer] = slotImage(t, slot);
    if (!image)
      continue;
    ArrayRef<Graph::Use> uses =
        producer ? source.getUses(*producer) : source.getUsesOf(image);
    if (uses.size() > options.maxFanout)
      continue;
    for (const Graph::Use &use : uses)
      if (use.slot == slot)
        consider(use.user);
  }
  // Free source nodes that feed, at the same slot, the partners of t's
  // users.
  if (target.getUses(t).size() <= options.maxFanout)
    for (const Graph::Use &use : target.getUses(t))
      if (std::optional<unsigned> p = partnerProducer(use))
        consider(*p);
}

unsigned Similarity::score(unsigned s, unsigned t) const {
  unsigned neighbours = 0;
  ArrayRef<Value> sourceSlots = source.getSlots(s);
  for (unsigned k = 0, e = std::min<size_t>(sourceSlots.size(),
                                            target.getSlots(t).size());
       k < e; ++k)
    if (Value image = slotImage(t, k).first; image && image == sourceSlots[k])
      ++neighbours;
  if (target.getUses(t).size() <= options.maxFanout)
    for (const Graph::Use &use : target.getUses(t))
      if (partnerProducer(use) == s)
        ++neighbours;
  if (neighbours == 0)
    return 0;
  // Neighbours count most; equal content and equal types break what
  // neighbours cannot.
  unsigned total = 4 * neighbours;
  if (state.sourceHashes.content[s] == state.targetHashes.content[t])
    total += 2;
  if (source.getNode(s)->getResultTypes() ==
      target.getNode(t)->getResultTypes())
    total += 1;
  return total;
}

SmallVector<NodePair> Similarity::run() {
  SmallVector<Proposal> proposals;
  for (unsigned t = 0; t < target.size(); ++t) {
    if (mapping.isTargetTaken(t))
      continue;
    collectCandidates(t);
    unsigned best = 0, bestCount = 0, bestSource = 0;
    for (unsigned s : candidates) {
      unsigned value = score(s, t);
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
      // Interchangeable candidates (the same content over the same
      // upstream cone) are no ambiguity: the first in file order.
      bool interchangeable = true;
      unsigned first = bestSource;
      for (unsigned s : candidates)
        if (score(s, t) == best) {
          interchangeable &= state.sourceHashes.forward[s] ==
                             state.sourceHashes.forward[bestSource];
          first = std::min(first, s);
        }
      if (!interchangeable) {
        mapping.markTargetAmbiguous(t);
        continue;
      }
      bestSource = first;
    }
    proposals.push_back({t, bestSource, best});
  }
  // A source node proposed by several targets goes to the one best target,
  // if there is one: source -> (best score, how many targets have it).
  llvm::DenseMap<unsigned, std::pair<unsigned, unsigned>> bestFor;
  for (const Proposal &p : proposals) {
    auto [it, inserted] = bestFor.try_emplace(p.source, p.score, 1);
    if (inserted)
      continue;
    if (p.score > it->second.first)
      it->second = {p.score, 1};
    else if (p.score == it->second.first)
      ++it->second.second;
  }
  SmallVector<NodePair> pairs;
  for (const Proposal &p : proposals) {
    auto [bestScore, count] = bestFor[p.source];
    if (p.score != bestScore)
      continue;
    if (count > 1) {
      mapping.markSourceAmbiguous(p.source);
      mapping.markTargetAmbiguous(p.target);
      continue;
    }
    state.pair(p.source, p.target);
    pairs.push_back({p.source, p.target});
  }
  return pairs;
}

SmallVector<NodePair> graphdiff::pairSimilar(StructuralState &state,
                                             PairFilter kind) {
  return Similarity(state, kind).run();
}

void graphdiff::markUnresolvedTies(StructuralState &state) {
  NodeMapping &mapping = state.mapping;
  const std::vector<llvm::hash_code> &sourceKeys = state.sourceHashes.forward;
  const std::vector<llvm::hash_code> &targetKeys = state.targetHashes.forward;
  // Forward hash -> free (source, target) nodes holding it.
  llvm::DenseMap<size_t, std::pair<unsigned, unsigned>> counts;
  for (unsigned s = 0; s < state.source.size(); ++s)
    if (!mapping.isSourceTaken(s))
      ++counts[sourceKeys[s]].first;
  for (unsigned t = 0; t < state.target.size(); ++t)
    if (!mapping.isTargetTaken(t))
      ++counts[targetKeys[t]].second;
  for (unsigned s = 0; s < state.source.size(); ++s)
    if (!mapping.isSourceTaken(s)) {
      auto [ns, nt] = counts[sourceKeys[s]];
      if (nt != 0 && ns + nt > 2)
        mapping.markSourceAmbiguous(s);
    }
  for (unsigned t = 0; t < state.target.size(); ++t)
    if (!mapping.isTargetTaken(t)) {
      auto [ns, nt] = counts[targetKeys[t]];
      if (ns != 0 && ns + nt > 2)
        mapping.markTargetAmbiguous(t);
    }
}
