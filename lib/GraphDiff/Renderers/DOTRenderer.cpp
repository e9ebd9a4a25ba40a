//===- DOTRenderer.cpp - The diff as a Graphviz picture -------------------===//
//
// Part of graph-diff.
//
// One cluster per graph pair. Every source node is drawn, filled by status
// (deleted red, updated yellow, replaced blue, unchanged grey), plus the
// target's new nodes (inserted green, replacing dark blue). The nodes of a
// fused region sit in a dashed cluster with an edge "replaced by" to the node
// that replaced them. On big graphs, unchanged stretches are collapsed.
//
//===----------------------------------------------------------------------===//

#include "ViewerData.h"

#include "GraphDiff/Renderers/Renderers.h"
#include "GraphDiff/Renderers/ReportModel.h"
#include "GraphDiff/Renderers/ReportText.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace graphdiff;

/// `text` as the inside of a DOT string ("..."), with `\n` kept as a line
/// break.
static std::string quote(StringRef text) {
  std::string out = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\')
      out += '\\';
    if (c == '\n') {
      out += "\\n";
      continue;
    }
    out += c;
  }
  out += "\"";
  return out;
}

LogicalResult graphdiff::renderDOT(const DiffResult &report,
                                   llvm::raw_ostream &os,
                                   const RenderOptions &options) {
  os << "digraph \"graph-diff\" {\n";
  os << "  compound=true;\n  rankdir=TB;\n";
  os << "  label=" << quote(report.sourceFile + " -> " + report.targetFile)
     << ";\n  labelloc=t;\n";
  os << "  node [shape=box, style=\"rounded,filled\", fontname=\"Helvetica\", "
        "fontsize=10];\n";
  os << "  edge [color=\"#555555\"];\n";
  // --func: the selected graphs; --only: the nodes of the other changes
  // pale, their text grey.
  unsigned index = 0;
  for (const PairView &view : selectedViews(report, options)) {
    Drawing drawing = buildDrawing(view, options);
    PictureSelection selection(view, options);
    std::string prefix = "g" + std::to_string(index) + "_";
    os << "  subgraph cluster_g" << index << " {\n";
    std::string title = "@" + view.source().getName().str();
    if (view.isRenamed())
      title = printPath(view.source().getPath()) + " renamed to " +
              printPath(view.target().getPath());
    os << "    label=" << quote(title) << ";\n    color=\"#999999\";\n";
    auto printNode = [&](const DrawNode &node, StringRef indent) {
      os << indent << prefix << node.id
         << " [label=" << quote(node.name + "\n" + node.kind) << ", fillcolor=";
      if (selection.dims(node))
        os << quote(dimColor(statusColor(node.status)))
           << ", fontcolor=\"#999999\", color=\"#bbbbbb\"";
      else
        os << quote(statusColor(node.status));
      if (node.collapsed)
        os << ", shape=box3d, style=\"filled,dashed\"";
      if (node.isInput)
        os << ", shape=ellipse, style=filled";
      if (node.status == NodeStatus::Replacing && !selection.dims(node))
        os << ", fontcolor=\"white\", penwidth=2";
      std::string tooltip = std::string(stringifyNodeStatus(node.status));
      if (!node.location.empty())
        tooltip += " at " + node.location;
      os << ", tooltip=" << quote(tooltip) << "];\n";
    };
    for (const DrawCluster &cluster : drawing.clusters) {
      os << "    subgraph cluster_" << prefix << cluster.id << " {\n";
      os << "      label=" << quote(cluster.label)
         << ";\n      style=\"dashed,rounded\";\n      color=\"#4a90e2\";\n";
      for (unsigned member : cluster.members)
        printNode(drawing.nodes[member], "      ");
      os << "    }\n";
    }
    for (const DrawNode &node : drawing.nodes)
      if (node.cluster < 0)
        printNode(node, "    ");
    for (const DrawEdge &edge : drawing.edges) {
      os << "    " << prefix << drawing.nodes[edge.from].id << " -> " << prefix
         << drawing.nodes[edge.to].id;
      if (edge.replacedBy) {
        const DrawNode &from = drawing.nodes[edge.from];
        os << " [style=dashed, color=\"#4a90e2\", label=\"replaced by\"";
        if (from.cluster >= 0)
          os << ", ltail=cluster_" << prefix
             << drawing.clusters[from.cluster].id;
        os << "]";
      }
      os << ";\n";
    }
    os << "  }\n";
    ++index;
  }
  for (const std::string &name : report.removedGraphs)
    if (selectsGraph(options, name))
      os << "  " << quote("removed_" + name)
         << " [label=" << quote("@" + name + "\nonly in the source")
         << ", fillcolor=" << quote(statusColor(NodeStatus::Deleted)) << "];\n";
  for (const std::string &name : report.addedGraphs)
    if (selectsGraph(options, name))
      os << "  " << quote("added_" + name)
         << " [label=" << quote("@" + name + "\nonly in the target")
         << ", fillcolor=" << quote(statusColor(NodeStatus::Inserted))
         << "];\n";
  for (const ChangedGraph &graph : report.changedGraphs)
    if (selectsGraph(options, graph.name))
      os << "  " << quote("changed_" + graph.name) << " [label="
         << quote("@" + graph.name +
                  "\nchanged: " + patch::stringifyGraphChange(graph.changes))
         << ", fillcolor=" << quote(statusColor(NodeStatus::Updated)) << "];\n";
  os << "}\n";
  return success();
}
