//===- HTMLRenderer.cpp - The diff as one self-contained web page ---------===//
//
// Part of graph-diff.
//
// One HTML file with no external resource: a summary table (whose total is
// the text report's summary), then per graph pair an interactive picture (a
// canvas the page's script draws from the layout computed here, see
// ViewerData.h and Layout.h), a details panel and the action list. The style
// and script are the files of assets/, compiled in, in the head; each pair's
// picture is drawn as soon as its first data is read, before its action list
// and the data needed later. Load errors land in #errors and
// body[data-ready] is set once the page's script has run, so that a headless
// browser can check the page.
//
//===----------------------------------------------------------------------===//

#include "ViewerData.h"

#include "GraphDiff/Renderers/Renderers.h"
#include "GraphDiff/Renderers/ReportModel.h"
#include "GraphDiff/Renderers/ReportText.h"
#include "GraphDiff/Support/Escape.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"

#include "ViewerAssets.inc"

using namespace mlir;
using namespace graphdiff;

static std::string percent(double value) {
  std::string out;
  llvm::raw_string_ostream os(out);
  os << llvm::format("%.1f%%", value * 100.0);
  return out;
}

static void summaryRow(llvm::raw_ostream &os, StringRef label,
                       const DiffSummary &summary) {
  os << "<tr><th>" << escapeXML(label) << "</th><td class=\"unchanged\">"
     << summary.unchanged << "</td><td class=\"updated\">" << summary.updated
     << "</td><td class=\"replaced\">" << summary.replaced
     << "</td><td class=\"deleted\">" << summary.deleted
     << "</td><td class=\"inserted\">" << summary.inserted << "</td><td>"
     << percent(summary.similarity()) << "</td></tr>\n";
}

/// `n` with its thousands grouped: `2,995`.
static std::string groupDigits(size_t n) {
  std::string digits = std::to_string(n);
  for (int i = static_cast<int>(digits.size()) - 3; i > 0; i -= 3)
    digits.insert(i, ",");
  return digits;
}

/// A list of more names than kFoldAbove shows its first kFoldShown, then a
/// `+N more` that shows the rest in place (and hides them again); the page's
/// script folds the lists it makes (a kind's members) the same way.
constexpr size_t kFoldAbove = 8, kFoldShown = 5;

/// A replace's region, `@a + @b + ...`, folded if long. The names folded
/// away are in the page (a search finds them), hidden; `+N more` is the
/// style's text, not the line's.
static void writeRegionNames(llvm::raw_ostream &os,
                             llvm::ArrayRef<std::string> names) {
  bool folded = names.size() > kFoldAbove;
  if (folded)
    os << "<span class=\"names\" data-count=\"" << names.size()
       << "\" data-shown=\"" << kFoldShown << "\">";
  for (auto [i, name] : llvm::enumerate(names)) {
    if (folded && i == kFoldShown)
      os << "<span class=\"rest\">";
    if (i)
      os << " + ";
    os << escapeXML(name);
  }
  if (folded)
    os << "</span><a class=\"more\" data-more=\"+"
       << groupDigits(names.size() - kFoldShown)
       << " more\" title=\"click to show them all\"></a></span>";
}

/// A replace's `what`: its region's kinds, each counted one (`tensor.empty
/// x9`) a link to its members (their node table rows), then the rest.
static void writeRegionWhat(llvm::raw_ostream &os, const ActionLine &line,
                            llvm::ArrayRef<int> sourceRows) {
  std::string kinds;
  for (auto [i, region] : llvm::enumerate(line.regionKinds)) {
    if (i)
      kinds += " + ";
    kinds += region.kind;
    if (region.members.size() > 1)
      kinds += " x" + std::to_string(region.members.size());
  }
  StringRef what(line.what);
  assert(what.starts_with(kinds) && "a replace's what starts with its kinds");
  for (auto [i, region] : llvm::enumerate(line.regionKinds)) {
    if (i)
      os << " + ";
    std::string rows;
    if (region.members.size() > 1)
      for (unsigned position : region.members)
        if (int row = sourceRows[line.action->sources[position]]; row >= 0)
          rows += (rows.empty() ? "" : " ") + std::to_string(row);
    if (rows.empty()) {
      os << escapeXML(region.kind);
      if (region.members.size() > 1)
        os << " x" << region.members.size();
      continue;
    }
    os << "<a class=\"kind\" data-rows=\"" << rows
       << "\" title=\"click to list them\">" << escapeXML(region.kind) << " x"
       << region.members.size() << "</a>";
  }
  os << escapeXML(what.drop_front(kinds.size()));
}

LogicalResult graphdiff::renderHTML(const DiffResult &report,
                                    llvm::raw_ostream &os,
                                    const RenderOptions &options) {
  // --func: the selected graphs; --only: every node drawn, the changes no
  // selected action names dimmed, the other actions left out of the lists.
  std::vector<PairView> views = selectedViews(report, options);
  // Graphs only one side has count as deleted or inserted, as in the text
  // report's summary.
  DiffSummary total = summarizeSelection(report, views, options);
  std::vector<ViewerData> data;
  bool anyChecks = false;
  for (const PairView &view : views) {
    data.push_back(buildViewerData(view, options));
    anyChecks |= data.back().hiddenChecks > 0;
  }

  os << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">"
        "\n<title>graph-diff: "
     << escapeXML(report.sourceFile) << " vs " << escapeXML(report.targetFile)
     << "</title>\n<style>\n"
     << kViewerStyle << "</style>\n<script>\n"
     << kViewerCanvas << "\n"
     << kViewerPage << "</script>\n</head>\n<body>\n";
  os << "<h1>graph-diff</h1>\n<p class=\"files\">"
     << escapeXML(report.sourceFile) << " &rarr; "
     << escapeXML(report.targetFile) << "</p>\n";
  os << "<p class=\"legend\">";
  for (NodeStatus status :
       {NodeStatus::Unchanged, NodeStatus::Updated, NodeStatus::Replaced,
        NodeStatus::Replacing, NodeStatus::Deleted, NodeStatus::Inserted})
    os << "<span style=\"background:" << statusColor(status) << "\">"
       << stringifyNodeStatus(status) << "</span>";
  os << "<span class=\"edge source-only\">edge only in the source</span>"
        "<span class=\"edge target-only\">edge only in the target</span>";
  os << "</p>\n";

  os << "<table class=\"summary\" id=\"summary\">\n<tr><th>graph</th>"
        "<th>unchanged</th><th>updated</th><th>replaced</th><th>deleted</th>"
        "<th>inserted</th><th>similarity</th></tr>\n";
  for (const PairView &view : views)
    summaryRow(os,
               view.isRenamed()
                   ? printPath(view.source().getPath()) + " (renamed to " +
                         printPath(view.target().getPath()) + ")"
                   : "@" + view.source().getName().str(),
               view.getSummary());
  for (auto [name, size] :
       llvm::zip_equal(report.removedGraphs, report.removedGraphSizes)) {
    if (!selectsGraph(options, name))
      continue;
    DiffSummary removed;
    removed.deleted = removed.sourceNodes = size;
    summaryRow(os, "@" + name + " (removed)", removed);
  }
  for (auto [name, size] :
       llvm::zip_equal(report.addedGraphs, report.addedGraphSizes)) {
    if (!selectsGraph(options, name))
      continue;
    DiffSummary added;
    added.inserted = added.targetNodes = size;
    summaryRow(os, "@" + name + " (added)", added);
  }
  summaryRow(os, "total", total);
  os << "</table>\n";
  for (const std::string &name : report.removedGraphs)
    if (selectsGraph(options, name))
      os << "<p class=\"deleted\">graph @" << escapeXML(name)
         << ": removed (only in the source)</p>\n";
  for (const std::string &name : report.addedGraphs)
    if (selectsGraph(options, name))
      os << "<p class=\"inserted\">graph @" << escapeXML(name)
         << ": added (only in the target)</p>\n";
  for (const ChangedGraph &graph : report.changedGraphs)
    if (selectsGraph(options, graph.name))
      os << "<p class=\"updated\">graph @" << escapeXML(graph.name)
         << ": changed ("
         << escapeXML(patch::stringifyGraphChange(graph.changes)) << ")</p>\n";
  for (const PairView &view : views)
    if (view.isRenamed())
      os << "<p class=\"updated\">graph "
         << escapeXML(printPath(view.source().getPath())) << ": renamed to "
         << escapeXML(printPath(view.target().getPath())) << "</p>\n";

  if (!options.functions.empty() || !options.onlyKinds.empty()) {
    os << "<p class=\"selection\" id=\"selection\">Selection:";
    if (!options.functions.empty())
      os << " graphs " << escapeXML(llvm::join(options.functions, ", ")) << ";";
    if (!options.onlyKinds.empty())
      os << " only " << escapeXML(llvm::join(options.onlyKinds, ", "))
         << " actions listed, the nodes of other changes drawn pale;";
    os << " the summary counts the selected graphs whole.</p>\n";
  }
  os << "<div class=\"toolbar\"><input id=\"search\" type=\"search\" "
        "placeholder=\"Find a node: @conv1, %5, Conv2d, file.mlir:12\" "
        "autocomplete=\"off\" title=\"Enter: next match\"><span "
        "id=\"hits\"></span><label><input type=\"checkbox\" "
        "id=\"changes-only\"> changes only</label>";
  if (anyChecks)
    os << "<label title=\"unchanged cf.assert chains\"><input "
          "type=\"checkbox\" id=\"checks\"> checks</label>";
  os << "<select id=\"mode\" "
        "title=\"layout\"><option value=\"side\">source | target</option>"
        "<option value=\"merged\">merged</option></select><button "
        "id=\"fit\" type=\"button\">fit</button></div>\n";

  for (auto [index, view] : llvm::enumerate(views)) {
    std::vector<ActionLine> actions = describeActions(view);
    const ViewerData &pair = data[index];
    PictureSelection selection(view, options);
    os << "<section class=\"pair\" id=\"pair-" << index << "\" data-graph=\""
       << escapeXML(view.source().getName()) << "\">\n";
    if (view.isRenamed())
      os << "<h2>" << escapeXML(printPath(view.source().getPath()))
         << " renamed to " << escapeXML(printPath(view.target().getPath()));
    else
      os << "<h2>@" << escapeXML(view.source().getName());
    os << "</h2>\n<p class=\"caption\">" << view.getSummary().sourceNodes
       << " source nodes, " << view.getSummary().targetNodes
       << " target nodes, similarity "
       << percent(view.getSummary().similarity());
    if (pair.collapsedNodes)
      os << "; " << pair.collapsedNodes
         << " unchanged nodes collapsed in the changes-only view";
    if (pair.hiddenLeaves)
      os << "; " << pair.hiddenLeaves
         << " unchanged shared constants not drawn";
    if (pair.hiddenChecks)
      os << "; " << pair.hiddenChecks
         << " nodes of unchanged checks (cf.assert chains) hidden unless "
            "&quot;checks&quot; is ticked";
    // The picture and, beside it, the details and the action list (which
    // the page's script moves there once the page is read).
    os << "</p>\n<div class=\"viewer\"><div class=\"picture\"><canvas>"
          "</canvas><div class=\"hint\">drag to pan, wheel to zoom, click a "
          "node or an action</div></div><div class=\"side\"><div "
          "class=\"details\" hidden></div></div></div>\n";
    os << "<script type=\"application/json\" class=\"pair-data\">" << pair.first
       << "</script>\n<script>GraphDiffViewer.addPair();</script>\n";
    // Inert until the page's script moves it into the list: a long list
    // laid out while the page is read costs seconds. Identical changes (as
    // the text report folds them) are one line, `delete tensor.empty x515`,
    // that opens on a click into the actions it stands for.
    os << "<ol class=\"actions\"><template>\n";
    auto writeLine = [&](const ActionLine &line, size_t number, int group) {
      os << "<li class=\"" << stringifyNodeStatus(line.status)
         << (group >= 0 ? " member" : "")
         << (selection.showsLine(number) ? "" : " off") << "\"";
      if (group >= 0)
        os << " data-group=\"" << group << "\"";
      os << " data-kind=\"" << escapeXML(line.kind) << "\" data-action=\""
         << number << "\"><span class=\"verb\">" << escapeXML(line.verb)
         << "</span> ";
      if (!line.regionKinds.empty()) {
        // A replace: its region (`nodes` but the last, the new node), its
        // new node, its kinds.
        ArrayRef<std::string> region(line.nodes);
        writeRegionNames(os, region.drop_back());
        os << " -&gt; " << escapeXML(region.back()) << ": ";
        writeRegionWhat(os, line, pair.sourceRows);
      } else {
        os << escapeXML(line.names);
        if (!line.names.empty() && !line.what.empty())
          os << ": ";
        os << escapeXML(line.what);
      }
      if (!line.stage.empty())
        os << " <span class=\"stage\">[" << escapeXML(line.stage) << "]</span>";
      if (!line.location.empty())
        os << " <span class=\"loc\">" << escapeXML(line.location) << "</span>";
      if (std::string details = actionDetails(line); !details.empty())
        os << " <span class=\"details\">" << escapeXML(details) << "</span>";
      os << "</li>\n";
    };
    RenderOptions foldAll = options;
    foldAll.fold = true;
    foldAll.onlyKinds.clear();
    int groups = 0;
    for (const FoldedActions &entry : foldActions(actions, foldAll)) {
      auto numberOf = [&](const ActionLine *line) {
        return static_cast<size_t>(line - actions.data());
      };
      if (entry.all.size() == 1) {
        writeLine(*entry.first, numberOf(entry.first), -1);
        continue;
      }
      unsigned shown = llvm::count_if(entry.all, [&](const ActionLine *line) {
        return selection.showsLine(numberOf(line));
      });
      const ActionLine &line = *entry.first;
      os << "<li class=\"fold " << stringifyNodeStatus(line.status)
         << (shown ? "" : " off") << "\" data-group=\"" << groups
         << "\" title=\"click to list them\"><span class=\"verb\">"
         << escapeXML(line.verb) << "</span> "
         << escapeXML(line.kind == "add_output" || line.kind == "remove_output"
                          ? line.names
                          : line.what)
         << " <span class=\"count\">x" << shown << "</span>";
      if (!line.stage.empty())
        os << " <span class=\"stage\">[" << escapeXML(line.stage) << "]</span>";
      os << "</li>\n";
      for (const ActionLine *member : entry.all)
        writeLine(*member, numberOf(member), groups);
      ++groups;
    }
    os << "</template></ol>\n<script type=\"application/json\" "
          "class=\"pair-views\">"
       << pair.views
       << "</script>\n<script type=\"application/json\" class=\"pair-ir\">"
       << pair.ir << "</script>\n</section>\n";
  }
  os << "<div id=\"errors\"></div>\n<script>GraphDiffViewer.finish();</script>"
        "\n</body>\n</html>\n";
  return success();
}
