//===- MatrixWriters.cpp - Similarity as text, CSV and caliper JSON -------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Similarity/Render/SimilarityRenderers.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/JSON.h"

#include <cmath>

using namespace graphdiff;
using llvm::StringRef;

std::optional<SimFormat> graphdiff::parseSimFormat(StringRef name) {
  return llvm::StringSwitch<std::optional<SimFormat>>(name)
      .Case("text", SimFormat::Text)
      .Case("csv", SimFormat::CSV)
      .Case("json", SimFormat::CaliperJSON)
      .Case("jsonl", SimFormat::JSONLines)
      .Case("svg", SimFormat::SVG)
      .Case("html", SimFormat::HTML)
      .Default(std::nullopt);
}

void graphdiff::renderMatrixText(const SimilarityMatrix &matrix,
                                 llvm::ArrayRef<unsigned> metrics,
                                 llvm::raw_ostream &os) {
  // Rows are "index label", columns are headed by the index.
  size_t width = 0;
  for (const std::string &label : matrix.labels)
    width = std::max(width, label.size());
  unsigned n = matrix.size();
  for (auto [index, metric] : llvm::enumerate(metrics)) {
    if (index)
      os << "\n";
    os << matrix.metrics[metric] << " (" << n << " inputs)\n";
    os.indent(width + 4);
    for (unsigned j = 0; j < n; ++j)
      os << llvm::format("  %6u", j);
    os << "\n";
    for (unsigned i = 0; i < n; ++i) {
      os << llvm::format("%3u ", i)
         << llvm::left_justify(matrix.labels[i], width);
      for (unsigned j = 0; j < n; ++j) {
        double value = matrix.get(metric, i, j);
        if (std::isnan(value))
          os << "       -";
        else
          os << llvm::format("  %6.4f", value);
      }
      os << "\n";
    }
  }
}

/// A CSV field, quoted when it needs to be.
static std::string csvField(StringRef text) {
  if (text.find_first_of(",\"\n\r") == StringRef::npos)
    return text.str();
  std::string out = "\"";
  for (char c : text) {
    if (c == '"')
      out += '"';
    out += c;
  }
  return out + "\"";
}

void graphdiff::renderMatrixCSV(const SimilarityMatrix &matrix,
                                llvm::ArrayRef<unsigned> metrics,
                                llvm::raw_ostream &os) {
  os << "a,b";
  for (unsigned metric : metrics)
    os << "," << csvField(matrix.metrics[metric]);
  os << "\n";
  unsigned n = matrix.size();
  for (unsigned i = 0; i < n; ++i)
    for (unsigned j = 0; j < n; ++j) {
      os << csvField(matrix.labels[i]) << "," << csvField(matrix.labels[j]);
      for (unsigned metric : metrics) {
        double value = matrix.get(metric, i, j);
        os << "," << (std::isnan(value) ? "" : formatDouble(value));
      }
      os << "\n";
    }
}

void graphdiff::renderCaliperJSON(const SimilarityMatrix &matrix,
                                  llvm::ArrayRef<unsigned> metrics,
                                  llvm::raw_ostream &os) {
  llvm::json::OStream j(os, /*IndentSize=*/4);
  unsigned n = matrix.size();
  j.objectBegin();
  for (unsigned a = 0; a < n; ++a)
    for (unsigned b = a; b < n; ++b) {
      if (a != b && !metrics.empty() &&
          std::isnan(matrix.get(metrics[0], a, b)))
        continue;
      StringRef x = matrix.labels[a], y = matrix.labels[b];
      if (y < x)
        std::swap(x, y);
      j.attributeObject((x + ".." + y).str(), [&] {
        for (unsigned metric : metrics) {
          j.attributeBegin(matrix.metrics[metric]);
          j.rawValue(a == b ? std::string("1")
                            : formatDouble(matrix.get(metric, a, b)));
          j.attributeEnd();
        }
      });
    }
  j.objectEnd();
  os << "\n";
}

void graphdiff::renderPipelineText(llvm::ArrayRef<PipelineStep> steps,
                                   llvm::raw_ostream &os) {
  size_t width = 4;
  for (const PipelineStep &step : steps)
    width = std::max(width, step.pass.size());
  os << "step  " << llvm::left_justify("pass", width)
     << "   nodes  to input  to previous  change\n";
  for (auto [index, step] : llvm::enumerate(steps)) {
    os << llvm::format("%4u  ", static_cast<unsigned>(index))
       << llvm::left_justify(step.pass, width)
       << llvm::format("  %6llu  %8.4f  %11.4f  ",
                       static_cast<unsigned long long>(step.nodes),
                       step.toInput, step.toPrevious)
       << (index == 0 ? "-" : step.summary) << "\n";
  }
}

void graphdiff::renderPipelineCSV(llvm::ArrayRef<PipelineStep> steps,
                                  llvm::raw_ostream &os) {
  os << "step,pass,nodes,to_input,to_previous,summary\n";
  for (auto [index, step] : llvm::enumerate(steps))
    os << index << "," << csvField(step.pass) << "," << step.nodes << ","
       << formatDouble(step.toInput) << "," << formatDouble(step.toPrevious)
       << "," << csvField(step.summary) << "\n";
}

void graphdiff::renderPipelineJSON(llvm::ArrayRef<PipelineStep> steps,
                                   llvm::raw_ostream &os) {
  llvm::json::OStream j(os, /*IndentSize=*/2);
  j.array([&] {
    for (size_t index = 0, e = steps.size(); index < e; ++index)
      j.object([&, &step = steps[index]] {
        j.attribute("step", static_cast<int64_t>(index));
        j.attribute("pass", step.pass);
        j.attribute("nodes", static_cast<int64_t>(step.nodes));
        j.attributeBegin("to_input");
        j.rawValue(formatDouble(step.toInput));
        j.attributeEnd();
        j.attributeBegin("to_previous");
        j.rawValue(formatDouble(step.toPrevious));
        j.attributeEnd();
        j.attribute("summary", step.summary);
      });
  });
  os << "\n";
}
