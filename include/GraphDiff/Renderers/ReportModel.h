//===- ReportModel.h - What renderers derive from a DiffResult --*- C++ -*-===//
//
// Part of graph-diff.
//
// The renderers share one reading of a graph pair: the status of every source
// and target node and the summary counts and similarity (as the engine
// recorded them in the result), node descriptions and locations as the user
// wrote them, and, for the pictures, a drawing graph with fused regions
// grouped and long unchanged stretches collapsed.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_RENDERERS_REPORTMODEL_H
#define GRAPHDIFF_RENDERERS_REPORTMODEL_H

#include "GraphDiff/Differ/DiffResult.h"
#include "GraphDiff/Renderers/Renderers.h"
#include "mlir/IR/Location.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace graphdiff {

/// The locations of `loc` a user can open: `file:line:col` of the first
/// file location inside it (through names, fusions and call sites), or "".
std::string formatLocation(mlir::Location loc);

/// What a node is: an `lg` node's kind (`Conv2d`); else the op name, followed
/// by the ops of its body for an op with a region
/// (`linalg.generic(arith.addf)`).
std::string describeNode(mlir::Operation *op);

/// One graph pair as renderers see it: the engine's result for the pair,
/// read, never recomputed.
class PairView {
public:
  explicit PairView(const GraphPairDiff &pair) : pair(pair) {}

  const GraphPairDiff &getPair() const { return pair; }
  const Graph &source() const { return *pair.source; }
  const Graph &target() const { return *pair.target; }
  patch::PlanOp getPlan() const { return pair.plan; }
  /// Whether the plan renames the graph (its source and target paths
  /// differ): the only graph of each side, paired whatever its name.
  bool isRenamed() const { return getPlan().isRename(); }

  NodeStatus getSourceStatus(unsigned s) const { return pair.sourceStatus[s]; }
  NodeStatus getTargetStatus(unsigned t) const { return pair.targetStatus[t]; }
  /// The target node that source node `s` became: its pair, or the node that
  /// replaced its region. None for a deleted node.
  std::optional<unsigned> getImage(unsigned s) const { return pair.image[s]; }
  /// The source input that target input `number` is, or none for an input
  /// the plan adds (or a graph only one side has).
  std::optional<unsigned> getInputSource(unsigned number) const {
    return number < pair.inputSource.size() ? pair.inputSource[number]
                                            : std::nullopt;
  }
  const DiffSummary &getSummary() const { return pair.summary; }
  /// Source and target nodes in a topological order that depends on names
  /// only, never on the order of nodes in the files.
  llvm::ArrayRef<unsigned> getSourceOrder() const { return pair.sourceOrder; }
  llvm::ArrayRef<unsigned> getTargetOrder() const { return pair.targetOrder; }
  /// The actions of the plan as the engine recorded them, in plan order.
  llvm::ArrayRef<PlanAction> getActions() const { return pair.actions; }

private:
  const GraphPairDiff &pair;
};

/// One action as a person reads it. Deletes absorbed by a replace are part of
/// the replace's entry, not entries of their own.
struct ActionLine {
  /// The action op's name without the dialect: "delete", "replace", ...
  std::string kind;
  /// What a reader calls it: "delete", "fuse" (a replace of several nodes),
  /// "fold" (a replace by a constant, or of constants and the one node they
  /// fold into), "replace", "insert", "update", "add input", ...
  std::string verb;
  /// The nodes involved, as the user wrote them: "@conv1 + @bn1 -> @fused".
  std::string names;
  /// What changed, without names, so that identical changes compare equal:
  /// "Conv2d + BatchNorm2d fused into ConvBn".
  std::string what;
  /// The matcher stage that decided it, or "".
  std::string stage;
  /// Where the anchor (or the new node) is: file:line:col, or "".
  std::string location;
  /// The colour class of the action.
  NodeStatus status = NodeStatus::Unchanged;
  /// Every node name the action mentions (for search).
  std::vector<std::string> nodes;
  /// A kind of a replace's region and its nodes (positions in the action's
  /// `sources`).
  struct RegionKind {
    std::string kind;
    std::vector<unsigned> members;
  };
  /// For a replace: its region's kinds, each once, where it first comes;
  /// `what` starts with them joined by " + ", a kind of several nodes with
  /// its count (`tensor.empty x515 + linalg.generic`).
  std::vector<RegionKind> regionKinds;
  /// For an update: what changed, one entry per attribute, operand or type
  /// list (the action's details, describeChanges).
  std::vector<ChangeDetail> details;
  /// The engine's record of the action the line describes.
  const PlanAction *action = nullptr;
};

/// The actions of `view`'s plan, in plan order, from the engine's records:
/// every report names actions through these lines.
std::vector<ActionLine> describeActions(const PairView &view);

/// A view of every graph pair of `report`, in report order.
std::vector<PairView> viewsOf(const DiffResult &report);

/// The summary of a whole report: the sum of its pairs.
DiffSummary summarize(llvm::ArrayRef<PairView> views);

//===----------------------------------------------------------------------===//
// Pictures
//===----------------------------------------------------------------------===//

/// A node of a picture: a source node, a new target node, a graph input
/// (`i<k>` for the source's k-th, `a<k>` for one the plan adds), or a group
/// of collapsed unchanged source nodes.
struct DrawNode {
  /// Unique in the picture, safe in DOT and HTML ids: `s3`, `t1`, `c0`.
  std::string id;
  /// `@conv1`, `%5`, or `12 unchanged` for a collapsed group.
  std::string name;
  /// What the node is (describeNode).
  std::string kind;
  std::string location;
  NodeStatus status = NodeStatus::Unchanged;
  /// Source nodes this stands for (more than one when collapsed).
  unsigned count = 1;
  bool collapsed = false;
  /// The fused region this node belongs to, or -1.
  int cluster = -1;
  /// Whether the node lives in the target only (inserted or replacing).
  bool isNew = false;
  /// A graph input (a block argument) rather than a node.
  bool isInput = false;
};

struct DrawEdge {
  unsigned from, to;
  /// From a fused region's anchor to the node that replaced the region.
  bool replacedBy = false;
};

/// A fused region: the source nodes of one `patch.replace`.
struct DrawCluster {
  std::string id;
  std::string label;
  /// Draw nodes in the region, and the node replacing it.
  std::vector<unsigned> members;
  unsigned replacer = 0;
  unsigned anchor = 0;
};

struct Drawing {
  std::vector<DrawNode> nodes;
  std::vector<DrawEdge> edges;
  std::vector<DrawCluster> clusters;
  /// Source nodes hidden in collapsed groups.
  unsigned collapsedNodes = 0;
  /// Unchanged shared leaves (nodes that read nothing and feed more than two
  /// nodes: constants, empty tensors) left out of the picture. Changed ones
  /// are drawn, without their fan-out edges.
  unsigned hiddenLeaves = 0;
  /// Unchanged check-chain nodes left out (options.hideUnchangedChecks).
  unsigned hiddenChecks = 0;
  /// The drawing node of each source node (its own or its collapsed group's),
  /// each target node that is new, each source graph input, and each target
  /// graph input (an added one's, else the source's at its position); -1
  /// when not drawn.
  std::vector<int> sourceNodes, newTargetNodes, sourceInputNodes,
      targetInputNodes;
};

/// Whether node `index` is a shared leaf: it reads nothing and feeds more
/// than two nodes (a constant, an empty tensor). Pictures leave out its
/// fan-out edges, and the node itself when unchanged.
bool isSharedLeaf(const Graph &graph, unsigned index);

/// The picture of one pair: every source node (coloured by status) plus the
/// target's new nodes wired to what they read and feed; with more than
/// `options.collapseAbove` source nodes, unchanged nodes not next to a change
/// are collapsed, one group per connected stretch. With
/// `options.hideUnchangedChecks`, unchanged check chains are left out.
Drawing buildDrawing(const PairView &view, const RenderOptions &options);

/// The fill colour of a status in pictures.
llvm::StringRef statusColor(NodeStatus status);

} // namespace graphdiff

#endif // GRAPHDIFF_RENDERERS_REPORTMODEL_H
