//===- LooseOps.cpp - Module-level ops that are not graphs ----------------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Differ/LooseOps.h"

#include "GraphDiff/Dialect/LG/IR/LG.h"
#include "GraphDiff/Graph/AttributeEquivalence.h"
#include "GraphDiff/Graph/Graph.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

#include <vector>

using namespace mlir;
using namespace graphdiff;

bool graphdiff::isModuleGraph(Operation *op) {
  return (isa<lg::GraphOp>(op) || isa<FunctionOpInterface>(op)) &&
         op->getAttrOfType<StringAttr>(SymbolTable::getSymbolAttrName());
}

namespace {
/// An op outside the graphs of a module.
struct LooseOp {
  Operation *op;
  /// It holds graphs: compared without its regions' contents.
  bool holdsGraphs;
  llvm::hash_code hash;
  bool matched = false;
};
} // namespace

/// A hash of `op` consistent with isSameShell and isSameOp (a
/// `dense_resource` value by its bytes, hashAttribute): its name, operand
/// and region counts, result types and attributes.
static llvm::hash_code hashLooseOp(Operation *op) {
  llvm::hash_code hash = llvm::hash_combine(op->getName(), op->getNumOperands(),
                                            op->getNumRegions());
  for (Type type : op->getResultTypes())
    hash = llvm::hash_combine(hash, type);
  for (NamedAttribute attr : op->getAttrDictionary())
    hash = llvm::hash_combine(hash, attr.getName(),
                              hashAttribute(attr.getValue()));
  return hash;
}

static std::vector<LooseOp> collectLooseOps(ModuleOp module) {
  std::vector<LooseOp> ops;
  module->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (op == module.getOperation())
      return WalkResult::advance();
    if (isModuleGraph(op))
      return WalkResult::skip();
    bool holdsGraphs = op->walk([&](Operation *inner) {
                           return inner != op && isModuleGraph(inner)
                                      ? WalkResult::interrupt()
                                      : WalkResult::advance();
                         }).wasInterrupted();
    ops.push_back({op, holdsGraphs, hashLooseOp(op)});
    return holdsGraphs ? WalkResult::advance() : WalkResult::skip();
  });
  return ops;
}

/// What an op that holds graphs is, without what its regions hold: its name,
/// attributes, result types, number of operands and its blocks' arguments.
static bool isSameShell(Operation *a, Operation *b) {
  if (a->getName() != b->getName() ||
      !isSameAttrDictionary(a->getAttrDictionary(), b->getAttrDictionary()) ||
      a->getResultTypes() != b->getResultTypes() ||
      a->getNumOperands() != b->getNumOperands() ||
      a->getNumRegions() != b->getNumRegions())
    return false;
  for (auto [ra, rb] : llvm::zip(a->getRegions(), b->getRegions())) {
    if (ra.getBlocks().size() != rb.getBlocks().size())
      return false;
    for (auto [ba, bb] : llvm::zip(ra, rb))
      if (ba.getArgumentTypes() != bb.getArgumentTypes())
        return false;
  }
  return true;
}

/// `op`'s location, with the nearest file:line:col of it or of an op around
/// it added if it has none (an op written with `loc("name")`).
static Location locate(Operation *op) {
  Location loc = op->getLoc();
  if (loc->findInstanceOf<FileLineColLoc>())
    return loc;
  for (Operation *parent = op->getParentOp(); parent;
       parent = parent->getParentOp())
    if (auto file = parent->getLoc()->findInstanceOf<FileLineColLoc>())
      return FusedLoc::get(op->getContext(), {loc, file});
  return loc;
}

/// The error for `op`, which has no equal op in the `other` input.
static LogicalResult refuse(const LooseOp &op, StringRef other) {
  return emitError(locate(op.op))
         << "'" << op.op->getName() << "' is not part of a graph, and the "
         << other << " holds no op equal to it"
         << (op.holdsGraphs ? " (without the graphs inside)" : "")
         << ": graph-diff diffs graphs (lg.graph ops and functions) and only "
            "compares what lies outside them";
}

/// The names of the symbols that the graphs of `module` reference: the roots
/// of the symbol references held by their ops (nested ones included).
static llvm::DenseSet<StringAttr> symbolsUsedByGraphs(ModuleOp module) {
  llvm::DenseSet<StringAttr> used;
  module->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (!isModuleGraph(op))
      return WalkResult::advance();
    if (std::optional<SymbolTable::UseRange> uses =
            SymbolTable::getSymbolUses(op))
      for (const SymbolTable::SymbolUse &use : *uses)
        used.insert(use.getSymbolRef().getRootReference());
    return WalkResult::skip();
  });
  return used;
}

/// The symbol name of a top-level `op` of `module` that is not a graph and
/// that a graph of `module` references (a `memref.global` read by a
/// `memref.get_global`), or null. Such an op is part of what the nodes that
/// reference it mean, not a loose op: nodes name it, and a plan that inserts
/// such a node carries a copy of it (PlanEmitter), so it may be added or
/// removed with them.
static StringAttr graphSymbol(Operation *op, ModuleOp module,
                              std::optional<llvm::DenseSet<StringAttr>> &used) {
  if (op->getParentOp() != module.getOperation() || isModuleGraph(op))
    return nullptr;
  auto name = op->getAttrOfType<StringAttr>(SymbolTable::getSymbolAttrName());
  if (!name)
    return nullptr;
  if (!used)
    used = symbolsUsedByGraphs(module);
  return used->contains(name) ? name : nullptr;
}

/// The error for two symbols of the same name, both referenced by graphs,
/// that are defined differently.
static LogicalResult refuseRedefinition(Operation *a, Operation *b,
                                        StringAttr name) {
  InFlightDiagnostic diag =
      emitError(locate(b))
      << "'" << b->getName() << "' @" << name.getValue()
      << " is defined differently in the source: graph-diff compares the "
         "nodes that reference a symbol by its name, so it cannot tell which "
         "of them changed";
  diag.attachNote(locate(a)) << "the source's @" << name.getValue();
  return diag;
}

LogicalResult graphdiff::compareLooseOps(ModuleOp source, ModuleOp target) {
  std::vector<LooseOp> sourceOps = collectLooseOps(source);
  std::vector<LooseOp> targetOps = collectLooseOps(target);
  // Values defined outside the graphs (results of module-level ops) are
  // equal once the ops that define them were found equal.
  llvm::DenseMap<Value, Value> equal;
  auto check = [&](Value a, Value b) { return a == b || equal.lookup(a) == b; };
  std::optional<llvm::DenseSet<StringAttr>> sourceUsed, targetUsed;
  auto isEqual = [&](const LooseOp &a, const LooseOp &b) {
    if (a.holdsGraphs != b.holdsGraphs || a.hash != b.hash)
      return false;
    if (a.holdsGraphs)
      return isSameShell(a.op, b.op);
    // Attributes as the differ compares them: a `dense_resource` blob by
    // its bytes, whatever key each input gives it.
    return isSameOp(a.op, b.op, check, /*ignoreLocations=*/true);
  };
  // An op that holds graphs and has a symbol name (a nested module) pairs
  // with the one of the same symbol path; with none on the other side, its
  // graphs are added or removed (their paths differ), which the plan says.
  auto isNamedHolder = [](const LooseOp &op) {
    return op.holdsGraphs &&
           op.op->getAttrOfType<StringAttr>(SymbolTable::getSymbolAttrName());
  };
  auto samePath = [](const LooseOp &a, const LooseOp &b) {
    return Graph::getSymbolPath(a.op) == Graph::getSymbolPath(b.op);
  };
  for (LooseOp &a : sourceOps) {
    if (isNamedHolder(a)) {
      auto b = llvm::find_if(targetOps, [&](const LooseOp &b) {
        return isNamedHolder(b) && samePath(a, b);
      });
      if (b == targetOps.end())
        continue;
      if (!isSameShell(a.op, b->op))
        return refuse(a, "target");
      b->matched = true;
      continue;
    }
    auto b = llvm::find_if(targetOps, [&](const LooseOp &b) {
      return !b.matched && !isNamedHolder(b) && isEqual(a, b);
    });
    if (b == targetOps.end()) {
      // A symbol the source's graphs reference: removed with them, unless
      // the target defines another op of its name.
      if (StringAttr name = graphSymbol(a.op, source, sourceUsed)) {
        auto other = llvm::find_if(targetOps, [&](const LooseOp &b) {
          return !b.matched && b.op->getParentOp() == target.getOperation() &&
                 b.op->getAttr(SymbolTable::getSymbolAttrName()) == name;
        });
        if (other == targetOps.end())
          continue;
        return refuseRedefinition(a.op, other->op, name);
      }
      return refuse(a, "target");
    }
    b->matched = true;
    for (auto [x, y] : llvm::zip(a.op->getResults(), b->op->getResults()))
      equal[x] = y;
  }
  for (const LooseOp &b : targetOps)
    if (!b.matched && !isNamedHolder(b) &&
        !graphSymbol(b.op, target, targetUsed))
      return refuse(b, "source");
  return success();
}
