//===- ViewerData.h - What the HTML viewer draws, as JSON -------*- C++ -*-===//
//
// Part of graph-diff.
//
// The HTML page draws its pictures on a canvas from data the tool computes,
// written compactly so that a page of tens of thousands of nodes opens
// quickly: per graph pair a node table in columns (names on both sides,
// kinds and location files through a string table, statuses as numbers, the
// action that names each node), laid-out views of the drawing ("all": every
// node but the hidden shared leaves and unchanged checks; "changes":
// unchanged stretches collapsed; "allChecks"/"changesChecks": the same with
// the checks, when there are any) and the nodes' IR text, as templates
// shared by nodes whose IR differs only in SSA names. Only what the first
// screen needs is in the first blob; the other views and the IR are parsed
// when first wanted. The schema is described in docs/Renderers.md; the
// page's script (assets/viewer-*.js) reads it.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_LIB_RENDERERS_VIEWERDATA_H
#define GRAPHDIFF_LIB_RENDERERS_VIEWERDATA_H

#include "GraphDiff/Renderers/ReportModel.h"
#include "llvm/ADT/StringSet.h"

#include <string>
#include <vector>

namespace llvm::json {
class OStream;
} // namespace llvm::json

namespace graphdiff {

struct ViewerData {
  /// JSON objects, each with every `<` escaped so that it can sit inside a
  /// <script> element: what the first screen needs (the node table and the
  /// view the page opens on), the other views, and the IR text.
  std::string first, views, ir;
  /// For the caption: nodes collapsed in the changes-only view, unchanged
  /// shared leaves and unchanged check nodes left out, nodes in the full
  /// view.
  unsigned collapsedNodes = 0, hiddenLeaves = 0, hiddenChecks = 0,
           drawnNodes = 0;
  /// Whether the page opens on the changes-only view.
  bool changesFirst = false;
  /// The node table row of each source node, -1 for one no view draws: the
  /// action list names nodes to the page's script by row.
  std::vector<int> sourceRows;
};

/// The viewer's data for `view`.
ViewerData buildViewerData(const PairView &view, const RenderOptions &options);

/// The nodes an action line involves, per side: source node indices and
/// target node indices (new nodes), and the graph inputs as drawing ids
/// (`i0`, `a1`).
struct ActionNodes {
  std::vector<unsigned> source, target;
  std::vector<std::string> inputs;
};
/// The nodes of each of `lines` (describeActions), in their order, from the
/// actions the lines describe.
std::vector<ActionNodes> actionNodes(llvm::ArrayRef<ActionLine> lines);

/// What `--only` leaves in colour in the pictures (HTML, DOT, Model
/// Explorer): the nodes and graph inputs that the selected action lines name.
/// A changed node no selected line names is drawn dimmed. Without --only
/// nothing is dimmed and every line is shown.
class PictureSelection {
public:
  PictureSelection(const PairView &view, const RenderOptions &options);
  /// Whether --only is given.
  bool isActive() const { return active; }
  /// Whether action line `line` (in describeActions order) is selected.
  bool showsLine(unsigned line) const { return !active || lines[line]; }
  /// Whether changed source node `s` (target node `t`) is dimmed.
  bool dimsSource(unsigned s) const;
  bool dimsTarget(unsigned t) const;
  /// Whether drawing node `node` is dimmed.
  bool dims(const DrawNode &node) const;

private:
  const PairView &view;
  bool active = false;
  std::vector<bool> lines, source, target;
  llvm::StringSet<> inputs;
};

/// `color` (`#rrggbb`) faded toward white, for a dimmed node.
std::string dimColor(llvm::StringRef color);

/// How an edge of the viewer's pictures exists: on both sides, as a fused
/// region's "replaced by" edge, in the source only, in the target only.
enum class EdgeKind {
  Both = 0,
  ReplacedBy = 1,
  SourceOnly = 2,
  TargetOnly = 3
};

struct ViewEdge {
  unsigned from, to;
  EdgeKind kind;
};

/// The edges of `drawing` with their kinds, then the edges only the target
/// has between drawn nodes that both sides have (a new input of an updated
/// node, say).
std::vector<ViewEdge> viewEdges(const PairView &view, const Drawing &drawing);

/// Writes one laid-out view of `drawing` as a JSON object; `rows` gives each
/// drawing node's row in the node table.
void writeViewerView(llvm::json::OStream &json, const PairView &view,
                     const Drawing &drawing, llvm::ArrayRef<unsigned> rows);

} // namespace graphdiff

#endif // GRAPHDIFF_LIB_RENDERERS_VIEWERDATA_H
