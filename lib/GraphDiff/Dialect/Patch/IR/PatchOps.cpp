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

#define GET_OP_CLASSES
#include "GraphDiff/Dialect/Patch/IR/PatchOps.cpp.inc"

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

/// Checks the body of an insert, replace or update: one block whose arguments
/// are the listed inputs, ending with the new node, which only declarations
/// of the symbols it references may precede.
static LogicalResult verifyNewNodeBody(Operation *action, Region &body,
                                       ArrayAttr inputs) {
  Block &block = body.front();
  if (block.getNumArguments() != inputs.size())
    return action->emitOpError()
           << "lists " << inputs.size() << " input(s) but its body has "
           << block.getNumArguments() << " block argument(s)";
  if (block.empty())
    return action->emitOpError("body must hold the new node");
  for (Operation &op : llvm::make_range(block.begin(), --block.end()))
    if (!isa<SymbolOpInterface>(op))
      return action->emitOpError()
             << "body must hold one op, the new node, after the declarations "
                "of the symbols it references (found "
             << llvm::range_size(block) << " ops)";
  return success();
}

/// Names the block arguments of a new node's body `%in0`, `%in1`, ... so that
/// they cannot be mistaken for the source values the action lists.
static void nameInputs(Region &region, OpAsmSetValueNameFn setNameFn) {
  if (region.empty())
    return;
  for (BlockArgument arg : region.front().getArguments())
    setNameFn(arg, ("in" + llvm::Twine(arg.getArgNumber())).str());
}

void ReplaceOp::getAsmBlockArgumentNames(Region &region,
                                         OpAsmSetValueNameFn setNameFn) {
  nameInputs(region, setNameFn);
}
void InsertOp::getAsmBlockArgumentNames(Region &region,
                                        OpAsmSetValueNameFn setNameFn) {
  nameInputs(region, setNameFn);
}
void UpdateOp::getAsmBlockArgumentNames(Region &region,
                                        OpAsmSetValueNameFn setNameFn) {
  nameInputs(region, setNameFn);
}

Operation *ReplaceOp::getNewNode() { return &getBody().front().back(); }
Operation *InsertOp::getNewNode() { return &getBody().front().back(); }
Operation *UpdateOp::getNewNode() { return &getBody().front().back(); }

LogicalResult ChangeGraphOp::verify() {
  if (getChanges().empty())
    return emitOpError("must list at least one change");
  bool defined = false, declared = false;
  for (StringRef change : getChanges().getAsValueRange<StringAttr>()) {
    if (!llvm::is_contained({"defined", "declared", "signature", "attributes"},
                            change))
      return emitOpError() << "lists unknown change '" << change
                           << "' (expected 'defined', 'declared', "
                              "'signature' or 'attributes')";
    defined |= change == "defined";
    declared |= change == "declared";
  }
  if (defined && declared)
    return emitOpError("cannot list both 'defined' and 'declared'");
  return success();
}

LogicalResult PlanOp::verifyRegions() {
  // The source node each action claims, and the action that claimed it.
  llvm::StringMap<Operation *> claimed;
  auto claim = [&](Operation *action, RefAttr ref) -> LogicalResult {
    if (ref.isNone() || ref.getIsNew() || ref.getResult() != 0)
      return action->emitOpError()
             << "must name a source node, not '" << ref.str() << "'";
    std::string key = ref.getNodeRef().str();
    auto [it, inserted] = claimed.try_emplace(key, action);
    if (inserted)
      return success();
    // A node absorbed by a fusion is claimed by both its delete and the
    // replace it names: that is one claim, not two.
    auto absorbedBy = [](Operation *del, Operation *rep) {
      auto d = dyn_cast<DeleteOp>(del);
      auto r = dyn_cast<ReplaceOp>(rep);
      return d && r && d.getAbsorbedByAttr() &&
             d.getAbsorbedByAttr().getNodeRef() == r.getAnchor().getNodeRef();
    };
    if (absorbedBy(it->second, action) || absorbedBy(action, it->second))
      return success();
    InFlightDiagnostic diag = action->emitOpError()
                              << "claims source node " << key
                              << ", which another action already claims";
    diag.attachNote(it->second->getLoc()) << "claimed here";
    return diag;
  };

  // Values made by earlier actions, by name.
  llvm::StringSet<> made;
  auto checkUses = [&](Operation *action, ArrayAttr refs) -> LogicalResult {
    for (Attribute attr : refs) {
      auto ref = cast<RefAttr>(attr);
      if (ref.isNone())
        return action->emitOpError() << "lists '_' where a value is needed";
      if (ref.getIsNew() && !made.contains(ref.getNodeRef().str()))
        return action->emitOpError()
               << "uses '" << ref.str()
               << "', which no earlier action of the plan makes";
    }
    return success();
  };
  auto make = [&](Operation *action, RefAttr name) -> LogicalResult {
    if (!name.getIsNew())
      return action->emitOpError()
             << "must name its new node with 'new', not '" << name.str() << "'";
    if (name.getResult() != 0)
      return action->emitOpError() << "names its new node with a result index";
    if (!made.insert(name.str()).second)
      return action->emitOpError()
             << "makes '" << name.str() << "', which an earlier action made";
    return success();
  };

  // Anchors of replaces, for the `absorbed_by` check below.
  llvm::StringMap<ReplaceOp> replaces;
  for (Operation &op : getActions().front()) {
    if (op.getDialect() != (*this)->getDialect() || isa<PlanOp>(op))
      return op.emitOpError("is not a patch action; a 'patch.plan' holds "
                            "only actions");
    if (auto del = dyn_cast<DeleteOp>(op)) {
      if (failed(claim(&op, del.getNode())))
        return failure();
    } else if (auto rep = dyn_cast<ReplaceOp>(op)) {
      bool anchorInRegion = false;
      for (Attribute member : rep.getRegion()) {
        if (failed(claim(&op, cast<RefAttr>(member))))
          return failure();
        anchorInRegion |=
            cast<RefAttr>(member).getNodeRef() == rep.getAnchor().getNodeRef();
      }
      if (!anchorInRegion)
        return op.emitOpError() << "anchor " << rep.getAnchor().str()
                                << " is not a member of its region";
      if (failed(checkUses(&op, rep.getInputs())) ||
          failed(verifyNewNodeBody(&op, rep.getBody(), rep.getInputs())))
        return failure();
      Operation *newNode = rep.getNewNode();
      if (rep.getResults().size() != newNode->getNumResults())
        return op.emitOpError() << "maps " << rep.getResults().size()
                                << " result(s) but the new node has "
                                << newNode->getNumResults();
      for (Attribute attr : rep.getResults())
        if (cast<RefAttr>(attr).getIsNew())
          return op.emitOpError() << "results must name source values, not '"
                                  << cast<RefAttr>(attr).str() << "'";
      if (failed(make(&op, rep.getNewName())))
        return failure();
      replaces[rep.getAnchor().getNodeRef().str()] = rep;
    } else if (auto ins = dyn_cast<InsertOp>(op)) {
      if (failed(checkUses(&op, ins.getInputs())) ||
          failed(verifyNewNodeBody(&op, ins.getBody(), ins.getInputs())) ||
          failed(make(&op, ins.getNewName())))
        return failure();
    } else if (auto upd = dyn_cast<UpdateOp>(op)) {
      if (failed(claim(&op, upd.getNode())) ||
          failed(checkUses(&op, upd.getInputs())) ||
          failed(verifyNewNodeBody(&op, upd.getBody(), upd.getInputs())))
        return failure();
    } else if (auto add = dyn_cast<AddInputOp>(op)) {
      if (failed(make(&op, add.getName())))
        return failure();
    } else if (auto out = dyn_cast<AddOutputOp>(op)) {
      if (failed(
              checkUses(&op, ArrayAttr::get(getContext(), {out.getValue()}))))
        return failure();
    }
  }

  // A node absorbed by a fusion names the replace that took it over, and every
  // member of a replaced region other than its anchor is deleted that way.
  llvm::StringSet<> absorbed;
  for (auto del : getActions().front().getOps<DeleteOp>())
    if (RefAttr by = del.getAbsorbedByAttr())
      absorbed.insert(del.getNode().getNodeRef().str() + " " +
                      by.getNodeRef().str());
  for (auto rep : getActions().front().getOps<ReplaceOp>())
    for (Attribute attr : rep.getRegion()) {
      RefAttr anchor = rep.getAnchor().getNodeRef();
      auto member = cast<RefAttr>(attr).getNodeRef();
      if (member == rep.getAnchor().getNodeRef())
        continue;
      if (!absorbed.contains(member.str() + " " + anchor.str()))
        return rep.emitOpError()
               << "region member " << member.str() << " has no 'patch.delete "
               << member.str() << " absorbed_by " << anchor.str() << "'";
    }
  for (auto del : getActions().front().getOps<DeleteOp>()) {
    RefAttr by = del.getAbsorbedByAttr();
    if (!by)
      continue;
    ReplaceOp rep = replaces.lookup(by.getNodeRef().str());
    if (!rep)
      return del.emitOpError() << "is absorbed by " << by.str()
                               << ", but no replace of this plan is anchored "
                                  "there";
    std::string key = del.getNode().getNodeRef().str();
    if (!llvm::any_of(rep.getRegion(), [&](Attribute member) {
          return cast<RefAttr>(member).getNodeRef().str() == key;
        })) {
      InFlightDiagnostic diag = del.emitOpError()
                                << "is absorbed by " << by.str()
                                << ", but that replace's region does not "
                                   "hold "
                                << key;
      diag.attachNote(rep.getLoc()) << "the replace is here";
      return diag;
    }
  }
  return success();
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
