//===- TextRenderer.cpp - A diff a compiler engineer reads at a glance ----===//
//
// Part of graph-diff.
//
// One line per change, grouped by graph, identical changes folded with a
// count, and a closing summary line. Names say on which side they live, and
// lines are wrapped at `RenderOptions::width` columns:
//
//   --- src.mlir
//   +++ tgt.mlir
//   graph @block (similarity 50.0%)
//     fused Conv2d + BatchNorm2d + ReLU into ConvBnReLU (init): source @conv1 +
//         @bn1 + @relu1 -> target @fused  [provenance]  src.mlir:3:8
//     updated arith.constant (attributes: value): source %cst  [structure]
//         value: dense<1.0> : tensor<4xf32> -> dense<2.0> : tensor<4xf32>
//   summary: 0 unchanged, 0 updated, 3 replaced, 0 deleted, 0 inserted;
//   similarity 50.0%
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Renderers/Renderers.h"
#include "GraphDiff/Renderers/ReportModel.h"
#include "GraphDiff/Renderers/ReportText.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace graphdiff;

static llvm::raw_ostream::Colors colorOf(NodeStatus status) {
  switch (status) {
  case NodeStatus::Deleted:
    return llvm::raw_ostream::RED;
  case NodeStatus::Inserted:
    return llvm::raw_ostream::GREEN;
  case NodeStatus::Updated:
    return llvm::raw_ostream::YELLOW;
  case NodeStatus::Replaced:
  case NodeStatus::Replacing:
    return llvm::raw_ostream::BLUE;
  case NodeStatus::Unchanged:
    return llvm::raw_ostream::WHITE;
  }
  llvm_unreachable("unknown node status");
}

namespace {
/// Writes logical lines wrapped at a width: a line longer than the width is
/// broken at spaces, its continuation lines indented; a word longer than the
/// width stays whole. The first `head` characters can be coloured. With
/// `itemsOnly`, a line is a list and is broken only between its items (at a
/// space after ',' or ';'), so that "graphs: 1 removed" stays on one line.
class Wrapper {
public:
  Wrapper(llvm::raw_ostream &os, unsigned width) : os(os), width(width) {}

  void line(unsigned indent, StringRef text, unsigned continuation,
            size_t head = 0,
            std::optional<llvm::raw_ostream::Colors> color = std::nullopt,
            bool itemsOnly = false) {
    os.indent(indent);
    unsigned column = indent;
    size_t written = 0;
    // The head is coloured as one run, closed where it ends or at a break.
    bool coloring = false;
    auto emit = [&](StringRef piece, size_t at) {
      size_t inHead =
          color && at < head ? std::min(piece.size(), head - at) : 0;
      if (inHead && !coloring) {
        os.changeColor(*color, /*bold=*/true);
        coloring = true;
      }
      os << piece.take_front(inHead);
      if (coloring && at + inHead >= head) {
        os.resetColor();
        coloring = false;
      }
      os << piece.drop_front(inHead);
      column += piece.size();
    };
    bool first = true;
    while (written < text.size()) {
      // The next word with the spaces before it.
      size_t start = written;
      size_t wordStart = text.find_first_not_of(' ', start);
      if (wordStart == StringRef::npos)
        break;
      size_t wordEnd = text.find(' ', wordStart);
      while (itemsOnly && wordEnd != StringRef::npos &&
             text[wordEnd - 1] != ',' && text[wordEnd - 1] != ';')
        wordEnd = text.find(' ', wordEnd + 1);
      if (wordEnd == StringRef::npos)
        wordEnd = text.size();
      StringRef spaces = text.slice(start, wordStart);
      StringRef word = text.slice(wordStart, wordEnd);
      if (!first && width && column + spaces.size() + word.size() > width) {
        if (coloring) {
          os.resetColor();
          coloring = false;
        }
        os << "\n";
        os.indent(continuation);
        column = continuation;
      } else {
        emit(spaces, start);
      }
      emit(word, wordStart);
      written = wordEnd;
      first = false;
    }
    os << "\n";
  }

private:
  llvm::raw_ostream &os;
  unsigned width;
};
} // namespace

/// One entry: a change alone on one line, or a folded group with its count
/// and the first places, one per line.
static void printEntry(Wrapper &out, const FoldedActions &entry) {
  const ActionLine &line = *entry.first;
  std::string headline = actionHeadline(line);
  size_t verbSize = actionVerb(line).size();
  std::string stage = line.stage.empty() ? "" : "  [" + line.stage + "]";
  if (entry.all.size() == 1) {
    std::string text = headline;
    std::string places = actionPlaces(line);
    if (!places.empty())
      text += ": " + places;
    text += stage;
    if (!line.location.empty())
      text += "  " + line.location;
    out.line(2, text, 6, verbSize, colorOf(line.status));
    if (std::string details = actionDetails(line); !details.empty())
      out.line(6, details, 8);
    return;
  }
  std::string count = "x" + std::to_string(entry.all.size()) + ": ";
  out.line(2, count + headline + stage, 6, count.size() + verbSize,
           colorOf(line.status));
  unsigned shown = 0;
  for (const ActionLine *each : entry.all) {
    if (shown == 3) {
      out.line(6,
               "... and " + std::to_string(entry.all.size() - shown) + " more",
               8);
      break;
    }
    ++shown;
    std::string places = actionPlaces(*each);
    if (!each->location.empty())
      places += (places.empty() ? "" : "  ") + each->location;
    out.line(6, places, 8);
    if (std::string details = actionDetails(*each); !details.empty())
      out.line(8, details, 10);
  }
}

static std::string summaryText(const DiffSummary &summary) {
  std::string out;
  llvm::raw_string_ostream os(out);
  os << summary.unchanged << " unchanged, " << summary.updated << " updated, "
     << summary.replaced << " replaced, " << summary.deleted << " deleted, "
     << summary.inserted << " inserted; similarity "
     << formatPercent(summary.similarity());
  return out;
}

LogicalResult graphdiff::renderText(const DiffResult &report,
                                    llvm::raw_ostream &os,
                                    const RenderOptions &options) {
  bool hadColors = os.colors_enabled();
  os.enable_colors(options.color);
  Wrapper out(os, options.width);
  os << "--- " << report.sourceFile << "\n";
  os << "+++ " << report.targetFile << "\n";

  std::vector<PairView> views = selectedViews(report, options);
  for (const PairView &view : views) {
    const DiffSummary &summary = view.getSummary();
    // By symbol path: `@outer::@f` tells nested modules' functions apart.
    std::string title = "graph " + printPath(view.source().getPath());
    if (view.isRenamed())
      title += " renamed to " + printPath(view.target().getPath());
    std::vector<ActionLine> lines = describeActions(view);
    if (lines.empty()) {
      size_t bold = title.size();
      title += std::string(view.isRenamed() ? ": nodes unchanged ("
                                            : ": unchanged (") +
               std::to_string(summary.sourceNodes) +
               (summary.sourceNodes == 1 ? " node)" : " nodes)");
      out.line(0, title, 4, bold, llvm::raw_ostream::SAVEDCOLOR);
      continue;
    }
    size_t bold = title.size();
    title += " (similarity " + formatPercent(summary.similarity()) + ")";
    out.line(0, title, 4, bold, llvm::raw_ostream::SAVEDCOLOR);
    std::vector<FoldedActions> entries = foldActions(lines, options);
    if (entries.empty() && !options.onlyKinds.empty())
      out.line(2, "(no " + llvm::join(options.onlyKinds, ", ") + ")", 4);
    for (const FoldedActions &entry : entries)
      printEntry(out, entry);
  }
  auto graphLine = [&](const std::string &name, StringRef what,
                       llvm::raw_ostream::Colors color) {
    if (!selectsGraph(options, name))
      return;
    std::string text = "graph @" + name + ": " + what.str();
    out.line(0, text, 4, text.size(), color);
  };
  auto nodes = [](uint64_t size) -> std::string {
    if (!size)
      return "";
    return ", " + std::to_string(size) + (size == 1 ? " node" : " nodes");
  };
  for (auto [name, size] :
       llvm::zip_equal(report.removedGraphs, report.removedGraphSizes))
    graphLine(name, "removed (only in the source" + nodes(size) + ")",
              llvm::raw_ostream::RED);
  for (auto [name, size] :
       llvm::zip_equal(report.addedGraphs, report.addedGraphSizes))
    graphLine(name, "added (only in the target" + nodes(size) + ")",
              llvm::raw_ostream::GREEN);
  for (const ChangedGraph &graph : report.changedGraphs)
    graphLine(graph.name,
              "changed (" + patch::stringifyGraphChange(graph.changes) + ")",
              llvm::raw_ostream::YELLOW);

  DiffSummary total = summarizeSelection(report, views, options);
  if (total.locationsWouldHelp())
    out.line(0,
             "note: " + std::to_string(total.guessed) +
                 " nodes were paired on weak evidence or left ambiguous, and "
                 "no location matched; printing both inputs with "
                 "--mlir-print-debuginfo would help",
             6, StringRef("note:").size(), llvm::raw_ostream::SAVEDCOLOR);
  std::string summary = "summary: " + summaryText(total);
  size_t renamed = llvm::count_if(
      views, [](const PairView &view) { return view.isRenamed(); });
  if (!report.addedGraphs.empty() || !report.removedGraphs.empty() ||
      !report.changedGraphs.empty() || renamed) {
    summary += "; graphs: " + std::to_string(report.removedGraphs.size()) +
               " removed, " + std::to_string(report.addedGraphs.size()) +
               " added";
    if (!report.changedGraphs.empty())
      summary +=
          ", " + std::to_string(report.changedGraphs.size()) + " changed";
    if (renamed)
      summary += ", " + std::to_string(renamed) + " renamed";
  }
  out.line(0, summary, 9, StringRef("summary:").size(),
           llvm::raw_ostream::SAVEDCOLOR, /*itemsOnly=*/true);
  os.enable_colors(hadColors);
  return success();
}
