//===- ViewerViews.cpp - The HTML viewer's laid-out views -----------------===//
//
// Part of graph-diff.
//
// One view of a pair's picture: the layout of its drawing (Layout.h) and its
// edges, each marked with the side that has it, written as flat arrays.
//
//===----------------------------------------------------------------------===//

#include "ViewerData.h"

#include "Layout.h"

#include "llvm/Support/JSON.h"

#include <cmath>
#include <set>

using namespace mlir;
using namespace graphdiff;

/// Where each drawing node was written, in source-file positions: a source
/// node's own, a new target node's that of the closest paired target node
/// written before it; -1 for inputs and collapsed groups.
static std::vector<int> fileOrder(const PairView &view,
                                  const Drawing &drawing) {
  const NodeMapping &mapping = view.getPair().mapping;
  std::vector<int> order(drawing.nodes.size(), -1);
  for (auto [s, node] : llvm::enumerate(drawing.sourceNodes))
    if (node >= 0 && !drawing.nodes[node].collapsed)
      order[node] = s;
  int last = -1;
  for (unsigned t = 0; t < view.target().size(); ++t) {
    if (std::optional<unsigned> s = mapping.getSource(t))
      last = *s;
    if (drawing.newTargetNodes[t] >= 0)
      order[drawing.newTargetNodes[t]] = last;
  }
  return order;
}

namespace {
/// The edges of one side of a pair in drawing nodes: every node's inputs
/// (from a node or a graph input) to the node, where both are drawn.
class SideEdges {
public:
  SideEdges(const Graph &graph, llvm::function_ref<int(unsigned)> nodeDraw,
            llvm::ArrayRef<int> inputDraw) {
    for (unsigned i = 0; i < graph.size(); ++i) {
      int to = nodeDraw(i);
      if (to < 0)
        continue;
      for (Value input : graph.getNodeInputs(i)) {
        int from = -1;
        if (std::optional<unsigned> p = graph.getProducer(input)) {
          from = nodeDraw(*p);
          if (isSharedLeaf(graph, *p))
            fromLeaf.insert({from, to});
        } else if (auto arg = dyn_cast<BlockArgument>(input);
                   arg && arg.getOwner() == &graph.getBody()) {
          from = inputDraw[arg.getArgNumber()];
        }
        if (from >= 0 && from != to)
          edges.insert({from, to});
      }
    }
  }
  bool contains(unsigned from, unsigned to) const {
    return edges.count({from, to});
  }

  std::set<std::pair<int, int>> edges;
  /// Those from a shared leaf, which pictures leave out.
  std::set<std::pair<int, int>> fromLeaf;
};
} // namespace

std::vector<ViewEdge> graphdiff::viewEdges(const PairView &view,
                                           const Drawing &drawing) {
  const NodeMapping &mapping = view.getPair().mapping;
  SideEdges source(
      view.source(), [&](unsigned s) { return drawing.sourceNodes[s]; },
      drawing.sourceInputNodes);
  // A target node is drawn as itself when new, else as its source node.
  SideEdges target(
      view.target(),
      [&](unsigned t) {
        if (drawing.newTargetNodes[t] >= 0)
          return drawing.newTargetNodes[t];
        std::optional<unsigned> s = mapping.getSource(t);
        return s ? drawing.sourceNodes[*s] : -1;
      },
      drawing.targetInputNodes);
  auto bothSides = [&](unsigned v) {
    const DrawNode &node = drawing.nodes[v];
    if (node.isNew)
      return false;
    if (node.isInput)
      return node.status != NodeStatus::Deleted;
    return node.status == NodeStatus::Unchanged ||
           node.status == NodeStatus::Updated;
  };

  std::vector<ViewEdge> edges;
  std::set<std::pair<int, int>> drawn;
  for (const DrawEdge &edge : drawing.edges) {
    EdgeKind kind = EdgeKind::Both;
    if (edge.replacedBy)
      kind = EdgeKind::ReplacedBy;
    else if (bothSides(edge.from) && bothSides(edge.to) &&
             !target.contains(edge.from, edge.to))
      kind = EdgeKind::SourceOnly;
    edges.push_back({edge.from, edge.to, kind});
    drawn.insert({edge.from, edge.to});
  }
  for (auto [from, to] : target.edges) {
    if (!bothSides(from) || !bothSides(to) || source.contains(from, to) ||
        drawn.count({from, to}) || target.fromLeaf.count({from, to}))
      continue;
    edges.push_back({static_cast<unsigned>(from), static_cast<unsigned>(to),
                     EdgeKind::TargetOnly});
  }
  return edges;
}

static long coordinate(double value) { return std::lround(value); }

void graphdiff::writeViewerView(llvm::json::OStream &json, const PairView &view,
                                const Drawing &drawing,
                                llvm::ArrayRef<unsigned> rows) {
  DrawingLayout layout = layoutDrawing(drawing, fileOrder(view, drawing));
  json.object([&] {
    json.attribute("width", coordinate(layout.width));
    json.attribute("height", coordinate(layout.height));
    // Flat: table row, x, y per node; every node is kLayoutNodeWidth wide.
    json.attributeArray("nodes", [&] {
      for (auto [i, box] : llvm::enumerate(layout.nodes)) {
        json.value(rows[i]);
        json.value(coordinate(box.x));
        json.value(coordinate(box.y));
      }
    });
    // Flat: from, to (view node indices), kind (EdgeKind) per edge.
    json.attributeArray("edges", [&] {
      for (const ViewEdge &edge : viewEdges(view, drawing)) {
        json.value(edge.from);
        json.value(edge.to);
        json.value(static_cast<int>(edge.kind));
      }
    });
    // [replacer, [members], [x, y, width, height]] per fused region; no box
    // (width 0) for a region spread over many layers.
    json.attributeArray("clusters", [&] {
      for (size_t i = 0, e = drawing.clusters.size(); i < e; ++i) {
        const auto &cluster = drawing.clusters[i];
        const LayoutBox &box = layout.clusters[i];
        json.array([&] {
          json.value(cluster.replacer);
          json.array([&] {
            for (unsigned m : cluster.members)
              json.value(m);
          });
          json.array([&] {
            for (double v : {box.x, box.y, box.width, box.height})
              json.value(coordinate(v));
          });
        });
      }
    });
  });
}
