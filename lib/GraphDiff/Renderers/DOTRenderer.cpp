//===- DOTRenderer.cpp - The diff as a Graphviz picture -------------------===//
//
// Part of graph-diff.
//
// One cluster per graph pair. Every source node is drawn, filled by status
// (deleted red, updated yellow, replaced blue, unchanged grey), plus the
// target's new nodes (inserted green, replacing dark blue). The nodes of a
// fused region sit in a dashed cluster with an edge "replaced by" to the node
// that replaced them. On big graphs, unchanged stretches are collapsed, and
// a picture still too big for Graphviz to lay out in reasonable time is cut
// to its first nodes in file order, which the picture and stderr say.
//
//===----------------------------------------------------------------------===//

#include "ViewerData.h"

#include "GraphDiff/Renderers/Renderers.h"
#include "GraphDiff/Renderers/ReportModel.h"
#include "GraphDiff/Renderers/ReportText.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <numeric>

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

/// Drawing nodes `dot` still lays out in seconds (its network-simplex
/// ranking and crossing minimisation grow much faster than linearly; a
/// DenseNet-201 picture of a few thousand nodes does not finish in minutes).
static constexpr unsigned kDotNodeLimit = 400;

/// Cuts `drawing` to about its first `limit` nodes in file order (the graph
/// inputs first, a new target node after the paired node written before it,
/// a collapsed stretch at its first node), keeping fused regions whole, and
/// adds one node that stands for the rest. Returns the number of nodes left
/// out (0 when the drawing fits).
static unsigned capDrawing(const PairView &view, Drawing &drawing,
                           unsigned limit) {
  size_t size = drawing.nodes.size();
  if (size <= limit)
    return 0;
  std::vector<long> position(size, -1);
  for (auto [s, node] : llvm::enumerate(drawing.sourceNodes))
    if (node >= 0 && position[node] < 0)
      position[node] = static_cast<long>(s);
  const NodeMapping &mapping = view.getPair().mapping;
  long last = -1;
  for (unsigned t = 0; t < view.target().size(); ++t) {
    if (std::optional<unsigned> s = mapping.getSource(t))
      last = *s;
    if (drawing.newTargetNodes[t] >= 0)
      position[drawing.newTargetNodes[t]] = last;
  }
  std::vector<unsigned> order(size);
  std::iota(order.begin(), order.end(), 0u);
  std::stable_sort(order.begin(), order.end(), [&](unsigned a, unsigned b) {
    return position[a] < position[b];
  });
  std::vector<bool> keep(size, false);
  unsigned kept = 0;
  auto keepNode = [&](unsigned node) {
    if (!keep[node]) {
      keep[node] = true;
      ++kept;
    }
  };
  for (unsigned node : order) {
    if (kept >= limit)
      break;
    keepNode(node);
    // A fused region is drawn whole, with the node that replaced it.
    if (int c = drawing.nodes[node].cluster; c >= 0) {
      for (unsigned member : drawing.clusters[c].members)
        keepNode(member);
      keepNode(drawing.clusters[c].replacer);
    }
  }
  for (const DrawCluster &cluster : drawing.clusters)
    if (keep[cluster.replacer])
      for (unsigned member : cluster.members)
        keepNode(member);

  std::vector<int> renumber(size, -1);
  Drawing cut;
  for (unsigned node = 0; node < size; ++node)
    if (keep[node]) {
      renumber[node] = static_cast<int>(cut.nodes.size());
      cut.nodes.push_back(std::move(drawing.nodes[node]));
    }
  unsigned omitted = static_cast<unsigned>(size) - kept;
  for (DrawCluster &cluster : drawing.clusters) {
    if (!keep[cluster.replacer])
      continue;
    for (unsigned &member : cluster.members)
      member = renumber[member];
    cluster.replacer = renumber[cluster.replacer];
    cluster.anchor = renumber[cluster.anchor];
    cut.clusters.push_back(std::move(cluster));
  }
  for (DrawNode &node : cut.nodes)
    node.cluster = -1;
  for (auto [c, cluster] : llvm::enumerate(cut.clusters))
    for (unsigned member : cluster.members)
      cut.nodes[member].cluster = static_cast<int>(c);
  // The rest, as one node that says so. It has no edges: Graphviz's
  // ranking fails on edges from inside many clusters to one node.
  DrawNode rest;
  rest.id = "omitted";
  rest.name = std::to_string(omitted) + " more nodes not drawn";
  rest.kind = "see --format=html or --format=model-explorer";
  rest.collapsed = true;
  rest.count = omitted;
  cut.nodes.push_back(std::move(rest));
  for (const DrawEdge &edge : drawing.edges) {
    int from = renumber[edge.from], to = renumber[edge.to];
    if (from >= 0 && to >= 0)
      cut.edges.push_back({static_cast<unsigned>(from),
                           static_cast<unsigned>(to), edge.replacedBy});
  }
  cut.collapsedNodes = drawing.collapsedNodes;
  drawing = std::move(cut);
  return omitted;
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
    size_t drawnNodes = drawing.nodes.size();
    unsigned omitted = capDrawing(view, drawing, kDotNodeLimit);
    PictureSelection selection(view, options);
    std::string prefix = "g" + std::to_string(index) + "_";
    std::string title = "@" + view.source().getName().str();
    if (view.isRenamed())
      title = printPath(view.source().getPath()) + " renamed to " +
              printPath(view.target().getPath());
    if (omitted) {
      std::string note =
          "the picture of " + title + " has " + std::to_string(drawnNodes) +
          " nodes (" + std::to_string(view.source().size()) +
          " source nodes) after collapsing unchanged "
          "stretches; DOT draws its first " +
          std::to_string(drawnNodes - omitted) +
          " in file order and leaves out " + std::to_string(omitted) +
          " (Graphviz would take minutes): see the whole diff "
          "with --format=html or --format=model-explorer";
      os << "  // graph-diff: " << note << "\n";
      llvm::errs() << "warning: " << note << "\n";
      title += "\n(first " + std::to_string(drawnNodes - omitted) + " of " +
               std::to_string(drawnNodes) +
               " nodes drawn: see --format=html or --format=model-explorer)";
    }
    os << "  subgraph cluster_g" << index << " {\n";
    os << "    label=" << quote(title) << ";\n    color=\"#999999\";\n";
    auto printNode = [&](const DrawNode &node, StringRef indent) {
      // The stand-in for the nodes a capped picture leaves out.
      if (node.id == "omitted") {
        os << indent << prefix << node.id
           << " [label=" << quote(node.name + "\n" + node.kind)
           << ", shape=note, style=\"filled,dashed\", fillcolor=\"#ffffff\", "
              "tooltip="
           << quote(node.name) << "];\n";
        return;
      }
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
