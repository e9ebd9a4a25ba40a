//===- DiffResult.h - What the engine found, and how to ask it --*- C++ -*-===//
//
// Part of graph-diff.
//
// The result model of a diff, built once by the engine where the facts are
// known (while it settles regions and emits each plan): for every graph pair,
// what happened to each source and target node, which regions new nodes
// replace and where they are anchored, which stage made each pair, what each
// update changes and the summary counts; and the plans as `patch` IR, owned by
// the result, each action also recorded as the facts reports give (node
// indices, stage, reason, change details). Renderers, passes and tools only
// read it.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_DIFFER_DIFFRESULT_H
#define GRAPHDIFF_DIFFER_DIFFRESULT_H

#include "GraphDiff/Dialect/Patch/IR/Patch.h"
#include "GraphDiff/Differ/ChangeDetails.h"
#include "GraphDiff/Differ/NodeMapping.h"
#include "GraphDiff/Differ/Stages/MatcherStage.h"
#include "GraphDiff/Differ/StructuralState.h"
#include "GraphDiff/Graph/Graph.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/ADT/DenseMap.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace graphdiff {

/// What happened to a node (PatchEnums.td): unchanged, updated, replaced,
/// deleted, inserted or replacing.
using patch::NodeStatus;
using patch::stringifyNodeStatus;

/// The summary counts of a diff. Source nodes split exactly into
/// unchanged + updated + replaced + deleted; target nodes into
/// unchanged + updated + (one per replace) + inserted.
struct DiffSummary {
  uint64_t unchanged = 0, updated = 0, replaced = 0, deleted = 0, inserted = 0;
  /// Replace actions (fused nodes in the target).
  uint64_t replacements = 0;
  uint64_t sourceNodes = 0, targetNodes = 0;
  /// Nodes the structural stage paired on weak evidence (similarity, a
  /// relaxed kind) or left free as ambiguous; pairs the location and
  /// provenance stages made. Many guesses and no location pairs: locations
  /// (`--mlir-print-debuginfo`) would help.
  uint64_t guessed = 0, located = 0;

  /// Whether more than 3% of the nodes were guessed and no locations helped.
  bool locationsWouldHelp() const;

  /// Counts the statuses of one pair's source and target nodes, which
  /// `replacements` replace actions connect.
  static DiffSummary count(llvm::ArrayRef<NodeStatus> sourceStatus,
                           llvm::ArrayRef<NodeStatus> targetStatus,
                           uint64_t replacements);

  /// (2 * unchanged + updated + (replaced + replacements) / 2) /
  /// (sourceNodes + targetNodes), in 0..1: every node of either graph counts
  /// 1 if unchanged, 1/2 if it has a counterpart that changed (an updated
  /// pair; a node of a fused or replaced region, and the node replacing it),
  /// 0 if deleted or inserted. 1 when both graphs are empty.
  double similarity() const;
  DiffSummary &operator+=(const DiffSummary &other);
};

/// A region of source nodes that one new target node replaces: the facts of
/// a `patch.replace` and the deletes absorbed by it (a fusion when the region
/// has several members).
struct Replacement {
  /// The target node that replaces the region.
  unsigned target = 0;
  /// The member the replace is anchored on: the sink, whose value the rest
  /// of the graph reads.
  unsigned anchor = 0;
  /// The members, in the source's canonical order.
  llvm::SmallVector<unsigned, 4> region;
  /// For each result of the new node, the source value it stands for (null
  /// for none): the replace's `results(...)`.
  llvm::SmallVector<mlir::Value, 2> standsFor;
  /// The matcher stage that decided the region.
  MatchStage stage = MatchStage::Structure;
};

/// One action of a plan, as the engine recorded it when it emitted the op:
/// what reports say about the action, by node index, so that none of them
/// reads the plan back. Indices are node indices of the pair's source and
/// target `Graph`s.
struct PlanAction {
  /// The op's name without the dialect (patch::getActionNames): "delete",
  /// "replace", "insert", "update", "add_input", ...
  llvm::StringRef kind;
  /// The source nodes it names: a delete's or an update's node; a replace's
  /// region, in the source's canonical order (the anchor among them).
  llvm::SmallVector<unsigned, 1> sources;
  /// A replace's anchor; for a delete a replace absorbs, that replace's
  /// anchor.
  std::optional<unsigned> anchor;
  /// The target node an insert or a replace makes, or an update's pair.
  std::optional<unsigned> target;
  /// The input's number (in the target for add_input, in the source for
  /// remove_input) or the output's position (add_output, remove_output).
  unsigned number = 0;
  /// The matcher stage that decided it, where the op says.
  std::optional<MatchStage> stage;
  /// An update's change kinds.
  patch::NodeChange changes = patch::NodeChange::None;
  /// Why a node is deleted or inserted (a tie, a refused region), or "".
  llvm::StringRef reason;
  /// Whether a replace makes a stateful node (`init`).
  bool init = false;
  /// What an update or a set_graph_attributes changes, in detail
  /// (describeChanges).
  std::vector<ChangeDetail> details;
  /// The op, for printing what only the plan says (its references).
  mlir::Operation *op = nullptr;

  /// Whether the action is an `OpT` (patch::DeleteOp, ...).
  template <typename OpT> bool is() const {
    return kind == patch::getActionName<OpT>();
  }
  /// Whether this is a delete a replace absorbs (its entry is the
  /// replace's).
  bool isAbsorbed() const { return anchor && is<patch::DeleteOp>(); }
};

/// What the engine found about one pair of graphs: the node mapping, the
/// plan, and what the plan does to every node. Indices are node indices of
/// the pair's source and target `Graph`s.
struct GraphDiff {
  GraphDiff(unsigned numSource, unsigned numTarget);

  /// Which source node is which target node, and which stage said so
  /// (`getPairStage`, `getRegionStage`).
  NodeMapping mapping;
  /// The plan, built where the builder given to diffGraphs pointed.
  patch::PlanOp plan;
  /// What happened to each source and target node.
  std::vector<NodeStatus> sourceStatus, targetStatus;
  /// The target node each source node became: its pair, or the node that
  /// replaced its region; none for a deleted node.
  std::vector<std::optional<unsigned>> image;
  /// Every action of the plan, in plan order.
  std::vector<PlanAction> actions;
  /// Every replace, in plan order.
  std::vector<Replacement> replacements;
  /// For each target graph input, the source input it is (the plan keeps
  /// it), or none (the plan adds it). Inputs pair in order but not always
  /// by position (alignInputs in PairContext.h): a removed first input
  /// shifts the others.
  std::vector<std::optional<unsigned>> inputSource;
  /// For each updated target node, the change kinds its `patch.update`
  /// carries ("kind", "attributes", "types", "regions", "inputs").
  llvm::DenseMap<unsigned, patch::NodeChange> changes;
  /// Source and target nodes in a topological order that depends on names
  /// only, never on the order of nodes in the files.
  std::vector<unsigned> sourceOrder, targetOrder;
  DiffSummary summary;
  /// What each stage of the matcher did, in the order they ran.
  std::vector<StageStats> stages;

  /// The change kinds of the update of target node `t`; none if it is not
  /// updated.
  patch::NodeChange getChanges(unsigned t) const { return changes.lookup(t); }

  /// The source node each target node is paired with (NodeMapping::
  /// getSource), as a callable: the `sourceOf` of verifyPlan, which then
  /// tries this pairing first.
  auto sourceOfTarget() const {
    return [this](unsigned t) { return mapping.getSource(t); };
  }
};

/// One pair of graphs, of the same path or the only graph of each side (then
/// the plan may rename it): the diff and the graph views of its source and
/// target, which know the nodes' names and locations. The views point into
/// the modules that were diffed.
struct GraphPairDiff : GraphDiff {
  std::unique_ptr<Graph> source;
  std::unique_ptr<Graph> target;
};

/// A function both inputs name that cannot be diffed node by node (one side
/// or both only declare it), and what differs (see patch.change_graph).
struct ChangedGraph {
  std::string name;
  patch::GraphChange changes;
};

/// How diffModules reads and matches its inputs.
struct DiffOptions {
  /// How the structural stage matches id-less nodes (ignore locations,
  /// ignore discardable attributes, bounds).
  StructureOptions structure;
  /// The user's SSA names of each input (from the parser's state), if
  /// known; else ops are named as the printer names them.
  const SourceNames *sourceNames = nullptr;
  const SourceNames *targetNames = nullptr;
  /// The files the inputs came from, as reports name them.
  std::string sourceFile, targetFile;
  /// Whether a pair of graphs that are the same op for op skips the matcher
  /// (diffGraphs): the same result, but no StageStats for it. Tools that
  /// report what the stages did turn it off.
  bool skipIdentical = true;
};

/// The whole diff of a source module against a target module.
struct DiffResult {
  /// From the options, for reports.
  std::string sourceFile;
  std::string targetFile;
  /// The module holding every `patch.plan`, `patch.add_graph`,
  /// `patch.remove_graph` and `patch.change_graph`, in output order.
  mlir::OwningOpRef<mlir::ModuleOp> plans;
  /// One entry per `patch.plan`, in the same order.
  std::vector<GraphPairDiff> pairs;
  /// Graphs only one side has, by name.
  std::vector<std::string> addedGraphs;
  std::vector<std::string> removedGraphs;
  /// How many nodes each of those graphs has (same order), so that a summary
  /// counts them as inserted or deleted.
  std::vector<uint64_t> addedGraphSizes;
  std::vector<uint64_t> removedGraphSizes;
  /// The graph views of those graphs (same order), so that a renderer can
  /// draw them whole (every node deleted, or every node new); null for one
  /// that is not a single-block body (a declaration). They point into the
  /// modules that were diffed.
  std::vector<std::unique_ptr<Graph>> addedGraphViews;
  std::vector<std::unique_ptr<Graph>> removedGraphViews;
  /// Functions that one side (or both) only declares and that differ.
  std::vector<ChangedGraph> changedGraphs;

  /// Whether anything differs: a graph added, removed or changed, or a pair
  /// whose plan has actions or renames its graph (`patch.plan @f to @g`).
  bool isDifferent() const;
};

/// Diffs every graph of `source` against the graph of the same name in
/// `target` (graphs: `lg.graph`s and function-like ops with a body). The
/// result owns the plans; its graph views point into `source` and `target`,
/// which must outlive it. Fails, having reported a located error, if a graph
/// cannot be viewed as one. The `patch` dialect must be loaded.
mlir::FailureOr<DiffResult> diffModules(mlir::ModuleOp source,
                                        mlir::ModuleOp target,
                                        const DiffOptions &options = {});

} // namespace graphdiff

#endif // GRAPHDIFF_DIFFER_DIFFRESULT_H
