//===- LooseOps.cpp - Module-level ops that are not graphs ----------------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Differ/LooseOps.h"

#include "GraphDiff/Dialect/LG/IR/LG.h"
#include "GraphDiff/Graph/Graph.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/DenseMap.h"

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
    llvm::hash_code hash = OperationEquivalence::computeHash(
        op, OperationEquivalence::ignoreHashValue,
        OperationEquivalence::ignoreHashValue,
        OperationEquivalence::IgnoreLocations);
    ops.push_back({op, holdsGraphs, hash});
    return holdsGraphs ? WalkResult::advance() : WalkResult::skip();
  });
  return ops;
}

/// What an op that holds graphs is, without what its regions hold: its name,
/// attributes, result types, number of operands and its blocks' arguments.
static bool isSameShell(Operation *a, Operation *b) {
  if (a->getName() != b->getName() ||
      a->getAttrDictionary() != b->getAttrDictionary() ||
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

LogicalResult graphdiff::compareLooseOps(ModuleOp source, ModuleOp target) {
  std::vector<LooseOp> sourceOps = collectLooseOps(source);
  std::vector<LooseOp> targetOps = collectLooseOps(target);
  // Values defined outside the graphs (results of module-level ops) are
  // equal once the ops that define them were found equal.
  llvm::DenseMap<Value, Value> equal;
  auto check = [&](Value a, Value b) {
    return success(a == b || equal.lookup(a) == b);
  };
  auto mark = [&](Value a, Value b) { equal[a] = b; };
  auto isEqual = [&](const LooseOp &a, const LooseOp &b) {
    if (a.holdsGraphs != b.holdsGraphs || a.hash != b.hash)
      return false;
    if (a.holdsGraphs)
      return isSameShell(a.op, b.op);
    return OperationEquivalence::isEquivalentTo(
        a.op, b.op, check, mark, OperationEquivalence::IgnoreLocations);
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
    if (b == targetOps.end())
      return refuse(a, "target");
    b->matched = true;
    for (auto [x, y] : llvm::zip(a.op->getResults(), b->op->getResults()))
      equal[x] = y;
  }
  for (const LooseOp &b : targetOps)
    if (!b.matched && !isNamedHolder(b))
      return refuse(b, "source");
  return success();
}
