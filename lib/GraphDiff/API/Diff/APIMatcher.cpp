//===- APIMatcher.cpp - Which old object is which new one -----------------===//
//
// Part of graph-diff.
//
// The staged matcher of API diffs. The dataflow matchers pair the nodes of a
// Graph (ops joined by SSA values); an API is a tree of symbols without
// values, so these stages are written for trees, on the same abstractions:
// one NodeMapping that every stage writes, each pair recording its
// MatchStage, and ties marked ambiguous instead of guessed.
//
//===----------------------------------------------------------------------===//

#include "APIStages.h"

#include "llvm/ADT/STLExtras.h"

#include <functional>
#include <map>

using namespace mlir;
using namespace graphdiff;
using namespace graphdiff::apidiff;

namespace {
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
         << api::stringifyParamKind(param.getKindOrDefault());
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

class Matcher {
public:
  Matcher(const Side &oldSide, const Side &newSide, NodeMapping &mapping,
          std::vector<unsigned> &oldTies, std::vector<unsigned> &newTies)
      : oldSide(oldSide), newSide(newSide), mapping(mapping), oldTies(oldTies),
        newTies(newTies) {}

  void run() {
    oldTies.assign(oldSide.objects.size(), 0);
    newTies.assign(newSide.objects.size(), 0);
    matchByName(-1, -1);
    matchByStructure();
    matchReplacements();
  }

private:
  const Side &oldSide, &newSide;
  NodeMapping &mapping;
  std::vector<unsigned> &oldTies, &newTies;

  /// Stage 1: equal names and ops in the paired scopes, top down.
  void matchByName(int oldScope, int newScope) {
    llvm::StringMap<unsigned> byName;
    for (unsigned child : newSide.childrenOf(newScope))
      if (!mapping.isTargetTaken(child))
        byName[SymbolTable::getSymbolName(newSide.objects[child])] = child;
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
      for (unsigned o : oldByPrint[print])
        pairUnique(o, it->second, oldByPrint[print]);
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
    oldTies[o] = freeNews.size();
    for (unsigned n : freeNews) {
      mapping.markTargetAmbiguous(n);
      newTies[n] = freeOlds.size();
    }
  }

  /// Stage 3: what is left of a paired scope (or the top level) and has a
  /// same-named leftover of another kind there (a class that became a
  /// function) is the one-member region that new object replaces. Objects
  /// left free by a tie stay free.
  void matchReplacements() {
    for (unsigned o = 0; o < oldSide.objects.size(); ++o) {
      if (mapping.isSourceTaken(o) || mapping.isSourceAmbiguous(o))
        continue;
      int oldScope = oldSide.parent[o];
      std::optional<unsigned> newScope;
      if (oldScope >= 0 && !(newScope = mapping.getTarget(oldScope)))
        continue;
      StringRef name = SymbolTable::getSymbolName(oldSide.objects[o]);
      for (unsigned n : newSide.childrenOf(newScope ? *newScope : -1))
        if (!mapping.isTargetTaken(n) && !mapping.isTargetAmbiguous(n) &&
            SymbolTable::getSymbolName(newSide.objects[n]) == name) {
          mapping.setRegion(n, {o}, MatchStage::Id);
          break;
        }
    }
  }
};
} // namespace

void apidiff::matchAPIObjects(const Side &oldSide, const Side &newSide,
                              NodeMapping &mapping,
                              std::vector<unsigned> &oldTies,
                              std::vector<unsigned> &newTies) {
  Matcher(oldSide, newSide, mapping, oldTies, newTies).run();
}

std::string apidiff::describeTie(unsigned candidates, bool newCandidates) {
  return "ambiguous: " + std::to_string(candidates) +
         (newCandidates ? " new" : " old") +
         " objects with the same signature; not guessed";
}
