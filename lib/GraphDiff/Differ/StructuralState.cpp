//===- StructuralState.cpp - What the structural stages read --------------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Differ/StructuralState.h"

#include "GraphDiff/Graph/Graph.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/Operation.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace graphdiff;

/// What `op` is among linalg's structured ops; for one of them, what its
/// loops that are not parallel do, and the hash of its iteration space
/// (iterator types) and result types: the generic it is or generalizes to,
/// payload and indexing maps aside.
static StructuralState::Structured
structuredKind(Operation *op, StructuralState::Reduction &reduction,
               size_t &iteration) {
  using Reduction = StructuralState::Reduction;
  auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
  reduction = Reduction::None;
  iteration = 0;
  if (!linalgOp)
    return StructuralState::Structured::None;
  SmallVector<utils::IteratorType> iterators = linalgOp.getIteratorTypesArray();
  llvm::hash_code hash = llvm::hash_value(op->getNumResults());
  for (utils::IteratorType type : iterators)
    hash = llvm::hash_combine(hash, static_cast<unsigned>(type));
  for (Type type : op->getResultTypes())
    hash = llvm::hash_combine(hash, type);
  iteration = static_cast<size_t>(hash);
  if (llvm::any_of(iterators, [](utils::IteratorType type) {
        return type != utils::IteratorType::parallel;
      })) {
    reduction = Reduction::OverUnitLoops;
    SmallVector<int64_t> ranges;
    if (linalgOp.getShapesToLoopsMap())
      ranges = linalgOp.getStaticLoopRanges();
    for (auto [i, type] : llvm::enumerate(iterators))
      if (type != utils::IteratorType::parallel &&
          (i >= ranges.size() || ranges[i] != 1))
        reduction = Reduction::Data;
  }
  return isa<linalg::GenericOp>(op) ? StructuralState::Structured::Generic
                                    : StructuralState::Structured::Named;
}

StructuralState::StructuralState(const Graph &source, const Graph &target,
                                 NodeMapping &mapping,
                                 const StructureOptions &options)
    : source(source), target(target), mapping(mapping), options(options) {
  // What an op's name says (traits, the LinalgOp interface), asked once per
  // name: each question is a search of the name's traits or interfaces, and
  // a graph has few names. Each name also gets a number, in order of first
  // sight across both sides, that compares as the name does (Kind::name).
  enum NameBits : uint8_t {
    Constant = 1,
    Commutative = 2,
    ElementwiseTrait = 4,
    Linalg = 8
  };
  struct NameFacts {
    unsigned id;
    uint8_t bits;
  };
  llvm::SmallDenseMap<const void *, NameFacts, 32> names;
  // Commutativity, constants, structured kinds: from each op while the
  // hashes' content pass has it at hand (each pass over the ops of a large
  // graph is a cache miss per op).
  auto classify =
      [&names](
          unsigned n, Operation *op, llvm::hash_code content,
          std::vector<bool> *commutative, llvm::DenseSet<size_t> &constants,
          std::vector<Structured> &kinds, std::vector<Kind> &opKinds,
          std::vector<Reduction> &reductions,
          llvm::DenseMap<unsigned, size_t> &iterations,
          llvm::DenseMap<size_t, NamedOps> &named,
          std::vector<bool> &elementwise,
          llvm::DenseMap<unsigned, SmallVector<OperationName, 2>> &payload) {
        OperationName name = op->getName();
        auto [it, inserted] = names.try_emplace(
            name.getAsOpaquePointer(),
            NameFacts{static_cast<unsigned>(names.size()), 0});
        if (inserted)
          it->second.bits =
              (op->hasTrait<OpTrait::ConstantLike>() ? Constant : 0) |
              (op->hasTrait<OpTrait::IsCommutative>() ? Commutative : 0) |
              (op->hasTrait<OpTrait::Elementwise>() ? ElementwiseTrait : 0) |
              (isa<linalg::LinalgOp>(op) ? Linalg : 0);
        uint8_t bits = it->second.bits;
        bool constant = bits & Constant;
        opKinds.push_back({it->second.id,
                           std::min(op->getNumResults(), 0x7fffffffu),
                           constant});
        if (commutative)
          commutative->push_back(bits & Commutative);
        if (constant)
          constants.insert(content);
        Reduction reduction = Reduction::None;
        size_t iteration = 0;
        Structured kind = (bits & Linalg)
                              ? structuredKind(op, reduction, iteration)
                              : Structured::None;
        kinds.push_back(kind);
        reductions.push_back(reduction);
        if (kind != Structured::None)
          iterations[n] = iteration;
        if (kind == Structured::Named)
          named[iteration].nodes.push_back(n);
        elementwise.push_back((bits & ElementwiseTrait) && !constant &&
                              llvm::any_of(op->getResultTypes(),
                                           llvm::IsaPred<RankedTensorType>));
        if (kind == Structured::Generic && reduction == Reduction::None) {
          SmallVector<OperationName, 2> &names = payload[n];
          for (Operation &inner :
               cast<linalg::GenericOp>(op).getBody()->without_terminator())
            if (!llvm::is_contained(names, inner.getName()))
              names.push_back(inner.getName());
        }
      };
  sourceCommutative.reserve(source.size());
  for (const Graph *graph : {&source, &target}) {
    bool isSource = graph == &source;
    (isSource ? sourceStructured : targetStructured).reserve(graph->size());
    (isSource ? sourceKinds : targetKinds).reserve(graph->size());
    (isSource ? sourceReduction : targetReduction).reserve(graph->size());
    (isSource ? sourceElementwise : targetElementwise).reserve(graph->size());
  }
  sourceHashes = hashStructure(
      source, options, [&](unsigned n, Operation *op, llvm::hash_code content) {
        classify(n, op, content, &sourceCommutative, sourceConstants,
                 sourceStructured, sourceKinds, sourceReduction,
                 sourceIteration, sourceNamed, sourceElementwise,
                 sourcePayload);
      });
  targetHashes = hashStructure(
      target, options, [&](unsigned n, Operation *op, llvm::hash_code content) {
        classify(n, op, content, nullptr, targetConstants, targetStructured,
                 targetKinds, targetReduction, targetIteration, targetNamed,
                 targetElementwise, targetPayload);
      });
}

bool StructuralState::holdsElementwise(Operation *e, unsigned g,
                                       bool gIsSource) const {
  const auto &payload = gIsSource ? sourcePayload : targetPayload;
  auto it = payload.find(g);
  if (it == payload.end())
    return false;
  Operation *generic = (gIsSource ? source : target).getNode(g);
  return e->getResultTypes() == generic->getResultTypes() &&
         llvm::is_contained(it->second, e->getName());
}

bool StructuralState::hasFreeNamed(bool isSource, size_t key) const {
  auto &index = isSource ? sourceNamed : targetNamed;
  auto it = index.find(key);
  if (it == index.end())
    return false;
  NamedOps &ops = it->second;
  while (ops.next < ops.nodes.size() &&
         (isSource ? mapping.isSourceTaken(ops.nodes[ops.next])
                   : mapping.isTargetTaken(ops.nodes[ops.next])))
    ++ops.next;
  return ops.next < ops.nodes.size();
}

SmallVector<NodePair> StructuralState::allPairs() const {
  SmallVector<NodePair> pairs;
  for (unsigned t = 0; t < target.size(); ++t)
    if (std::optional<unsigned> s = mapping.getSource(t))
      pairs.push_back({*s, t});
  return pairs;
}

bool StructuralState::canVote(unsigned s, unsigned t) const {
  // From the graphs' rows (slot producers, users): no op is read.
  auto freeProducer = [](ArrayRef<int> producers, auto taken) {
    return llvm::any_of(producers, [&](int node) {
      return node != Graph::kNoProducer && !taken(node);
    });
  };
  auto freeUser = [](ArrayRef<unsigned> users, auto taken) {
    return !llvm::all_of(users, taken);
  };
  auto sourceTaken = [&](unsigned node) { return mapping.isSourceTaken(node); };
  auto targetTaken = [&](unsigned node) { return mapping.isTargetTaken(node); };
  return (freeProducer(source.getSlotProducers(s), sourceTaken) &&
          freeProducer(target.getSlotProducers(t), targetTaken)) ||
         (freeUser(source.getUsers(s), sourceTaken) &&
          freeUser(target.getUsers(t), targetTaken));
}

SmallVector<NodePair> StructuralState::votingPairs() {
  if (closedTargets.size() != target.size() ||
      closedReleases != mapping.getReleases()) {
    closedTargets.assign(target.size(), 0);
    closedReleases = mapping.getReleases();
  }
  SmallVector<NodePair> pairs;
  for (unsigned t = 0; t < target.size(); ++t) {
    // A closed target is still paired with the same source node: nothing
    // was unpaired since it was closed.
    if (closedTargets[t])
      continue;
    std::optional<unsigned> s = mapping.getSource(t);
    if (!s)
      continue;
    if (canVote(*s, t))
      pairs.push_back({*s, t});
    else
      closedTargets[t] = 1;
  }
  return pairs;
}

bool StructuralState::sameKind(unsigned s, unsigned t) const {
  // The rows first: no op is read unless the names differ.
  const Kind &k = sourceKinds[s], &l = targetKinds[t];
  if (k.numResults != l.numResults)
    return false;
  Structured x = sourceStructured[s], y = targetStructured[t];
  Reduction p = sourceReduction[s], q = targetReduction[t];
  if (k.name != l.name) {
    Operation *a = source.getNode(s), *b = target.getNode(t);
    // An elementwise op on tensors and the generic it was converted to
    // (`--convert-elementwise-to-linalg`), which elementwise fusion may have
    // merged with others: the generic's payload holds an op of its name.
    if (x == Structured::None && y == Structured::Generic)
      return sourceElementwise[s] && holdsElementwise(a, t, false);
    if (x == Structured::Generic && y == Structured::None)
      return targetElementwise[t] && holdsElementwise(b, s, true);
    // A named op and the generic it generalizes to (or the other way round:
    // specialized): both reduce or neither, and the same result types.
    // Payload, indexing maps and loops aside: fusion changes the first two,
    // and folding a reshape into the op can split its loops.
    return ((x == Structured::Named && y == Structured::Generic) ||
            (x == Structured::Generic && y == Structured::Named)) &&
           (p == Reduction::None) == (q == Reduction::None) &&
           a->getResultTypes() == b->getResultTypes();
  }
  // Two constants of different element types (a splat of floats and a loop
  // bound of type index) are different data; folding unit dimensions
  // changes a constant's shape, not its elements.
  if (k.constant && l.constant &&
      !llvm::equal(source.getNode(s)->getResultTypes(),
                   target.getNode(t)->getResultTypes(), [](Type a, Type b) {
                     return getElementTypeOrSelf(a) == getElementTypeOrSelf(b);
                   }))
    return false;
  if (x != Structured::Generic || y != Structured::Generic ||
      iterationOf(true, s) == iterationOf(false, t))
    return true;
  // Two generics over different iteration spaces. An elementwise generic did
  // not become a reduction of data, nor the other way round (elementwise
  // fusion keeps the consumer's loops and fuses only elementwise producers).
  // And if the other side holds a free named op over the space of one of
  // them, that op may be what was generalized into it (the generic of a
  // generalized convolution is not the ReLU generic that read the
  // convolution and was fused away).
  return (p == Reduction::Data) == (q == Reduction::Data) &&
         !hasFreeNamed(true, iterationOf(false, t)) &&
         !hasFreeNamed(false, iterationOf(true, s));
}

/// Whether `op` reads only constants (and reads something): it may fold.
static bool readsOnlyConstants(Operation *op) {
  return op->getNumOperands() != 0 &&
         llvm::all_of(op->getOperands(), isConstantValue);
}

bool StructuralState::sameConstness(unsigned s, unsigned t) const {
  bool x = sourceKinds[s].constant, y = targetKinds[t].constant;
  if (x == y)
    return true;
  Operation *a = source.getNode(s), *b = target.getNode(t);
  // A fold: an op of constants became a constant the other side did not
  // have (one it had is that constant, kept).
  if (y)
    return readsOnlyConstants(a) &&
           !sourceConstants.contains(targetHashes.content[t]);
  return readsOnlyConstants(b) &&
         !targetConstants.contains(sourceHashes.content[s]);
}

bool StructuralState::sameShape(unsigned s, unsigned t) const {
  Operation *a = source.getNode(s), *b = target.getNode(t);
  return a->getName().getDialectNamespace() ==
             b->getName().getDialectNamespace() &&
         a->getResultTypes() == b->getResultTypes() && sameConstness(s, t);
}

bool StructuralState::sameTypes(unsigned s, unsigned t) const {
  Operation *a = source.getNode(s), *b = target.getNode(t);
  return a->getResultTypes() == b->getResultTypes() && sameConstness(s, t);
}

bool graphdiff::isConstantValue(Value value) {
  Operation *def = value.getDefiningOp();
  return def && def->hasTrait<OpTrait::ConstantLike>();
}

bool graphdiff::sameModuloUnitDims(Type a, Type b) {
  if (a == b)
    return true;
  auto x = dyn_cast<RankedTensorType>(a), y = dyn_cast<RankedTensorType>(b);
  if (!x || !y || !x.hasStaticShape() || !y.hasStaticShape() ||
      x.getElementType() != y.getElementType())
    return false;
  auto isNotOne = [](int64_t size) { return size != 1; };
  return llvm::equal(llvm::make_filter_range(x.getShape(), isNotOne),
                     llvm::make_filter_range(y.getShape(), isNotOne));
}

bool StructuralState::sameElements(unsigned s, unsigned t) const {
  Operation *a = source.getNode(s), *b = target.getNode(t);
  return a->getNumResults() == b->getNumResults() &&
         llvm::all_of(llvm::zip(a->getResultTypes(), b->getResultTypes()),
                      [](auto types) {
                        return sameModuloUnitDims(std::get<0>(types),
                                                  std::get<1>(types));
                      }) &&
         sameConstness(s, t);
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
