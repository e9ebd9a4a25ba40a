//===- DiffModules.cpp - Pair the graphs of two modules and diff them -----===//
//
// Part of graph-diff.
//
// Graphs are paired by symbol path. A pair of single-block bodies is diffed
// node by node (diffGraphs); a declaration is compared by signature and
// attributes; a body of several blocks is the same or refused.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Differ/DiffResult.h"
#include "GraphDiff/Differ/ModuleGraphs.h"

#include "GraphDiff/Dialect/LG/IR/LG.h"
#include "GraphDiff/Differ/GraphDiffer.h"
#include "GraphDiff/Differ/LooseOps.h"
#include "GraphDiff/Graph/AttributeEquivalence.h"
#include "GraphDiff/Graph/Graph.h"
#include "GraphDiff/Graph/ResourceBlobs.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/IR/Threading.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/Sequence.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

using namespace mlir;
using namespace graphdiff;

std::string graphdiff::graphKey(SymbolRefAttr path) {
  std::string key;
  llvm::raw_string_ostream os(key);
  os << path;
  return key.substr(1); // the leading '@'
}

FailureOr<std::vector<ModuleGraph>> graphdiff::collectGraphs(ModuleOp module) {
  std::vector<ModuleGraph> graphs;
  llvm::StringMap<Operation *> byKey;
  WalkResult walk = module.walk<WalkOrder::PreOrder>([&](Operation *op) {
    auto function = dyn_cast<FunctionOpInterface>(op);
    if (!isa<lg::GraphOp>(op) && !function)
      return WalkResult::advance();
    if (!op->getAttrOfType<StringAttr>(SymbolTable::getSymbolAttrName()))
      return WalkResult::skip();
    ModuleGraph graph;
    graph.op = op;
    graph.path = Graph::getSymbolPath(op);
    // A plan names its graphs by symbol reference, and MLIR prints an empty
    // one as `@<<INVALID EMPTY SYMBOL>>`, which does not read back.
    if (graph.path.getRootReference().getValue().empty() ||
        llvm::any_of(
            graph.path.getNestedReferences(),
            [](FlatSymbolRefAttr ref) { return ref.getValue().empty(); })) {
      op->emitError() << "has an empty symbol name, which a plan cannot "
                         "refer to: MLIR prints an empty symbol reference as "
                         "invalid IR";
      return WalkResult::interrupt();
    }
    graph.key = graphKey(graph.path);
    if (function && function.isExternal())
      graph.form = ModuleGraph::Declaration;
    else if (function && !llvm::hasSingleElement(function.getFunctionBody()))
      graph.form = ModuleGraph::MultiBlock;
    auto [it, inserted] = byKey.try_emplace(graph.key, op);
    if (!inserted) {
      InFlightDiagnostic diag =
          op->emitError() << "has the same symbol path @" << graph.key
                          << " as another graph of its input, so the two "
                             "cannot be told apart; name the modules that "
                             "hold them";
      diag.attachNote(it->second->getLoc()) << "the other one is here";
      return WalkResult::interrupt();
    }
    graphs.push_back(std::move(graph));
    return WalkResult::skip();
  });
  if (walk.wasInterrupted())
    return failure();
  return graphs;
}

patch::GraphChange graphdiff::declarationChanges(const ModuleGraph &source,
                                                 const ModuleGraph &target) {
  patch::GraphChange changes = patch::GraphChange::None;
  bool sourceDefined = source.form != ModuleGraph::Declaration;
  bool targetDefined = target.form != ModuleGraph::Declaration;
  if (!sourceDefined && targetDefined)
    changes |= patch::GraphChange::Defined;
  if (sourceDefined && !targetDefined)
    changes |= patch::GraphChange::Declared;
  auto a = cast<FunctionOpInterface>(source.op);
  auto b = dyn_cast<FunctionOpInterface>(target.op);
  if (!b || a.getFunctionType() != b.getFunctionType())
    changes |= patch::GraphChange::Signature;
  // Any other attribute (argument attributes, ...). A declaration is private
  // by rule, so visibility only counts between two declarations.
  MLIRContext *context = source.op->getContext();
  NamedAttrList la(source.op->getAttrDictionary());
  NamedAttrList lb(target.op->getAttrDictionary());
  for (NamedAttrList *list : {&la, &lb}) {
    // The signature, reported above, under whatever name the op keeps it.
    for (NamedAttribute attr : llvm::to_vector(*list))
      if (isa<TypeAttr>(attr.getValue()) &&
          isa<FunctionType>(cast<TypeAttr>(attr.getValue()).getValue()))
        list->erase(attr.getName());
    if (sourceDefined != targetDefined)
      list->erase(SymbolTable::getVisibilityAttrName());
  }
  if (source.op->getName() != target.op->getName() ||
      !isSameAttrDictionary(la.getDictionary(context),
                            lb.getDictionary(context)))
    changes |= patch::GraphChange::Attributes;
  return changes;
}

/// The nodes of a graph only one side has: the ops of its body but the
/// terminators (none for a declaration).
/// The graph view of a graph only one side has, for renderers that draw it
/// whole; null for one that is not a single-block body, or that cannot be
/// viewed (the diff does not depend on it, so that is no error).
static std::unique_ptr<Graph> oneSidedView(const ModuleGraph &graph,
                                           const SourceNames *names) {
  if (graph.form != ModuleGraph::Body)
    return nullptr;
  ScopedDiagnosticHandler quiet(graph.op->getContext(),
                                [](Diagnostic &) { return success(); });
  FailureOr<std::unique_ptr<Graph>> view = Graph::build(graph.op, names);
  if (failed(view))
    return nullptr;
  return std::move(*view);
}

static uint64_t countNodes(const ModuleGraph &graph) {
  uint64_t nodes = 0;
  for (Region &region : graph.op->getRegions())
    for (Block &block : region)
      for (Operation &op : block)
        nodes += !op.hasTrait<OpTrait::IsTerminator>();
  return nodes;
}

namespace {
/// Two graphs to diff node by node, and where their plan goes in the plans
/// module: after `after`, or first if it is null.
struct PendingPair {
  Operation *source;
  Operation *target;
  Operation *after;
};
} // namespace

/// Diffs the pending pairs, independent of each other, on the context's
/// threads (one at a time with --mlir-disable-threading): each builds its
/// graph views and its plan in a module of its own. The plans then move to
/// their places and the pairs into `result` in the order of `pending`, and
/// the errors of views that cannot be built are reported in that order, so
/// the result is the same at any thread count.
static LogicalResult diffPendingPairs(ArrayRef<PendingPair> pending,
                                      const DiffOptions &options,
                                      DiffResult &result) {
  MLIRContext *context = result.plans->getContext();
  struct Outcome {
    std::unique_ptr<Graph> source, target;
    std::optional<GraphDiff> diff;
    OwningOpRef<ModuleOp> scratch;
  };
  std::vector<Outcome> outcomes(pending.size());
  {
    ParallelDiagnosticHandler diagnostics(context);
    parallelForEach(
        context, llvm::seq<size_t>(0, pending.size()), [&](size_t i) {
          diagnostics.setOrderIDForThread(i);
          Outcome &out = outcomes[i];
          FailureOr<std::unique_ptr<Graph>> source =
              Graph::build(pending[i].source, options.sourceNames);
          FailureOr<std::unique_ptr<Graph>> target =
              Graph::build(pending[i].target, options.targetNames);
          if (succeeded(source) && succeeded(target)) {
            out.source = std::move(*source);
            out.target = std::move(*target);
            out.scratch = ModuleOp::create(UnknownLoc::get(context));
            OpBuilder builder(context);
            builder.setInsertionPointToEnd(out.scratch->getBody());
            out.diff.emplace(diffGraphs(*out.source, *out.target, builder,
                                        options.structure,
                                        options.skipIdentical));
          }
          diagnostics.eraseOrderIDForThread();
        });
  }
  if (llvm::any_of(outcomes, [](const Outcome &out) { return !out.diff; }))
    return failure();
  Block *plans = result.plans->getBody();
  Operation *previous = nullptr;
  for (auto [i, out] : llvm::enumerate(outcomes)) {
    Operation *plan = out.diff->plan.getOperation();
    if (i > 0 && pending[i].after == pending[i - 1].after)
      plan->moveAfter(previous);
    else if (pending[i].after)
      plan->moveAfter(pending[i].after);
    else
      plan->moveBefore(plans, plans->begin());
    previous = plan;
    result.pairs.push_back(GraphPairDiff{
        std::move(*out.diff), std::move(out.source), std::move(out.target)});
  }
  return success();
}

/// Refuses a plan that MLIR 22 cannot print so that it reads back: a float
/// wider than 64 bits (`f80`, `f128`) whose value a 64-bit float does not
/// hold exactly. The printer writes such a value in decimal, and the parser
/// reads a decimal float literal through a `double`, so the printed plan
/// would set another value than the one the diff found (`mlir-opt-22` has
/// the same round trip). Only the plans' ops are walked: the nodes they
/// write out and the old values they record.
static LogicalResult checkPrintedExactly(ModuleOp plans) {
  Operation *refused = nullptr;
  FloatAttr value;
  plans.walk([&](Operation *op) {
    auto check = [&](Attribute attr) {
      attr.walk([&](FloatAttr f) {
        if (refused)
          return;
        const llvm::fltSemantics &semantics = f.getValue().getSemantics();
        if (llvm::APFloat::getSizeInBits(semantics) <= 64)
          return;
        llvm::APFloat narrowed = f.getValue();
        bool losesInfo = false;
        narrowed.convert(llvm::APFloat::IEEEdouble(),
                         llvm::APFloat::rmNearestTiesToEven, &losesInfo);
        if (losesInfo) {
          refused = op;
          value = f;
        }
      });
    };
    check(op->getRawDictionaryAttrs());
    // Inherent attributes one by one, as properties hold them.
    if (std::optional<RegisteredOperationName> info = op->getRegisteredInfo())
      for (StringAttr name : info->getAttributeNames())
        if (std::optional<Attribute> inherent = op->getInherentAttr(name))
          if (*inherent)
            check(*inherent);
    return refused ? WalkResult::interrupt() : WalkResult::advance();
  });
  if (!refused)
    return success();
  refused->emitError()
      << "the plan would hold the " << value.getType() << " value " << value
      << ", which MLIR 22 prints in a decimal form that it reads back "
         "through a 64-bit float, as another value: graph-diff cannot write "
         "this plan exactly";
  return failure();
}

/// Bodies of several blocks are not graphs the differ reads: equal ones are
/// the same (success), different ones are refused (an error on the one of
/// several blocks), never skipped.
static LogicalResult compareMultiBlock(const ModuleGraph &sourceGraph,
                                       const ModuleGraph &targetGraph) {
  if (isSameOp(
          sourceGraph.op, targetGraph.op,
          [](Value a, Value b) { return a == b; }, /*ignoreLocations=*/true))
    return success();
  const ModuleGraph &multi =
      sourceGraph.form == ModuleGraph::MultiBlock ? sourceGraph : targetGraph;
  const ModuleGraph &other = &multi == &sourceGraph ? targetGraph : sourceGraph;
  InFlightDiagnostic diag =
      multi.op->emitError()
      << "function @" << multi.key << " has a body of "
      << cast<FunctionOpInterface>(multi.op)
             .getFunctionBody()
             .getBlocks()
             .size()
      << " blocks, which graph-diff does not diff (it diffs single-block "
         "bodies), and it differs from the other input's @"
      << multi.key;
  diag.attachNote(other.op->getLoc()) << "the other input's @" << other.key;
  return failure();
}

FailureOr<DiffResult> graphdiff::diffModules(ModuleOp source, ModuleOp target,
                                             const DiffOptions &options) {
  MLIRContext *context = source.getContext();
  FailureOr<std::vector<ModuleGraph>> sourceGraphs = collectGraphs(source);
  FailureOr<std::vector<ModuleGraph>> targetGraphs = collectGraphs(target);
  if (failed(sourceGraphs) || failed(targetGraphs) ||
      failed(compareLooseOps(source, target)))
    return failure();
  DiffResult result;
  result.sourceFile = options.sourceFile;
  result.targetFile = options.targetFile;
  result.plans = ModuleOp::create(UnknownLoc::get(context));
  llvm::StringMap<const ModuleGraph *> targetByKey;
  for (const ModuleGraph &graph : *targetGraphs)
    targetByKey[graph.key] = &graph;
  llvm::StringSet<> seen;
  // One graph on each side: they pair whatever their paths (ml_switcheroo's
  // optimizer returns its graph under a default name), and the plan renames
  // the graph (`patch.plan @f to @g`), which is a change. Only two bodies
  // the differ diffs node by node pair so, since it is their plan that
  // renames; two declarations (or multi-block bodies) of other names are one
  // removed and the other added, as is an `lg.graph` against a function:
  // the one's nodes cannot live in the other's body.
  bool onlyPair = sourceGraphs->size() == 1 && targetGraphs->size() == 1 &&
                  sourceGraphs->front().op->getName() ==
                      targetGraphs->front().op->getName() &&
                  sourceGraphs->front().form == ModuleGraph::Body &&
                  targetGraphs->front().form == ModuleGraph::Body;

  OpBuilder builder(context);
  builder.setInsertionPointToEnd(result.plans->getBody());
  std::vector<PendingPair> pending;
  for (const ModuleGraph &sourceGraphInfo : *sourceGraphs) {
    const ModuleGraph *targetGraphInfo =
        onlyPair ? &targetGraphs->front()
                 : targetByKey.lookup(sourceGraphInfo.key);
    if (targetGraphInfo &&
        targetGraphInfo->op->getName() != sourceGraphInfo.op->getName())
      targetGraphInfo = nullptr;
    else
      seen.insert(sourceGraphInfo.key);
    if (!targetGraphInfo) {
      patch::RemoveGraphOp::create(builder, sourceGraphInfo.op->getLoc(),
                                   sourceGraphInfo.path);
      result.removedGraphs.push_back(sourceGraphInfo.key);
      result.removedGraphSizes.push_back(countNodes(sourceGraphInfo));
      result.removedGraphViews.push_back(
          oneSidedView(sourceGraphInfo, options.sourceNames));
      continue;
    }
    Operation *sourceOp = sourceGraphInfo.op;
    Operation *targetOp = targetGraphInfo->op;
    if (sourceGraphInfo.form == ModuleGraph::MultiBlock ||
        targetGraphInfo->form == ModuleGraph::MultiBlock) {
      if (failed(compareMultiBlock(sourceGraphInfo, *targetGraphInfo)))
        return failure();
      continue;
    }
    if (sourceGraphInfo.form == ModuleGraph::Declaration ||
        targetGraphInfo->form == ModuleGraph::Declaration) {
      patch::GraphChange changes =
          declarationChanges(sourceGraphInfo, *targetGraphInfo);
      if (changes == patch::GraphChange::None)
        continue;
      patch::ChangeGraphOp::create(builder, targetOp->getLoc(),
                                   sourceGraphInfo.path, changes);
      result.changedGraphs.push_back({sourceGraphInfo.key, changes});
      continue;
    }
    Block *plans = result.plans->getBody();
    pending.push_back(
        {sourceOp, targetOp, plans->empty() ? nullptr : &plans->back()});
  }
  for (const ModuleGraph &targetGraphInfo : *targetGraphs) {
    if (seen.contains(targetGraphInfo.key) || onlyPair)
      continue;
    patch::AddGraphOp::create(builder, targetGraphInfo.op->getLoc(),
                              targetGraphInfo.path);
    result.addedGraphs.push_back(targetGraphInfo.key);
    result.addedGraphSizes.push_back(countNodes(targetGraphInfo));
    result.addedGraphViews.push_back(
        oneSidedView(targetGraphInfo, options.targetNames));
  }
  if (failed(diffPendingPairs(pending, options, result)))
    return failure();
  // The plans hold target nodes and the source's old values: blobs of two
  // inputs, which may share a key. Printed, each key names one blob.
  if (makeResourceKeysUnique(*result.plans))
    // The details of the actions print what the plans now hold.
    for (GraphPairDiff &pair : result.pairs)
      for (PlanAction &action : pair.actions)
        describeChanges(*pair.source, action);
  if (failed(checkPrintedExactly(*result.plans)))
    return failure();
  return result;
}
