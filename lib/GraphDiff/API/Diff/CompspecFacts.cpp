//===- CompspecFacts.cpp - compspec's own facts about two APIs ------------===//
//
// Part of graph-diff.
//
// The rules of compspec's is-compatible.lp, evaluated directly. Reading them
// closely (docs/APIDiff.md, "compspec compatibility"):
//  - shared_parent(X, Y, T) and shared_parent_missing(X, Y, T) only ever
//    hold for X == Y: the recursion keeps X and Y and bottoms out in a rule
//    that requires X == Y. So nodes are compared by their generated id.
//  - changed_node_value: id X has type T on both sides, parents of one type
//    and relation, different values and paths, and no changed_parent(X, X).
//  - changed_parent(P, Q) holds when, for some k >= 1, the k-th ancestor of
//    P (in A) and the k-th ancestor of Q (in B) both have a changed value.
//  - removed_node/6, added_node/6: a node whose path the other side lacks,
//    not explained by a changed value (of its type, at that path) or a
//    changed parent; removed_node/5 additionally fires when the id exists in
//    B with another type under a parent of the same type and relation.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/API/Diff/CompspecFacts.h"

#include "GraphDiff/Dialect/API/IR/API.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

#include <set>

using namespace mlir;
using namespace graphdiff;

//===----------------------------------------------------------------------===//
// Lowering
//===----------------------------------------------------------------------===//

namespace {
/// Builds one compspec graph, numbering nodes "id0", "id1", ... as compspec's
/// counter does (unless the node has its own id).
class GraphBuilder {
public:
  explicit GraphBuilder(std::string name) { graph.name = std::move(name); }

  int add(std::string type, std::string value, int parent,
          bool isInteger = false, std::string id = "",
          std::string relation = "has") {
    CompspecNode node;
    node.id = id.empty() ? "id" + std::to_string(counter) : std::move(id);
    ++counter;
    node.type = std::move(type);
    node.value = std::move(value);
    node.isInteger = isInteger;
    node.parent = parent;
    node.relation = std::move(relation);
    std::string treePath;
    if (parent >= 0) {
      const CompspecNode &up = graph.nodes[parent];
      std::string prefix =
          up.parent < 0 ? up.type + ":" + up.value : treePaths[parent];
      treePath = prefix + "->" + node.type + ":" + node.value;
    }
    node.path = treePath;
    treePaths.push_back(std::move(treePath));
    graph.nodes.push_back(std::move(node));
    return graph.nodes.size() - 1;
  }

  CompspecGraph take() { return std::move(graph); }

  /// Sets the path compspec's loader gave node `index`, where relation
  /// order made it other than the full path.
  void setPath(int index, std::string path) {
    graph.nodes[index].path = std::move(path);
  }

private:
  CompspecGraph graph;
  /// The full path of each node from its root (a root's is "").
  std::vector<std::string> treePaths;
  unsigned counter = 0;
};

StringRef attrOr(Operation *op, StringRef name, StringRef fallback) {
  if (auto text = op->getAttrOfType<StringAttr>(name))
    return text.getValue();
  return fallback;
}

/// Every `api` op as the compspec node it came from, its subtree below.
void lowerImported(GraphBuilder &builder, Operation *op, int parent) {
  std::string type, value;
  bool isInteger = false;
  if (auto node = dyn_cast<api::NodeOp>(op)) {
    type = node.getKind().str();
    value = node.getValueString();
    isInteger = isa<IntegerAttr>(node.getValue());
  } else if (auto param = dyn_cast<api::ParamOp>(op)) {
    type = "parameter";
    value = param.getName().str();
  } else if (isa<api::ResultOp>(op)) {
    type = "result";
    value = attrOr(op, "type", "").str();
  } else {
    type = isa<api::FuncOp>(op)    ? "function"
           : isa<api::ClassOp>(op) ? attrOr(op, "kind", "class").str()
                                   : attrOr(op, "kind", "module").str();
    value = SymbolTable::getSymbolName(op).str();
  }
  int index = builder.add(type, value, parent, isInteger,
                          attrOr(op, "node_id", "").str(),
                          attrOr(op, "relation", "has").str());
  if (auto path = op->getAttrOfType<StringAttr>("compspec_path"))
    builder.setPath(index, path.str());
  if (Block *body = api::getBodyBlock(op))
    for (Operation &child : *body)
      lowerImported(builder, &child, index);
}

/// A module of functiondb-shaped graphs: its qualified name and its direct
/// functions and classes.
struct FlatModule {
  std::string name;
  std::vector<Operation *> items;
};

void flattenModules(Operation *scope, StringRef prefix,
                    std::vector<FlatModule> &modules) {
  Block *body = api::getBodyBlock(scope);
  if (!body)
    return;
  for (Operation &op : *body)
    if (isa<api::APIModuleOp>(op)) {
      StringRef name = SymbolTable::getSymbolName(&op).getValue();
      std::string qualified =
          prefix.empty() ? name.str() : (prefix + "." + name).str();
      modules.push_back({qualified, {}});
      unsigned self = modules.size() - 1;
      for (Operation &item : *api::getBodyBlock(&op))
        if (isa<api::FuncOp, api::ClassOp>(item))
          modules[self].items.push_back(&item);
      flattenModules(&op, qualified, modules);
    }
}

/// A function's parameters: its parameter names, or a class's members.
std::vector<std::string> parameterNames(Operation *item) {
  std::vector<std::string> names;
  for (Operation &child : *api::getBodyBlock(item)) {
    if (auto param = dyn_cast<api::ParamOp>(child))
      names.push_back(param.getName().str());
    else if (isa<api::FuncOp, api::ClassOp>(child))
      names.push_back(SymbolTable::getSymbolName(&child).str());
  }
  return names;
}

void addParameters(GraphBuilder &builder, Operation *item, int function) {
  for (auto [order, name] : llvm::enumerate(parameterNames(item))) {
    builder.add("parameter", name, function);
    builder.add("order", std::to_string(order), function, /*isInteger=*/true);
  }
}

enum class Depth { Module, Function, Parameter };

CompspecGraph lowerPackage(ModuleOp api, const std::vector<FlatModule> &modules,
                           Depth depth, std::string name) {
  GraphBuilder builder(std::move(name));
  int root = builder.add("module", attrOr(api, "api.package", "").str(), -1);
  if (auto version = api->getAttrOfType<StringAttr>("api.version"))
    builder.add("version", version.str(), root);
  for (const FlatModule &module : modules) {
    int moduleIndex = builder.add("module", module.name, root);
    if (depth == Depth::Module)
      continue;
    for (Operation *item : module.items) {
      int function = builder.add(
          "function", SymbolTable::getSymbolName(item).str(), moduleIndex);
      if (depth == Depth::Parameter)
        addParameters(builder, item, function);
    }
  }
  return builder.take();
}
} // namespace

std::vector<CompspecGraph> graphdiff::lowerToCompspec(ModuleOp api,
                                                      APIGroupBy groupBy) {
  std::vector<CompspecGraph> graphs;
  StringRef source = attrOr(api, "api.source", "");
  if (source == "compspec" || source == "elf") {
    // An ELF input carries compspec's graph of its DWARF as top-level facts
    // beside its ABI objects (DWARFImporter.h): only those are compspec's.
    auto isGraphRoot = [&](Operation &root) {
      return source != "elf" || isa<api::NodeOp>(root);
    };
    if (groupBy == APIGroupBy::Module) {
      for (Operation &root : *api.getBody()) {
        if (!isGraphRoot(root))
          continue;
        auto node = dyn_cast<api::NodeOp>(root);
        GraphBuilder builder(node ? node.getValueString()
                                  : attrOr(&root, "sym_name", "").str());
        lowerImported(builder, &root, -1);
        graphs.push_back(builder.take());
      }
      return graphs;
    }
    // Function and level groups are functiondb shapes: a compspec graph
    // stays whole.
    GraphBuilder builder(groupBy == APIGroupBy::None ? "" : "(all)");
    for (Operation &root : *api.getBody())
      if (isGraphRoot(root))
        lowerImported(builder, &root, -1);
    graphs.push_back(builder.take());
    return graphs;
  }

  std::vector<FlatModule> modules;
  FlatModule top{"(top)", {}};
  for (Operation &item : *api.getBody())
    if (isa<api::FuncOp, api::ClassOp>(item))
      top.items.push_back(&item);
  if (!top.items.empty())
    modules.push_back(std::move(top));
  flattenModules(api, "", modules);

  switch (groupBy) {
  case APIGroupBy::None:
    graphs.push_back(lowerPackage(api, modules, Depth::Parameter, ""));
    break;
  case APIGroupBy::Level:
    graphs.push_back(lowerPackage(api, modules, Depth::Module, "module"));
    graphs.push_back(lowerPackage(api, modules, Depth::Function, "function"));
    graphs.push_back(lowerPackage(api, modules, Depth::Parameter, "parameter"));
    break;
  case APIGroupBy::Module:
    for (const FlatModule &module : modules) {
      GraphBuilder builder(module.name);
      int root = builder.add("module", module.name, -1);
      for (Operation *item : module.items)
        addParameters(builder, item,
                      builder.add("function",
                                  SymbolTable::getSymbolName(item).str(),
                                  root));
      graphs.push_back(builder.take());
    }
    break;
  case APIGroupBy::Function:
    for (const FlatModule &module : modules)
      for (Operation *item : module.items) {
        std::string name = SymbolTable::getSymbolName(item).str();
        GraphBuilder builder(module.name + "." + name);
        int root = builder.add("function", name, -1);
        builder.add("module", module.name, root);
        addParameters(builder, item, root);
        graphs.push_back(builder.take());
      }
    break;
  }
  return graphs;
}

//===----------------------------------------------------------------------===//
// The rules
//===----------------------------------------------------------------------===//

namespace {
class RuleEvaluator {
public:
  RuleEvaluator(const CompspecGraph &a, const CompspecGraph &b, std::string nsA,
                std::string nsB)
      : a(a), b(b), nsA(std::move(nsA)), nsB(std::move(nsB)) {
    index(a, idsA, pathsA);
    index(b, idsB, pathsB);
  }

  CompspecFacts run();

private:
  const CompspecGraph &a, &b;
  std::string nsA, nsB;
  llvm::StringMap<unsigned> idsA, idsB;
  llvm::StringSet<> pathsA, pathsB;
  /// Per id: 0 unknown, 1 being computed, 2 unchanged, 3 changed.
  llvm::StringMap<uint8_t> state;

  static void index(const CompspecGraph &graph, llvm::StringMap<unsigned> &ids,
                    llvm::StringSet<> &paths) {
    for (auto [i, node] : llvm::enumerate(graph.nodes)) {
      ids.try_emplace(node.id, i);
      paths.insert(node.path);
    }
  }

  static llvm::SmallVector<std::string, 8> ancestors(const CompspecGraph &graph,
                                                     unsigned node) {
    llvm::SmallVector<std::string, 8> ids;
    for (int up = graph.nodes[node].parent; up >= 0;
         up = graph.nodes[up].parent)
      ids.push_back(graph.nodes[up].id);
    return ids;
  }

  /// changed_node_value(A, B, X, X, ...) for the id X.
  bool isChanged(StringRef id) {
    uint8_t &memo = state[id];
    if (memo >= 2)
      return memo == 3;
    if (memo == 1)
      return false; // a cycle through ids: treated as unchanged
    memo = 1;
    bool changed = computeChanged(id);
    state[id] = changed ? 3 : 2;
    return changed;
  }

  bool computeChanged(StringRef id) {
    auto itA = idsA.find(id), itB = idsB.find(id);
    if (itA == idsA.end() || itB == idsB.end())
      return false;
    const CompspecNode &na = a.nodes[itA->second], &nb = b.nodes[itB->second];
    if (na.type != nb.type || na.parent < 0 || nb.parent < 0 ||
        a.nodes[na.parent].type != b.nodes[nb.parent].type ||
        na.relation != nb.relation)
      return false;
    if ((na.value == nb.value && na.isInteger == nb.isInteger) ||
        na.path == nb.path)
      return false;
    auto upA = ancestors(a, itA->second), upB = ancestors(b, itB->second);
    for (size_t k = 0; k < std::min(upA.size(), upB.size()); ++k)
      if (isChanged(upA[k]) && isChanged(upB[k]))
        return false; // changed_parent(X, X)
    return true;
  }

  /// For each node, the distances k at which an ancestor has changed.
  std::vector<std::set<unsigned>> changedDistances(const CompspecGraph &graph,
                                                   std::set<unsigned> &any) {
    std::vector<std::set<unsigned>> distances(graph.nodes.size());
    for (unsigned i = 0; i < graph.nodes.size(); ++i) {
      auto up = ancestors(graph, i);
      for (size_t k = 0; k < up.size(); ++k)
        if (isChanged(up[k])) {
          distances[i].insert(k + 1);
          any.insert(k + 1);
        }
    }
    return distances;
  }

  static bool intersects(const std::set<unsigned> &x,
                         const std::set<unsigned> &y) {
    for (unsigned k : x)
      if (y.count(k))
        return true;
    return false;
  }
};
} // namespace

CompspecFacts RuleEvaluator::run() {
  CompspecFacts facts;
  // (type, path) pairs and bare paths that a changed value explains.
  std::set<std::pair<std::string, std::string>> explainedTyped;
  llvm::StringSet<> explained;
  for (const CompspecNode &na : a.nodes) {
    if (!isChanged(na.id))
      continue;
    const CompspecNode &nb = b.nodes[idsB.lookup(na.id)];
    facts.changedNodeValues.push_back({nsA, nsB, na.id, nb.id, na.type,
                                       na.value, nb.value, na.path, nb.path});
    explainedTyped.insert({na.type, na.path});
    explainedTyped.insert({na.type, nb.path});
    explained.insert(na.path);
    explained.insert(nb.path);
  }
  std::set<unsigned> anyA, anyB;
  std::vector<std::set<unsigned>> distA = changedDistances(a, anyA);
  std::vector<std::set<unsigned>> distB = changedDistances(b, anyB);

  for (auto [i, node] : llvm::enumerate(a.nodes)) {
    if (pathsB.contains(node.path))
      continue;
    if (!explainedTyped.count({node.type, node.path}) &&
        !intersects(distA[i], anyB))
      facts.removedNodes.push_back(
          {nsA, nsB, node.id, node.type, node.value, node.path});
    // removed_node/5: the id is in B as another type, under a parent of the
    // same type and relation.
    auto itB = idsB.find(node.id);
    if (itB == idsB.end() || explained.contains(node.path))
      continue;
    const CompspecNode &other = b.nodes[itB->second];
    if (other.type == node.type || node.parent < 0 || other.parent < 0 ||
        a.nodes[node.parent].type != b.nodes[other.parent].type ||
        node.relation != other.relation ||
        intersects(distA[i], distB[itB->second]))
      continue;
    facts.removedNodes.push_back({nsA, nsB, node.id, node.type, node.path});
  }
  for (auto [i, node] : llvm::enumerate(b.nodes)) {
    if (pathsA.contains(node.path) ||
        explainedTyped.count({node.type, node.path}) ||
        intersects(distB[i], anyA))
      continue;
    facts.addedNodes.push_back(
        {nsA, nsB, node.id, node.type, node.value, node.path});
  }
  for (auto *list :
       {&facts.removedNodes, &facts.addedNodes, &facts.changedNodeValues}) {
    llvm::sort(*list);
    list->erase(std::unique(list->begin(), list->end()), list->end());
  }
  return facts;
}

CompspecFacts graphdiff::computeCompspecFacts(const CompspecGraph &a,
                                              const CompspecGraph &b,
                                              StringRef namespaceA,
                                              StringRef namespaceB) {
  return RuleEvaluator(a, b, namespaceA.str(), namespaceB.str()).run();
}

std::string graphdiff::compspecTable(const CompspecFacts &facts) {
  // As compspec writes it: cells joined by '|', nothing escaped.
  auto row = [](std::initializer_list<std::string> cells) {
    std::string line = "|";
    for (const std::string &cell : cells)
      line += cell + "|";
    return line + "\n";
  };
  std::string out = "| Name | Value | Change Type | A | B | Description |\n"
                    "|------|-------|-------------|---|---|-------------|\n";
  for (const std::vector<std::string> &fact : facts.changedNodeValues)
    out += row({fact[4], fact[5] + " -> " + fact[6], "change", fact[0], fact[1],
                fact[7] + " -> " + fact[8]});
  for (const std::vector<std::string> &fact : facts.addedNodes)
    out += row({fact[3], fact[4], "add", fact[0], fact[1], fact.back()});
  for (const std::vector<std::string> &fact : facts.removedNodes)
    out += row({fact[3], "", "remove", fact[0], fact[1], fact.back()});
  return out;
}
