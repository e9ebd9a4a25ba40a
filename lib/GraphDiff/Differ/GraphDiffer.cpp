//===- GraphDiffer.cpp - Patch plans between two graphs -------------------===//
//
// Part of graph-diff.
//
// Matching runs the stages of Matchers.h in order of trust. Then regions are
// settled (grown from what the target node's neighbours say, checked for
// convexity), and the plan is emitted in a canonical order that depends on
// names and structure only, never on the order of nodes in the files.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Differ/GraphDiffer.h"

#include "ConventionRegions.h"
#include "GraphDiff/Differ/DiffReport.h"

#include "GraphDiff/Dialect/LG/IR/LG.h"
#include "GraphDiff/Differ/Matchers.h"
#include "GraphDiff/Differ/StructuralMatcher.h"
#include "GraphDiff/Graph/AttributeEquivalence.h"
#include "GraphDiff/Graph/Graph.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringSet.h"

#include <queue>

using namespace mlir;
using namespace graphdiff;

bool graphdiff::isDiffableGraph(Operation *op) {
  if (isa<lg::GraphOp>(op))
    return true;
  auto function = dyn_cast<FunctionOpInterface>(op);
  return function && !function.isExternal() &&
         llvm::hasSingleElement(function.getFunctionBody());
}

namespace {
/// Builds the plan once the matchers have run.
class PlanBuilder {
public:
  PlanBuilder(const Graph &source, const Graph &target, NodeMapping &mapping)
      : source(source), target(target), mapping(mapping),
        sourceOrder(source.getCanonicalOrder()),
        targetOrder(target.getCanonicalOrder()),
        sourceRank(source.getCanonicalRanks()) {
    unsigned common =
        std::min(source.getInputs().size(), target.getInputs().size());
    for (unsigned i = 0; i < common; ++i)
      if (source.getInputs()[i].getType() == target.getInputs()[i].getType())
        keptInputs.insert(i);
  }

  void settleRegions();
  patch::PlanOp emit(OpBuilder &builder);

private:
  /// The source value that target value `value` stands for once the plan is
  /// applied, or null if it is made by the plan.
  Value sourceImage(Value value) const;
  /// The reference the plan uses for target value `value`.
  patch::RefAttr imageRef(Value value) const;
  /// The reference for source value `value` once the plan is applied: itself,
  /// or the new node result that replaced it; null if it is deleted.
  patch::RefAttr afterRef(Value value) const;

  /// Target nodes' results seen from the source: for each result of target
  /// node `t`, the source values that its paired users read in its place.
  /// A user whose number of operands changed says nothing by position;
  /// `loose` then takes every source operand it may read there.
  SmallVector<SmallVector<Value, 2>> outImages(unsigned t, bool loose) const;
  /// Grows `region` backwards from its members over free source nodes whose
  /// results are used only inside the region, stopping at `boundary`.
  void grow(SmallVectorImpl<unsigned> &region,
            const llvm::DenseSet<Value> &boundary) const;
  /// The source values target node `t`'s inputs stand for.
  llvm::DenseSet<Value> inputImages(unsigned t) const;
  /// Why `region` cannot become one node, or "".
  std::string checkRegion(unsigned t, ArrayRef<unsigned> region) const;
  /// Why the region of `t` leaks a value its new node does not stand for.
  std::string checkLeaks(unsigned t) const;
  /// Fixes which source value each result of `t` stands for.
  void mapResults(unsigned t);

  bool contentChanged(unsigned s, unsigned t,
                      SmallVectorImpl<StringRef> &changes) const;
  Block *buildBody(OpBuilder &builder, Operation *action, unsigned t,
                   SmallVectorImpl<Attribute> &inputs);

  const Graph &source;
  const Graph &target;
  NodeMapping &mapping;
  ArrayRef<unsigned> sourceOrder, targetOrder, sourceRank;
  llvm::DenseSet<unsigned> keptInputs;
  /// For a target node that replaces a region: result k stands for source
  /// value standsFor[t][k] (null for none).
  llvm::DenseMap<unsigned, SmallVector<Value, 2>> standsFor;
  /// Source values replaced by a new node's result: value -> (t, k).
  llvm::DenseMap<Value, std::pair<unsigned, unsigned>> replacedBy;
  /// Regions refused, with the reason, keyed by source node.
  llvm::DenseMap<unsigned, std::string> refusals;
};
} // namespace

Value PlanBuilder::sourceImage(Value value) const {
  if (auto arg = dyn_cast<BlockArgument>(value)) {
    if (arg.getOwner() == &target.getBody() &&
        keptInputs.contains(arg.getArgNumber()))
      return source.getInputs()[arg.getArgNumber()];
    return nullptr;
  }
  std::optional<unsigned> producer = target.getProducer(value);
  if (!producer)
    return nullptr;
  std::optional<unsigned> s = mapping.getSource(*producer);
  if (!s)
    return nullptr;
  unsigned result = cast<OpResult>(value).getResultNumber();
  if (result >= source.getNode(*s)->getNumResults())
    return nullptr;
  return source.getNode(*s)->getResult(result);
}

patch::RefAttr PlanBuilder::imageRef(Value value) const {
  if (Value image = sourceImage(value))
    return source.getValueRef(image);
  patch::RefAttr ref = target.getValueRef(value);
  return patch::RefAttr::get(ref.getContext(), ref.getName(), ref.getSymbol(),
                             ref.getResult(), /*isNew=*/true);
}

patch::RefAttr PlanBuilder::afterRef(Value value) const {
  auto it = replacedBy.find(value);
  if (it != replacedBy.end()) {
    patch::RefAttr ref = target.getNodeRef(it->second.first);
    return patch::RefAttr::get(ref.getContext(), ref.getName(), ref.getSymbol(),
                               it->second.second, true);
  }
  if (auto arg = dyn_cast<BlockArgument>(value))
    return keptInputs.contains(arg.getArgNumber()) ? source.getValueRef(value)
                                                   : nullptr;
  std::optional<unsigned> producer = source.getProducer(value);
  if (!producer || !mapping.getTarget(*producer))
    return nullptr;
  return source.getValueRef(value);
}

SmallVector<SmallVector<Value, 2>> PlanBuilder::outImages(unsigned t,
                                                          bool loose) const {
  Operation *node = target.getNode(t);
  SmallVector<SmallVector<Value, 2>> images(node->getNumResults());
  for (OpResult result : node->getResults()) {
    for (OpOperand &use : result.getUses()) {
      Operation *user = use.getOwner();
      Value seen;
      if (user == target.getTerminator()) {
        unsigned position = use.getOperandNumber();
        if (position < source.getOutputs().size())
          seen = source.getOutputs()[position];
      } else if (std::optional<unsigned> u = target.getIndex(user)) {
        if (std::optional<unsigned> s = mapping.getSource(*u)) {
          Operation *sourceUser = source.getNode(*s);
          auto &out = images[result.getResultNumber()];
          if (sourceUser->getNumOperands() == user->getNumOperands()) {
            seen = sourceUser->getOperand(use.getOperandNumber());
          } else if (loose) {
            // The user gained or lost operands (ml_switcheroo's optimizer
            // drops the edges that leave a fused chain's middle), so
            // positions do not correspond: it may read here any source
            // operand that none of its other operands stands for.
            llvm::DenseSet<Value> kept;
            for (Value operand : user->getOperands())
              if (Value image = sourceImage(operand))
                kept.insert(image);
            for (Value operand : sourceUser->getOperands())
              if (!kept.contains(operand) && !llvm::is_contained(out, operand))
                out.push_back(operand);
          }
        }
      }
      if (seen && !llvm::is_contained(images[result.getResultNumber()], seen))
        images[result.getResultNumber()].push_back(seen);
    }
  }
  return images;
}

void PlanBuilder::grow(SmallVectorImpl<unsigned> &region,
                       const llvm::DenseSet<Value> &boundary) const {
  llvm::DenseSet<unsigned> members(region.begin(), region.end());
  for (unsigned next = 0; next < region.size(); ++next) {
    for (Value input : source.getNodeInputs(region[next])) {
      if (boundary.contains(input))
        continue;
      std::optional<unsigned> producer = source.getProducer(input);
      if (!producer || members.contains(*producer) ||
          mapping.isSourceTaken(*producer) || source.isOutputNode(*producer))
        continue;
      // Absorb only nodes whose every result is used inside the region.
      if (!llvm::all_of(source.getUsers(*producer),
                        [&](unsigned user) { return members.contains(user); }))
        continue;
      members.insert(*producer);
      region.push_back(*producer);
    }
  }
}

std::string PlanBuilder::checkRegion(unsigned t,
                                     ArrayRef<unsigned> region) const {
  llvm::DenseSet<unsigned> members(region.begin(), region.end());
  // Convex: no path leaves the region and comes back. Walk forward from the
  // region's outside users; reaching a member is a path that returns. Edges
  // go up in topological rank, so a node ranked after every member cannot
  // lead back: the walk stays within the region's span of ranks, which keeps
  // the check local instead of a sweep of the rest of the graph.
  unsigned lastRank = 0;
  for (unsigned member : region)
    lastRank = std::max(lastRank, sourceRank[member]);
  SmallVector<unsigned> worklist;
  llvm::DenseSet<unsigned> seen;
  auto visit = [&](unsigned node) {
    if (sourceRank[node] < lastRank && seen.insert(node).second)
      worklist.push_back(node);
  };
  // Only edges the plan keeps make a path: an edge between two nodes that
  // have counterparts (paired, or in a region, this one included) stays if
  // the target has it between those; ml_switcheroo's optimizer drops the
  // edges that leave a fused chain's middle or enter it past its head. An
  // edge at a node with no counterpart (deleted) is taken to stay.
  auto counterpart = [&](unsigned s) -> std::optional<unsigned> {
    if (members.contains(s))
      return t;
    if (std::optional<unsigned> u = mapping.getTarget(s))
      return u;
    return mapping.getClaimant(s);
  };
  auto stays = [&](unsigned from, unsigned to) {
    std::optional<unsigned> a = counterpart(from), b = counterpart(to);
    return !a || !b || llvm::any_of(target.getNodeInputs(*b), [&](Value input) {
      return target.getProducer(input) == *a;
    });
  };
  for (unsigned member : region)
    for (unsigned user : source.getUsers(member))
      if (!members.contains(user) && stays(member, user))
        visit(user);
  while (!worklist.empty()) {
    unsigned node = worklist.pop_back_val();
    for (unsigned user : source.getUsers(node)) {
      if (!stays(node, user))
        continue;
      if (members.contains(user))
        return "the region is not convex: a path leaves it through " +
               source.getNodeRef(node).str() + " and comes back to " +
               source.getNodeRef(user).str();
      visit(user);
    }
  }
  return "";
}

void PlanBuilder::mapResults(unsigned t) {
  ArrayRef<unsigned> region = mapping.getRegion(t);
  llvm::DenseSet<unsigned> members(region.begin(), region.end());
  auto inRegion = [&](Value v) {
    std::optional<unsigned> p = source.getProducer(v);
    return p && members.contains(*p);
  };
  SmallVector<SmallVector<Value, 2>> images = outImages(t, /*loose=*/true);
  SmallVector<Value, 2> results(images.size());
  for (auto [k, candidates] : llvm::enumerate(images)) {
    SmallVector<Value, 2> inside;
    for (Value v : candidates)
      if (inRegion(v))
        inside.push_back(v);
    // One source value, one result: a value that two results both reach
    // (`lg.output %f#0, %f#1` where the source output `%a` twice) is stood
    // for by the first; the other is new.
    if (inside.size() == 1 && !llvm::is_contained(results, inside.front()))
      results[k] = inside.front();
  }
  // Read by other new nodes only (fused chains one after another): what
  // their regions read from this one, the latest such value if several (a
  // fused chain's value is its last member's).
  for (auto [k, candidates] :
       llvm::enumerate(regionReads(source, target, mapping, t))) {
    if (results[k])
      continue;
    Value latest;
    for (Value v : candidates)
      if (inRegion(v) && !llvm::is_contained(results, v) &&
          (!latest || sourceRank[*source.getProducer(v)] >
                          sourceRank[*source.getProducer(latest)]))
        latest = v;
    results[k] = latest;
  }
  // With nothing to go by (no readers in the target), a single sink's
  // results stand for the new node's, in order: the region's one exit (the
  // one member no member reads, a fused chain's tail), else its one member
  // with outside uses.
  SmallVector<unsigned> sinks;
  for (unsigned member : region)
    if (llvm::none_of(source.getUsers(member),
                      [&](unsigned u) { return members.contains(u); }))
      sinks.push_back(member);
  if (sinks.size() != 1) {
    sinks.clear();
    for (unsigned member : region)
      if (source.isOutputNode(member) ||
          llvm::any_of(source.getUsers(member),
                       [&](unsigned u) { return !members.contains(u); }))
        sinks.push_back(member);
  }
  if (sinks.size() == 1) {
    Operation *sink = source.getNode(sinks.front());
    for (unsigned k = 0; k < results.size(); ++k)
      if (!results[k] && k < sink->getNumResults() &&
          !llvm::is_contained(results, sink->getResult(k)) &&
          sink->getResult(k).getType() ==
              target.getNode(t)->getResult(k).getType())
        results[k] = sink->getResult(k);
  }
  for (auto [k, value] : llvm::enumerate(results))
    if (value)
      replacedBy[value] = {t, static_cast<unsigned>(k)};
  standsFor[t] = std::move(results);
}

llvm::DenseSet<Value> PlanBuilder::inputImages(unsigned t) const {
  llvm::DenseSet<Value> images;
  for (Value input : target.getNodeInputs(t))
    if (Value image = sourceImage(input))
      images.insert(image);
  return images;
}

void PlanBuilder::settleRegions() {
  // 0. A convention (`fused_<id>`, an `anchor` key) names one node the new
  //    node absorbs, not where it is anchored: ml_switcheroo's optimizer
  //    names a fused chain after its head. The region is every free node on
  //    a path from the named node to what the new node stands for, plus the
  //    free nodes that fed only them, back to what the new node reads. A new
  //    node that nothing reads stands for the chain downstream of the named
  //    node, taken once the others have theirs.
  SmallVector<unsigned> conventions;
  for (unsigned t : targetOrder)
    if (!mapping.getRegion(t).empty() &&
        mapping.getRegionStage(t) == MatchStage::Convention)
      conventions.push_back(t);
  settleConventionRegions(
      source, target, mapping, conventions, sourceRank,
      [&](unsigned t) { return outImages(t, /*loose=*/true); });
  for (unsigned t : conventions) {
    SmallVector<unsigned> region(mapping.getRegion(t));
    mapping.clearRegion(t);
    grow(region, inputImages(t));
    llvm::sort(region, [&](unsigned a, unsigned b) {
      return sourceRank[a] < sourceRank[b];
    });
    mapping.setRegion(t, region, MatchStage::Convention);
  }

  // 1. A paired node whose number of results changed cannot be updated in
  //    place: uses of a result that comes or goes have nothing to follow. It
  //    is replaced, as a region of one node, whose results say which source
  //    value each new result stands for.
  for (unsigned t : targetOrder) {
    std::optional<unsigned> s = mapping.getSource(t);
    if (!s || source.getNode(*s)->getNumResults() ==
                  target.getNode(t)->getNumResults())
      continue;
    MatchStage stage = mapping.getPairStage(t);
    mapping.unpairTarget(t);
    mapping.setRegion(t, {*s}, stage);
  }

  // 2. A paired node whose content changed and whose free producers feed only
  //    it was rewritten together with them: upstream fusion keeps the
  //    consumer's location on the fused op. Its region is the pair's source
  //    node plus those producers.
  for (unsigned t : targetOrder) {
    std::optional<unsigned> s = mapping.getSource(t);
    if (!s || mapping.getPairStage(t) == MatchStage::Id)
      continue;
    SmallVector<StringRef> changes;
    if (!contentChanged(*s, t, changes))
      continue;
    llvm::DenseSet<Value> boundary = inputImages(t);
    MatchStage stage = mapping.getPairStage(t);
    SmallVector<unsigned> region{*s};
    mapping.unpairTarget(t);
    grow(region, boundary);
    if (region.size() == 1) {
      mapping.pair(*s, t, stage);
      continue;
    }
    mapping.setRegion(t, region, stage);
  }

  // 3. A target node with no counterpart: the free source nodes between the
  //    values its inputs and its paired users see form the region it
  //    replaces (or it is a pure insertion).
  for (unsigned t : targetOrder) {
    if (mapping.isTargetTaken(t))
      continue;
    llvm::DenseSet<Value> boundary = inputImages(t);
    SmallVector<unsigned> region;
    for (auto &candidates : outImages(t, /*loose=*/true))
      for (Value v : candidates) {
        std::optional<unsigned> p = source.getProducer(v);
        if (p && !mapping.isSourceTaken(*p) && !llvm::is_contained(region, *p))
          region.push_back(*p);
      }
    if (region.empty())
      continue;
    grow(region, boundary);
    llvm::sort(region, [&](unsigned a, unsigned b) {
      return sourceRank[a] < sourceRank[b];
    });
    mapping.setRegion(t, region, MatchStage::Structure);
  }

  // 4. Check every region; refuse the ones that cannot be one node.
  for (unsigned t : targetOrder) {
    ArrayRef<unsigned> region = mapping.getRegion(t);
    if (region.empty())
      continue;
    std::string why = checkRegion(t, region);
    if (why.empty()) {
      mapResults(t);
      why = checkLeaks(t);
      if (why.empty())
        continue;
      for (Value value : standsFor[t])
        if (value)
          replacedBy.erase(value);
      standsFor.erase(t);
    }
    SmallVector<unsigned> members(region.begin(), region.end());
    mapping.clearRegion(t);
    for (unsigned member : members)
      refusals[member] = why;
  }
}

std::string PlanBuilder::checkLeaks(unsigned t) const {
  ArrayRef<unsigned> region = mapping.getRegion(t);
  const SmallVector<Value, 2> &results = standsFor.find(t)->second;
  // What the target reads in the new node's place. A member's value used
  // outside the region must be stood for if it is among these, or if it is a
  // graph output. Other outside users do not read it after the plan: a paired
  // one is rewired by its update (the target dropped that edge, as
  // ml_switcheroo's optimizer does for an edge leaving a fused chain's
  // middle), a free one is deleted or replaced in turn.
  llvm::DenseSet<Value> readInPlace;
  for (auto &candidates : outImages(t, /*loose=*/false))
    readInPlace.insert(candidates.begin(), candidates.end());
  for (unsigned member : region)
    for (OpResult value : source.getNode(member)->getResults()) {
      bool usedOutside =
          readInPlace.contains(value) ||
          llvm::is_contained(value.getUsers(), source.getTerminator());
      if (usedOutside && !llvm::is_contained(results, Value(value)))
        return "the region leaks " + source.getValueRef(value).str() +
               ": it is used outside the region, and no result of " +
               target.getNodeRef(t).str() + " stands for it";
    }
  return "";
}

bool PlanBuilder::contentChanged(unsigned s, unsigned t,
                                 SmallVectorImpl<StringRef> &changes) const {
  Operation *a = source.getNode(s);
  Operation *b = target.getNode(t);
  // The common case, checked without building any attribute: the same op
  // with the same attributes, properties and types, and no regions.
  if (a->getName() == b->getName() && a->getNumRegions() == 0 &&
      b->getNumRegions() == 0 &&
      a->getRawDictionaryAttrs() == b->getRawDictionaryAttrs() &&
      a->getResultTypes() == b->getResultTypes() &&
      (a->getPropertiesStorageSize() == 0 ||
       a->getName().compareOpProperties(a->getPropertiesStorage(),
                                        b->getPropertiesStorage())))
    return false;
  if (a->getName() != b->getName())
    changes.push_back("kind");
  else if (auto na = dyn_cast<lg::NodeOp>(a))
    if (na.getKind() != cast<lg::NodeOp>(b).getKind())
      changes.push_back("kind");
  if (a->getName() == b->getName()) {
    DictionaryAttr da = a->getAttrDictionary(), db = b->getAttrDictionary();
    if (!isSameAttrDictionary(da, db)) {
      // The kind of an lg node is an attribute, reported on its own.
      bool onlyKind = false;
      if (isa<lg::NodeOp>(a)) {
        NamedAttrList la(da), lb(db);
        la.erase("kind");
        lb.erase("kind");
        onlyKind = la.getDictionary(a->getContext()) ==
                   lb.getDictionary(a->getContext());
      }
      if (!onlyKind)
        changes.push_back("attributes");
    }
    Attribute pa = a->getPropertiesAsAttribute();
    Attribute pb = b->getPropertiesAsAttribute();
    bool sameProperties = isa_and_nonnull<DictionaryAttr>(pa) &&
                                  isa_and_nonnull<DictionaryAttr>(pb)
                              ? isSameAttrDictionary(cast<DictionaryAttr>(pa),
                                                     cast<DictionaryAttr>(pb))
                              : pa == pb;
    if (!sameProperties && !isa<lg::NodeOp>(a) &&
        !llvm::is_contained(changes, "attributes"))
      changes.push_back("attributes");
  }
  if (a->getResultTypes() != b->getResultTypes())
    changes.push_back("types");
  if (a->getName() == b->getName() &&
      a->getNumRegions() == b->getNumRegions() && a->getNumRegions() != 0) {
    // Values from outside the two ops (their operands, captured values) are
    // edges, compared elsewhere; values defined inside must correspond.
    DenseMap<Value, Value> inner;
    auto definedIn = [](Operation *op, Value value) {
      Operation *parent = value.getParentBlock()->getParentOp();
      return parent && op->isAncestor(parent);
    };
    bool same = OperationEquivalence::isEquivalentTo(
        a, b,
        [&](Value va, Value vb) -> LogicalResult {
          auto it = inner.find(va);
          if (it != inner.end())
            return success(it->second == vb);
          return success(!definedIn(a, va) && !definedIn(b, vb));
        },
        [&](Value va, Value vb) { inner.try_emplace(va, vb); },
        OperationEquivalence::IgnoreLocations);
    if (!same && !llvm::is_contained(changes, "attributes"))
      changes.push_back("regions");
  }
  return !changes.empty();
}

/// Copies into the body of a new node's action, before `newNode`, a
/// declaration of each symbol that `node` (its original in the target)
/// references, so that the new node verifies inside the plan as it does in
/// the target: a function becomes a private declaration, anything else is
/// copied whole. `lg` nodes are left out: a node's `calls @graph` is checked
/// in its graph, not in a plan.
static void declareReferencedSymbols(Operation *node, Operation *newNode) {
  std::optional<SymbolTable::UseRange> uses = SymbolTable::getSymbolUses(node);
  if (!uses)
    return;
  OpBuilder builder(newNode);
  llvm::SmallPtrSet<Operation *, 4> declared;
  for (const SymbolTable::SymbolUse &use : *uses) {
    Operation *user = use.getUser();
    if (isa_and_nonnull<lg::LGDialect>(user->getDialect()))
      continue;
    auto root = FlatSymbolRefAttr::get(use.getSymbolRef().getRootReference());
    Operation *symbol = SymbolTable::lookupNearestSymbolFrom(user, root);
    if (!symbol || !declared.insert(symbol).second)
      continue;
    Operation *copy;
    if (isa<FunctionOpInterface>(symbol)) {
      copy = symbol->cloneWithoutRegions();
      SymbolTable::setSymbolVisibility(copy, SymbolTable::Visibility::Private);
    } else {
      copy = symbol->clone();
    }
    builder.insert(copy);
  }
}

Block *PlanBuilder::buildBody(OpBuilder &builder, Operation *action, unsigned t,
                              SmallVectorImpl<Attribute> &inputs) {
  Operation *node = target.getNode(t);
  Block *body = new Block();
  action->getRegion(0).push_back(body);
  IRMapping mapping;
  for (Value input : target.getNodeInputs(t)) {
    inputs.push_back(imageRef(input));
    mapping.map(input, body->addArgument(input.getType(), input.getLoc()));
  }
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToEnd(body);
  Operation *newNode = builder.clone(*node, mapping);
  declareReferencedSymbols(node, newNode);
  return body;
}

patch::PlanOp PlanBuilder::emit(OpBuilder &builder) {
  MLIRContext *context = builder.getContext();
  Location loc = target.getOperation()->getLoc();
  auto plan =
      patch::PlanOp::create(builder, loc, source.getPath(), target.getPath());
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToEnd(&plan.getActions().front());
  auto stageAttr = [&](MatchStage stage) {
    return builder.getStringAttr(stringifyMatchStage(stage));
  };
  auto listOf = [&](SmallVectorImpl<Attribute> &refs) {
    return builder.getArrayAttr(refs);
  };

  // Inputs the target adds, so that nodes can read them.
  for (BlockArgument arg : target.getInputs()) {
    if (keptInputs.contains(arg.getArgNumber()))
      continue;
    patch::AddInputOp::create(builder, arg.getLoc(), imageRef(arg),
                              builder.getI64IntegerAttr(arg.getArgNumber()),
                              TypeAttr::get(arg.getType()));
  }

  // Node actions, in the target's canonical order: what a node reads is made
  // before it.
  for (unsigned t : targetOrder) {
    Operation *node = target.getNode(t);
    ArrayRef<unsigned> region = mapping.getRegion(t);
    if (!region.empty()) {
      // The anchor: the sink, the last member whose value a result of the
      // new node stands for; failing that, the last with outside uses.
      llvm::DenseSet<unsigned> members(region.begin(), region.end());
      std::optional<unsigned> anchor;
      auto later = [&](unsigned member) {
        if (!anchor || sourceRank[member] > sourceRank[*anchor])
          anchor = member;
      };
      for (Value value : standsFor[t])
        if (value)
          later(*source.getProducer(value));
      if (!anchor)
        for (unsigned member : region)
          if (source.isOutputNode(member) ||
              llvm::any_of(source.getUsers(member),
                           [&](unsigned u) { return !members.contains(u); }))
            later(member);
      if (!anchor)
        anchor = *llvm::max_element(region, [&](unsigned a, unsigned b) {
          return sourceRank[a] < sourceRank[b];
        });
      SmallVector<unsigned> ordered(region.begin(), region.end());
      llvm::sort(ordered, [&](unsigned a, unsigned b) {
        return sourceRank[a] < sourceRank[b];
      });
      patch::RefAttr anchorRef = source.getNodeRef(*anchor);
      StringAttr stage = stageAttr(mapping.getRegionStage(t));
      for (unsigned member : ordered)
        if (member != *anchor)
          patch::DeleteOp::create(builder, source.getNode(member)->getLoc(),
                                  source.getNodeRef(member), anchorRef,
                                  StringAttr(), stage);
      SmallVector<Attribute> regionRefs, results;
      for (unsigned member : ordered)
        regionRefs.push_back(source.getNodeRef(member));
      for (Value value : standsFor[t])
        results.push_back(value ? source.getValueRef(value)
                                : patch::RefAttr::get(context,
                                                      builder.getStringAttr(""),
                                                      false, 0, false));
      patch::RefAttr newName = target.getNodeRef(t);
      newName = patch::RefAttr::get(context, newName.getName(),
                                    newName.getSymbol(), 0, true);
      bool init = false;
      if (auto lgNode = dyn_cast<lg::NodeOp>(node))
        init = lgNode.getStateful();
      auto replace = patch::ReplaceOp::create(
          builder, node->getLoc(), anchorRef, newName,
          builder.getArrayAttr(regionRefs), builder.getArrayAttr({}),
          builder.getArrayAttr(results), init, stage);
      SmallVector<Attribute> inputs;
      buildBody(builder, replace, t, inputs);
      replace.setInputsAttr(listOf(inputs));
      continue;
    }
    std::optional<unsigned> s = mapping.getSource(t);
    if (!s) {
      patch::RefAttr newName = target.getNodeRef(t);
      newName = patch::RefAttr::get(context, newName.getName(),
                                    newName.getSymbol(), 0, true);
      auto insert =
          patch::InsertOp::create(builder, node->getLoc(), newName,
                                  builder.getArrayAttr({}), StringAttr());
      SmallVector<Attribute> inputs;
      buildBody(builder, insert, t, inputs);
      insert.setInputsAttr(listOf(inputs));
      continue;
    }
    SmallVector<StringRef> changes;
    contentChanged(*s, t, changes);
    ArrayRef<Value> newInputs = target.getNodeInputs(t);
    ArrayRef<Value> oldInputs = source.getNodeInputs(*s);
    // Whether a target input reads what the source input will be after the
    // plan. The common case, the very value it stood for and nothing
    // replaced it, needs no references built.
    auto differs = [&](Value newInput, Value oldInput) {
      if (sourceImage(newInput) == oldInput && !replacedBy.count(oldInput))
        return false;
      return imageRef(newInput) != afterRef(oldInput);
    };
    // A repeated operand (`Add(%r)` vs `Add(%r, %r)`) reads no new value.
    bool inputsChanged =
        newInputs.size() != oldInputs.size() ||
        source.getNode(*s)->getNumOperands() != node->getNumOperands();
    for (unsigned i = 0; !inputsChanged && i < newInputs.size(); ++i)
      inputsChanged = differs(newInputs[i], oldInputs[i]);
    // Operand order matters too (a rewired edge may keep the set of inputs).
    Operation *a = source.getNode(*s);
    Operation *b = node;
    if (!inputsChanged && a->getNumOperands() == b->getNumOperands())
      for (unsigned i = 0; i < a->getNumOperands() && !inputsChanged; ++i)
        inputsChanged = differs(b->getOperand(i), a->getOperand(i));
    if (inputsChanged)
      changes.push_back("inputs");
    if (changes.empty())
      continue;
    auto update = patch::UpdateOp::create(
        builder, node->getLoc(), source.getNodeRef(*s),
        builder.getStrArrayAttr(changes), builder.getArrayAttr({}),
        stageAttr(mapping.getPairStage(t)));
    SmallVector<Attribute> inputs;
    buildBody(builder, update, t, inputs);
    update.setInputsAttr(listOf(inputs));
  }

  // Source nodes with no counterpart.
  for (unsigned s : sourceOrder) {
    if (mapping.isSourceTaken(s))
      continue;
    // A tie the matchers would not break is the first reason to give.
    auto it = refusals.find(s);
    StringAttr reason;
    if (mapping.isSourceAmbiguous(s))
      reason = builder.getStringAttr(
          "ambiguous: it ties with another node for the same counterpart, so "
          "neither is matched");
    else if (it != refusals.end())
      reason = builder.getStringAttr(it->second);
    patch::DeleteOp::create(builder, source.getNode(s)->getLoc(),
                            source.getNodeRef(s), patch::RefAttr(), reason,
                            StringAttr());
  }

  // The signature: inputs the target dropped, then outputs.
  for (BlockArgument arg : source.getInputs())
    if (!keptInputs.contains(arg.getArgNumber()))
      patch::RemoveInputOp::create(builder, arg.getLoc(),
                                   source.getValueRef(arg));
  OperandRange oldOutputs = source.getOutputs();
  OperandRange newOutputs = target.getOutputs();
  SmallVector<unsigned> removed, added;
  for (unsigned i = 0; i < std::max(oldOutputs.size(), newOutputs.size());
       ++i) {
    bool same = i < oldOutputs.size() && i < newOutputs.size() &&
                afterRef(oldOutputs[i]) == imageRef(newOutputs[i]);
    if (same)
      continue;
    if (i < oldOutputs.size())
      removed.push_back(i);
    if (i < newOutputs.size())
      added.push_back(i);
  }
  for (unsigned i : removed)
    patch::RemoveOutputOp::create(builder, loc, builder.getI64IntegerAttr(i));
  for (unsigned i : added)
    patch::AddOutputOp::create(builder, loc, imageRef(newOutputs[i]),
                               builder.getI64IntegerAttr(i));
  return plan;
}

GraphDiff graphdiff::diffGraphs(const Graph &source, const Graph &target,
                                OpBuilder &builder,
                                const StructureOptions &structure) {
  NodeMapping mapping(source.size(), target.size());
  matchByIds(source, target, mapping);
  matchByProvenance(source, target, mapping);
  matchByLocations(source, target, mapping);
  matchByConventions(source, target, mapping);
  matchByStructure(source, target, mapping, structure);

  PlanBuilder plan(source, target, mapping);
  plan.settleRegions();
  patch::PlanOp op = plan.emit(builder);
  return GraphDiff{std::move(mapping), op};
}
