//===- Heatmaps.cpp - Similarity pictures: SVG heatmaps, HTML, plots ------===//
//
// Part of graph-diff.
//
// Heatmaps list versions in version order (1.0.0 before 1.0.10 before 2.0rc1
// before 2.0), darker for less similar. The HTML page embeds one SVG per
// metric and its data as JSON; a short script shows the value under the
// pointer and, on a click, both versions' values and what differs.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Similarity/Render/SimilarityRenderers.h"

#include "GraphDiff/Similarity/Diff/SemVer.h"
#include "GraphDiff/Support/Escape.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/JSON.h"

#include <cmath>

using namespace graphdiff;
using llvm::StringRef;

/// A colour for a similarity in [0, 1]: a light-to-dark blue-green ramp, so
/// that identical is pale and different is dark; grey for "not compared".
static std::string cellColor(double value) {
  if (std::isnan(value))
    return "#eeeeee";
  static const double stops[][3] = {
      {8, 29, 88},    {37, 52, 148},   {34, 94, 168},   {29, 145, 192},
      {65, 182, 196}, {127, 205, 187}, {199, 233, 180}, {255, 255, 217}};
  double x = std::clamp(value, 0.0, 1.0) * 7.0;
  unsigned k = std::min(6u, static_cast<unsigned>(x));
  double t = x - k;
  int rgb[3];
  for (unsigned c = 0; c < 3; ++c)
    rgb[c] = static_cast<int>(
        std::lround(stops[k][c] + t * (stops[k + 1][c] - stops[k][c])));
  return llvm::formatv("#{0:x-2}{1:x-2}{2:x-2}", rgb[0], rgb[1], rgb[2]).str();
}

/// The part of every label before its last separator ('-', '_', ' ', '/')
/// that all labels share: "pypi-tensorflow-" for caliper's result files. The
/// axes leave it out (the title names it), so 30 long labels stay readable.
static size_t commonLabelPrefix(llvm::ArrayRef<std::string> labels) {
  if (labels.size() < 2)
    return 0;
  StringRef first = labels.front();
  size_t common = first.size();
  for (StringRef label : labels.drop_front()) {
    size_t k = 0;
    while (k < common && k < label.size() && label[k] == first[k])
      ++k;
    common = k;
  }
  // Cut after a separator, and leave every label something to show.
  StringRef shared = first.take_front(common);
  size_t cut = shared.find_last_of("-_ /");
  if (cut == StringRef::npos)
    return 0;
  for (StringRef label : labels)
    if (label.size() <= cut + 1)
      return 0;
  return cut + 1;
}

namespace {
/// The geometry of one heatmap: a title line, the column labels, the cells,
/// and to their right the legend.
struct Layout {
  unsigned n, cell, labelWidth;
  /// Characters every label shares at the front, left off the axes.
  size_t prefix;
  static constexpr unsigned titleHeight = 24, legendWidth = 110,
                            legendHeight = 190;
  unsigned top() const { return titleHeight + labelWidth; }
  unsigned width() const { return labelWidth + n * cell + legendWidth; }
  unsigned height() const {
    return top() + std::max(n * cell, legendHeight) + 10;
  }
};
} // namespace

static Layout layoutFor(const SimilarityMatrix &matrix) {
  Layout layout;
  layout.n = matrix.size();
  layout.cell = std::clamp(640u / std::max(1u, layout.n), 6u, 28u);
  layout.prefix = commonLabelPrefix(matrix.labels);
  size_t longest = 1;
  for (const std::string &label : matrix.labels)
    longest = std::max(longest, label.size() - layout.prefix);
  layout.labelWidth = 12 + static_cast<unsigned>(longest) * 7;
  return layout;
}

/// The SVG of one metric. Cells carry data-i/data-j (matrix indices) and
/// data-v, and a <title> that browsers show on hover.
static void writeHeatmap(const SimilarityMatrix &matrix, unsigned metric,
                         llvm::ArrayRef<unsigned> order,
                         llvm::raw_ostream &os) {
  Layout l = layoutFor(matrix);
  unsigned font = std::min(11u, std::max(6u, l.cell - 2));
  os << "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"heatmap\" "
     << "data-metric=\"" << escapeXML(matrix.metrics[metric]) << "\" width=\""
     << l.width() << "\" height=\"" << l.height() << "\" viewBox=\"0 0 "
     << l.width() << " " << l.height() << "\" font-family=\"sans-serif\" "
     << "font-size=\"" << font << "\">\n";
  os << "<title>" << escapeXML(matrix.metrics[metric]) << "</title>\n";
  // A visible title: the metric, how many versions, and the prefix the axis
  // labels leave out.
  os << "<text class=\"heading\" x=\"4\" y=\"16\" font-size=\"13\" "
        "font-weight=\"bold\">"
     << escapeXML(matrix.metrics[metric]) << " (" << l.n << " versions"
     << (l.prefix
             ? ", labels after '" +
                   escapeXML(
                       StringRef(matrix.labels.front()).take_front(l.prefix)) +
                   "'"
             : std::string())
     << ")</text>\n";
  for (auto [pos, index] : llvm::enumerate(order)) {
    unsigned x = l.labelWidth + pos * l.cell + l.cell / 2;
    unsigned y = l.top() + pos * l.cell + l.cell / 2;
    std::string label =
        escapeXML(StringRef(matrix.labels[index]).drop_front(l.prefix));
    os << "<text class=\"row\" x=\"" << l.labelWidth - 4 << "\" y=\""
       << y + font / 3 << "\" text-anchor=\"end\">" << label << "</text>\n";
    os << "<text class=\"col\" transform=\"translate(" << x + font / 3 << ","
       << l.top() - 4 << ") rotate(-90)\">" << label << "</text>\n";
  }
  for (auto [row, i] : llvm::enumerate(order))
    for (auto [col, j] : llvm::enumerate(order)) {
      double value = matrix.get(metric, i, j);
      std::string shown =
          std::isnan(value) ? "not compared" : formatDouble(value);
      os << "<rect class=\"cell\" x=\"" << l.labelWidth + col * l.cell
         << "\" y=\"" << l.top() + row * l.cell << "\" width=\"" << l.cell
         << "\" height=\"" << l.cell << "\" fill=\"" << cellColor(value)
         << "\" data-i=\"" << i << "\" data-j=\"" << j << "\" data-v=\""
         << shown << "\"><title>" << escapeXML(matrix.labels[i]) << " .. "
         << escapeXML(matrix.labels[j]) << ": "
         << escapeXML(matrix.metrics[metric]) << " = " << shown
         << "</title></rect>\n";
    }
  // The legend: the colour of every tenth, a tick label every fifth, and the
  // grey of pairs not compared.
  unsigned x = l.labelWidth + l.n * l.cell + 16, top = l.top() + 16;
  os << "<g class=\"legend\" font-size=\"11\">\n<text x=\"" << x << "\" y=\""
     << top - 6 << "\">similarity</text>\n";
  for (unsigned s = 0; s <= 10; ++s) {
    unsigned y = top + (10 - s) * 12;
    os << "<rect x=\"" << x << "\" y=\"" << y
       << "\" width=\"14\" height=\"12\" fill=\"" << cellColor(s / 10.0)
       << "\"/>\n";
    if (s % 2 == 0)
      os << "<text class=\"tick\" x=\"" << x + 18 << "\" y=\"" << y + 10
         << "\">" << llvm::format("%.1f", s / 10.0) << "</text>\n";
  }
  os << "<rect x=\"" << x << "\" y=\"" << top + 140
     << "\" width=\"14\" height=\"12\" fill=\"" << cellColor(std::nan(""))
     << "\"/>\n<text x=\"" << x + 18 << "\" y=\"" << top + 150
     << "\">not compared</text>\n</g>\n";
  os << "</svg>\n";
}

void graphdiff::renderHeatmapSVG(const SimilarityMatrix &matrix,
                                 unsigned metric, llvm::raw_ostream &os) {
  os << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  writeHeatmap(matrix, metric, versionOrder(matrix.labels), os);
}

static const char *pageStyle = R"(<style>
body { font-family: sans-serif; margin: 1.5em; color: #222; }
h1 { font-size: 1.3em; } h2 { font-size: 1.1em; margin: 1.2em 0 .3em; }
.metrics { display: flex; flex-wrap: wrap; gap: 2em; align-items: flex-start; }
rect.cell { cursor: pointer; }
rect.cell:hover, rect.cell.selected { stroke: #d62728; stroke-width: 2; }
#tip { position: fixed; pointer-events: none; background: #fff; border: 1px solid #888;
       padding: 2px 6px; font-size: 12px; display: none; }
#pair { border: 1px solid #ccc; padding: .6em 1em; margin: 1em 0; min-height: 2em; }
#pair pre { white-space: pre-wrap; font-size: 12px; }
table.values td, table.values th { padding: 1px 10px; text-align: left; }
</style>
)";

// Reads the data, wires hover and click, and on load clicks `#pair=a..b` and
// points at `#hover=a..b` (both may be given, joined by '&').
// Sets body[data-ready] to the number of cells wired, for tests.
static const char *pageScript = R"(<script>
(function () {
  const data = JSON.parse(document.getElementById('data').textContent);
  const n = data.labels.length;
  const tip = document.getElementById('tip');
  const panel = document.getElementById('pair');
  function fmt(v) { return v === null ? 'not compared' : String(v); }
  function show(i, j) {
    document.querySelectorAll('rect.cell.selected').forEach(function (c) { c.classList.remove('selected'); });
    document.querySelectorAll('rect.cell[data-i="' + i + '"][data-j="' + j + '"]').forEach(function (c) { c.classList.add('selected'); });
    let rows = '';
    data.metrics.forEach(function (m, k) {
      rows += '<tr><th>' + m + '</th><td class="value">' + fmt(data.values[k][i * n + j]) + '</td></tr>';
    });
    const key = Math.min(i, j) + ',' + Math.max(i, j);
    const summary = i === j ? 'the same input' : (data.summaries[key] || 'not compared');
    panel.innerHTML = '<h2 id="pair-title"></h2><table class="values">' + rows + '</table><pre id="summary"></pre>';
    document.getElementById('pair-title').textContent = data.labels[i] + ' .. ' + data.labels[j];
    document.getElementById('summary').textContent = summary;
    panel.dataset.pair = data.labels[i] + '..' + data.labels[j];
  }
  const cells = document.querySelectorAll('rect.cell');
  cells.forEach(function (c) {
    c.addEventListener('mousemove', function (e) {
      const i = +c.dataset.i, j = +c.dataset.j;
      tip.textContent = data.labels[i] + ' .. ' + data.labels[j] + ': ' +
        c.closest('svg').dataset.metric + ' = ' + c.dataset.v;
      tip.style.left = (e.clientX + 12) + 'px';
      tip.style.top = (e.clientY + 12) + 'px';
      tip.style.display = 'block';
    });
    c.addEventListener('mouseleave', function () { tip.style.display = 'none'; });
    c.addEventListener('click', function () { show(+c.dataset.i, +c.dataset.j); });
  });
  // `#pair=a..b` clicks that pair; `#hover=a..b` points at its first cell.
  function find(wanted, act) {
    for (let i = 0; i < n; ++i)
      for (let j = 0; j < n; ++j)
        if (data.labels[i] + '..' + data.labels[j] === wanted) act(i, j);
  }
  decodeURIComponent(location.hash.slice(1)).split('&').forEach(function (part) {
    const eq = part.indexOf('=');
    const key = part.slice(0, eq), wanted = part.slice(eq + 1);
    if (key === 'pair') find(wanted, show);
    if (key === 'hover') find(wanted, function (i, j) {
      const cell = document.querySelector('rect.cell[data-i="' + i + '"][data-j="' + j + '"]');
      cell.dispatchEvent(new MouseEvent('mousemove', {clientX: 10, clientY: 10}));
    });
  });
  document.body.dataset.ready = String(cells.length);
})();
</script>
)";

/// JSON for a <script> element: "</" cannot close it.
static std::string scriptSafe(std::string json) {
  std::string out;
  for (size_t i = 0; i < json.size(); ++i) {
    out += json[i];
    if (json[i] == '<' && i + 1 < json.size() && json[i + 1] == '/')
      out += "\\";
  }
  return out;
}

void graphdiff::renderHeatmapHTML(const SimilarityMatrix &matrix,
                                  llvm::ArrayRef<unsigned> metrics,
                                  llvm::raw_ostream &os) {
  std::vector<unsigned> order = versionOrder(matrix.labels);
  unsigned n = matrix.size();
  os << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta "
        "charset=\"utf-8\">\n"
     << "<title>graph-diff-sim: " << n << " " << stringifyInputKind(matrix.kind)
     << " inputs</title>\n"
     << pageStyle << "</head>\n<body>\n";
  os << "<h1>Similarity of " << n << " " << stringifyInputKind(matrix.kind)
     << " inputs</h1>\n<p>Versions in version order. Hover a cell for its "
        "value; click it for both versions' values and what differs.</p>\n";
  os << "<div id=\"pair\">Click a cell.</div>\n<div class=\"metrics\">\n";
  for (unsigned metric : metrics) {
    os << "<section class=\"metric\" id=\"metric-"
       << escapeXML(matrix.metrics[metric]) << "\">\n<h2>"
       << escapeXML(matrix.metrics[metric]) << "</h2>\n";
    writeHeatmap(matrix, metric, order, os);
    os << "</section>\n";
  }
  os << "</div>\n<div id=\"tip\"></div>\n";

  std::string json;
  llvm::raw_string_ostream js(json);
  llvm::json::OStream j(js);
  j.object([&] {
    j.attributeArray("labels", [&] {
      for (const std::string &label : matrix.labels)
        j.value(label);
    });
    j.attributeArray("metrics", [&] {
      for (unsigned metric : metrics)
        j.value(matrix.metrics[metric]);
    });
    j.attributeArray("values", [&] {
      for (unsigned metric : metrics)
        j.array([&] {
          for (double value : matrix.values[metric]) {
            if (std::isnan(value))
              j.value(nullptr);
            else
              j.rawValue(formatDouble(value));
          }
        });
    });
    j.attributeObject("summaries", [&] {
      for (unsigned a = 0; a < n; ++a)
        for (unsigned b = a + 1; b < n; ++b)
          if (!matrix.summaries[a * n + b].empty())
            j.attribute((llvm::Twine(a) + "," + llvm::Twine(b)).str(),
                        matrix.summaries[a * n + b]);
    });
  });
  os << "<script type=\"application/json\" id=\"data\">" << scriptSafe(json)
     << "</script>\n"
     << pageScript << "</body>\n</html>\n";
}

void graphdiff::renderPipelineSVG(llvm::ArrayRef<PipelineStep> steps,
                                  llvm::raw_ostream &os) {
  unsigned left = 50, top = 20,
           plotW = std::max<unsigned>(300, 60 * steps.size()), plotH = 240,
           bottom = 190;
  unsigned width = left + plotW + 40, height = top + plotH + bottom;
  auto xAt = [&](size_t k) {
    return left + (steps.size() > 1 ? k * plotW / (steps.size() - 1) : 0);
  };
  auto yAt = [&](double v) { return top + (1.0 - v) * plotH; };
  os << "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"pipeline\" width=\""
     << width << "\" height=\"" << height << "\" viewBox=\"0 0 " << width << " "
     << height << "\" font-family=\"sans-serif\" font-size=\"11\">\n";
  for (unsigned tick = 0; tick <= 4; ++tick) {
    double v = tick / 4.0;
    os << llvm::format("<line x1=\"%u\" x2=\"%u\" y1=\"%.1f\" y2=\"%.1f\" "
                       "stroke=\"#ddd\"/>\n",
                       left, left + plotW, yAt(v), yAt(v))
       << llvm::format("<text x=\"%u\" y=\"%.1f\" text-anchor=\"end\">%.2f"
                       "</text>\n",
                       left - 6, yAt(v) + 4, v);
  }
  struct Series {
    const char *name, *color;
    double PipelineStep::*field;
  };
  const Series series[] = {
      {"to input", "#1f77b4", &PipelineStep::toInput},
      {"to previous step", "#ff7f0e", &PipelineStep::toPrevious}};
  for (auto [k, s] : llvm::enumerate(series)) {
    os << "<polyline class=\"series\" data-series=\"" << s.name
       << "\" fill=\"none\" stroke=\"" << s.color
       << "\" stroke-width=\"2\" points=\"";
    for (auto [index, step] : llvm::enumerate(steps))
      os << llvm::format("%s%zu,%.1f", index ? " " : "", xAt(index),
                         yAt(step.*s.field));
    os << "\"/>\n";
    for (auto [index, step] : llvm::enumerate(steps))
      os << llvm::format("<circle cx=\"%zu\" cy=\"%.1f\" r=\"3\" fill=\"%s\">",
                         xAt(index), yAt(step.*s.field), s.color)
         << "<title>" << index << " " << escapeXML(step.pass) << ": " << s.name
         << " = " << formatDouble(step.*s.field) << "</title></circle>\n";
    os << "<text x=\"" << left + 10 + 150 * k << "\" y=\""
       << top + plotH + bottom - 8 << "\" fill=\"" << s.color << "\">" << s.name
       << "</text>\n";
  }
  for (auto [index, step] : llvm::enumerate(steps))
    os << "<text transform=\"translate(" << xAt(index) + 4 << ","
       << top + plotH + 8 << ") rotate(60)\">" << index << " "
       << escapeXML(StringRef(step.pass).take_front(30)) << "</text>\n";
  os << "</svg>\n";
}

void graphdiff::renderPipelineHTML(llvm::ArrayRef<PipelineStep> steps,
                                   StringRef title, llvm::raw_ostream &os) {
  os << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta "
        "charset=\"utf-8\">\n"
     << "<title>" << escapeXML(title) << "</title>\n"
     << pageStyle << "</head>\n<body>\n<h1>" << escapeXML(title) << "</h1>\n";
  renderPipelineSVG(steps, os);
  os << "<table class=\"values\" id=\"steps\">\n<tr><th>step</th><th>pass</th>"
        "<th>nodes</th><th>to input</th><th>to previous</th><th>change</th>"
        "</tr>\n";
  for (auto [index, step] : llvm::enumerate(steps))
    os << "<tr><td>" << index << "</td><td>" << escapeXML(step.pass)
       << "</td><td>" << step.nodes << "</td><td>"
       << llvm::format("%.4f", step.toInput) << "</td><td>"
       << llvm::format("%.4f", step.toPrevious) << "</td><td>"
       << escapeXML(step.summary) << "</td></tr>\n";
  os << "</table>\n</body>\n</html>\n";
}
