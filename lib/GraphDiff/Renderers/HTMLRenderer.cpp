//===- HTMLRenderer.cpp - The diff as one self-contained web page ---------===//
//
// Part of graph-diff.
//
// One HTML file with no external resource: a summary table, per graph an
// inline SVG picture (a layered layout computed here) and the action list,
// and a search box that highlights nodes and actions by name or kind. The
// script records load errors in #errors and sets body[data-ready] to the
// number of drawn nodes once it has run, so that a headless browser can
// check the page.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Renderers/Renderers.h"
#include "GraphDiff/Renderers/ReportModel.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"

#include <algorithm>
#include <deque>
#include <map>
#include <numeric>

using namespace mlir;
using namespace graphdiff;

static std::string escape(StringRef text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
    case '&':
      out += "&amp;";
      break;
    case '<':
      out += "&lt;";
      break;
    case '>':
      out += "&gt;";
      break;
    case '"':
      out += "&quot;";
      break;
    case '\'':
      out += "&#39;";
      break;
    default:
      out += c;
    }
  }
  return out;
}

static std::string truncate(StringRef text, size_t width) {
  if (text.size() <= width)
    return text.str();
  return text.take_front(width - 1).str() + "\u2026";
}

static std::string percent(double value) {
  std::string out;
  llvm::raw_string_ostream os(out);
  os << llvm::format("%.1f%%", value * 100.0);
  return out;
}

namespace {
struct Layout {
  std::vector<double> x, y;
  double width = 0, height = 0;
};
} // namespace

static constexpr double kNodeWidth = 170, kNodeHeight = 40, kGapX = 24,
                        kGapY = 44, kMargin = 24;

/// A layered layout: longest-path layers (cycles, which only collapsed groups
/// can make, are broken at the lowest-numbered node), then one barycenter
/// pass to order each layer.
static Layout layout(const Drawing &drawing) {
  unsigned n = drawing.nodes.size();
  std::vector<std::vector<unsigned>> preds(n), succs(n);
  for (const DrawEdge &edge : drawing.edges) {
    // A replacing node is laid out by what it reads, beside its region.
    if (edge.replacedBy)
      continue;
    preds[edge.to].push_back(edge.from);
    succs[edge.from].push_back(edge.to);
  }
  // The fused region each replacing node stands for, or -1.
  std::vector<int> replacerOf(n, -1);
  for (auto [index, cluster] : llvm::enumerate(drawing.clusters))
    replacerOf[cluster.replacer] = index;
  std::vector<unsigned> pending(n), layer(n, 0);
  std::vector<bool> placed(n, false);
  for (unsigned v = 0; v < n; ++v)
    pending[v] = preds[v].size();
  std::deque<unsigned> ready;
  for (unsigned v = 0; v < n; ++v)
    if (!pending[v])
      ready.push_back(v);
  unsigned done = 0, next = 0;
  while (done < n) {
    if (ready.empty()) {
      while (placed[next])
        ++next;
      ready.push_back(next);
    }
    unsigned v = ready.front();
    ready.pop_front();
    if (placed[v])
      continue;
    placed[v] = true;
    ++done;
    for (unsigned p : preds[v])
      if (placed[p])
        layer[v] = std::max(layer[v], layer[p] + 1);
    for (unsigned s : succs[v])
      if (!placed[s] && --pending[s] == 0)
        ready.push_back(s);
  }
  // Nodes that read nothing (constants, empty tensors) sit just above their
  // first reader rather than all on the top row.
  for (unsigned v = 0; v < n; ++v) {
    if (!preds[v].empty() || succs[v].empty())
      continue;
    unsigned first = ~0u;
    for (unsigned s : succs[v])
      first = std::min(first, layer[s]);
    if (first != ~0u && first > 0)
      layer[v] = first - 1;
  }
  unsigned numLayers =
      n ? *std::max_element(layer.begin(), layer.end()) + 1 : 0;
  std::vector<std::vector<unsigned>> rows(numLayers);
  for (unsigned v = 0; v < n; ++v)
    rows[layer[v]].push_back(v);
  std::vector<double> position(n, 0);
  for (const std::vector<unsigned> &row : rows)
    for (auto [i, v] : llvm::enumerate(row))
      position[v] = i;
  // Order each row by the mean position of its neighbours in the rows
  // already placed: down (predecessors), up (successors), down again.
  auto orderRow = [&](std::vector<unsigned> &row,
                      const std::vector<std::vector<unsigned>> &neighbours) {
    std::vector<double> key(row.size());
    for (auto [i, v] : llvm::enumerate(row)) {
      double sum = 0;
      unsigned count = 0;
      for (unsigned u : neighbours[v])
        if (layer[u] != layer[v]) {
          sum += position[u];
          ++count;
        }
      key[i] = count ? sum / count : position[v];
    }
    // A fused region's members in one row, and the node that replaced it,
    // stay side by side: they share their mean key, in their own order.
    std::map<int, std::pair<double, unsigned>> groupKey;
    auto groupOf = [&](unsigned v) {
      const DrawNode &node = drawing.nodes[v];
      return node.cluster >= 0 ? node.cluster : replacerOf[v];
    };
    for (auto [i, v] : llvm::enumerate(row))
      if (int group = groupOf(v); group >= 0) {
        auto &[sum, count] = groupKey[group];
        sum += key[i];
        ++count;
      }
    for (auto [i, v] : llvm::enumerate(row))
      if (int group = groupOf(v); group >= 0) {
        auto [sum, count] = groupKey[group];
        key[i] = sum / count + 1e-6 * i;
      }
    std::vector<unsigned> order(row.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(),
                     [&](unsigned a, unsigned b) { return key[a] < key[b]; });
    std::vector<unsigned> sorted;
    for (unsigned i : order)
      sorted.push_back(row[i]);
    row = std::move(sorted);
    for (auto [i, v] : llvm::enumerate(row))
      position[v] = i;
  };
  for (std::vector<unsigned> &row : rows)
    orderRow(row, preds);
  for (auto it = rows.rbegin(); it != rows.rend(); ++it)
    orderRow(*it, succs);
  for (std::vector<unsigned> &row : rows)
    orderRow(row, preds);
  size_t widest = 0;
  for (const auto &row : rows)
    widest = std::max(widest, row.size());
  Layout result;
  result.x.resize(n);
  result.y.resize(n);
  result.width = 2 * kMargin + widest * (kNodeWidth + kGapX) - kGapX;
  result.height = 2 * kMargin + numLayers * (kNodeHeight + kGapY) - kGapY + 16;
  for (auto [l, row] : llvm::enumerate(rows)) {
    double rowWidth = row.size() * (kNodeWidth + kGapX) - kGapX;
    double x0 = (result.width - rowWidth) / 2;
    for (auto [i, v] : llvm::enumerate(row)) {
      result.x[v] = x0 + i * (kNodeWidth + kGapX);
      result.y[v] = kMargin + 16 + l * (kNodeHeight + kGapY);
    }
  }
  return result;
}

static void renderSVG(llvm::raw_ostream &os, const Drawing &drawing,
                      StringRef prefix) {
  Layout box = layout(drawing);
  os << "<svg class=\"picture\" xmlns=\"http://www.w3.org/2000/svg\" width=\""
     << static_cast<int>(box.width) << "\" height=\""
     << static_cast<int>(box.height) << "\" viewBox=\"0 0 "
     << static_cast<int>(box.width) << " " << static_cast<int>(box.height)
     << "\">\n";
  os << "<defs><marker id=\"" << prefix
     << "arrow\" viewBox=\"0 0 10 10\" refX=\"10\" refY=\"5\" "
        "markerWidth=\"7\" markerHeight=\"7\" orient=\"auto\"><path d=\"M0 0 "
        "L10 5 L0 10 z\" fill=\"#555\"/></marker></defs>\n";
  // Fused regions behind everything.
  for (const DrawCluster &cluster : drawing.clusters) {
    if (cluster.members.empty())
      continue;
    double x0 = 1e18, y0 = 1e18, x1 = -1e18, y1 = -1e18;
    for (unsigned m : cluster.members) {
      x0 = std::min(x0, box.x[m]);
      y0 = std::min(y0, box.y[m]);
      x1 = std::max(x1, box.x[m] + kNodeWidth);
      y1 = std::max(y1, box.y[m] + kNodeHeight);
    }
    // A region spread over many rows would box half the picture: its
    // members keep their colour and the "replaced by" edge instead.
    if (y1 - y0 > 3 * (kNodeHeight + kGapY))
      continue;
    os << "<g class=\"cluster\" id=\"" << prefix << cluster.id << "\">"
       << "<rect x=\"" << x0 - 8 << "\" y=\"" << y0 - 18 << "\" width=\""
       << (x1 - x0) + 16 << "\" height=\"" << (y1 - y0) + 26
       << "\" rx=\"8\"/><text x=\"" << x0 - 4 << "\" y=\"" << y0 - 6 << "\">"
       << escape(cluster.label) << "</text></g>\n";
  }
  for (const DrawEdge &edge : drawing.edges) {
    double x1 = box.x[edge.from] + kNodeWidth / 2;
    double y1 = box.y[edge.from] + kNodeHeight;
    double x2 = box.x[edge.to] + kNodeWidth / 2;
    double y2 = box.y[edge.to];
    os << "<path class=\"edge" << (edge.replacedBy ? " replaced-by" : "")
       << "\" d=\"M" << x1 << " " << y1 << " C" << x1 << " " << y1 + 30 << " "
       << x2 << " " << y2 - 30 << " " << x2 << " " << y2
       << "\" marker-end=\"url(#" << prefix << "arrow)\"/>\n";
  }
  for (auto [i, node] : llvm::enumerate(drawing.nodes)) {
    os << "<g class=\"node " << stringifyNodeStatus(node.status)
       << (node.collapsed ? " collapsed" : "") << (node.isInput ? " input" : "")
       << "\" id=\"" << prefix << node.id << "\" data-name=\""
       << escape(node.name) << "\" data-kind=\"" << escape(node.kind) << "\">";
    os << "<title>" << escape(node.name) << " " << escape(node.kind) << " ("
       << stringifyNodeStatus(node.status) << ")"
       << (node.location.empty() ? "" : " at ") << escape(node.location)
       << "</title>";
    os << "<rect x=\"" << box.x[i] << "\" y=\"" << box.y[i] << "\" width=\""
       << kNodeWidth << "\" height=\"" << kNodeHeight << "\" rx=\""
       << (node.isInput ? kNodeHeight / 2 : 6) << "\" fill=\""
       << statusColor(node.status) << "\"/>";
    os << "<text x=\"" << box.x[i] + kNodeWidth / 2 << "\" y=\""
       << box.y[i] + 16 << "\" class=\"name\">"
       << escape(truncate(node.name, 26)) << "</text>";
    os << "<text x=\"" << box.x[i] + kNodeWidth / 2 << "\" y=\""
       << box.y[i] + 32 << "\" class=\"kind\">"
       << escape(truncate(node.kind, 28)) << "</text></g>\n";
  }
  os << "</svg>\n";
}

static void summaryRow(llvm::raw_ostream &os, StringRef label,
                       const DiffSummary &summary) {
  os << "<tr><th>" << escape(label) << "</th><td class=\"unchanged\">"
     << summary.unchanged << "</td><td class=\"updated\">" << summary.updated
     << "</td><td class=\"replaced\">" << summary.replaced
     << "</td><td class=\"deleted\">" << summary.deleted
     << "</td><td class=\"inserted\">" << summary.inserted << "</td><td>"
     << percent(summary.similarity()) << "</td></tr>\n";
}

static constexpr const char *kStyle = R"css(
body { font-family: Helvetica, Arial, sans-serif; margin: 1.5em; color: #222; }
h1 { font-size: 1.4em; margin-bottom: 0.2em; }
.files { color: #555; font-family: monospace; }
table.summary { border-collapse: collapse; margin: 1em 0; }
table.summary th, table.summary td { border: 1px solid #ccc; padding: 0.3em 0.7em; text-align: right; }
td.unchanged, li.unchanged { background: #f0f0f0; }
td.updated, li.updated { background: #fff4c2; }
td.replaced, td.replacing, li.replacing, li.replaced { background: #d6e6fa; }
td.deleted, li.deleted { background: #fbd5d5; }
td.inserted, li.inserted { background: #d7f2d9; }
#search { font-size: 1em; padding: 0.3em; width: 24em; }
.pair { border-top: 2px solid #ddd; margin-top: 1.5em; }
.scroll { overflow: auto; max-height: 80vh; border: 1px solid #eee; }
svg.picture text { font-size: 11px; text-anchor: middle; font-family: Helvetica, Arial, sans-serif; }
svg.picture text.name { font-weight: bold; }
svg.picture .node rect { stroke: #666; stroke-width: 1; }
svg.picture .node.replacing text { fill: white; }
svg.picture .node.collapsed rect { stroke-dasharray: 4 3; }
svg.picture .node.hit rect { stroke: #e8590c; stroke-width: 4; }
svg.picture .edge { fill: none; stroke: #777; stroke-width: 1.2; }
svg.picture .edge.replaced-by { stroke: #4a90e2; stroke-dasharray: 6 4; stroke-width: 2; }
svg.picture .cluster rect { fill: #eef4fc; stroke: #4a90e2; stroke-dasharray: 6 4; }
svg.picture .cluster text { text-anchor: start; fill: #2a6ab8; }
ol.actions { font-family: monospace; font-size: 0.9em; }
ol.actions li { margin: 2px 0; padding: 2px 4px; }
ol.actions li.hidden { display: none; }
.verb { font-weight: bold; }
.stage, .loc { color: #666; }
.legend span { display: inline-block; padding: 2px 8px; margin-right: 4px; border: 1px solid #999; border-radius: 4px; }
#errors:empty { display: none; }
#errors { color: #b00; white-space: pre; }
)css";

static constexpr const char *kScript = R"js(
(function () {
  var errors = document.getElementById('errors');
  window.addEventListener('error', function (e) {
    errors.textContent += 'error: ' + e.message + '\n';
  });
  var box = document.getElementById('search');
  var hits = document.getElementById('hits');
  var nodes = Array.prototype.slice.call(document.querySelectorAll('g.node'));
  var actions = Array.prototype.slice.call(document.querySelectorAll('ol.actions li'));
  function search() {
    var q = box.value.trim().toLowerCase();
    var count = 0, first = null;
    nodes.forEach(function (n) {
      var text = (n.getAttribute('data-name') + ' ' + n.getAttribute('data-kind')).toLowerCase();
      var hit = q !== '' && text.indexOf(q) >= 0;
      n.classList.toggle('hit', hit);
      if (hit) { count++; if (!first) first = n; }
    });
    actions.forEach(function (a) {
      var text = a.textContent.toLowerCase();
      a.classList.toggle('hidden', q !== '' && text.indexOf(q) < 0);
    });
    hits.textContent = q === '' ? '' : count + (count === 1 ? ' node' : ' nodes');
    if (first && first.scrollIntoView) first.scrollIntoView({block: 'center', inline: 'center'});
  }
  box.addEventListener('input', search);
  // `page.html#q=conv1` opens the page with that search done.
  var hash = window.location.hash;
  if (hash.indexOf('#q=') === 0) {
    box.value = decodeURIComponent(hash.slice(3));
    search();
  }
  document.body.setAttribute('data-ready', String(nodes.length));
})();
)js";

LogicalResult graphdiff::renderHTML(const DiffReport &report,
                                    llvm::raw_ostream &os,
                                    const RenderOptions &options) {
  std::vector<PairView> views = viewsOf(report);
  DiffSummary total = summarize(views);

  os << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">"
        "\n<title>graph-diff: "
     << escape(report.sourceFile) << " vs " << escape(report.targetFile)
     << "</title>\n<style>" << kStyle << "</style>\n</head>\n<body>\n";
  os << "<h1>graph-diff</h1>\n<p class=\"files\">" << escape(report.sourceFile)
     << " &rarr; " << escape(report.targetFile) << "</p>\n";
  os << "<p class=\"legend\">";
  for (NodeStatus status :
       {NodeStatus::Unchanged, NodeStatus::Updated, NodeStatus::Replaced,
        NodeStatus::Replacing, NodeStatus::Deleted, NodeStatus::Inserted})
    os << "<span style=\"background:" << statusColor(status) << "\">"
       << stringifyNodeStatus(status) << "</span>";
  os << "</p>\n";

  os << "<table class=\"summary\" id=\"summary\">\n<tr><th>graph</th>"
        "<th>unchanged</th><th>updated</th><th>replaced</th><th>deleted</th>"
        "<th>inserted</th><th>similarity</th></tr>\n";
  for (const PairView &view : views)
    summaryRow(os, "@" + view.source().getName().str(), view.getSummary());
  summaryRow(os, "total", total);
  os << "</table>\n";
  for (const std::string &name : report.removedGraphs)
    os << "<p class=\"deleted\">graph @" << escape(name)
       << ": removed (only in the source)</p>\n";
  for (const std::string &name : report.addedGraphs)
    os << "<p class=\"inserted\">graph @" << escape(name)
       << ": added (only in the target)</p>\n";
  for (const ChangedGraph &graph : report.changedGraphs)
    os << "<p class=\"updated\">graph @" << escape(graph.name) << ": changed ("
       << escape(llvm::join(graph.changes, ", ")) << ")</p>\n";

  os << "<p><input id=\"search\" type=\"search\" placeholder=\"Find a node: "
        "@conv1, %5, Conv2d\" autocomplete=\"off\"> <span id=\"hits\"></span>"
        "</p>\n";

  for (auto [index, view] : llvm::enumerate(views)) {
    std::string prefix = "g" + std::to_string(index) + "-";
    Drawing drawing = buildDrawing(view, options);
    os << "<section class=\"pair\" id=\"pair-" << index << "\" data-graph=\""
       << escape(view.source().getName()) << "\">\n";
    os << "<h2>@" << escape(view.source().getName());
    if (view.target().getName() != view.source().getName())
      os << " &rarr; @" << escape(view.target().getName());
    os << "</h2>\n<p>" << view.getSummary().sourceNodes << " source nodes, "
       << view.getSummary().targetNodes << " target nodes, similarity "
       << percent(view.getSummary().similarity());
    if (drawing.collapsedNodes)
      os << "; " << drawing.collapsedNodes
         << " unchanged nodes collapsed in the picture";
    if (drawing.hiddenLeaves)
      os << "; " << drawing.hiddenLeaves
         << " unchanged shared constants not drawn";
    os << "</p>\n<div class=\"scroll\">\n";
    renderSVG(os, drawing, prefix);
    os << "</div>\n<ol class=\"actions\">\n";
    for (const ActionLine &line : describeActions(view)) {
      os << "<li class=\"" << stringifyNodeStatus(line.status)
         << "\" data-kind=\"" << escape(line.kind) << "\"><span class=\"verb\">"
         << escape(line.verb) << "</span> ";
      os << escape(line.names);
      if (!line.names.empty() && !line.what.empty())
        os << ": ";
      os << escape(line.what);
      if (!line.stage.empty())
        os << " <span class=\"stage\">[" << escape(line.stage) << "]</span>";
      if (!line.location.empty())
        os << " <span class=\"loc\">" << escape(line.location) << "</span>";
      os << "</li>\n";
    }
    os << "</ol>\n</section>\n";
  }
  os << "<div id=\"errors\"></div>\n<script>" << kScript
     << "</script>\n</body>\n</html>\n";
  return success();
}
