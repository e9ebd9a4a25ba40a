//===- SwitcherooPlan.cpp - Plans as ml_switcheroo's action list ----------===//
//
// Part of graph-diff.
//
// ml_switcheroo's patcher (docs/SwitcherooInterop.md) sees the model as a
// program with one statement per LogicalGraph node, each assigning the
// variable named by the node's id. A DeleteAction drops a statement; a call
// ReplaceAction (`is_init: false`) rewrites it to `output_var =
// new_node(input_vars)`; an init ReplaceAction rewrites a stateful layer's
// constructor line. So every variable an action reads must be one that the
// patched program still assigns: a kept node's id, the `output_var` of a
// replacement, which is its anchor's (the fused chain's sink's) id, or the
// name of a graph input (inputNames), which only the source graph knows.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Importers/Switcheroo.h"
#include "SwitcherooJSON.h"

#include "GraphDiff/Dialect/LG/IR/LG.h"
#include "GraphDiff/Dialect/Patch/IR/PatchVisitors.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/JSON.h"

#include <deque>
#include <map>

using namespace mlir;
using namespace graphdiff;
using namespace graphdiff::switcheroo;
namespace json = llvm::json;

/// The name a plan reference gives without its sigils and result index:
/// `@conv1`, `new @f1`, `%x` give `conv1`, `f1`, `x`.
static std::string bareName(patch::RefAttr ref) {
  return ref.getName().getValue().str();
}

/// Whether ml_switcheroo treats `op` as a stateful layer, one with a
/// constructor line to replace too: what the node says explicitly (the
/// `stateful` flag, or a `stateful` boolean in its metadata), else the
/// client's own rule (`_is_likely_stateful` in its differ): the kind starts
/// with an upper-case letter or contains "Fused".
static bool isStateful(Operation *op) {
  if (auto node = dyn_cast<lg::NodeOp>(op)) {
    if (node.getStateful())
      return true;
    if (DictionaryAttr metadata = node.getMetadataAttr())
      if (auto explicitFlag = metadata.getAs<BoolAttr>("stateful"))
        return explicitFlag.getValue();
  }
  std::string kind = kindOf(op);
  return (!kind.empty() && llvm::isUpper(kind.front())) ||
         StringRef(kind).contains("Fused");
}

static InFlightDiagnostic noAction(Operation *action) {
  return action->emitError()
         << "'" << action->getName()
         << "' has no ml_switcheroo action (it knows DeleteAction and "
            "ReplaceAction only)";
}

/// The place of each statement in the program ml_switcheroo runs for
/// `graph`, keyed by the variable it assigns: the client's topological order
/// of the LogicalGraph as `--export-switcheroo-json` writes it (Kahn's
/// algorithm from the roots in id order, first in first out, successors in
/// edge order). Empty if `graph` is not an `lg.graph` or its inputs cannot
/// be named.
static llvm::StringMap<unsigned> statementOrder(FunctionOpInterface graph) {
  llvm::StringMap<unsigned> order;
  auto lgGraph = dyn_cast_or_null<lg::GraphOp>(graph.getOperation());
  if (!lgGraph)
    return order;
  FailureOr<SmallVector<std::string>> inputs = inputNames(graph);
  if (failed(inputs))
    return order;
  Block &body = lgGraph.getBody().front();
  auto idOf = [&](Value value) -> std::string {
    if (auto arg = dyn_cast<BlockArgument>(value))
      return (*inputs)[arg.getArgNumber()];
    return cast<lg::NodeOp>(value.getDefiningOp()).getId().str();
  };
  std::map<std::string, unsigned> degree;
  std::map<std::string, SmallVector<std::string>> successors;
  for (const std::string &input : *inputs)
    degree[input] = 0;
  for (auto node : body.getOps<lg::NodeOp>())
    degree[node.getId().str()] = 0;
  for (auto node : body.getOps<lg::NodeOp>())
    for (Value input : node.getInputs()) {
      successors[idOf(input)].push_back(node.getId().str());
      ++degree[node.getId().str()];
    }
  std::deque<std::string> queue;
  for (const auto &[id, count] : degree)
    if (count == 0)
      queue.push_back(id);
  while (!queue.empty()) {
    std::string id = queue.front();
    queue.pop_front();
    order.try_emplace(id, order.size());
    for (const std::string &next : successors[id])
      if (--degree[next] == 0)
        queue.push_back(next);
  }
  return order;
}

namespace {
/// Writes the actions of one plan, naming values as the patched program
/// does.
class PlanWriter : public patch::ActionVisitor<PlanWriter, LogicalResult> {
public:
  /// `source` is the plan's source graph, if the input holds it.
  PlanWriter(patch::PlanOp plan, json::OStream &j, FunctionOpInterface source)
      : plan(plan), j(j), source(source) {
    if (source)
      order = statementOrder(source);
    for (auto del : actions().getOps<patch::DeleteOp>())
      dropped.insert(bareName(del.getNode()));
    for (auto replace : actions().getOps<patch::ReplaceOp>()) {
      // The call site assigns the anchor's variable: the new node's
      // (first) result that stands for a value of the anchor lives there.
      std::string anchor = bareName(replace.getAnchor());
      reassigned.insert(anchor);
      SmallVector<std::string> vars;
      bool assigned = false;
      for (auto ref : replace.getResults().getAsRange<patch::RefAttr>()) {
        bool here = !assigned && !ref.isNone() && bareName(ref) == anchor;
        vars.push_back(here ? anchor : "");
        assigned |= here;
      }
      newVars[bareName(replace.getNewName())] = std::move(vars);
    }
  }

  /// Writes every action; fails, having emitted a located error, at the
  /// first one ml_switcheroo could not apply as meant.
  LogicalResult write();

  using ActionVisitor::visitAction;
  LogicalResult visitAction(patch::DeleteOp del);
  LogicalResult visitAction(patch::ReplaceOp replace);
  LogicalResult visitAction(patch::UpdateOp update);
  LogicalResult visitAction(patch::InsertOp insert);
  LogicalResult visitUnhandledAction(Operation *action) {
    return noAction(action);
  }
  LogicalResult visitInvalidAction(Operation *op) { return noAction(op); }

private:
  Block &actions() { return plan.getActions().front(); }
  /// The variable holding what `ref` names once the plan is applied, or a
  /// located error at `action` if no statement assigns one.
  FailureOr<std::string> variable(Operation *action, unsigned index,
                                  patch::RefAttr ref);
  LogicalResult writeReplace(Operation *action, StringRef nodeIdText,
                             Operation *newNode, StringRef newName,
                             ArrayAttr inputs, bool init);

  patch::PlanOp plan;
  json::OStream &j;
  FunctionOpInterface source;
  /// The names of the source graph's inputs, once asked for.
  std::optional<SmallVector<std::string>> inputs;
  /// Ids whose statement the plan drops, or rewrites to compute a new node.
  llvm::StringSet<> dropped, reassigned;
  /// For a new node's name: the variable of each result ("" for none).
  llvm::StringMap<SmallVector<std::string>> newVars;
  /// The place of each source statement in the program, by the variable it
  /// assigns (statementOrder); empty without the source graph.
  llvm::StringMap<unsigned> order;
};
} // namespace

FailureOr<std::string> PlanWriter::variable(Operation *action, unsigned index,
                                            patch::RefAttr ref) {
  std::string name = bareName(ref);
  if (ref.getIsNew()) {
    auto it = newVars.find(name);
    if (it != newVars.end() && ref.getResult() < it->second.size() &&
        !it->second[ref.getResult()].empty())
      return it->second[ref.getResult()];
    action->emitError() << "input #" << index << " (" << ref.str()
                        << ") is a value no statement assigns once the plan "
                           "is applied (only a replacement's anchor result is "
                           "kept, in the anchor's variable)";
    return failure();
  }
  // `%argN` is input N of the source graph (as Graph::lookupValue reads
  // it): the patched program knows it by the input's name.
  unsigned number;
  if (!ref.getSymbol() && ref.getResult() == 0 &&
      StringRef(name).starts_with("arg") &&
      !StringRef(name).drop_front(3).getAsInteger(10, number)) {
    if (source && !inputs) {
      FailureOr<SmallVector<std::string>> names = inputNames(source);
      if (failed(names))
        return failure();
      inputs = std::move(*names);
    }
    if (!inputs) {
      action->emitError()
          << "input #" << index << " (" << ref.str() << ") is an input of "
          << plan.getSource()
          << ", whose name only the graph knows, and this file does not hold "
             "it: give the plan with its source graph (`cat source.mlir "
             "plan.mlir | graph-diff-translate --export-switcheroo-plan`)";
      return failure();
    }
    if (number >= inputs->size()) {
      action->emitError() << "input #" << index << " (" << ref.str()
                          << ") names no input of " << plan.getSource()
                          << ", which has " << inputs->size();
      return failure();
    }
    return (*inputs)[number];
  }
  if (ref.getSymbol() &&
      (dropped.contains(name) || reassigned.contains(name))) {
    action->emitError() << "input #" << index << " (" << ref.str()
                        << ") names a statement the plan removes or rewrites";
    return failure();
  }
  return name;
}

LogicalResult PlanWriter::writeReplace(Operation *action, StringRef nodeIdText,
                                       Operation *newNode, StringRef newName,
                                       ArrayAttr inputs, bool init) {
  if (failed(checkMetadata(newNode)))
    return failure();
  SmallVector<std::string> actionVars;
  for (auto [index, ref] :
       llvm::enumerate(inputs.getAsRange<patch::RefAttr>())) {
    FailureOr<std::string> var = variable(action, index, ref);
    if (failed(var))
      return failure();
    actionVars.push_back(*var);
  }
  // The call reads the new node's operands in order: the action lists each
  // value once (`inputs(@x)`), while `add(x, x)` reads it twice.
  SmallVector<std::string> inputVars;
  for (OpOperand &operand : newNode->getOpOperands()) {
    auto arg = dyn_cast<BlockArgument>(operand.get());
    if (!arg || arg.getOwner()->getParentOp() != action ||
        arg.getArgNumber() >= actionVars.size())
      return newNode->emitError()
             << "operand #" << operand.getOperandNumber()
             << " is not an input of the action, so the call cannot name "
                "the variable it reads";
    inputVars.push_back(actionVars[arg.getArgNumber()]);
  }
  // The rewritten statement stays where the node's statement was, and
  // ml_switcheroo's actions cannot move one: what it reads must be assigned
  // by an earlier statement.
  auto here = order.find(nodeIdText);
  if (here != order.end())
    for (auto [index, var] : llvm::enumerate(inputVars)) {
      auto there = order.find(var);
      if (there == order.end() || there->second < here->second)
        continue;
      return action->emitError()
             << "the statement of '" << nodeIdText << "' would read '" << var
             << "' (operand #" << index
             << "), which only a later statement of the program assigns (in "
                "the client's topological order of the source), and "
                "ml_switcheroo's actions cannot move a statement";
    }
  auto one = [&](bool isInit) {
    j.object([&] {
      j.attribute("type", "ReplaceAction");
      j.attribute("node_id", nodeIdText);
      j.attributeObject("new_node", [&] {
        j.attribute("id", nodeId(newNode, newName));
        j.attribute("kind", kindOf(newNode));
        writeMetadata(j, newNode);
      });
      // As ml_switcheroo's differ writes it: the constructor line takes no
      // variables and assigns none.
      j.attributeArray("input_vars", [&] {
        if (!isInit)
          for (const std::string &var : inputVars)
            j.value(var);
      });
      j.attribute("output_var", isInit ? StringRef() : nodeIdText);
      j.attribute("is_init", isInit);
    });
  };
  // A stateful layer: the constructor (init site) first, then the call.
  if (init)
    one(true);
  one(false);
  return success();
}

LogicalResult PlanWriter::write() {
  for (Operation &action : actions())
    if (failed(dispatchActionVisitor(&action)))
      return failure();
  // A statement rewired to read another node stays where it was; without
  // the source graph, whether that node's statement comes before it is not
  // known here. (A replacement reads what its region read, at its sink.)
  if (order.empty())
    for (auto update : actions().getOps<patch::UpdateOp>())
      if (patch::bitEnumContainsAny(update.getChanges(),
                                    patch::NodeChange::Inputs)) {
        update.emitWarning()
            << "the order of the program's statements is the source "
               "graph's, which this file does not hold: that each rewired "
               "statement reads only variables assigned before it is not "
               "checked (give the plan with its source graph: `cat "
               "source.mlir plan.mlir | graph-diff-translate "
               "--export-switcheroo-plan`)";
        break;
      }
  return success();
}

LogicalResult PlanWriter::visitAction(patch::DeleteOp del) {
  j.object([&] {
    j.attribute("type", "DeleteAction");
    j.attribute("node_id", bareName(del.getNode()));
  });
  return success();
}

LogicalResult PlanWriter::visitAction(patch::ReplaceOp replace) {
  Operation *newNode = replace.getNewNode();
  return writeReplace(replace, bareName(replace.getAnchor()), newNode,
                      bareName(replace.getNewName()), replace.getInputs(),
                      replace.getInit() || isStateful(newNode));
}

LogicalResult PlanWriter::visitAction(patch::UpdateOp update) {
  // A changed node is a one-node replacement. Its construction site
  // changes only if what is constructed does: not for rewired inputs.
  Operation *newNode = update.getNewNode();
  std::string id = bareName(update.getNode());
  bool constructed =
      patch::bitEnumClear(update.getChanges(), patch::NodeChange::Inputs) !=
      patch::NodeChange::None;
  return writeReplace(update, id, newNode, id, update.getInputs(),
                      constructed && isStateful(newNode));
}

LogicalResult PlanWriter::visitAction(patch::InsertOp insert) {
  InFlightDiagnostic diag = noAction(insert);
  // A node the differ left unmatched says why.
  if (StringAttr reason = insert.getReasonAttr()) {
    diag.attachNote(insert.getLoc())
        << "the differ left it unmatched: " << reason.getValue();
    return failure();
  }
  // An insert is often a fusion the differ refused: say why.
  for (auto del : actions().getOps<patch::DeleteOp>())
    if (del.getReasonAttr()) {
      diag.attachNote(del.getLoc())
          << "the differ did not take it for a fusion: "
          << del.getReasonAttr().getValue();
      break;
    }
  return failure();
}

/// The graph `plan` names as its source, if `root` holds it: in the plan's
/// module or one enclosing it (as `graph-apply-plans` finds it), or in an
/// unnamed module beside the plan's, as `cat source.mlir plan.mlir` gives
/// when both files print their module.
static Operation *lookupSourceGraph(patch::PlanOp plan, Operation *root) {
  if (plan == root)
    return nullptr;
  for (Operation *scope = plan->getParentOp(); scope;
       scope = scope == root ? nullptr : scope->getParentOp()) {
    if (!scope->hasTrait<OpTrait::SymbolTable>())
      continue;
    if (Operation *graph =
            SymbolTable::lookupSymbolIn(scope, plan.getSourceAttr()))
      return graph;
    Operation *found = nullptr;
    for (Region &region : scope->getRegions())
      for (auto module : region.getOps<ModuleOp>()) {
        if (module.getSymName() || module->isAncestor(plan))
          continue;
        Operation *graph =
            SymbolTable::lookupSymbolIn(module, plan.getSourceAttr());
        if (graph && found)
          return nullptr; // two candidates: none is the source
        found = graph ? graph : found;
      }
    if (found)
      return found;
  }
  return nullptr;
}

LogicalResult graphdiff::exportSwitcherooPlan(Operation *root,
                                              llvm::raw_ostream &os) {
  SmallVector<patch::PlanOp> plans;
  root->walk([&](patch::PlanOp plan) { plans.push_back(plan); });
  if (plans.empty())
    return root->emitError("no patch.plan to export");
  // A graph only one side has cannot be said with node actions either.
  WalkResult graphs = root->walk([&](Operation *op) {
    if (!isa<patch::AddGraphOp, patch::RemoveGraphOp>(op))
      return WalkResult::advance();
    noAction(op);
    return WalkResult::interrupt();
  });
  if (graphs.wasInterrupted())
    return failure();
  // One plan is the action list ml_switcheroo's patcher takes for its
  // graph; several are one such list per graph, keyed by the source graph's
  // name (the patcher edits the source), which must tell them apart.
  llvm::StringMap<patch::PlanOp> byName;
  if (plans.size() > 1)
    for (patch::PlanOp plan : plans) {
      StringRef name = plan.getSource().getLeafReference().getValue();
      auto [it, fresh] = byName.try_emplace(name, plan);
      if (!fresh) {
        InFlightDiagnostic diag =
            plan.emitError()
            << "plans of two graphs named @" << name << " ("
            << it->second.getSource() << " and " << plan.getSource()
            << "): the action lists, one per graph, are keyed by graph name";
        diag.attachNote(it->second.getLoc()) << "the other plan";
        return diag;
      }
    }
  std::string out;
  llvm::raw_string_ostream buffer(out);
  bool ok = true;
  {
    json::OStream j(buffer, 2);
    auto writePlan = [&](patch::PlanOp plan) {
      auto source =
          dyn_cast_or_null<FunctionOpInterface>(lookupSourceGraph(plan, root));
      j.array([&] {
        if (ok && failed(PlanWriter(plan, j, source).write()))
          ok = false;
      });
    };
    if (plans.size() == 1) {
      writePlan(plans.front());
    } else {
      j.object([&] {
        for (patch::PlanOp plan : plans) {
          j.attributeBegin(plan.getSource().getLeafReference().getValue());
          writePlan(plan);
          j.attributeEnd();
        }
      });
    }
  }
  if (!ok)
    return failure();
  os << out << "\n";
  return success();
}
