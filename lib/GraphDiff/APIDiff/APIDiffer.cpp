//===- APIDiffer.cpp - Breaking changes between two APIs ------------------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/APIDiff/APIDiffer.h"

#include "GraphDiff/Dialect/API/IR/API.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"

#include <functional>
#include <map>

using namespace mlir;
using namespace graphdiff;

namespace {
bool isPrivateSymbol(Operation *op) {
  return SymbolTable::getSymbolVisibility(op) ==
         SymbolTable::Visibility::Private;
}

/// One side's objects in preorder.
struct Side {
  std::vector<Operation *> objects;
  std::vector<std::string> names;
  std::vector<int> parent;
  std::vector<bool> publicChain;
  /// The last preorder index inside each object's subtree.
  std::vector<unsigned> subtreeEnd;
  /// Children of each object; rootChildren for the top level.
  std::vector<std::vector<unsigned>> children;
  std::vector<unsigned> rootChildren;

  void collect(Operation *scope, int parentIndex, const std::string &prefix,
               bool parentPublic) {
    Block *body = api::getBodyBlock(scope);
    if (!body)
      return;
    for (Operation &op : *body) {
      if (!api::isAPIObject(&op))
        continue;
      unsigned index = objects.size();
      StringRef name = SymbolTable::getSymbolName(&op).getValue();
      objects.push_back(&op);
      std::string qualified =
          prefix.empty() ? name.str() : prefix + "." + name.str();
      names.push_back(qualified);
      parent.push_back(parentIndex);
      bool isPublic = parentPublic && !isPrivateSymbol(&op);
      publicChain.push_back(isPublic);
      children.emplace_back();
      subtreeEnd.push_back(index);
      (parentIndex < 0 ? rootChildren : children[parentIndex]).push_back(index);
      collect(&op, index, qualified, isPublic);
      subtreeEnd[index] = objects.size() - 1;
    }
  }

  const std::vector<unsigned> &childrenOf(int index) const {
    return index < 0 ? rootChildren : children[index];
  }

  /// The qualified name of the nearest enclosing-or-self op of type OpTy.
  template <typename... OpTys> std::string keyOf(unsigned index) const {
    for (int walk = index; walk >= 0; walk = parent[walk])
      if (isa<OpTys...>(objects[walk]))
        return names[walk];
    return "";
  }
};

std::vector<api::ParamOp> paramsOf(Operation *func) {
  std::vector<api::ParamOp> params;
  if (Block *body = api::getBodyBlock(func))
    llvm::append_range(params, body->getOps<api::ParamOp>());
  return params;
}

std::vector<api::ResultOp> resultsOf(Operation *func) {
  std::vector<api::ResultOp> results;
  if (Block *body = api::getBodyBlock(func))
    llvm::append_range(results, body->getOps<api::ResultOp>());
  return results;
}

std::vector<api::NodeOp> nodesOf(Operation *op) {
  std::vector<api::NodeOp> nodes;
  if (Block *body = api::getBodyBlock(op))
    llvm::append_range(nodes, body->getOps<api::NodeOp>());
  return nodes;
}

void printNodes(llvm::raw_ostream &os, Operation *op) {
  for (api::NodeOp node : nodesOf(op)) {
    os << "[" << node.getKind() << "=" << node.getValueString();
    printNodes(os, node);
    os << "]";
  }
}

/// What stays the same when a function or class is renamed or moved: its
/// signature. Empty when there is too little to tell it apart: a function
/// without parameters (beyond `self` or `cls`) and results, a class without
/// methods.
std::string fingerprint(Operation *op) {
  std::string text;
  llvm::raw_string_ostream os(text);
  if (isa<api::FuncOp>(op)) {
    std::vector<api::ParamOp> params = paramsOf(op);
    std::vector<api::ResultOp> results = resultsOf(op);
    // `f(self)` says nothing about which method it is.
    size_t informative = params.size();
    if (informative && (params.front().getName() == "self" ||
                        params.front().getName() == "cls"))
      --informative;
    if (informative == 0 && results.empty())
      return "";
    os << "f(";
    for (api::ParamOp param : params) {
      os << param.getName() << ":" << param.getType().value_or("") << "="
         << param.getDefaultValue().value_or("") << "/"
         << param.getKindOrDefault();
      printNodes(os, param);
      os << ",";
    }
    os << ")->";
    for (api::ResultOp result : results)
      os << result.getType().value_or("") << ",";
    printNodes(os, op);
    return text;
  }
  if (isa<api::ClassOp>(op)) {
    std::map<std::string, std::string> methods;
    for (Operation &child : *api::getBodyBlock(op))
      if (isa<api::FuncOp, api::ClassOp>(child))
        methods[SymbolTable::getSymbolName(&child).str()] = fingerprint(&child);
    if (methods.empty())
      return "";
    os << "c{";
    for (const auto &[name, print] : methods)
      os << name << "=" << print << ";";
    os << "}";
    printNodes(os, op);
    return text;
  }
  return "";
}

class Differ {
public:
  Differ(Side &oldSide, Side &newSide, NodeMapping &mapping,
         std::vector<APIChange> &changes)
      : oldSide(oldSide), newSide(newSide), mapping(mapping), changes(changes) {
  }

  void match() {
    matchByName(-1, -1);
    matchByStructure();
  }

  void classify();

private:
  Side &oldSide, &newSide;
  NodeMapping &mapping;
  std::vector<APIChange> &changes;
  std::vector<unsigned> ambiguityOld, ambiguityNew;

  /// Stage 1: equal names and ops in the paired scopes, top down.
  void matchByName(int oldScope, int newScope) {
    llvm::StringMap<unsigned> byName;
    for (unsigned child : newSide.childrenOf(newScope))
      if (!mapping.isTargetTaken(child))
        byName[newSide.names[child].substr(
            newScope < 0 ? 0 : newSide.names[newScope].size() + 1)] = child;
    for (unsigned child : oldSide.childrenOf(oldScope)) {
      if (mapping.isSourceTaken(child))
        continue;
      StringRef name = SymbolTable::getSymbolName(oldSide.objects[child]);
      auto it = byName.find(name);
      if (it == byName.end() || mapping.isTargetTaken(it->second) ||
          oldSide.objects[child]->getName() !=
              newSide.objects[it->second]->getName())
        continue;
      mapping.pair(child, it->second, MatchStage::Id);
      matchByName(child, it->second);
    }
  }

  /// Stage 2: a unique signature shared by a leftover on each side.
  void matchByStructure() {
    std::map<std::string, std::vector<unsigned>> oldByPrint, newByPrint;
    std::vector<std::string> order;
    for (auto [index, op] : llvm::enumerate(oldSide.objects))
      if (!mapping.isSourceTaken(index) && !isa<api::APIModuleOp>(op))
        if (std::string print = fingerprint(op); !print.empty()) {
          if (!oldByPrint.count(print))
            order.push_back(print);
          oldByPrint[print].push_back(index);
        }
    for (auto [index, op] : llvm::enumerate(newSide.objects))
      if (!mapping.isTargetTaken(index) && !isa<api::APIModuleOp>(op))
        if (std::string print = fingerprint(op); !print.empty())
          newByPrint[print].push_back(index);
    for (const std::string &print : order) {
      auto it = newByPrint.find(print);
      if (it == newByPrint.end())
        continue;
      std::vector<unsigned> &olds = oldByPrint[print];
      std::vector<unsigned> &news = it->second;
      // Skip objects inside one that was already paired by structure: their
      // scope's rename or move explains them.
      for (unsigned o : olds)
        pairUnique(o, news, olds);
    }
  }

  /// Pairs `o` with the one candidate of `news` that fits it and that fits
  /// no other of `olds`: the only one, or the only one with its name (a
  /// move), or the only one in its paired scope (a rename). Otherwise a tie.
  void pairUnique(unsigned o, const std::vector<unsigned> &news,
                  const std::vector<unsigned> &olds) {
    if (mapping.isSourceTaken(o))
      return;
    auto freeNews = llvm::to_vector(llvm::make_filter_range(
        news, [&](unsigned n) { return !mapping.isTargetTaken(n); }));
    auto freeOlds = llvm::to_vector(llvm::make_filter_range(
        olds, [&](unsigned s) { return !mapping.isSourceTaken(s); }));
    if (freeNews.empty())
      return;
    auto sameName = [&](unsigned s, unsigned n) {
      return SymbolTable::getSymbolName(oldSide.objects[s]) ==
             SymbolTable::getSymbolName(newSide.objects[n]);
    };
    auto sameScope = [&](unsigned s, unsigned n) {
      int oldParent = oldSide.parent[s], newParent = newSide.parent[n];
      if (oldParent < 0 || newParent < 0)
        return oldParent == newParent;
      std::optional<unsigned> image = mapping.getTarget(oldParent);
      return image && static_cast<int>(*image) == newParent;
    };
    auto always = [](unsigned, unsigned) { return true; };
    for (auto fits : {std::function<bool(unsigned, unsigned)>(always),
                      std::function<bool(unsigned, unsigned)>(sameName),
                      std::function<bool(unsigned, unsigned)>(sameScope)}) {
      auto candidates = llvm::to_vector(llvm::make_filter_range(
          freeNews, [&](unsigned n) { return fits(o, n); }));
      if (candidates.size() != 1)
        continue;
      unsigned n = candidates.front();
      if (llvm::count_if(freeOlds, [&](unsigned s) { return fits(s, n); }) != 1)
        continue;
      mapping.pair(o, n, MatchStage::Structure);
      matchByName(o, n);
      return;
    }
    mapping.markSourceAmbiguous(o);
    for (unsigned n : freeNews)
      mapping.markTargetAmbiguous(n);
    ambiguityOld.resize(oldSide.objects.size());
    ambiguityOld[o] = freeNews.size();
    ambiguityNew.resize(newSide.objects.size());
    for (unsigned n : freeNews)
      ambiguityNew[n] = freeOlds.size();
  }

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
        order};
    changes.push_back(std::move(change));
    return changes.back();
  }

  static APILevel levelOf(Operation *op) {
    return isa<api::APIModuleOp>(op) ? APILevel::Module : APILevel::Function;
  }

  void comparePair(unsigned o, unsigned n);
  void compareFunctions(unsigned o, unsigned n, bool breaks);
  void compareNodes(Operation *oldOwner, Operation *newOwner,
                    const std::string &oldPath, const std::string &newPath,
                    unsigned o, unsigned n, bool breaks);
};
} // namespace

void Differ::classify() {
  for (unsigned o = 0; o < oldSide.objects.size(); ++o) {
    if (std::optional<unsigned> n = mapping.getTarget(o)) {
      comparePair(o, *n);
      continue;
    }
    int parent = oldSide.parent[o];
    if (parent >= 0 && !mapping.getTarget(parent))
      continue; // inside a removed object: the removal says it
    Operation *op = oldSide.objects[o];
    std::string detail;
    if (mapping.isSourceAmbiguous(o))
      detail = "ambiguous: " + std::to_string(ambiguityOld[o]) +
               " new objects with the same signature; not guessed";
    add(APIChangeKind::Removed, oldSide.publicChain[o], o, -1, oldSide.names[o],
        "", op->getLoc(), std::nullopt, levelOf(op), detail);
  }
  for (unsigned n = 0; n < newSide.objects.size(); ++n) {
    if (mapping.getSource(n))
      continue;
    int parent = newSide.parent[n];
    if (parent >= 0 && !mapping.getSource(parent))
      continue;
    Operation *op = newSide.objects[n];
    std::string detail;
    if (mapping.isTargetAmbiguous(n))
      detail = "ambiguous: " + std::to_string(ambiguityNew[n]) +
               " old objects with the same signature; not guessed";
    add(APIChangeKind::Added, false, -1, n, "", newSide.names[n], std::nullopt,
        op->getLoc(), levelOf(op), detail);
  }
}

void Differ::comparePair(unsigned o, unsigned n) {
  Operation *oldOp = oldSide.objects[o], *newOp = newSide.objects[n];
  const std::string &oldPath = oldSide.names[o], &newPath = newSide.names[n];
  bool breaks = oldSide.publicChain[o];
  APILevel level = levelOf(oldOp);
  if (mapping.getPairStage(n) == MatchStage::Structure) {
    int oldParent = oldSide.parent[o], newParent = newSide.parent[n];
    std::optional<unsigned> image =
        oldParent < 0 ? std::nullopt : mapping.getTarget(oldParent);
    bool moved = oldParent < 0
                     ? newParent >= 0
                     : !image || static_cast<int>(*image) != newParent;
    // A move or rename of the scope explains its members' new names.
    bool scopeExplains = oldParent >= 0 && image &&
                         mapping.getPairStage(*image) == MatchStage::Structure;
    if (!scopeExplains &&
        SymbolTable::getSymbolName(oldOp) != SymbolTable::getSymbolName(newOp))
      add(APIChangeKind::Renamed, breaks, o, n, oldPath, newPath,
          oldOp->getLoc(), newOp->getLoc(), level,
          "same signature under a new name");
    if (moved)
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
    compareFunctions(o, n, breaks);
  compareNodes(oldOp, newOp, oldPath, newPath, o, n, breaks);
}

static std::string paramPath(const std::string &func, api::ParamOp param,
                             unsigned index) {
  if (param.getName().empty())
    return func + "(#" + std::to_string(index) + ")";
  return func + "(" + param.getName().str() + ")";
}

void Differ::compareFunctions(unsigned o, unsigned n, bool breaks) {
  auto oldFunc = cast<api::FuncOp>(oldSide.objects[o]);
  auto newFunc = cast<api::FuncOp>(newSide.objects[n]);
  const std::string &oldPath = oldSide.names[o], &newPath = newSide.names[n];
  std::vector<api::ParamOp> oldParams = paramsOf(oldFunc),
                            newParams = paramsOf(newFunc);
  std::vector<int> pairOf(oldParams.size(), -1);
  std::vector<bool> used(newParams.size(), false);
  auto byName = [](api::ParamOp param) {
    return !param.getName().empty() &&
           param.getKindOrDefault() != "positional_only";
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
    auto change = [&](APIChangeKind kind, bool breaking, std::string detail) {
      add(kind, breaking && breaks, o, n, oldParamPath, newParamPath,
          oldParam.getLoc(), newParam.getLoc(), APILevel::Parameter,
          std::move(detail));
    };
    StringRef oldKind = oldParam.getKindOrDefault();
    StringRef newKind = newParam.getKindOrDefault();
    if (oldParam.getName() != newParam.getName())
      change(
          APIChangeKind::ParamRenamed, oldKind != "positional_only",
          ("\"" + oldParam.getName() + "\" -> \"" + newParam.getName() + "\"")
              .str());
    if (i != j &&
        (oldKind == "positional_only" || oldKind == "positional_or_keyword"))
      change(APIChangeKind::ParamMoved, true,
             "position " + std::to_string(i + 1) + " -> " +
                 std::to_string(j + 1));
    if (oldKind != newKind)
      change(APIChangeKind::ParamKindChanged,
             newKind != "positional_or_keyword",
             (oldKind + " -> " + newKind).str());
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

void Differ::compareNodes(Operation *oldOwner, Operation *newOwner,
                          const std::string &oldPath,
                          const std::string &newPath, unsigned o, unsigned n,
                          bool breaks) {
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

APIDiff graphdiff::diffAPIs(ModuleOp oldAPI, ModuleOp newAPI) {
  Side oldSide, newSide;
  oldSide.collect(oldAPI, -1, "", true);
  newSide.collect(newAPI, -1, "", true);
  APIDiff diff;
  diff.mapping = NodeMapping(oldSide.objects.size(), newSide.objects.size());
  Differ differ(oldSide, newSide, diff.mapping, diff.changes);
  differ.match();
  differ.classify();
  // Old-side preorder, then new-only objects; stable within one object.
  llvm::stable_sort(diff.changes, [](const APIChange &a, const APIChange &b) {
    return a.order < b.order;
  });
  diff.oldObjects = std::move(oldSide.objects);
  diff.newObjects = std::move(newSide.objects);
  diff.oldNames = std::move(oldSide.names);
  diff.newNames = std::move(newSide.names);
  return diff;
}
