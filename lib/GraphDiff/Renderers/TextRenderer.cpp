//===- TextRenderer.cpp - A diff a compiler engineer reads at a glance ----===//
//
// Part of graph-diff.
//
// One line per action, grouped by graph, identical changes folded with a
// count, and a closing summary line:
//
//   --- src.mlir
//   +++ tgt.mlir
//   graph @block (similarity 25.0%)
//     fuse    @conv1 + @bn1 + @relu1 -> @fused: Conv2d + BatchNorm2d + ReLU
//             fused into ConvBnReLU (init)  [provenance]  src.mlir:3:8
//   summary: 0 unchanged, 0 updated, 3 replaced, 0 deleted, 0 inserted;
//            similarity 0.0%
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Renderers/Renderers.h"
#include "GraphDiff/Renderers/ReportModel.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"

#include <map>

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

static std::string percent(double value) {
  std::string out;
  llvm::raw_string_ostream os(out);
  os << llvm::format("%.1f%%", value * 100.0);
  return out;
}

static void printSummary(llvm::raw_ostream &os, const DiffSummary &summary) {
  os << summary.unchanged << " unchanged, " << summary.updated << " updated, "
     << summary.replaced << " replaced, " << summary.deleted << " deleted, "
     << summary.inserted << " inserted; similarity "
     << percent(summary.similarity());
}

namespace {
/// Entries of one graph after folding: the first line of each group of
/// identical changes and where the others are.
struct Folded {
  const ActionLine *first;
  std::vector<const ActionLine *> all;
};
} // namespace

static void printLine(llvm::raw_ostream &os, const ActionLine &line,
                      unsigned count, ArrayRef<const ActionLine *> all) {
  os << "  ";
  if (count > 1) {
    os.changeColor(colorOf(line.status), /*bold=*/true);
    os << "x" << count << ": " << line.verb;
    os.resetColor();
    os << " " << line.what;
    if (!line.stage.empty())
      os << "  [" << line.stage << "]";
    os << "\n      at ";
    unsigned shown = 0;
    for (const ActionLine *entry : all) {
      if (shown == 3) {
        os << ", +" << (all.size() - shown) << " more";
        break;
      }
      if (shown++)
        os << ", ";
      os << entry->names;
      if (!entry->location.empty())
        os << " (" << entry->location << ")";
    }
    os << "\n";
    return;
  }
  os.changeColor(colorOf(line.status), /*bold=*/true);
  os << line.verb;
  os.resetColor();
  os << " ";
  os << line.names;
  if (!line.names.empty() && !line.what.empty())
    os << ": ";
  os << line.what;
  if (!line.stage.empty())
    os << "  [" << line.stage << "]";
  if (!line.location.empty())
    os << "  " << line.location;
  os << "\n";
}

LogicalResult graphdiff::renderText(const DiffReport &report,
                                    llvm::raw_ostream &os,
                                    const RenderOptions &options) {
  bool hadColors = os.colors_enabled();
  os.enable_colors(options.color);
  os << "--- " << report.sourceFile << "\n";
  os << "+++ " << report.targetFile << "\n";

  std::vector<PairView> views = viewsOf(report);

  for (const PairView &view : views) {
    const DiffSummary &summary = view.getSummary();
    os.changeColor(llvm::raw_ostream::SAVEDCOLOR, /*bold=*/true);
    // By symbol path: `@outer::@f` tells nested modules' functions apart.
    os << "graph " << view.source().getPath();
    if (view.target().getPath() != view.source().getPath())
      os << " -> " << view.target().getPath();
    os.resetColor();
    std::vector<ActionLine> lines = describeActions(view);
    if (lines.empty()) {
      os << ": unchanged (" << summary.sourceNodes
         << (summary.sourceNodes == 1 ? " node)\n" : " nodes)\n");
      continue;
    }
    os << " (similarity " << percent(summary.similarity()) << ")\n";

    // Fold identical changes: same verb, same change, same stage.
    std::vector<Folded> entries;
    std::map<std::string, size_t> groupOf;
    for (const ActionLine &line : lines) {
      if (!options.fold) {
        entries.push_back(Folded{&line, {&line}});
        continue;
      }
      std::string key = line.verb + "\x1f" + line.what + "\x1f" + line.stage;
      auto [it, fresh] = groupOf.try_emplace(key, entries.size());
      if (fresh)
        entries.push_back(Folded{&line, {&line}});
      else
        entries[it->second].all.push_back(&line);
    }
    for (const Folded &entry : entries)
      printLine(os, *entry.first, entry.all.size(), entry.all);
  }
  for (const std::string &name : report.removedGraphs) {
    os.changeColor(llvm::raw_ostream::RED, /*bold=*/true);
    os << "graph @" << name << ": removed (only in the source)";
    os.resetColor();
    os << "\n";
  }
  for (const std::string &name : report.addedGraphs) {
    os.changeColor(llvm::raw_ostream::GREEN, /*bold=*/true);
    os << "graph @" << name << ": added (only in the target)";
    os.resetColor();
    os << "\n";
  }
  for (const ChangedGraph &graph : report.changedGraphs) {
    os.changeColor(llvm::raw_ostream::YELLOW, /*bold=*/true);
    os << "graph @" << graph.name << ": changed ("
       << llvm::join(graph.changes, ", ") << ")";
    os.resetColor();
    os << "\n";
  }

  os.changeColor(llvm::raw_ostream::SAVEDCOLOR, /*bold=*/true);
  os << "summary:";
  os.resetColor();
  os << " ";
  printSummary(os, summarize(views));
  if (!report.addedGraphs.empty() || !report.removedGraphs.empty() ||
      !report.changedGraphs.empty()) {
    os << "; graphs: " << report.removedGraphs.size() << " removed, "
       << report.addedGraphs.size() << " added";
    if (!report.changedGraphs.empty())
      os << ", " << report.changedGraphs.size() << " changed";
  }
  os << "\n";
  os.enable_colors(hadColors);
  return success();
}
