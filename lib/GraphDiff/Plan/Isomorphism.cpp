//===- Isomorphism.cpp - Are two graphs the same graph? -------------------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Plan/Isomorphism.h"

#include "GraphDiff/Graph/AttributeEquivalence.h"
#include "GraphDiff/Graph/MemoryEdges.h"
#include "GraphDiff/Graph/StructuralHash.h"
#include "GraphDiff/Plan/ApplyPlan.h"
#include "GraphDiff/Support/LargeStack.h"
#include "GraphDiff/Support/SecondThread.h"

#include "mlir/IR/AsmState.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Operation.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/thread.h"

#include <algorithm>
#include <deque>
#include <set>
#include <tuple>

using namespace mlir;
using namespace graphdiff;

namespace {

constexpr int kUnpaired = -1;

/// Pairs the nodes of two graphs, then checks the pairing.
class Matcher {
public:
  Matcher(const Graph &applied, const Graph &target, bool ignoreLocations)
      : applied(applied), target(target),
        flags(ignoreLocations ? OperationEquivalence::IgnoreLocations
                              : OperationEquivalence::None) {}

  std::optional<GraphMismatch>
  run(ArrayRef<std::pair<unsigned, unsigned>> pairsToTry);

private:
  /// Pairs `pairsToTry`, then the producers of their inputs and of the
  /// outputs by position; whether that pairs every node of both graphs.
  bool pairAsGiven(ArrayRef<std::pair<unsigned, unsigned>> pairsToTry);
  /// The first mismatch under the pairing made, in the order findMismatch
  /// documents: nodes, memory edges, outputs, extra nodes.
  std::optional<GraphMismatch> checkPairs() const;
  void pairNodes();
  bool tryPair(unsigned a, unsigned t, bool sameCone);
  /// Pairs the nodes that produce `va` and `vt`, if both are the same result
  /// of a node.
  void pairProducers(Value va, Value vt, bool sameCone);
  void propagate(bool sameCone);
  bool pairUniqueBuckets(bool byCone);
  bool pairDeadSinks();
  /// Pairs `a` with `t` and, along their inputs, every upstream pair that
  /// this forces, if all of them agree with the pairs made so far and look
  /// alike from both sides (tentativeAgree); otherwise pairs nothing.
  bool tryPairTentatively(unsigned a, unsigned t);
  /// Whether an unpaired `a` and `t` can be paired in a tentative closure:
  /// the same upstream and downstream hashes, and every paired user of `a`
  /// pairs with a node that reads `t` in the same slot.
  bool tentativeAgree(unsigned a, unsigned t) const;

  bool valuesPaired(Value a, Value t) const;
  /// Whether paired nodes access buffers in the same order: the memory edges
  /// (MemoryEdges.h) of the two graphs correspond through the pairing.
  std::optional<GraphMismatch> compareMemoryEdges() const;
  std::string describe(const Graph &graph, Value value) const;
  std::optional<std::string> compareNodes(unsigned a, unsigned t) const;

  const Graph &applied;
  const Graph &target;
  OperationEquivalence::Flags flags;
  StructureHashes hashA, hashT;
  std::vector<int> aToT, tToA;
  /// How many pairs aToT and tToA hold.
  unsigned numPaired = 0;
  /// Whether every target node is paired: no stage can pair more.
  bool targetPaired() const { return numPaired == target.size(); }
  std::deque<std::pair<unsigned, unsigned>> worklist;
};

} // namespace

//===----------------------------------------------------------------------===//
// Pairing
//===----------------------------------------------------------------------===//

void Matcher::pairProducers(Value va, Value vt, bool sameCone) {
  std::optional<unsigned> pa = applied.getProducer(va);
  std::optional<unsigned> pt = target.getProducer(vt);
  if (pa && pt &&
      cast<OpResult>(va).getResultNumber() ==
          cast<OpResult>(vt).getResultNumber())
    tryPair(*pa, *pt, sameCone);
}

bool Matcher::tryPair(unsigned a, unsigned t, bool sameCone) {
  if (aToT[a] != kUnpaired || tToA[t] != kUnpaired)
    return false;
  if (sameCone && hashA.forward[a] != hashT.forward[t])
    return false;
  aToT[a] = t;
  tToA[t] = a;
  ++numPaired;
  worklist.push_back({a, t});
  return true;
}

/// The producer of input `k` of node `node` (Graph::getNodeInputs), or
/// Graph::kNoProducer. A node that reads no value twice has its slots as
/// inputs, and their producers at hand: no lookup.
static int inputProducer(const Graph &graph, unsigned node,
                         ArrayRef<Value> inputs, unsigned k) {
  if (inputs.data() == graph.getSlots(node).data())
    return graph.getSlotProducers(node)[k];
  std::optional<unsigned> producer = graph.getProducer(inputs[k]);
  return producer ? int(*producer) : Graph::kNoProducer;
}

/// The result number of input `k` of node `node`, which a node produces:
/// from the graph where the inputs are the slots (no read of the value).
static unsigned inputResultNumber(const Graph &graph, unsigned node,
                                  ArrayRef<Value> inputs, unsigned k) {
  if (inputs.data() == graph.getSlots(node).data())
    return graph.getSlotResultNumber(node, k);
  return cast<OpResult>(inputs[k]).getResultNumber();
}

void Matcher::propagate(bool sameCone) {
  while (!worklist.empty()) {
    auto [a, t] = worklist.front();
    worklist.pop_front();
    ArrayRef<Value> inputsA = applied.getNodeInputs(a);
    ArrayRef<Value> inputsT = target.getNodeInputs(t);
    // As pairProducers(inputsA[k], inputsT[k]) for each k.
    for (unsigned k = 0, e = std::min(inputsA.size(), inputsT.size()); k < e;
         ++k) {
      int pa = inputProducer(applied, a, inputsA, k);
      int pt = inputProducer(target, t, inputsT, k);
      if (pa != Graph::kNoProducer && pt != Graph::kNoProducer &&
          inputResultNumber(applied, a, inputsA, k) ==
              inputResultNumber(target, t, inputsT, k))
        tryPair(pa, pt, sameCone);
    }
  }
}

bool Matcher::tentativeAgree(unsigned a, unsigned t) const {
  if (hashA.forward[a] != hashT.forward[t] ||
      hashA.backward[a] != hashT.backward[t])
    return false;
  ArrayRef<Graph::Use> usesA = applied.getUses(a);
  return llvm::all_of(usesA, [&](const Graph::Use &use) {
    int partner = aToT[use.user];
    if (partner == kUnpaired)
      return true;
    ArrayRef<int> producers = target.getSlotProducers(partner);
    return use.slot < producers.size() && producers[use.slot] == int(t);
  });
}

bool Matcher::tryPairTentatively(unsigned a, unsigned t) {
  if (aToT[a] != kUnpaired || tToA[t] != kUnpaired || !tentativeAgree(a, t))
    return false;
  SmallVector<std::pair<unsigned, unsigned>> made;
  auto pair = [&](unsigned pa, unsigned pt) {
    aToT[pa] = pt;
    tToA[pt] = pa;
    ++numPaired;
    made.push_back({pa, pt});
  };
  // Every value `a` reads must be paired with the value `t` reads in the same
  // position: already, or by a pair this closure makes.
  auto agree = [&](Value va, Value vt) {
    std::optional<unsigned> pa = applied.getProducer(va);
    std::optional<unsigned> pt = target.getProducer(vt);
    if (!pa || !pt)
      return !pa && !pt && valuesPaired(va, vt);
    if (cast<OpResult>(va).getResultNumber() !=
        cast<OpResult>(vt).getResultNumber())
      return false;
    if (aToT[*pa] != kUnpaired || tToA[*pt] != kUnpaired)
      return aToT[*pa] == int(*pt);
    if (!tentativeAgree(*pa, *pt))
      return false;
    pair(*pa, *pt);
    return true;
  };
  pair(a, t);
  for (size_t next = 0; next < made.size(); ++next) {
    auto [na, nt] = made[next];
    ArrayRef<Value> inputsA = applied.getNodeInputs(na);
    ArrayRef<Value> inputsT = target.getNodeInputs(nt);
    if (inputsA.size() == inputsT.size() &&
        llvm::all_of(llvm::zip(inputsA, inputsT), [&](auto inputs) {
          return agree(std::get<0>(inputs), std::get<1>(inputs));
        }))
      continue;
    for (auto [pa, pt] : made) {
      aToT[pa] = kUnpaired;
      tToA[pt] = kUnpaired;
    }
    numPaired -= made.size();
    return false;
  }
  return true;
}

/// Pairs the unpaired nodes whose hash (Merkle if `byCone`, else content) is
/// held by exactly one unpaired node on each side, in target block order.
bool Matcher::pairUniqueBuckets(bool byCone) {
  auto key = [&](const StructureHashes &hashes, unsigned node) -> size_t {
    return byCone ? hashes.forward[node] : hashes.content[node];
  };
  // Every unpaired node of both sides by hash, sorted: a hash held by
  // exactly one node of each side is a run of two entries, the applied
  // node's first. (Sorting beats a hash map of buckets here: the map's
  // allocations and cache misses cost more than the sort.)
  struct Entry {
    size_t hash;
    unsigned side; // 0: applied, 1: target
    unsigned node;
    bool operator<(const Entry &other) const {
      return std::tie(hash, side, node) <
             std::tie(other.hash, other.side, other.node);
    }
  };
  std::vector<Entry> entries;
  entries.reserve(applied.size() + target.size() - 2 * numPaired);
  for (unsigned a = 0; a < applied.size(); ++a)
    if (aToT[a] == kUnpaired)
      entries.push_back({key(hashA, a), 0, a});
  for (unsigned t = 0; t < target.size(); ++t)
    if (tToA[t] == kUnpaired)
      entries.push_back({key(hashT, t), 1, t});
  std::sort(entries.begin(), entries.end());
  // The unique pairs, by target node: pairing one can pair others (upward),
  // so they are made in target block order, each only if both are still
  // free.
  std::vector<std::pair<unsigned, unsigned>> unique; // (target, applied)
  for (size_t i = 0, e = entries.size(); i < e;) {
    size_t j = i + 1;
    while (j < e && entries[j].hash == entries[i].hash)
      ++j;
    if (j - i == 2 && entries[i].side == 0 && entries[i + 1].side == 1)
      unique.push_back({entries[i + 1].node, entries[i].node});
    i = j;
  }
  entries = {};
  std::sort(unique.begin(), unique.end());
  bool progress = false;
  for (auto [t, a] : unique) {
    if (tToA[t] != kUnpaired)
      continue;
    if (tryPair(a, t, byCone)) {
      progress = true;
      propagate(byCone);
    }
  }
  return progress;
}

/// Pairs unpaired nodes that nothing reads and that are no output, with equal
/// upstream cones, in block order. Such nodes are interchangeable when what
/// they read is: a node's cone hash does not see which of several equal
/// constants it reads, nor who else reads it, so each pair is made together
/// with the upstream pairs it forces, and only if they all agree with the
/// pairs made so far and with the downstream hashes (tryPairTentatively).
bool Matcher::pairDeadSinks() {
  auto isDeadSink = [](const Graph &graph, unsigned node) {
    return graph.getUsers(node).empty() && !graph.isOutputNode(node);
  };
  // The candidates by cone hash, each hash's in block order.
  std::vector<std::pair<size_t, unsigned>> candidates;
  for (unsigned a = 0; a < applied.size(); ++a)
    if (aToT[a] == kUnpaired && isDeadSink(applied, a))
      candidates.push_back({hashA.forward[a], a});
  std::sort(candidates.begin(), candidates.end());
  bool progress = false;
  for (unsigned t = 0; t < target.size(); ++t) {
    if (tToA[t] != kUnpaired || !isDeadSink(target, t))
      continue;
    size_t hash = hashT.forward[t];
    for (auto it = llvm::lower_bound(candidates, std::make_pair(hash, 0u));
         it != candidates.end() && it->first == hash; ++it) {
      if (!tryPairTentatively(it->second, t))
        continue;
      progress = true;
      break;
    }
  }
  return progress;
}

bool Matcher::pairAsGiven(ArrayRef<std::pair<unsigned, unsigned>> pairsToTry) {
  aToT.assign(applied.size(), kUnpaired);
  tToA.assign(target.size(), kUnpaired);
  numPaired = 0;
  for (auto [a, t] : pairsToTry)
    if (a < applied.size() && t < target.size())
      tryPair(a, t, /*sameCone=*/false);
  for (auto [va, vt] : llvm::zip(applied.getOutputs(), target.getOutputs()))
    pairProducers(va, vt, /*sameCone=*/false);
  propagate(/*sameCone=*/false);
  return targetPaired() && numPaired == applied.size();
}

void Matcher::pairNodes() {
  aToT.assign(applied.size(), kUnpaired);
  tToA.assign(target.size(), kUnpaired);
  numPaired = 0;

  // 1. Outputs, position by position, when their cones agree; then upward.
  auto pairOutputs = [&](bool sameCone) {
    for (auto [va, vt] : llvm::zip(applied.getOutputs(), target.getOutputs()))
      pairProducers(va, vt, sameCone);
    propagate(sameCone);
  };
  pairOutputs(/*sameCone=*/true);

  // 2. Nodes with a unique upstream cone, and dead ends, until nothing moves.
  while (!targetPaired() &&
         (pairUniqueBuckets(/*byCone=*/true) || pairDeadSinks())) {
  }
  // Every stage below pairs target nodes that are still unpaired: when none
  // is left (the graphs agree, the common case), there is nothing to do.
  if (targetPaired())
    return;

  // 3. The graphs differ somewhere. Pair what is left by position, so that
  //    the check below can say how nodes differ rather than that they are
  //    missing: outputs, then the inputs of every pair, then unique contents.
  pairOutputs(/*sameCone=*/false);
  for (unsigned t = 0; t < target.size(); ++t)
    if (tToA[t] != kUnpaired)
      worklist.push_back({unsigned(tToA[t]), t});
  propagate(/*sameCone=*/false);
  while (pairUniqueBuckets(/*byCone=*/false)) {
  }

  // 4. In logical graphs, what is still left pairs by node id, so that a
  //    changed node nothing reads is reported as changed, not as missing.
  if (applied.isLogicalGraph() && target.isLogicalGraph()) {
    for (unsigned t = 0; t < target.size(); ++t) {
      if (tToA[t] != kUnpaired)
        continue;
      if (std::optional<unsigned> a = applied.lookupNode(target.getNodeRef(t)))
        tryPair(*a, t, /*sameCone=*/false);
    }
    propagate(/*sameCone=*/false);
  }
}

//===----------------------------------------------------------------------===//
// Checking
//===----------------------------------------------------------------------===//

bool Matcher::valuesPaired(Value va, Value vt) const {
  auto argA = dyn_cast<BlockArgument>(va);
  auto argT = dyn_cast<BlockArgument>(vt);
  bool inputA = argA && argA.getOwner() == &applied.getBody();
  bool inputT = argT && argT.getOwner() == &target.getBody();
  if (inputA || inputT)
    return inputA && inputT && argA.getArgNumber() == argT.getArgNumber();
  std::optional<unsigned> pa = applied.getProducer(va);
  std::optional<unsigned> pt = target.getProducer(vt);
  if (pa || pt)
    return pa && pt && aToT[*pa] == int(*pt) &&
           cast<OpResult>(va).getResultNumber() ==
               cast<OpResult>(vt).getResultNumber();
  // Both from outside the graphs.
  return va == vt;
}

std::string Matcher::describe(const Graph &graph, Value value) const {
  if (NameRef ref = graph.getValueRef(value))
    return ref.str();
  return "a value from outside the graph";
}

/// Prints `attr`, shortened so that a large constant does not flood the
/// message.
static std::string shortText(Attribute attr) {
  if (!attr)
    return "(none)";
  std::string text;
  llvm::raw_string_ostream os(text);
  attr.print(os);
  if (text.size() > 80)
    text = text.substr(0, 77) + "...";
  return text;
}

static std::string shortText(Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  type.print(os);
  return text;
}

std::optional<std::string> Matcher::compareNodes(unsigned a, unsigned t) const {
  Operation *opA = applied.getNode(a);
  Operation *opT = target.getNode(t);
  if (opA->getName() != opT->getName())
    return ("op differs: " + opA->getName().getStringRef() + " vs " +
            opT->getName().getStringRef())
        .str();

  // Equal discardable attributes and properties make equal dictionaries
  // (which also hold the inherent attributes): then there is nothing to
  // say, and no dictionary to make for each of the two ops.
  bool sameAttrs =
      opA->getRawDictionaryAttrs() == opT->getRawDictionaryAttrs() &&
      opA->getName().compareOpProperties(opA->getPropertiesStorage(),
                                         opT->getPropertiesStorage());
  DictionaryAttr attrsA =
      sameAttrs ? DictionaryAttr() : opA->getAttrDictionary();
  DictionaryAttr attrsT =
      sameAttrs ? DictionaryAttr() : opT->getAttrDictionary();
  if (attrsA != attrsT) {
    // Both are sorted by name: walk them together to the first difference.
    ArrayRef<NamedAttribute> listA = attrsA.getValue();
    ArrayRef<NamedAttribute> listT = attrsT.getValue();
    size_t i = 0, j = 0;
    while (i < listA.size() || j < listT.size()) {
      int order;
      if (i == listA.size())
        order = 1;
      else if (j == listT.size())
        order = -1;
      else
        order =
            listA[i].getName().strref().compare(listT[j].getName().strref());
      StringRef name = order <= 0 ? listA[i].getName().strref()
                                  : listT[j].getName().strref();
      Attribute valueA = order <= 0 ? listA[i].getValue() : Attribute();
      Attribute valueT = order >= 0 ? listT[j].getValue() : Attribute();
      if (!isSameAttribute(valueA, valueT))
        return ("attribute '" + name + "' differs: " + shortText(valueA) +
                " vs " + shortText(valueT))
            .str();
      if (order <= 0)
        ++i;
      if (order >= 0)
        ++j;
    }
  }
  // Properties that are not attributes (rare), when the attributes are
  // identical; a renamed resource blob makes the properties differ too.
  if (!sameAttrs && attrsA == attrsT &&
      !opA->getName().compareOpProperties(opA->getPropertiesStorage(),
                                          opT->getPropertiesStorage()))
    return std::string("properties differ");

  if (opA->getNumResults() != opT->getNumResults())
    return "has " + std::to_string(opA->getNumResults()) +
           " result(s) here but " + std::to_string(opT->getNumResults()) +
           " in the target";
  for (auto [index, typeA, typeT] :
       llvm::enumerate(opA->getResultTypes(), opT->getResultTypes()))
    if (typeA != typeT)
      return "result #" + std::to_string(index) + " has type " +
             shortText(typeA) + " here but " + shortText(typeT) +
             " in the target";

  if (opA->getNumOperands() != opT->getNumOperands())
    return "has " + std::to_string(opA->getNumOperands()) +
           " operand(s) here but " + std::to_string(opT->getNumOperands()) +
           " in the target";
  // Operand k is slot k: its producer is at hand (valuesPaired without the
  // lookups).
  ArrayRef<int> producersA = applied.getSlotProducers(a);
  ArrayRef<int> producersT = target.getSlotProducers(t);
  for (auto [index, va, vt] :
       llvm::enumerate(opA->getOperands(), opT->getOperands()))
    if (int pa = producersA[index], pt = producersT[index];
        pa != Graph::kNoProducer || pt != Graph::kNoProducer
            ? !(pa != Graph::kNoProducer && pt != Graph::kNoProducer &&
                aToT[pa] == pt &&
                cast<OpResult>(va).getResultNumber() ==
                    cast<OpResult>(vt).getResultNumber())
            : !valuesPaired(va, vt))
      return "operand #" + std::to_string(index) + " comes from " +
             describe(applied, va) + " here but from " + describe(target, vt) +
             " in the target";

  if (!(flags & OperationEquivalence::IgnoreLocations) &&
      opA->getLoc() != opT->getLoc())
    return std::string("location differs");

  if (opA->getNumRegions() != opT->getNumRegions())
    return "has " + std::to_string(opA->getNumRegions()) +
           " region(s) here but " + std::to_string(opT->getNumRegions()) +
           " in the target";
  // Nested regions; values captured from the graph must be paired ones.
  auto captured = [&](Value va, Value vt) { return valuesPaired(va, vt); };
  for (auto [index, regionA, regionT] :
       llvm::enumerate(opA->getRegions(), opT->getRegions()))
    if (!isSameRegion(regionA, regionT, captured,
                      flags & OperationEquivalence::IgnoreLocations))
      return "region #" + std::to_string(index) + " differs";
  return std::nullopt;
}

std::optional<GraphMismatch> Matcher::compareMemoryEdges() const {
  std::vector<MemoryEdge> edgesA = computeMemoryEdges(applied);
  std::vector<MemoryEdge> edgesT = computeMemoryEdges(target);
  if (edgesA.empty() && edgesT.empty())
    return std::nullopt;
  using Key = std::tuple<unsigned, unsigned, int>;
  std::set<Key> inTarget, inApplied;
  for (const MemoryEdge &edge : edgesT)
    inTarget.insert({edge.from, edge.to, edge.kind});
  for (const MemoryEdge &edge : edgesA)
    if (aToT[edge.from] != kUnpaired && aToT[edge.to] != kUnpaired)
      inApplied.insert({static_cast<unsigned>(aToT[edge.from]),
                        static_cast<unsigned>(aToT[edge.to]), edge.kind});
  auto say = [&](const Key &edge, StringRef here, StringRef there) {
    auto [from, to, kind] = edge;
    std::string what =
        kind == MemoryEdge::Flow
            ? "reads a buffer that " + target.getNodeRef(from).str() +
                  " wrote before it"
            : "writes a buffer that " + target.getNodeRef(from).str() +
                  (kind == MemoryEdge::Anti ? " read" : " wrote") +
                  " before it";
    return GraphMismatch{tToA[to] == kUnpaired ? nullptr
                                               : applied.getNode(tToA[to]),
                         target.getNode(to),
                         "the order of memory accesses differs: " + here.str() +
                             ", " + target.getNodeRef(to).str() + " " + what +
                             ", but not " + there.str()};
  };
  for (const Key &edge : inTarget)
    if (!inApplied.count(edge))
      return say(edge, "in the target", "in the applied graph");
  for (const Key &edge : inApplied)
    if (!inTarget.count(edge))
      return say(edge, "in the applied graph", "in the target");
  return std::nullopt;
}

std::optional<GraphMismatch>
Matcher::run(ArrayRef<std::pair<unsigned, unsigned>> pairsToTry) {
  Operation *graphA = applied.getOperation();
  Operation *graphT = target.getOperation();

  // Inputs.
  auto inputsA = applied.getInputs();
  auto inputsT = target.getInputs();
  if (inputsA.size() != inputsT.size())
    return GraphMismatch{graphA, graphT,
                         "the graph has " + std::to_string(inputsA.size()) +
                             " input(s) here but " +
                             std::to_string(inputsT.size()) + " in the target"};
  for (auto [index, argA, argT] : llvm::enumerate(inputsA, inputsT))
    if (argA.getType() != argT.getType())
      return GraphMismatch{graphA, graphT,
                           "input #" + std::to_string(index) + " has type " +
                               shortText(argA.getType()) + " here but " +
                               shortText(argT.getType()) + " in the target"};

  // The graph's own attributes (argument attributes, visibility, ...).
  DictionaryAttr ownA = graphAttributes(graphA);
  DictionaryAttr ownT = graphAttributes(graphT);
  if (!isSameAttrDictionary(ownA, ownT))
    return GraphMismatch{graphA, graphT,
                         "the graph's attributes are " + shortText(ownA) +
                             " here but " + shortText(ownT) + " in the target"};

  // The pairing given, if it pairs everything and every check passes: the
  // graphs are isomorphic, whatever the search would have paired.
  if (!pairsToTry.empty() && pairAsGiven(pairsToTry) && !checkPairs())
    return std::nullopt;

  // The matcher's hashes, with operands compared in order as below.
  HashOptions options;
  options.ignoreLocations = flags & OperationEquivalence::IgnoreLocations;
  options.sortCommutativeOperands = false;
  hashA = hashStructure(applied, options);
  hashT = hashStructure(target, options);
  pairNodes();
  return checkPairs();
}

std::optional<GraphMismatch> Matcher::checkPairs() const {
  // Nodes, in target block order.
  for (unsigned t = 0; t < target.size(); ++t) {
    if (tToA[t] == kUnpaired)
      return GraphMismatch{nullptr, target.getNode(t),
                           "no counterpart for target node " +
                               target.getNodeRef(t).str()};
    if (std::optional<std::string> reason = compareNodes(tToA[t], t))
      return GraphMismatch{applied.getNode(tToA[t]), target.getNode(t),
                           std::move(*reason)};
  }

  if (std::optional<GraphMismatch> mismatch = compareMemoryEdges())
    return mismatch;

  // Outputs.
  auto outputsA = applied.getOutputs();
  auto outputsT = target.getOutputs();
  if (outputsA.size() != outputsT.size())
    return GraphMismatch{applied.getTerminator(), target.getTerminator(),
                         "the graph has " + std::to_string(outputsA.size()) +
                             " output(s) here but " +
                             std::to_string(outputsT.size()) +
                             " in the target"};
  for (auto [index, va, vt] : llvm::enumerate(outputsA, outputsT))
    if (!valuesPaired(va, vt))
      return GraphMismatch{applied.getTerminator(), target.getTerminator(),
                           "output #" + std::to_string(index) + " differs: " +
                               describe(applied, va) + " here but " +
                               describe(target, vt) + " in the target"};

  // Extra nodes.
  for (unsigned a = 0; a < applied.size(); ++a)
    if (aToT[a] == kUnpaired)
      return GraphMismatch{applied.getNode(a), nullptr,
                           "extra node " + applied.getNodeRef(a).str() +
                               " in the applied graph"};
  return std::nullopt;
}

std::optional<GraphMismatch>
graphdiff::findMismatch(const Graph &applied, const Graph &target,
                        bool ignoreLocations,
                        ArrayRef<std::pair<unsigned, unsigned>> pairsToTry) {
  Matcher matcher(applied, target, ignoreLocations);
  return matcher.run(pairsToTry);
}

LogicalResult graphdiff::emitMismatch(const GraphMismatch &mismatch) {
  Operation *first = mismatch.target ? mismatch.target : mismatch.applied;
  Operation *second = mismatch.target ? mismatch.applied : nullptr;
  if (!first)
    return failure();
  InFlightDiagnostic diag = first->emitError()
                            << "the applied plan does not give the target: "
                            << mismatch.reason;
  if (second)
    diag.attachNote(second->getLoc()) << "in the applied graph here";
  return diag;
}

/// Builds the view of `applied` and compares it with `target`: the
/// isomorphism half of verifyPlan. The view's names are made only if a
/// mismatch is reported. With `sourceOf`, the pairing to try first pairs
/// each target node with the node of the copy that stands for its source
/// node, or that the plan made under its name (`nodes`, applyPlan's). Reads
/// `applied`, `target` and `nodes` only.
static FailureOr<std::optional<GraphMismatch>> findAppliedMismatch(
    Operation *applied, const Graph &target,
    llvm::function_ref<std::optional<unsigned>(unsigned)> sourceOf,
    const AppliedNodes &nodes) {
  // The name: a plan that renames its graph gives the copy the target's
  // (findMismatch compares graphs whatever their names).
  auto nameOf = [](Operation *graph) {
    return graph->getAttrOfType<StringAttr>(SymbolTable::getSymbolAttrName());
  };
  StringAttr appliedName = nameOf(applied);
  StringAttr targetName = nameOf(target.getOperation());
  if (appliedName != targetName) {
    auto text = [](StringAttr name) {
      return name ? "@" + name.getValue().str() : std::string("no name");
    };
    return std::optional<GraphMismatch>(
        GraphMismatch{applied, target.getOperation(),
                      "the graph is named " + text(appliedName) + " here but " +
                          text(targetName) + " in the target"});
  }
  FailureOr<std::unique_ptr<Graph>> appliedGraph =
      Graph::buildNamedOnDemand(applied);
  if (failed(appliedGraph))
    return failure();
  std::vector<std::pair<unsigned, unsigned>> pairsToTry;
  if (sourceOf) {
    pairsToTry.reserve(target.size());
    for (unsigned t = 0, n = target.size(); t < n; ++t) {
      // A paired target node stands for its source node's stand-in; an
      // unpaired one, for the node the plan made under its name.
      Operation *node = nullptr;
      if (std::optional<unsigned> s = sourceOf(t))
        node = *s < nodes.bySource.size() ? nodes.bySource[*s] : nullptr;
      else if (!nodes.byNewName.empty())
        node = nodes.byNewName.lookup(target.getNodeName(t));
      if (!node)
        continue;
      if (std::optional<unsigned> a = (*appliedGraph)->getIndex(node))
        pairsToTry.push_back({*a, t});
    }
  }
  return findMismatch(**appliedGraph, target, /*ignoreLocations=*/true,
                      pairsToTry);
}

namespace {
/// Holds back the diagnostics that two threads report while they check the
/// same applied graph, each thread's in order, so that they can be reported
/// afterwards as if the checks had run one after the other. A thread's
/// diagnostics go to the buffer it chose with `collectOnThisThread`; those
/// of other threads pass on to the context's other handlers.
class DiagnosticCollector {
public:
  explicit DiagnosticCollector(MLIRContext *context)
      : handler(context, [this](Diagnostic &diag) -> LogicalResult {
          if (!sink || sinkOwner != this)
            return failure();
          sink->push_back(std::move(diag));
          return success();
        }) {}
  ~DiagnosticCollector() { collectOnThisThread(nullptr); }

  /// Keeps the diagnostics this thread reports in `buffer` (none: reports
  /// them as they come).
  void collectOnThisThread(std::vector<Diagnostic> *buffer) {
    sink = buffer;
    sinkOwner = buffer ? this : nullptr;
  }

private:
  static thread_local std::vector<Diagnostic> *sink;
  static thread_local const DiagnosticCollector *sinkOwner;
  ScopedDiagnosticHandler handler;
};
} // namespace

thread_local std::vector<Diagnostic> *DiagnosticCollector::sink = nullptr;
thread_local const DiagnosticCollector *DiagnosticCollector::sinkOwner =
    nullptr;

/// Reports `diagnostics` through the context's handlers, in order.
static void report(MLIRContext *context, std::vector<Diagnostic> &diagnostics) {
  for (Diagnostic &diag : diagnostics)
    context->getDiagEngine().emit(std::move(diag));
  diagnostics.clear();
}

LogicalResult graphdiff::verifyPlan(
    patch::PlanOp plan, const Graph &source, const Graph &target,
    llvm::function_ref<std::optional<unsigned>(unsigned)> sourceOf) {
  AppliedNodes nodes;
  FailureOr<OwningOpRef<Operation *>> applied = applyPlan(
      plan, source, /*verifyResult=*/false, sourceOf ? &nodes : nullptr);
  if (failed(applied))
    return failure();
  Operation *copy = applied->get();
  MLIRContext *context = plan->getContext();

  // One after the other: the MLIR verifier, then the isomorphism check
  // (without threads, or without a second core: SecondThread.h).
  if (!useSecondThread(*context)) {
    if (failed(verifyAppliedGraph(plan, copy)))
      return failure();
    FailureOr<std::optional<GraphMismatch>> mismatch =
        findAppliedMismatch(copy, target, sourceOf, nodes);
    if (failed(mismatch))
      return failure();
    return *mismatch ? emitMismatch(**mismatch) : success();
  }

  // Both at once, on two threads: both only read the copy (and the target).
  // The one write a reader can make, a block's lazily computed op order
  // (Operation::isBeforeInBlock, which also numbers an op moved into a block
  // whose order is still valid), is made now, for every block.
  copy->walk([](Block *block) { block->recomputeOpOrder(); });
  // Each side's diagnostics are held back, then reported as the sequential
  // check would: the verifier's, then, only if it passed, the other's.
  std::vector<Diagnostic> verifierDiags, matcherDiags;
  LogicalResult verified = failure();
  FailureOr<std::optional<GraphMismatch>> mismatch = failure();
  {
    DiagnosticCollector collector(context);
    // The verifier recurses as deep as the parser's nesting allows.
    llvm::thread verifier(std::optional<unsigned>(kLargeStackBytes), [&] {
      collector.collectOnThisThread(&verifierDiags);
      verified = verifyAppliedGraph(plan, copy);
      collector.collectOnThisThread(nullptr);
    });
    collector.collectOnThisThread(&matcherDiags);
    mismatch = findAppliedMismatch(copy, target, sourceOf, nodes);
    collector.collectOnThisThread(nullptr);
    verifier.join();
  }
  report(context, verifierDiags);
  if (failed(verified))
    return failure();
  report(context, matcherDiags);
  if (failed(mismatch))
    return failure();
  return *mismatch ? emitMismatch(**mismatch) : success();
}
