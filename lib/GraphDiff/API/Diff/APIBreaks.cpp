//===- APIBreaks.cpp - The changes a plan makes, and which break ----------===//
//
// Part of graph-diff.
//
// The break rules (docs/APIDiff.md, "Break rules") read off the plan: a
// delete is a removal, an insert an addition, a replace both, and an update
// is compared with the old object it is anchored on, parameter by
// parameter; a paired object that no action touches has not changed.
//
//===----------------------------------------------------------------------===//

#include "APIStages.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace graphdiff;
using namespace graphdiff::apidiff;

namespace {
class Classifier {
public:
  Classifier(const Side &oldSide, const Side &newSide,
             const NodeMapping &mapping, ArrayRef<unsigned> newTies)
      : oldSide(oldSide), newSide(newSide), mapping(mapping), newTies(newTies),
        oldAction(oldSide.objects.size()), newAction(newSide.objects.size()) {}

  std::vector<APIChange> run(patch::PlanOp plan);

private:
  const Side &oldSide, &newSide;
  const NodeMapping &mapping;
  ArrayRef<unsigned> newTies;
  /// The action anchored on each old object, and the one that makes each
  /// new object (null: none).
  std::vector<Operation *> oldAction, newAction;
  std::vector<APIChange> changes;

  void indexPlan(patch::PlanOp plan);

  APIChange &add(APIChangeKind kind, bool breaking, int oldIndex, int newIndex,
                 std::string oldPath, std::string newPath,
                 std::optional<Location> oldLoc, std::optional<Location> newLoc,
                 APILevel level, std::string detail = "") {
    bool fromOld = oldIndex >= 0;
    const Side &side = fromOld ? oldSide : newSide;
    unsigned index = fromOld ? oldIndex : newIndex;
    // Something new sorts at the end of its scope on the old side, if the
    // scope is there.
    unsigned order = index;
    if (!fromOld) {
      int scope = newSide.parent[index];
      std::optional<unsigned> image =
          scope < 0 ? std::nullopt : mapping.getSource(scope);
      order =
          image ? oldSide.subtreeEnd[*image] : oldSide.objects.size() + index;
    }
    APIChange change{
        kind,
        breaking,
        std::move(oldPath),
        std::move(newPath),
        oldLoc,
        newLoc,
        std::move(detail),
        side.keyOf<api::APIModuleOp>(index),
        side.keyOf<api::FuncOp, api::ClassOp, api::APIModuleOp>(index),
        level,
        order,
        /*suppressed=*/false,
        /*suppressionReason=*/{}};
    changes.push_back(std::move(change));
    return changes.back();
  }

  static APILevel levelOf(Operation *op) {
    return isa<api::APIModuleOp>(op) ? APILevel::Module : APILevel::Function;
  }

  void compareUpdate(unsigned o, unsigned n, patch::UpdateOp update);
  void compareFunctions(unsigned o, unsigned n, Operation *newOp, bool breaks);
  void compareNodes(Operation *oldOwner, Operation *newOwner,
                    const std::string &oldPath, const std::string &newPath,
                    unsigned o, unsigned n, bool breaks);
};
} // namespace

void Classifier::indexPlan(patch::PlanOp plan) {
  auto anchor = [&](patch::RefAttr ref, Operation *action) {
    if (std::optional<unsigned> o = oldSide.lookup(ref))
      oldAction[*o] = action;
  };
  auto makes = [&](patch::RefAttr ref, Operation *action) {
    if (std::optional<unsigned> n = newSide.lookup(ref))
      newAction[*n] = action;
  };
  for (Operation &action : plan.getActions().front()) {
    if (auto del = dyn_cast<patch::DeleteOp>(action)) {
      anchor(del.getNode(), &action);
    } else if (auto update = dyn_cast<patch::UpdateOp>(action)) {
      anchor(update.getNode(), &action);
    } else if (auto replace = dyn_cast<patch::ReplaceOp>(action)) {
      for (auto member : replace.getRegion().getAsRange<patch::RefAttr>())
        anchor(member, &action);
      makes(replace.getNewName(), &action);
    } else if (auto insert = dyn_cast<patch::InsertOp>(action)) {
      makes(insert.getNewName(), &action);
    }
  }
}

std::vector<APIChange> Classifier::run(patch::PlanOp plan) {
  indexPlan(plan);
  for (unsigned o = 0; o < oldSide.objects.size(); ++o) {
    Operation *action = oldAction[o];
    if (!action)
      continue; // paired, unchanged
    if (auto update = dyn_cast<patch::UpdateOp>(action)) {
      compareUpdate(o, *mapping.getTarget(o), update);
      continue;
    }
    int parent = oldSide.parent[o];
    if (parent >= 0 &&
        isa_and_present<patch::DeleteOp, patch::ReplaceOp>(oldAction[parent]))
      continue; // inside a removed object: the removal says it
    Operation *op = oldSide.objects[o];
    std::string detail;
    if (auto del = dyn_cast<patch::DeleteOp>(action))
      detail = del.getReason().value_or("").str();
    add(APIChangeKind::Removed, oldSide.publicChain[o], o, -1, oldSide.names[o],
        "", op->getLoc(), std::nullopt, levelOf(op), detail);
  }
  for (unsigned n = 0; n < newSide.objects.size(); ++n) {
    if (!newAction[n])
      continue;
    int parent = newSide.parent[n];
    if (parent >= 0 && newAction[parent])
      continue; // inside a new object: the addition says it
    Operation *op = cast<patch::NewNodeOpInterface>(newAction[n]).getNewNode();
    std::string detail;
    if (mapping.isTargetAmbiguous(n))
      detail = describeTie(newTies[n], false);
    add(APIChangeKind::Added, false, -1, n, "", newSide.names[n], std::nullopt,
        op->getLoc(), levelOf(op), detail);
  }
  return std::move(changes);
}

void Classifier::compareUpdate(unsigned o, unsigned n, patch::UpdateOp update) {
  Operation *oldOp = oldSide.objects[o], *newOp = update.getNewNode();
  const std::string &oldPath = oldSide.names[o], &newPath = newSide.names[n];
  bool breaks = oldSide.publicChain[o];
  APILevel level = levelOf(oldOp);
  if (update.getStage() == MatchStage::Structure) {
    int oldParent = oldSide.parent[o];
    std::optional<unsigned> image =
        oldParent < 0 ? std::nullopt : mapping.getTarget(oldParent);
    // A move or rename of the scope explains its members' new names.
    bool scopeExplains =
        image && mapping.getPairStage(*image) == MatchStage::Structure;
    if (!scopeExplains &&
        SymbolTable::getSymbolName(oldOp) != SymbolTable::getSymbolName(newOp))
      add(APIChangeKind::Renamed, breaks, o, n, oldPath, newPath,
          oldOp->getLoc(), newOp->getLoc(), level,
          "same signature under a new name");
    if (patch::bitEnumContainsAll(update.getChanges(),
                                  patch::NodeChange::Inputs))
      add(APIChangeKind::Moved, breaks, o, n, oldPath, newPath, oldOp->getLoc(),
          newOp->getLoc(), level, "same signature in another scope");
  }
  bool wasPrivate = isPrivateSymbol(oldOp);
  bool isPrivate = isPrivateSymbol(newOp);
  if (!wasPrivate && isPrivate)
    add(APIChangeKind::MadePrivate, breaks, o, n, oldPath, newPath,
        oldOp->getLoc(), newOp->getLoc(), level);
  if (wasPrivate && !isPrivate)
    add(APIChangeKind::MadePublic, false, o, n, oldPath, newPath,
        oldOp->getLoc(), newOp->getLoc(), level);
  if (isa<api::FuncOp>(oldOp))
    compareFunctions(o, n, newOp, breaks);
  compareNodes(oldOp, newOp, oldPath, newPath, o, n, breaks);
}

static std::string paramPath(const std::string &func, api::ParamOp param,
                             unsigned index) {
  if (param.getName().empty())
    return func + "(#" + std::to_string(index) + ")";
  return func + "(" + param.getName().str() + ")";
}

void Classifier::compareFunctions(unsigned o, unsigned n, Operation *newOp,
                                  bool breaks) {
  auto oldFunc = cast<api::FuncOp>(oldSide.objects[o]);
  auto newFunc = cast<api::FuncOp>(newOp);
  const std::string &oldPath = oldSide.names[o], &newPath = newSide.names[n];
  std::vector<api::ParamOp> oldParams = paramsOf(oldFunc),
                            newParams = paramsOf(newFunc);
  std::vector<int> pairOf(oldParams.size(), -1);
  std::vector<bool> used(newParams.size(), false);
  auto byName = [](api::ParamOp param) {
    return !param.getName().empty() &&
           param.getKindOrDefault() != api::ParamKind::PositionalOnly;
  };
  // Parameters callers may name pair by name, the others by position.
  llvm::StringMap<unsigned> newByName;
  for (auto [j, param] : llvm::enumerate(newParams))
    if (byName(param))
      newByName[param.getName()] = j;
  for (auto [i, param] : llvm::enumerate(oldParams)) {
    if (!byName(param))
      continue;
    auto it = newByName.find(param.getName());
    if (it != newByName.end()) {
      pairOf[i] = it->second;
      used[it->second] = true;
    }
  }
  for (unsigned i = 0; i < oldParams.size(); ++i)
    if (pairOf[i] < 0 && i < newParams.size() && !used[i] &&
        !(byName(newParams[i]) && byName(oldParams[i]) &&
          newByName.count(oldParams[i].getName()))) {
      pairOf[i] = i;
      used[i] = true;
    }

  for (auto [i, oldParam] : llvm::enumerate(oldParams)) {
    std::string oldParamPath = paramPath(oldPath, oldParam, i);
    if (pairOf[i] < 0) {
      add(APIChangeKind::ParamRemoved, breaks, o, n, oldParamPath, "",
          oldParam.getLoc(), std::nullopt, APILevel::Parameter);
      continue;
    }
    unsigned j = pairOf[i];
    api::ParamOp newParam = newParams[j];
    std::string newParamPath = paramPath(newPath, newParam, j);
    Location oldLoc = oldParam.getLoc();
    auto change = [&](APIChangeKind kind, bool breaking, std::string detail) {
      add(kind, breaking && breaks, o, n, oldParamPath, newParamPath, oldLoc,
          newParam.getLoc(), APILevel::Parameter, std::move(detail));
    };
    api::ParamKind oldKind = oldParam.getKindOrDefault();
    api::ParamKind newKind = newParam.getKindOrDefault();
    if (oldParam.getName() != newParam.getName())
      change(
          APIChangeKind::ParamRenamed,
          oldKind != api::ParamKind::PositionalOnly,
          ("\"" + oldParam.getName() + "\" -> \"" + newParam.getName() + "\"")
              .str());
    if (i != j && (oldKind == api::ParamKind::PositionalOnly ||
                   oldKind == api::ParamKind::PositionalOrKeyword))
      change(APIChangeKind::ParamMoved, true,
             "position " + std::to_string(i + 1) + " -> " +
                 std::to_string(j + 1));
    if (oldKind != newKind)
      change(APIChangeKind::ParamKindChanged,
             newKind != api::ParamKind::PositionalOrKeyword,
             (api::stringifyParamKind(oldKind) + " -> " +
              api::stringifyParamKind(newKind))
                 .str());
    std::optional<StringRef> oldType = oldParam.getType(),
                             newType = newParam.getType();
    if (oldType && newType && *oldType != *newType)
      change(APIChangeKind::ParamTypeChanged, true,
             (*oldType + " -> " + *newType).str());
    std::optional<StringRef> oldDefault = oldParam.getDefaultValue(),
                             newDefault = newParam.getDefaultValue();
    if (oldDefault && newDefault && *oldDefault != *newDefault)
      change(APIChangeKind::DefaultChanged, true,
             (*oldDefault + " -> " + *newDefault).str());
    else if (oldDefault && !newDefault && !newFunc.getDefaultsUnknown())
      change(APIChangeKind::DefaultRemoved, true, ("was " + *oldDefault).str());
    else if (!oldDefault && newDefault && !oldFunc.getDefaultsUnknown())
      change(APIChangeKind::DefaultAdded, false, ("= " + *newDefault).str());
    compareNodes(oldParam, newParam, oldParamPath, newParamPath, o, n, breaks);
  }
  for (auto [j, newParam] : llvm::enumerate(newParams)) {
    if (used[j])
      continue;
    bool optional = newParam.isOptional();
    std::string detail;
    if (!optional && newFunc.getDefaultsUnknown())
      detail = "the source records no defaults: assumed required";
    add(optional ? APIChangeKind::OptionalParamAdded
                 : APIChangeKind::RequiredParamAdded,
        !optional && breaks, o, n, "", paramPath(newPath, newParam, j),
        std::nullopt, newParam.getLoc(), APILevel::Parameter, detail);
  }

  std::vector<api::ResultOp> oldResults = resultsOf(oldFunc),
                             newResults = resultsOf(newFunc);
  for (size_t k = 0; k < std::max(oldResults.size(), newResults.size()); ++k) {
    std::string oldResultPath = oldPath + "->#" + std::to_string(k);
    std::string newResultPath = newPath + "->#" + std::to_string(k);
    if (k >= newResults.size()) {
      add(APIChangeKind::ResultRemoved, breaks, o, n, oldResultPath, "",
          oldResults[k].getLoc(), std::nullopt, APILevel::Parameter);
    } else if (k >= oldResults.size()) {
      add(APIChangeKind::ResultAdded, breaks, o, n, "", newResultPath,
          std::nullopt, newResults[k].getLoc(), APILevel::Parameter);
    } else {
      StringRef oldType = oldResults[k].getType().value_or("");
      StringRef newType = newResults[k].getType().value_or("");
      if (oldType != newType)
        add(APIChangeKind::ResultTypeChanged, breaks, o, n, oldResultPath,
            newResultPath, oldResults[k].getLoc(), newResults[k].getLoc(),
            APILevel::Parameter, (oldType + " -> " + newType).str());
    }
  }
}

void Classifier::compareNodes(Operation *oldOwner, Operation *newOwner,
                              const std::string &oldPath,
                              const std::string &newPath, unsigned o,
                              unsigned n, bool breaks) {
  std::vector<api::NodeOp> oldNodes = nodesOf(oldOwner),
                           newNodes = nodesOf(newOwner);
  std::vector<int> pairOf(oldNodes.size(), -1);
  std::vector<bool> used(newNodes.size(), false);
  // Equal facts first (in order), then a fact whose kind is left over
  // exactly once on each side. Keyed lookups keep large scopes linear.
  llvm::DenseMap<std::pair<Attribute, Attribute>, std::vector<unsigned>> byFact;
  for (auto [j, newNode] : llvm::enumerate(newNodes))
    byFact[{newNode.getKindAttr(), newNode.getValue()}].push_back(j);
  for (auto &[key, list] : byFact)
    std::reverse(list.begin(), list.end());
  for (auto [i, oldNode] : llvm::enumerate(oldNodes)) {
    auto it = byFact.find({oldNode.getKindAttr(), oldNode.getValue()});
    if (it == byFact.end() || it->second.empty())
      continue;
    pairOf[i] = it->second.back();
    used[it->second.back()] = true;
    it->second.pop_back();
  }
  llvm::StringMap<std::vector<unsigned>> oldByKind, newByKind;
  for (auto [i, oldNode] : llvm::enumerate(oldNodes))
    if (pairOf[i] < 0)
      oldByKind[oldNode.getKind()].push_back(i);
  for (auto [j, newNode] : llvm::enumerate(newNodes))
    if (!used[j])
      newByKind[newNode.getKind()].push_back(j);
  for (auto &entry : oldByKind) {
    auto it = newByKind.find(entry.getKey());
    if (entry.getValue().size() != 1 || it == newByKind.end() ||
        it->getValue().size() != 1)
      continue;
    pairOf[entry.getValue().front()] = it->getValue().front();
    used[it->getValue().front()] = true;
  }
  auto nodePath = [](const std::string &owner, api::NodeOp node) {
    return owner + "/" + node.getKind().str() + ":" + node.getValueString();
  };
  for (auto [i, oldNode] : llvm::enumerate(oldNodes)) {
    std::string oldNodePath = nodePath(oldPath, oldNode);
    if (pairOf[i] < 0) {
      add(APIChangeKind::NodeRemoved, breaks, o, n, oldNodePath, "",
          oldNode.getLoc(), std::nullopt, APILevel::Parameter);
      continue;
    }
    api::NodeOp newNode = newNodes[pairOf[i]];
    std::string newNodePath = nodePath(newPath, newNode);
    if (oldNode.getValue() != newNode.getValue())
      add(APIChangeKind::NodeValueChanged, breaks, o, n, oldNodePath,
          newNodePath, oldNode.getLoc(), newNode.getLoc(), APILevel::Parameter,
          oldNode.getValueString() + " -> " + newNode.getValueString());
    compareNodes(oldNode, newNode, oldNodePath, newNodePath, o, n, breaks);
  }
  for (auto [j, newNode] : llvm::enumerate(newNodes))
    if (!used[j])
      add(APIChangeKind::NodeAdded, false, o, n, "", nodePath(newPath, newNode),
          std::nullopt, newNode.getLoc(), APILevel::Parameter);
}

std::vector<APIChange> apidiff::classifyAPIPlan(const Side &oldSide,
                                                const Side &newSide,
                                                const NodeMapping &mapping,
                                                ArrayRef<unsigned> newTies,
                                                patch::PlanOp plan) {
  return Classifier(oldSide, newSide, mapping, newTies).run(plan);
}
