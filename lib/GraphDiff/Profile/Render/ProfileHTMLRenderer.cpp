//===- ProfileHTMLRenderer.cpp - A profile diff as an icicle picture ------===//
//
// Part of graph-diff.
//
// One self-contained page: the header lines, a legend and an inline SVG
// icicle of the shown nodes. Width is the node's size (the largest of its
// values), rows are depths, red means the minuend is larger (growth from
// subtrahend to minuend), blue smaller, the stronger the larger the ratio;
// nodes that some input lacks are hatched and dashed. A small script hides
// labels that do not fit and zooms into a node on click.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Profile/Render/ProfileRenderers.h"
#include "GraphDiff/Support/Escape.h"

#include "llvm/Support/Format.h"
#include <cmath>

using namespace graphdiff;

static constexpr double kWidth = 1200;
static constexpr double kRow = 22;

static double sizeOf(const ProfileDiffNode &node) {
  double size = 0;
  for (const std::optional<int64_t> &value : node.values)
    if (value)
      size = std::max(size, static_cast<double>(*value));
  return size;
}

/// The fill: hue by sign of the difference, lightness by the ratio between
/// the larger and the smaller side (a factor 8 or a missing side is full).
static std::string fillOf(const ProfileDiffNode &node) {
  if (node.diff == 0)
    return "hsl(0,0%,85%)";
  double strength = 1;
  if (node.ratio && *node.ratio > 0) {
    double factor = *node.ratio >= 1 ? *node.ratio : 1 / *node.ratio;
    strength = std::min(1.0, std::log2(factor) / 3);
  }
  int hue = node.diff > 0 ? 8 : 215;
  int lightness = static_cast<int>(std::lround(92 - 42 * strength));
  return "hsl(" + std::to_string(hue) + ",75%," + std::to_string(lightness) +
         "%)";
}

static std::string number(double value) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << llvm::format("%.2f", value);
  return text;
}

static unsigned layout(const ProfileDiff &diff, unsigned index, double x,
                       double width, llvm::raw_ostream &os) {
  const ProfileDiffNode &node = diff.nodes[index];
  std::string classes = "node ";
  classes += node.diff > 0 ? "grow" : node.diff < 0 ? "shrink" : "same";
  std::string missing;
  for (size_t i = 0; i < node.values.size(); ++i)
    if (!node.values[i])
      missing += (missing.empty() ? "" : " ") + diff.names[i];
  if (!missing.empty())
    classes += " missing";
  std::string label = node.depth == 0 ? "_TFProfRoot" : node.name;
  std::string title = (node.depth == 0 ? "_TFProfRoot" : node.path) + " (" +
                      formatNodeValues(diff, node) + ") " +
                      formatNodeDiff(diff, node) + " " + formatNodeRatio(node);
  if (!missing.empty())
    title += " [not in " + missing + "]";
  double y = node.depth * kRow;
  os << "<g class=\"" << classes << "\" data-path=\"" << escapeXML(node.path)
     << "\" data-x=\"" << number(x) << "\" data-w=\"" << number(width)
     << "\" data-diff=\"" << llvm::format("%.0f", node.diff) << "\">"
     << "<title>" << escapeXML(title) << "</title><rect x=\"" << number(x)
     << "\" y=\"" << number(y) << "\" width=\"" << number(width)
     << "\" height=\"" << number(kRow - 2) << "\" fill=\"" << fillOf(node)
     << "\"/>";
  if (!missing.empty())
    os << "<rect class=\"hatch\" x=\"" << number(x) << "\" y=\"" << number(y)
       << "\" width=\"" << number(width) << "\" height=\"" << number(kRow - 2)
       << "\" fill=\"url(#hatch)\"/>";
  os << "<text x=\"" << number(x + 3) << "\" y=\"" << number(y + 15) << "\">"
     << escapeXML(label) << "</text></g>\n";
  unsigned count = 1;
  if (node.childrenHidden)
    return count;
  // Children share the parent's width in proportion to their sizes; when
  // they add up to more than the parent (sizes are maxima over inputs),
  // they are scaled to fit.
  double childSum = 0;
  for (unsigned child : node.children)
    if (diff.nodes[child].shown)
      childSum += sizeOf(diff.nodes[child]);
  double denominator = std::max(sizeOf(node), childSum);
  double cursor = x;
  for (unsigned child : node.children) {
    if (!diff.nodes[child].shown)
      continue;
    double childWidth =
        denominator > 0 ? width * sizeOf(diff.nodes[child]) / denominator : 0;
    count += layout(diff, child, cursor, childWidth, os);
    cursor += childWidth;
  }
  return count;
}

static unsigned maxShownDepth(const ProfileDiff &diff) {
  unsigned depth = 0;
  for (const ProfileDiffNode &node : diff.nodes)
    if (node.shown)
      depth = std::max(depth, node.depth);
  return depth;
}

static const char *const kStyle = R"(
body { font: 13px sans-serif; margin: 16px; }
pre.header { background: #f6f6f6; padding: 8px; }
.legend span { display: inline-block; padding: 2px 8px; margin-right: 6px; border: 1px solid #999; }
svg.icicle { border: 1px solid #ccc; }
svg.icicle text { font: 11px monospace; pointer-events: none; }
svg.icicle g.node rect { stroke: #fff; stroke-width: 0.5; }
svg.icicle g.missing rect { stroke: #333; stroke-dasharray: 3 2; stroke-width: 1; }
svg.icicle g.node:hover rect { stroke: #000; stroke-width: 1; }
#errors { color: #b00; }
)";

static const char *const kScript = R"(
window.addEventListener("error", function (e) {
  document.getElementById("errors").textContent += e.message + "\n";
});
(function () {
  var svg = document.querySelector("svg.icicle");
  var nodes = Array.prototype.slice.call(svg.querySelectorAll("g.node"));
  var width = Number(svg.getAttribute("data-width"));
  // Place every node for a zoom on [x0, x0 + w0); hide labels that do not fit.
  function place(x0, w0) {
    var scale = width / w0, hidden = 0;
    nodes.forEach(function (g) {
      var x = (Number(g.dataset.x) - x0) * scale;
      var w = Number(g.dataset.w) * scale;
      g.querySelectorAll("rect").forEach(function (r) {
        r.setAttribute("x", x.toFixed(2));
        r.setAttribute("width", Math.max(0, w).toFixed(2));
      });
      var t = g.querySelector("text");
      t.setAttribute("x", (x + 3).toFixed(2));
      t.style.display = "";
      if (t.getComputedTextLength() > w - 6) { t.style.display = "none"; hidden++; }
    });
    document.body.dataset.hiddenLabels = hidden;
  }
  nodes.forEach(function (g) {
    g.addEventListener("click", function () {
      var w = Number(g.dataset.w);
      if (w > 0) place(Number(g.dataset.x), w);
    });
  });
  svg.addEventListener("dblclick", function () { place(0, width); });
  place(0, width);
  document.body.dataset.ready = nodes.length;
})();
)";

void graphdiff::renderProfileDiffHTML(const ProfileDiff &diff,
                                      const ProfileRenderOptions &options,
                                      llvm::raw_ostream &os) {
  os << "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">\n"
     << "<title>graph-diff-profile: " << escapeXML(diff.names[diff.minuend])
     << " vs " << escapeXML(diff.names[diff.subtrahend]) << "</title>\n<style>"
     << kStyle << "</style></head>\n<body>\n<h1>Profile diff ("
     << escapeXML(diff.metric) << ")</h1>\n<pre class=\"header\">";
  for (const std::string &line : profileDiffHeader(diff, options))
    os << escapeXML(line) << "\n";
  os << "</pre>\n<p class=\"legend\"><span style=\"background:hsl(8,75%,50%)\">"
     << escapeXML(diff.names[diff.minuend]) << " larger</span>"
     << "<span style=\"background:hsl(215,75%,50%)\">"
     << escapeXML(diff.names[diff.subtrahend]) << " larger</span>"
     << "<span style=\"background:hsl(0,0%,85%)\">equal</span>"
     << "<span style=\"border-style:dashed\">hatched, dashed: missing from an "
        "input</span> width = size (largest input); click zooms, double "
        "click resets</p>\n";
  if (!diff.showsTree()) {
    os << "<p id=\"nothing\">No node passes the thresholds.</p>\n";
  }
  unsigned rows = diff.showsTree() ? maxShownDepth(diff) + 1 : 0;
  os << "<svg class=\"icicle\" xmlns=\"http://www.w3.org/2000/svg\" width=\""
     << kWidth << "\" height=\"" << rows * kRow << "\" data-width=\"" << kWidth
     << "\">\n<defs><pattern id=\"hatch\" width=\"6\" height=\"6\" "
        "patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(45)\">"
        "<line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"6\" stroke=\"#333\" "
        "stroke-width=\"1.5\" stroke-opacity=\"0.5\"/></pattern></defs>\n";
  if (diff.showsTree())
    layout(diff, 0, 0, kWidth, os);
  os << "</svg>\n";
  // The same tree as text, for reading and searching.
  std::string text;
  llvm::raw_string_ostream textStream(text);
  ProfileRenderOptions plain = options;
  plain.color = false;
  renderProfileDiffText(diff, plain, textStream);
  os << "<h2>As text</h2>\n<pre class=\"tree\">" << escapeXML(text)
     << "</pre>\n<div id=\"errors\"></div>\n<script>" << kScript
     << "</script>\n</body></html>\n";
}
