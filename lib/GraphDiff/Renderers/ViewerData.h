//===- ViewerData.h - What the HTML viewer draws, as JSON -------*- C++ -*-===//
//
// Part of graph-diff.
//
// The HTML page draws its pictures on a canvas from data the tool computes:
// per graph pair a table of nodes (names on both sides, kind, status,
// location, IR text, the action that names it) and two laid-out views of the
// drawing: "all" (every node but the hidden shared leaves) and "changes"
// (unchanged stretches collapsed). The schema is described in
// docs/Renderers.md; the page's script (assets/viewer-*.js) reads it.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_LIB_RENDERERS_VIEWERDATA_H
#define GRAPHDIFF_LIB_RENDERERS_VIEWERDATA_H

#include "GraphDiff/Renderers/ReportModel.h"

#include <string>
#include <vector>

namespace graphdiff {

struct ViewerData {
  /// The pair's data as one JSON object, with every `<` escaped so that it
  /// can sit inside a <script> element.
  std::string json;
  /// For the caption: nodes collapsed in the changes-only view, unchanged
  /// shared leaves left out, nodes in the full view.
  unsigned collapsedNodes = 0, hiddenLeaves = 0, drawnNodes = 0;
  /// Whether the page opens on the changes-only view.
  bool changesFirst = false;
};

/// The viewer's data for `view`; `actions` is describeActions(view).
ViewerData buildViewerData(const PairView &view,
                           llvm::ArrayRef<ActionLine> actions,
                           const RenderOptions &options);

/// The node names an action line involves, per side, in the order
/// describeActions lists the lines: source node indices and target node
/// indices (new nodes), and the graph inputs as drawing ids (`i0`, `a1`).
struct ActionNodes {
  std::vector<unsigned> source, target;
  std::vector<std::string> inputs;
};
std::vector<ActionNodes> actionNodes(const PairView &view);

} // namespace graphdiff

#endif // GRAPHDIFF_LIB_RENDERERS_VIEWERDATA_H
