//===- MarkdownRenderer.cpp - A diff for a pull-request comment -----------===//
//
// Part of graph-diff.
//
// GitHub-flavoured markdown: a heading, a summary table (one row per graph
// that differs and a total), then per graph a collapsible <details> section
// with the folded changes, names in code spans with their side said:
//
//   ### graph-diff: `src.mlir` → `tgt.mlir`
//   | graph | similarity | unchanged | updated | replaced | deleted | inserted
//   |
//   ...
//   <details><summary><b>@block</b>: 3 changes, similarity 50.0%</summary>
//
//   - **fused** Conv2d + ReLU into ConvReLU (init) `[provenance]`
//     - source `@c1` + `@r1` → target `@f`: `src.mlir:3:8`
//   </details>
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Renderers/Renderers.h"
#include "GraphDiff/Renderers/ReportText.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace graphdiff;

/// Text outside code spans, inside a list item or a table cell: the
/// characters that would start markup there (emphasis, code, links, tables,
/// strike-through, HTML) escaped, so that a kind such as `<Conv*2>` is shown
/// as written.
static std::string escapeText(StringRef text) {
  std::string out;
  for (char c : text) {
    if (c == '&')
      out += "&amp;";
    else if (c == '<')
      out += "&lt;";
    else if (c == '>')
      out += "&gt;";
    else if (c == '\n' || c == '\r')
      out += ' ';
    else if (StringRef("\\`*_[]|~").contains(c)) {
      out += '\\';
      out += c;
    } else
      out += c;
  }
  return out;
}

/// A code span that holds any text: fenced with more backticks than the text
/// has in a row, padded when the text starts or ends with one.
static std::string code(StringRef text) {
  size_t longest = 0, run = 0;
  for (char c : text) {
    run = c == '`' ? run + 1 : 0;
    longest = std::max(longest, run);
  }
  std::string fence(longest + 1, '`');
  std::string body = text.str();
  for (char &c : body)
    if (c == '\n' || c == '\r')
      c = ' ';
  bool pad = body.empty() || body.front() == '`' || body.back() == '`';
  return fence + (pad ? " " : "") + body + (pad ? " " : "") + fence;
}

/// The places of an action with every name in a code span.
static std::string codePlaces(const ActionLine &line) {
  std::string places = actionPlaces(line);
  if (places.empty())
    return "";
  // actionPlaces joins names with " + " and " -> " after a side word; rebuild
  // it from the same pieces rather than re-parse it.
  if (line.kind == "replace" && !line.nodes.empty()) {
    ArrayRef<std::string> nodes(line.nodes);
    SmallVector<std::string> sources;
    for (const std::string &node : nodes.drop_back())
      sources.push_back(code(node));
    return "source " + llvm::join(sources, " + ") + " → target " +
           code(nodes.back());
  }
  StringRef side =
      StringRef(places).take_until([](char c) { return c == ' '; });
  return side.str() + " " + code(StringRef(places).drop_front(side.size() + 1));
}

static void row(llvm::raw_ostream &os, StringRef name,
                const DiffSummary &summary) {
  os << "| " << name << " | " << formatPercent(summary.similarity()) << " | "
     << summary.unchanged << " | " << summary.updated << " | "
     << summary.replaced << " | " << summary.deleted << " | "
     << summary.inserted << " |\n";
}

LogicalResult graphdiff::renderMarkdown(const DiffResult &report,
                                        llvm::raw_ostream &os,
                                        const RenderOptions &options) {
  std::vector<PairView> views = selectedViews(report, options);
  DiffSummary total = summarizeSelection(report, views, options);
  os << "### graph-diff: " << code(report.sourceFile) << " → "
     << code(report.targetFile) << "\n\n";
  bool different = isSelectionDifferent(report, options);
  if (!different) {
    os << "No differences (" << total.sourceNodes << " nodes, similarity "
       << formatPercent(total.similarity()) << ").\n";
    return success();
  }

  os << "| graph | similarity | unchanged | updated | replaced | deleted | "
        "inserted |\n"
     << "|---|---:|---:|---:|---:|---:|---:|\n";
  // A renamed graph is a change even when its nodes are not.
  for (const PairView &view : views)
    if (view.isRenamed() || !describeActions(view).empty())
      row(os,
          code(printPath(view.source().getPath())) +
              (view.isRenamed()
                   ? " renamed to " + code(printPath(view.target().getPath()))
                   : ""),
          view.getSummary());
  for (auto [name, size] :
       llvm::zip_equal(report.removedGraphs, report.removedGraphSizes))
    if (selectsGraph(options, name))
      os << "| " << code("@" + name) << " | removed (" << size
         << (size == 1 ? " node" : " nodes") << ") | | | | | |\n";
  for (auto [name, size] :
       llvm::zip_equal(report.addedGraphs, report.addedGraphSizes))
    if (selectsGraph(options, name))
      os << "| " << code("@" + name) << " | added (" << size
         << (size == 1 ? " node" : " nodes") << ") | | | | | |\n";
  for (const ChangedGraph &graph : report.changedGraphs)
    if (selectsGraph(options, graph.name))
      os << "| " << code("@" + graph.name) << " | changed ("
         << escapeText(patch::stringifyGraphChange(graph.changes))
         << ") | | | | | |\n";
  row(os, "**total**", total);
  os << "\n";

  for (const PairView &view : views) {
    std::vector<ActionLine> lines = describeActions(view);
    if (lines.empty())
      continue;
    std::vector<FoldedActions> entries = foldActions(lines, options);
    size_t shown = 0;
    for (const FoldedActions &entry : entries)
      shown += entry.all.size();
    std::string path = printPath(view.source().getPath());
    os << "<details><summary><b>" << escapeText(path) << "</b>";
    if (view.isRenamed())
      os << " renamed to <b>" << escapeText(printPath(view.target().getPath()))
         << "</b>";
    os << ": " << shown << (shown == 1 ? " change" : " changes")
       << ", similarity " << formatPercent(view.getSummary().similarity())
       << "</summary>\n\n";
    if (entries.empty())
      os << "No " << escapeText(llvm::join(options.onlyKinds, ", "))
         << " changes.\n";
    for (const FoldedActions &entry : entries) {
      const ActionLine &line = *entry.first;
      std::string verb = actionVerb(line);
      std::string rest = actionHeadline(line).substr(verb.size());
      os << "- ";
      if (entry.all.size() > 1)
        os << "x" << entry.all.size() << " ";
      os << "**" << escapeText(verb) << "**" << escapeText(rest);
      if (!line.stage.empty())
        os << " " << code("[" + line.stage + "]");
      os << "\n";
      unsigned listed = 0;
      for (const ActionLine *each : entry.all) {
        if (listed++ == 10) {
          os << "  - and " << (entry.all.size() - 10) << " more\n";
          break;
        }
        std::string places = codePlaces(*each);
        if (places.empty() && each->location.empty())
          continue;
        os << "  - " << places;
        if (!each->location.empty())
          os << (places.empty() ? "" : ": ") << code(each->location);
        os << "\n";
        for (const ChangeDetail &detail : each->details) {
          if (detail.change == "order") {
            os << "    - "
               << (detail.after.empty() ? "moved to the end"
                                        : "moved before " + code(detail.after))
               << "\n";
            continue;
          }
          // An operand's references say their side: source `%a` → target
          // `@n (new)`.
          auto ref = [&](const std::string &text) {
            if (detail.change != "operand")
              return code(text);
            auto [side, name] = operandSide(text);
            return side.empty() ? code(name) : side + " " + code(name);
          };
          auto [before, after] =
              detail.change == "operand"
                  ? std::make_pair(detail.before, detail.after)
                  : abbreviateChange(detail.before, detail.after);
          os << "    - " << escapeText(detailSubject(detail)) << ": "
             << ref(before) << " → " << ref(after) << "\n";
        }
      }
    }
    os << "\n</details>\n\n";
  }
  return success();
}
