//===- PatchOps.cpp - Operations of the patch-plan dialect ----------------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Dialect/Patch/IR/Patch.h"

#include "GraphDiff/Dialect/LG/IR/LG.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

using namespace mlir;
using namespace graphdiff;
using namespace graphdiff::patch;

//===----------------------------------------------------------------------===//
// Custom directives: references written bare inside actions.
//===----------------------------------------------------------------------===//

/// Parses `_`, `[new] @id[N]` or `[new] %name#N`. Returns failure if the next
/// token starts none of them, without consuming anything.
static OptionalParseResult parseOptionalRef(OpAsmParser &parser, RefAttr &ref) {
  MLIRContext *context = parser.getContext();
  if (succeeded(parser.parseOptionalKeyword("_"))) {
    ref = RefAttr::get(context, StringAttr::get(context, ""), false, 0, false);
    return success();
  }
  bool isNew = succeeded(parser.parseOptionalKeyword("new"));
  StringAttr symbol;
  if (succeeded(parser.parseOptionalSymbolName(symbol))) {
    uint64_t result = 0;
    if (succeeded(parser.parseOptionalLSquare()))
      if (parser.parseInteger(result) || parser.parseRSquare())
        return failure();
    ref = RefAttr::get(context, symbol, /*symbol=*/true, result, isNew);
    return success();
  }
  OpAsmParser::UnresolvedOperand operand;
  OptionalParseResult parsed =
      parser.parseOptionalOperand(operand, /*allowResultNumber=*/true);
  if (parsed.has_value()) {
    if (failed(*parsed))
      return failure();
    ref = RefAttr::get(context,
                       StringAttr::get(context, operand.name.drop_front()),
                       /*symbol=*/false, operand.number, isNew);
    return success();
  }
  if (isNew)
    return parser.emitError(parser.getCurrentLocation(),
                            "expected '@id' or '%name' after 'new'");
  return std::nullopt;
}

static ParseResult parseRef(OpAsmParser &parser, RefAttr &ref) {
  OptionalParseResult parsed = parseOptionalRef(parser, ref);
  if (!parsed.has_value())
    return parser.emitError(parser.getCurrentLocation(),
                            "expected a reference ('@id', '%name', 'new ...' "
                            "or '_')");
  return *parsed;
}

static void printRef(OpAsmPrinter &printer, Operation *, RefAttr ref) {
  printer << ref.str();
}

static ParseResult parseRefList(OpAsmParser &parser, ArrayAttr &refs) {
  SmallVector<Attribute> elements;
  RefAttr ref;
  OptionalParseResult first = parseOptionalRef(parser, ref);
  if (first.has_value()) {
    if (failed(*first))
      return failure();
    elements.push_back(ref);
    while (succeeded(parser.parseOptionalComma())) {
      if (parseRef(parser, ref))
        return failure();
      elements.push_back(ref);
    }
  }
  refs = parser.getBuilder().getArrayAttr(elements);
  return success();
}

static void printRefList(OpAsmPrinter &printer, Operation *, ArrayAttr refs) {
  llvm::interleaveComma(refs, printer, [&](Attribute ref) {
    printer << cast<RefAttr>(ref).str();
  });
}

//===----------------------------------------------------------------------===//
// Custom directives: enums written as strings, `stage "id"`,
// `changes ["kind", "inputs"]`.
//===----------------------------------------------------------------------===//

static ParseResult parseStage(OpAsmParser &parser, MatchStageAttr &stage) {
  SMLoc loc = parser.getCurrentLocation();
  std::string name;
  if (parser.parseString(&name))
    return failure();
  std::optional<MatchStage> value = symbolizeMatchStage(name);
  if (!value) {
    InFlightDiagnostic diag = parser.emitError(loc)
                              << "unknown stage '" << name << "' (expected ";
    for (unsigned i = 0; i <= getMaxEnumValForMatchStage(); ++i)
      if (std::optional<MatchStage> known = symbolizeMatchStage(i))
        diag << (i ? ", " : "") << "'" << stringifyMatchStage(*known) << "'";
    return diag << ")";
  }
  stage = MatchStageAttr::get(parser.getContext(), *value);
  return success();
}

static void printStage(OpAsmPrinter &printer, Operation *,
                       MatchStageAttr stage) {
  printer.printString(stringifyMatchStage(stage.getValue()));
}

/// Parses a list of the names of the flags of a bit-enum attribute (node or
/// graph changes), each once, in any order (printed in the order of its
/// bits).
template <typename FlagsAttrT>
static ParseResult parseFlagList(OpAsmParser &parser, FlagsAttrT &flags) {
  using BitEnumT = decltype(std::declval<FlagsAttrT>().getValue());
  BitEnumT set = BitEnumT::None;
  auto parseFlag = [&]() -> ParseResult {
    SMLoc loc = parser.getCurrentLocation();
    std::string name;
    if (parser.parseString(&name))
      return failure();
    std::optional<BitEnumT> flag = symbolizeEnum<BitEnumT>(name);
    if (!flag || !llvm::has_single_bit(static_cast<uint32_t>(*flag))) {
      InFlightDiagnostic diag = parser.emitError(loc)
                                << "unknown change '" << name << "' (expected ";
      llvm::interleaveComma(
          getSetBits(~BitEnumT::None), diag,
          [&](BitEnumT known) { diag << "'" << stringifyEnum(known) << "'"; });
      return diag << ")";
    }
    if (bitEnumContainsAny(set, *flag))
      return parser.emitError(loc) << "lists change '" << name << "' twice";
    set |= *flag;
    return success();
  };
  if (parser.parseCommaSeparatedList(OpAsmParser::Delimiter::Square, parseFlag))
    return failure();
  flags = FlagsAttrT::get(parser.getContext(), set);
  return success();
}

template <typename FlagsAttrT>
static void printFlagList(OpAsmPrinter &printer, Operation *,
                          FlagsAttrT flags) {
  printer << "[";
  llvm::interleaveComma(getSetBits(flags.getValue()), printer, [&](auto flag) {
    printer.printString(stringifyEnum(flag));
  });
  printer << "]";
}

// The directives `custom<NodeChanges>` and `custom<GraphChanges>`.
static ParseResult parseNodeChanges(OpAsmParser &p, NodeChangeAttr &a) {
  return parseFlagList(p, a);
}
static void printNodeChanges(OpAsmPrinter &p, Operation *op, NodeChangeAttr a) {
  printFlagList(p, op, a);
}
static ParseResult parseGraphChanges(OpAsmParser &p, GraphChangeAttr &a) {
  return parseFlagList(p, a);
}
static void printGraphChanges(OpAsmPrinter &p, Operation *op,
                              GraphChangeAttr a) {
  printFlagList(p, op, a);
}

#define GET_OP_CLASSES
#include "GraphDiff/Dialect/Patch/IR/PatchOps.cpp.inc"

#include "GraphDiff/Dialect/Patch/IR/PatchInterfaces.cpp.inc"

//===----------------------------------------------------------------------===//
// Per-action verifiers
//===----------------------------------------------------------------------===//

/// Checks the references of one action on their own: the nodes it claims are
/// bare source nodes, the values it reads are values, and what it makes is
/// named with `new`.
LogicalResult patch::detail::verifyActionRefs(Operation *op) {
  auto action = cast<ActionOpInterface>(op);
  for (RefAttr node : action.getClaimedNodes())
    if (node.isNone() || node.getIsNew() || node.getResult() != 0)
      return op->emitOpError()
             << "must name a source node, not '" << node.str() << "'";
  for (RefAttr value : action.getUsedValues())
    if (value.isNone())
      return op->emitOpError() << "lists '_' where a value is needed";
  if (RefAttr name = action.getNewName()) {
    if (!name.getIsNew())
      return op->emitOpError()
             << "must name its new node with 'new', not '" << name.str() << "'";
    if (name.getResult() != 0)
      return op->emitOpError() << "names its new node with a result index";
  }
  return success();
}

/// Checks the body of an insert, replace or update: one block whose arguments
/// are the listed inputs, ending with the new node, which only declarations
/// of the symbols it references may precede.
LogicalResult patch::detail::verifyNewNodeBody(Operation *op) {
  auto action = cast<NewNodeOpInterface>(op);
  if (RefAttr before = action.getPlacedBefore())
    if (!before.isNone() && (before.getIsNew() || before.getResult() != 0))
      return op->emitOpError() << "must place its new node before a source "
                                  "node or '_' (the end), not '"
                               << before.str() << "'";
  if (action.getBody().empty())
    return success(); // Reported by the region's constraint.
  Block &block = action.getBody().front();
  ArrayAttr inputs = action.getInputs();
  if (block.getNumArguments() != inputs.size())
    return op->emitOpError()
           << "lists " << inputs.size() << " input(s) but its body has "
           << block.getNumArguments() << " block argument(s)";
  if (block.empty())
    return op->emitOpError("body must hold the new node");
  for (Operation &decl : llvm::make_range(block.begin(), --block.end()))
    if (!isa<SymbolOpInterface>(decl))
      return op->emitOpError()
             << "body must hold one op, the new node, after the declarations "
                "of the symbols it references (found "
             << llvm::range_size(block) << " ops)";
  return success();
}

/// Names the block arguments of a new node's body `%in0`, `%in1`, ... so that
/// they cannot be mistaken for the source values the action lists.
void patch::detail::nameInputs(Region &region, OpAsmSetValueNameFn setNameFn) {
  if (region.empty())
    return;
  for (BlockArgument arg : region.front().getArguments())
    setNameFn(arg, ("in" + llvm::Twine(arg.getArgNumber())).str());
}

SmallVector<RefAttr> DeleteOp::getClaimedNodes() { return {getNode()}; }

SmallVector<RefAttr> ReplaceOp::getClaimedNodes() {
  return llvm::to_vector(getRegion().getAsRange<RefAttr>());
}

LogicalResult ReplaceOp::verify() {
  RefAttr anchor = getAnchor().getNodeRef();
  if (!llvm::any_of(getRegion().getAsRange<RefAttr>(), [&](RefAttr member) {
        return member.getNodeRef() == anchor;
      }))
    return emitOpError() << "anchor " << getAnchor().str()
                         << " is not a member of its region";
  if (getResults().size() != getNewNode()->getNumResults())
    return emitOpError() << "maps " << getResults().size()
                         << " result(s) but the new node has "
                         << getNewNode()->getNumResults();
  for (RefAttr result : getResults().getAsRange<RefAttr>())
    if (result.getIsNew())
      return emitOpError() << "results must name source values, not '"
                           << result.str() << "'";
  return success();
}

SmallVector<RefAttr> UpdateOp::getClaimedNodes() { return {getNode()}; }

LogicalResult UpdateOp::verify() {
  if (getChanges() == NodeChange::None)
    return emitOpError("must list at least one change");
  bool order = bitEnumContainsAll(getChanges(), NodeChange::Order);
  if (order && !getBeforeAttr())
    return emitOpError("lists 'order' but does not say where the node goes "
                       "('before')");
  if (!order && getBeforeAttr())
    return emitOpError("moves the node ('before') but does not list 'order'");
  if (getWasAttr() && !bitEnumContainsAll(getChanges(), NodeChange::Attributes))
    return emitOpError("gives old attribute values ('was') but does not list "
                       "'attributes'");
  return success();
}

RefAttr AddInputOp::getNewName() { return getName(); }

SmallVector<RefAttr> AddOutputOp::getUsedValues() { return {getValue()}; }

LogicalResult ChangeGraphOp::verify() {
  if (getChanges() == GraphChange::None)
    return emitOpError("must list at least one change");
  if (bitEnumContainsAll(getChanges(),
                         GraphChange::Defined | GraphChange::Declared))
    return emitOpError("cannot list both 'defined' and 'declared'");
  return success();
}

//===----------------------------------------------------------------------===//
// PlanOp
//===----------------------------------------------------------------------===//

void PlanOp::build(OpBuilder &builder, OperationState &state, StringRef source,
                   StringRef target) {
  state.addAttribute(getSourceAttrName(state.name),
                     FlatSymbolRefAttr::get(builder.getContext(), source));
  state.addAttribute(getTargetAttrName(state.name),
                     FlatSymbolRefAttr::get(builder.getContext(), target));
  state.addRegion()->emplaceBlock();
}

void PlanOp::build(OpBuilder &builder, OperationState &state,
                   SymbolRefAttr source, SymbolRefAttr target) {
  state.addAttribute(getSourceAttrName(state.name), source);
  state.addAttribute(getTargetAttrName(state.name), target);
  state.addRegion()->emplaceBlock();
}

/// Whether `del` is the delete of a node that the fusion `rep` absorbed.
static bool isAbsorbedBy(Operation *del, Operation *rep) {
  auto d = dyn_cast<DeleteOp>(del);
  auto r = dyn_cast<ReplaceOp>(rep);
  return d && r && d.getAbsorbedByAttr() &&
         d.getAbsorbedByAttr().getNodeRef() == r.getAnchor().getNodeRef();
}

/// Checks that a node absorbed by a fusion names the replace that took it
/// over, and that every member of a replaced region other than its anchor is
/// deleted that way. `replaces` holds the replaces by anchor.
static LogicalResult
verifyAbsorptions(Block &actions, const llvm::StringMap<ReplaceOp> &replaces) {
  llvm::StringSet<> absorbed;
  for (auto del : actions.getOps<DeleteOp>())
    if (RefAttr by = del.getAbsorbedByAttr())
      absorbed.insert(del.getNode().getNodeRef().str() + " " +
                      by.getNodeRef().str());
  for (auto rep : actions.getOps<ReplaceOp>()) {
    RefAttr anchor = rep.getAnchor().getNodeRef();
    for (RefAttr member : rep.getRegion().getAsRange<RefAttr>()) {
      member = member.getNodeRef();
      if (member == anchor)
        continue;
      if (!absorbed.contains(member.str() + " " + anchor.str()))
        return rep.emitOpError()
               << "region member " << member.str() << " has no 'patch.delete "
               << member.str() << " absorbed_by " << anchor.str() << "'";
    }
  }
  for (auto del : actions.getOps<DeleteOp>()) {
    RefAttr by = del.getAbsorbedByAttr();
    if (!by)
      continue;
    ReplaceOp rep = replaces.lookup(by.getNodeRef().str());
    if (!rep)
      return del.emitOpError() << "is absorbed by " << by.str()
                               << ", but no replace of this plan is anchored "
                                  "there";
    RefAttr node = del.getNode().getNodeRef();
    if (!llvm::any_of(
            rep.getRegion().getAsRange<RefAttr>(),
            [&](RefAttr member) { return member.getNodeRef() == node; })) {
      InFlightDiagnostic diag = del.emitOpError()
                                << "is absorbed by " << by.str()
                                << ", but that replace's region does not "
                                   "hold "
                                << node.str();
      diag.attachNote(rep.getLoc()) << "the replace is here";
      return diag;
    }
  }
  return success();
}

/// What takes the whole plan; each action has checked itself.
LogicalResult PlanOp::verifyRegions() {
  // The source node each action claims, and the action that claimed it.
  llvm::StringMap<Operation *> claimed;
  // Values made by earlier actions, by name.
  llvm::StringSet<> made;
  // Replaces by anchor, for the `absorbed_by` checks.
  llvm::StringMap<ReplaceOp> replaces;
  Operation *setAttributes = nullptr;
  for (Operation &op : getActions().front()) {
    auto action = dyn_cast<ActionOpInterface>(op);
    if (!action)
      return op.emitOpError("is not a patch action; a 'patch.plan' holds "
                            "only actions");
    if (isa<SetGraphAttributesOp>(op)) {
      if (setAttributes) {
        InFlightDiagnostic diag =
            op.emitOpError("sets the graph's attributes, which an earlier "
                           "action of the plan already sets");
        diag.attachNote(setAttributes->getLoc()) << "set here";
        return diag;
      }
      setAttributes = &op;
    }
    for (RefAttr node : action.getClaimedNodes()) {
      auto [it, inserted] = claimed.try_emplace(node.str(), &op);
      // A node absorbed by a fusion is claimed by both its delete and the
      // replace it names: that is one claim, not two.
      if (inserted || isAbsorbedBy(it->second, &op) ||
          isAbsorbedBy(&op, it->second))
        continue;
      InFlightDiagnostic diag = op.emitOpError()
                                << "claims source node " << node.str()
                                << ", which another action already claims";
      diag.attachNote(it->second->getLoc()) << "claimed here";
      return diag;
    }
    for (RefAttr value : action.getUsedValues())
      if (value.getIsNew() && !made.contains(value.getNodeRef().str()))
        return op.emitOpError()
               << "uses '" << value.str()
               << "', which no earlier action of the plan makes";
    if (RefAttr name = action.getNewName())
      if (!made.insert(name.str()).second)
        return op.emitOpError()
               << "makes '" << name.str() << "', which an earlier action made";
    if (auto rep = dyn_cast<ReplaceOp>(op))
      replaces[rep.getAnchor().getNodeRef().str()] = rep;
  }
  // A new node goes before a node that stays: one the plan leaves or
  // updates, not one it removes.
  for (auto action : getActions().front().getOps<NewNodeOpInterface>()) {
    RefAttr before = action.getPlacedBefore();
    if (!before || before.isNone())
      continue;
    Operation *claimer = claimed.lookup(before.str());
    if (!claimer || isa<UpdateOp>(claimer))
      continue;
    InFlightDiagnostic diag = action->emitOpError()
                              << "places its new node before " << before.str()
                              << ", which the plan removes";
    diag.attachNote(claimer->getLoc()) << "removed here";
    return diag;
  }
  return verifyAbsorptions(getActions().front(), replaces);
}

/// Checks one reference against an `lg` source graph: `@id` must name a node
/// (and `[N]` one of its results), `%argN` one of its inputs.
static LogicalResult checkRefInGraph(Operation *action, RefAttr ref,
                                     lg::GraphOp graph,
                                     llvm::StringMap<lg::NodeOp> &nodes) {
  if (ref.isNone() || ref.getIsNew())
    return success();
  StringRef name = ref.getName().getValue();
  if (ref.getSymbol()) {
    lg::NodeOp node = nodes.lookup(name);
    if (!node)
      return action->emitOpError()
             << "references @" << name << ", which is not a node of graph @"
             << graph.getSymName();
    if (ref.getResult() >= node->getNumResults())
      return action->emitOpError()
             << "references result " << ref.getResult() << " of @" << name
             << ", which has " << node->getNumResults() << " result(s)";
    return success();
  }
  unsigned index;
  if (name.consume_front("arg") && !name.getAsInteger(10, index)) {
    if (index < graph.getNumArguments())
      return success();
    return action->emitOpError()
           << "references input %arg" << index << " but graph @"
           << graph.getSymName() << " has " << graph.getNumArguments()
           << " input(s)";
  }
  return action->emitOpError()
         << "references '" << ref.str() << "'; the values of graph @"
         << graph.getSymName() << " are named '@id' or '%argN'";
}

LogicalResult PlanOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  // Only a source graph defined beside the plan can be checked; a plan printed
  // on its own stands apart from the graphs it relates.
  Operation *parent = (*this)->getParentOp();
  auto graph = parent ? symbolTable.lookupNearestSymbolFrom<lg::GraphOp>(
                            parent, getSourceAttr())
                      : lg::GraphOp();
  if (!graph)
    return success();
  llvm::StringMap<lg::NodeOp> nodes;
  for (auto node : graph.getBody().front().getOps<lg::NodeOp>())
    nodes[node.getId()] = node;
  auto checkAll = [&](Operation *action, ArrayRef<Attribute> refs) {
    for (Attribute ref : refs)
      if (failed(checkRefInGraph(action, cast<RefAttr>(ref), graph, nodes)))
        return failure();
    return success();
  };
  for (Operation &op : getActions().front()) {
    SmallVector<Attribute> refs;
    for (NamedAttribute attr : op.getAttrs()) {
      if (auto ref = dyn_cast<RefAttr>(attr.getValue()))
        refs.push_back(ref);
      else if (auto list = dyn_cast<ArrayAttr>(attr.getValue()))
        llvm::append_range(refs, llvm::make_filter_range(list, [](Attribute a) {
                             return isa<RefAttr>(a);
                           }));
    }
    if (failed(checkAll(&op, refs)))
      return failure();
    if (auto remove = dyn_cast<RemoveOutputOp>(op))
      if (remove.getPosition() >= graph.getNumResults())
        return op.emitOpError()
               << "removes output " << remove.getPosition() << " but graph @"
               << graph.getSymName() << " has " << graph.getNumResults()
               << " output(s)";
  }
  return success();
}
