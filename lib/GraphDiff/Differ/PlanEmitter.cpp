//===- PlanEmitter.cpp - The plan, and what it does to each node ----------===//
//
// Part of graph-diff.
//
// Each action is worked out as a fact of the result model first (a
// Replacement, an update's change kinds, a status) and then written as a
// `patch` op from that fact, so the model and the plan cannot disagree; and
// the op is recorded with those facts (a PlanAction), which reports read.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Differ/PlanEmitter.h"

#include "GraphDiff/Dialect/LG/IR/LG.h"
#include "GraphDiff/Differ/ChangeDetails.h"
#include "GraphDiff/Differ/ContentChanges.h"
#include "GraphDiff/Differ/DiffResult.h"
#include "GraphDiff/Differ/MemoryOrder.h"
#include "GraphDiff/Differ/PairContext.h"
#include "GraphDiff/Differ/RegionSettling.h"
#include "GraphDiff/Differ/SourceRefs.h"
#include "GraphDiff/Graph/AttributeEquivalence.h"
#include "GraphDiff/Graph/Graph.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/DenseSet.h"

using namespace mlir;
using namespace graphdiff;

/// Why a node a tie left free is deleted (a source node) or inserted (a
/// target node): two nodes tie for its counterpart, or two counterparts tie
/// for it (the mapping's ambiguity marks).
static constexpr llvm::StringLiteral kAmbiguousReason =
    "ambiguous: equally good matches tie, and the differ does not guess "
    "between them";

namespace {
class PlanEmitter {
public:
  PlanEmitter(const PairContext &pair, const SettledRegions &regions,
              OpBuilder &builder, GraphDiff &result)
      : pair(pair), source(pair.source), target(pair.target),
        mapping(pair.mapping), regions(regions), builder(builder),
        result(result), sourceRefs(source, builder.getContext()) {}

  void run();

private:
  /// The reference the plan uses for target value `value`.
  patch::RefAttr imageRef(Value value) const;
  /// The reference for source value `value` once the plan is applied: itself,
  /// or the new node result that replaced it; null if it is deleted.
  patch::RefAttr afterRef(Value value) const;
  /// Target node `t` marked `new`, without a result index: how a plan names
  /// the new node it makes. Made once per node, without the target's own
  /// reference to it, which no plan prints.
  patch::RefAttr newNodeRef(unsigned t) const;
  /// Result `result` of the new node of target node `t`.
  patch::RefAttr newValueRef(unsigned t, unsigned result) const;
  /// imageRef() of slot `slot` of target node `t`, which reads result
  /// `result` of target node `producer`, from the graph's slot tables (no
  /// lookup of the value's producer).
  patch::RefAttr slotImageRef(unsigned t, unsigned slot,
                              unsigned producer) const;

  /// The replace of target node `t`'s (settled) region: its anchor, ordered
  /// members, what its results stand for.
  Replacement replacementOf(unsigned t) const;
  /// The change kinds of the update of the pair (`s`, `t`): its content's,
  /// and "inputs" if it reads other values than the source node will.
  patch::NodeChange changesOf(unsigned s, unsigned t) const;
  /// Fills the body of a new node's action with a copy of target node `t`,
  /// and `inputs` with what its operands stand for.
  void buildBody(Operation *action, unsigned t,
                 SmallVectorImpl<Attribute> &inputs);
  patch::MatchStageAttr stageAttr(MatchStage stage) {
    patch::MatchStageAttr &attr = stageAttrs[static_cast<unsigned>(stage)];
    if (!attr)
      attr = patch::MatchStageAttr::get(builder.getContext(), stage);
    return attr;
  }

  /// Records `op`, just emitted, as the next action of the plan.
  PlanAction &record(Operation *op, std::optional<MatchStage> stage = {},
                     ArrayRef<unsigned> sources = {}) {
    PlanAction &action = result.actions.emplace_back();
    action.kind = op->getName().stripDialect();
    action.op = op;
    action.stage = stage;
    action.sources.assign(sources.begin(), sources.end());
    return action;
  }
  /// Where the new node of target node `t`'s action goes, if the action
  /// must say (MemoryOrder.h): a source node ref, or `_` for the end.
  patch::RefAttr beforeRef(unsigned t) const;

  void emitAddedInputs();
  void emitReplace(const Replacement &replacement);
  void emitInsert(unsigned t);
  void emitUpdate(unsigned s, unsigned t, patch::NodeChange changes);
  void emitDeletes();
  void emitSignature(Location loc);

  const PairContext &pair;
  const Graph &source;
  const Graph &target;
  const NodeMapping &mapping;
  const SettledRegions &regions;
  OpBuilder &builder;
  GraphDiff &result;
  MemoryPlacement placement;
  /// Attributes that many actions share, each made once: every get of an
  /// attribute goes through the context's uniquer (its locks and cache when
  /// the context has threads).
  ArrayAttr emptyArray;
  /// `_`: no node (the end of the graph, a result that stands for none).
  patch::RefAttr noneRef;
  llvm::SmallDenseMap<unsigned, patch::MatchStageAttr, 8> stageAttrs;
  /// newNodeRef() by target node, made on first use.
  mutable llvm::DenseMap<unsigned, patch::RefAttr> newRefs;
  /// How the plan names source nodes and values.
  SourceRefs sourceRefs;
};
} // namespace

patch::RefAttr PlanEmitter::imageRef(Value value) const {
  if (Value image = pair.sourceImage(value))
    return sourceRefs.value(image);
  if (auto result = dyn_cast<OpResult>(value))
    if (std::optional<unsigned> producer = target.getProducer(value))
      return newValueRef(*producer, result.getResultNumber());
  return patch::RefAttr::get(builder.getContext(),
                             target.getValueRef(value).asNew());
}

patch::RefAttr PlanEmitter::newNodeRef(unsigned t) const {
  patch::RefAttr &ref = newRefs[t];
  if (!ref) {
    MLIRContext *context = builder.getContext();
    ref = patch::RefAttr::get(
        context, StringAttr::get(context, target.getNodeName(t)),
        /*symbol=*/isa<lg::NodeOp>(target.getNode(t)), 0, /*isNew=*/true);
  }
  return ref;
}

patch::RefAttr PlanEmitter::newValueRef(unsigned t, unsigned result) const {
  patch::RefAttr ref = newNodeRef(t);
  if (result == 0)
    return ref;
  return patch::RefAttr::get(ref.getContext(), ref.getName(), ref.getSymbol(),
                             result, /*isNew=*/true);
}

patch::RefAttr PlanEmitter::slotImageRef(unsigned t, unsigned slot,
                                         unsigned producer) const {
  // sourceImage() of the slot's value: the same result of the producer's
  // pair. Paired nodes have as many results as each other (settling made a
  // region of each pair whose counts differ), so the pair has that result.
  unsigned result = target.getSlotResultNumber(t, slot);
  std::optional<unsigned> s = mapping.getSource(producer);
  if (!s)
    return newValueRef(producer, result);
  patch::RefAttr ref = sourceRefs.node(*s);
  if (result == 0)
    return ref;
  return patch::RefAttr::get(ref.getContext(), ref.getName(), ref.getSymbol(),
                             result, /*isNew=*/false);
}

patch::RefAttr PlanEmitter::afterRef(Value value) const {
  auto it = regions.replacedBy.find(value);
  if (it != regions.replacedBy.end())
    return newValueRef(it->second.first, it->second.second);
  if (auto arg = dyn_cast<BlockArgument>(value))
    return pair.isKeptInput(arg.getArgNumber()) ? sourceRefs.value(value)
                                                : nullptr;
  std::optional<unsigned> producer = source.getProducer(value);
  if (!producer || !mapping.getTarget(*producer))
    return nullptr;
  return sourceRefs.value(value);
}

patch::RefAttr PlanEmitter::beforeRef(unsigned t) const {
  auto it = placement.before.find(t);
  if (it == placement.before.end())
    return nullptr;
  if (it->second)
    return sourceRefs.node(*it->second);
  return noneRef;
}

Replacement PlanEmitter::replacementOf(unsigned t) const {
  ArrayRef<unsigned> region = mapping.getRegion(t);
  ArrayRef<unsigned> rank = pair.sourceRank;
  Replacement replacement;
  replacement.target = t;
  replacement.stage = mapping.getRegionStage(t);
  replacement.standsFor = regions.standsFor.find(t)->second;
  // The anchor: the sink, the last member whose value a result of the new
  // node stands for; failing that, the last with outside uses.
  llvm::DenseSet<unsigned> members(region.begin(), region.end());
  std::optional<unsigned> anchor;
  auto later = [&](unsigned member) {
    if (!anchor || rank[member] > rank[*anchor])
      anchor = member;
  };
  for (Value value : replacement.standsFor)
    if (value)
      later(*source.getProducer(value));
  if (!anchor)
    for (unsigned member : region)
      if (source.isOutputNode(member) ||
          llvm::any_of(source.getUsers(member),
                       [&](unsigned u) { return !members.contains(u); }))
        later(member);
  if (!anchor)
    anchor = *llvm::max_element(
        region, [&](unsigned a, unsigned b) { return rank[a] < rank[b]; });
  replacement.anchor = *anchor;
  replacement.region.assign(region.begin(), region.end());
  pair.sortBySourceRank(replacement.region);
  return replacement;
}

patch::NodeChange PlanEmitter::changesOf(unsigned s, unsigned t) const {
  patch::NodeChange changes = patch::NodeChange::None;
  // Settling compared most pairs' content already.
  if (t >= regions.sameContent.size() || !regions.sameContent[t])
    contentChanged(source.getNode(s), target.getNode(t), changes);
  ArrayRef<Value> newInputs = target.getNodeInputs(t);
  ArrayRef<Value> oldInputs = source.getNodeInputs(s);
  // Whether a target input reads what the source input will be after the
  // plan. The common case, the very value it stood for and nothing replaced
  // it, needs no references built.
  auto differs = [&](Value newInput, Value oldInput) {
    Value image = pair.sourceImage(newInput);
    auto replaced = regions.replacedBy.find(oldInput);
    bool isReplaced = replaced != regions.replacedBy.end();
    if (image == oldInput && !isReplaced)
      return false;
    // Two node results: what their references would say, without making
    // them. Node names are unique in a graph, so two references to nodes of
    // one graph are equal when they name the same node and result.
    auto newResult = dyn_cast<OpResult>(newInput);
    std::optional<unsigned> producer = target.getProducer(newInput);
    if (newResult && producer && isa<OpResult>(oldInput)) {
      // afterRef() is the new node's result that replaces the old value;
      // imageRef() a new node's result unless the value has an image.
      if (isReplaced)
        return image || replaced->second.first != *producer ||
               replaced->second.second != newResult.getResultNumber();
      // afterRef() is the old value itself if its node stays, else null;
      // imageRef() is a source node's result if the value has an image,
      // else a new node's.
      if (std::optional<unsigned> old = source.getProducer(oldInput))
        return !mapping.getTarget(*old) || image != oldInput;
    }
    return imageRef(newInput) != afterRef(oldInput);
  };
  // The common node: its inputs are its operands (no captures, no value
  // read twice), on both sides. The two loops below then compare the same
  // operands; a slot whose producer's pair is the source slot's producer,
  // at the same result, reads what it read, which the slot producer tables
  // tell without a lookup per value (sourceImage's) and without reading the
  // two ops.
  bool operandsOnly = !target.hasCaptures(t) && !source.hasCaptures(s);
  ArrayRef<int> newProducers = target.getSlotProducers(t);
  ArrayRef<int> oldProducers = source.getSlotProducers(s);
  // The old producer is paired, so no region holds it and no new node
  // replaces its value (replacedBy holds region members' values only).
  auto sameSlot = [&](unsigned i) {
    if (newProducers[i] == Graph::kNoProducer ||
        oldProducers[i] == Graph::kNoProducer)
      return false;
    std::optional<unsigned> image = mapping.getSource(newProducers[i]);
    return image && *image == unsigned(oldProducers[i]) &&
           target.getSlotResultNumber(t, i) == source.getSlotResultNumber(s, i);
  };
  if (operandsOnly && newProducers.size() == newInputs.size() &&
      oldProducers.size() == oldInputs.size()) {
    // Operand counts differ: a repeated operand (`Add(%r)` vs `Add(%r,
    // %r)`) would read no new value, but this node repeats none.
    bool inputsChanged = newInputs.size() != oldInputs.size();
    for (unsigned i = 0; !inputsChanged && i < newInputs.size(); ++i)
      if (!sameSlot(i))
        inputsChanged = differs(newInputs[i], oldInputs[i]);
    if (inputsChanged)
      changes |= patch::NodeChange::Inputs;
    return changes;
  }
  // A node that reads a value twice, on both sides: if every operand reads
  // the image of its counterpart's, the operands agree, and so do the
  // inputs (each is its first operand of that value, and pairs are one to
  // one), as the loops below would find.
  if (operandsOnly && newProducers.size() == oldProducers.size() &&
      llvm::all_of(llvm::seq<unsigned>(0, newProducers.size()), sameSlot))
    return changes;
  Operation *a = source.getNode(s);
  Operation *b = target.getNode(t);
  // A repeated operand (`Add(%r)` vs `Add(%r, %r)`) reads no new value.
  bool inputsChanged = newInputs.size() != oldInputs.size() ||
                       a->getNumOperands() != b->getNumOperands();
  for (unsigned i = 0; !inputsChanged && i < newInputs.size(); ++i)
    inputsChanged = differs(newInputs[i], oldInputs[i]);
  // Operand order matters too (a rewired edge may keep the set of inputs).
  if (!inputsChanged && a->getNumOperands() == b->getNumOperands())
    for (unsigned i = 0; i < a->getNumOperands() && !inputsChanged; ++i)
      inputsChanged = differs(b->getOperand(i), a->getOperand(i));
  if (inputsChanged)
    changes |= patch::NodeChange::Inputs;
  return changes;
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

void PlanEmitter::buildBody(Operation *action, unsigned t,
                            SmallVectorImpl<Attribute> &inputs) {
  Operation *node = target.getNode(t);
  Block *body = new Block();
  action->getRegion(0).push_back(body);
  IRMapping values;
  ArrayRef<Value> nodeInputs = target.getNodeInputs(t);
  // The common node reads its operands, each once: its inputs are its
  // slots, whose producers the graph keeps.
  ArrayRef<int> producers;
  if (!target.hasCaptures(t) && target.getSlots(t).size() == nodeInputs.size())
    producers = target.getSlotProducers(t);
  for (auto [i, input] : llvm::enumerate(nodeInputs)) {
    if (!producers.empty() && producers[i] != Graph::kNoProducer)
      inputs.push_back(slotImageRef(t, i, producers[i]));
    else
      inputs.push_back(imageRef(input));
    values.map(input, body->addArgument(input.getType(), input.getLoc()));
  }
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToEnd(body);
  Operation *newNode = builder.clone(*node, values);
  declareReferencedSymbols(node, newNode);
}

void PlanEmitter::emitAddedInputs() {
  // Inputs the target adds, so that nodes can read them.
  for (BlockArgument arg : target.getInputs()) {
    if (pair.inputSource[arg.getArgNumber()])
      continue;
    auto add =
        patch::AddInputOp::create(builder, arg.getLoc(), imageRef(arg),
                                  builder.getI64IntegerAttr(arg.getArgNumber()),
                                  TypeAttr::get(arg.getType()));
    record(add).number = arg.getArgNumber();
  }
}

void PlanEmitter::emitReplace(const Replacement &replacement) {
  Operation *node = target.getNode(replacement.target);
  patch::RefAttr anchorRef = sourceRefs.node(replacement.anchor);
  patch::MatchStageAttr stage = stageAttr(replacement.stage);
  for (unsigned member : replacement.region)
    if (member != replacement.anchor) {
      auto del = patch::DeleteOp::create(
          builder, source.getNode(member)->getLoc(), sourceRefs.node(member),
          anchorRef, StringAttr(), stage);
      record(del, replacement.stage, member).anchor = replacement.anchor;
    }
  SmallVector<Attribute> regionRefs, results;
  for (unsigned member : replacement.region)
    regionRefs.push_back(sourceRefs.node(member));
  for (Value value : replacement.standsFor)
    results.push_back(value ? sourceRefs.value(value) : noneRef);
  bool init = false;
  if (auto lgNode = dyn_cast<lg::NodeOp>(node))
    init = lgNode.getStateful();
  auto replace = patch::ReplaceOp::create(
      builder, node->getLoc(), anchorRef, newNodeRef(replacement.target),
      builder.getArrayAttr(regionRefs), emptyArray,
      builder.getArrayAttr(results), init, stage,
      /*before=*/patch::RefAttr());
  PlanAction &action = record(replace, replacement.stage, replacement.region);
  action.anchor = replacement.anchor;
  action.target = replacement.target;
  action.init = init;
  SmallVector<Attribute> inputs;
  buildBody(replace, replacement.target, inputs);
  replace.setInputsAttr(builder.getArrayAttr(inputs));
  // A replace goes at its anchor, at the end if it reads buffers, unless it
  // says otherwise.
  patch::RefAttr before = beforeRef(replacement.target);
  bool onBuffers = llvm::any_of(replace.getBody().getArgumentTypes(),
                                llvm::IsaPred<BaseMemRefType>);
  if (before && !(before.isNone() && onBuffers))
    replace.setBeforeAttr(before);
}

void PlanEmitter::emitInsert(unsigned t) {
  // A node left free by a tie says so, as a delete does.
  StringAttr reason;
  if (mapping.isTargetAmbiguous(t))
    reason = builder.getStringAttr(kAmbiguousReason);
  auto insert = patch::InsertOp::create(
      builder, target.getNode(t)->getLoc(), newNodeRef(t), emptyArray,
      patch::MatchStageAttr(), /*before=*/patch::RefAttr(), reason);
  PlanAction &action = record(insert);
  action.target = t;
  action.reason = reason ? reason.getValue() : "";
  SmallVector<Attribute> inputs;
  buildBody(insert, t, inputs);
  insert.setInputsAttr(builder.getArrayAttr(inputs));
  // An insert goes at the end unless it says otherwise.
  if (patch::RefAttr before = beforeRef(t); before && !before.isNone())
    insert.setBeforeAttr(before);
}

void PlanEmitter::emitUpdate(unsigned s, unsigned t,
                             patch::NodeChange changes) {
  auto update = patch::UpdateOp::create(
      builder, target.getNode(t)->getLoc(), sourceRefs.node(s),
      patch::NodeChangeAttr::get(builder.getContext(), changes),
      patch::bitEnumContainsAll(changes, patch::NodeChange::Attributes)
          ? oldAttributes(source.getNode(s), target.getNode(t), builder)
          : DictionaryAttr(),
      emptyArray, stageAttr(mapping.getPairStage(t)),
      /*before=*/patch::RefAttr());
  SmallVector<Attribute> inputs;
  buildBody(update, t, inputs);
  update.setInputsAttr(builder.getArrayAttr(inputs));
  update.setBeforeAttr(beforeRef(t));
  PlanAction &action = record(update, mapping.getPairStage(t), s);
  action.target = t;
  action.changes = changes;
  describeChanges(source, action);
}

void PlanEmitter::emitDeletes() {
  // Source nodes with no counterpart.
  for (unsigned s : pair.sourceOrder) {
    if (mapping.isSourceTaken(s))
      continue;
    result.sourceStatus[s] = NodeStatus::Deleted;
    // A tie the matchers would not break is the first reason to give.
    auto it = regions.refusals.find(s);
    StringAttr reason;
    if (mapping.isSourceAmbiguous(s))
      reason = builder.getStringAttr(kAmbiguousReason);
    else if (it != regions.refusals.end())
      reason = builder.getStringAttr(it->second);
    auto del = patch::DeleteOp::create(builder, source.getNode(s)->getLoc(),
                                       sourceRefs.node(s), patch::RefAttr(),
                                       reason, patch::MatchStageAttr());
    record(del, std::nullopt, s).reason = reason ? reason.getValue() : "";
  }
}

void PlanEmitter::emitSignature(Location loc) {
  // Inputs the target dropped, then outputs.
  for (BlockArgument arg : source.getInputs())
    if (!pair.isKeptInput(arg.getArgNumber()))
      record(patch::RemoveInputOp::create(builder, arg.getLoc(),
                                          sourceRefs.value(arg)))
          .number = arg.getArgNumber();
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
    record(patch::RemoveOutputOp::create(builder, loc,
                                         builder.getI64IntegerAttr(i)))
        .number = i;
  for (unsigned i : added)
    record(patch::AddOutputOp::create(builder, loc, imageRef(newOutputs[i]),
                                      builder.getI64IntegerAttr(i)))
        .number = i;

  // The graph's own attributes, last: argument attributes name the target's
  // positions. Input and output edits leave the argument and result
  // attributes of the edited positions empty, so with those edits the
  // target's are restated even where they did not change.
  DictionaryAttr was = graphAttributes(source.getOperation());
  DictionaryAttr now = graphAttributes(target.getOperation());
  unsigned inputs = source.getInputs().size();
  bool signatureEdited = !removed.empty() || !added.empty() ||
                         pair.numKeptInputs() != inputs ||
                         target.getInputs().size() != inputs;
  auto function = dyn_cast<FunctionOpInterface>(target.getOperation());
  bool restate = signatureEdited && function &&
                 (!isEmptyAttrList(function.getArgAttrsAttr()) ||
                  !isEmptyAttrList(function.getResAttrsAttr()));
  if (isSameAttrDictionary(was, now) && !restate)
    return;
  NamedAttrList changed;
  for (NamedAttribute attr : was)
    if (Attribute value = now.get(attr.getName());
        !value || !isSameAttribute(attr.getValue(), value))
      changed.push_back(attr);
  auto set = patch::SetGraphAttributesOp::create(
      builder, loc, now,
      changed.empty() ? DictionaryAttr()
                      : changed.getDictionary(builder.getContext()));
  describeChanges(source, record(set));
}

void PlanEmitter::run() {
  Location loc = target.getOperation()->getLoc();
  result.plan =
      patch::PlanOp::create(builder, loc, source.getPath(), target.getPath());
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToEnd(&result.plan.getActions().front());
  emptyArray = builder.getArrayAttr({});
  noneRef = patch::RefAttr::get(builder.getContext(), builder.getStringAttr(""),
                                false, 0, false);

  placement = placeMemoryAccesses(source, target, mapping);
  emitAddedInputs();
  // Node actions, in the target's canonical order: what a node reads is made
  // before it.
  for (unsigned t : pair.targetOrder) {
    // A paired node has no region: its (wide) region entry is not read.
    std::optional<unsigned> s = mapping.getSource(t);
    if (!s && !mapping.getRegion(t).empty()) {
      Replacement replacement = replacementOf(t);
      result.targetStatus[t] = NodeStatus::Replacing;
      for (unsigned member : replacement.region) {
        result.sourceStatus[member] = NodeStatus::Replaced;
        result.image[member] = t;
      }
      emitReplace(replacement);
      result.replacements.push_back(std::move(replacement));
      continue;
    }
    if (!s) {
      result.targetStatus[t] = NodeStatus::Inserted;
      emitInsert(t);
      continue;
    }
    result.image[*s] = t;
    patch::NodeChange changes = changesOf(*s, t);
    if (placement.before.count(t))
      changes |= patch::NodeChange::Order;
    if (changes == patch::NodeChange::None) {
      result.sourceStatus[*s] = result.targetStatus[t] = NodeStatus::Unchanged;
      continue;
    }
    result.sourceStatus[*s] = result.targetStatus[t] = NodeStatus::Updated;
    emitUpdate(*s, t, changes);
    result.changes[t] = changes;
  }
  emitDeletes();
  emitSignature(loc);

  result.summary = DiffSummary::count(result.sourceStatus, result.targetStatus,
                                      result.replacements.size());
}

void graphdiff::emitPlan(const PairContext &pair, const SettledRegions &regions,
                         OpBuilder &builder, GraphDiff &result) {
  PlanEmitter(pair, regions, builder, result).run();
}
