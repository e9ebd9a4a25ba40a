//===- BlameHTML.cpp - The history of a pipeline as a page ----------------===//
//
// Part of graph-diff.
//
// One self-contained page (its style and script are compiled in from
// assets/, nothing is fetched): a timeline of the passes, one mark per pass
// with what it did; the ops of the output listed as `git blame` lists lines,
// graph by graph, then the input ops that did not reach them; and a panel
// that shows the history of the op or pass clicked. Each op's history is the
// text `--blame=QUERY` prints for it, written into the page (hidden) for the
// script to show, so that the page reads the same as the queries.
//
// Elements are named by position: `p2` the second pass, `g0-o3` the fourth
// op of the first graph's output, `g0-i1` the second op of its input; the
// text of `X`'s history is the `<pre>` `h-X`. The page opens on `#X`.
// Every string of the history goes through escapeXML.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Blame/BlameRenderers.h"
#include "GraphDiff/Support/Escape.h"

#include "BlameAssets.inc"
#include "BlameText.h"

#include "llvm/ADT/StringExtras.h"

#include <set>

using namespace mlir;
using namespace graphdiff;
using namespace graphdiff::blame;

namespace {
/// How a pass's count is drawn on the timeline.
struct CountKind {
  const char *className;
  const char *label;
  uint64_t PassRun::*count;
};
} // namespace

static constexpr CountKind kCountKinds[] = {
    {"created", "created", &PassRun::created},
    {"updated", "changed", &PassRun::updated},
    {"fused", "fused", &PassRun::fusedOps},
    {"replaced", "replaced", &PassRun::replaced},
    {"erased", "erased", &PassRun::erased},
};

static std::string outputId(unsigned graph, unsigned op) {
  return "g" + std::to_string(graph) + "-o" + std::to_string(op);
}
static std::string inputId(unsigned graph, unsigned op) {
  return "g" + std::to_string(graph) + "-i" + std::to_string(op);
}
static std::string passId(unsigned pass) { return "p" + std::to_string(pass); }

/// What each pass did, graph by graph (indexed by pass; 0 unused): the
/// output ops it made or changed (with what it did to each), the graphs it
/// made or removed and the ops it erased. Each version is read once.
static std::vector<std::string> passHistories(const BlameResult &result) {
  size_t numPasses = result.passes.size();
  std::vector<std::string> histories(numPasses + 1);
  for (unsigned p = 1; p <= numPasses; ++p)
    histories[p] =
        passLabel(result, p) + "  " + passCounts(result.passes[p - 1]) + "\n";
  for (const GraphHistory &graph : result.graphs) {
    // This graph's lines, by pass.
    std::vector<std::string> lines(numPasses + 1);
    auto at = [&](unsigned pass) -> std::string * {
      return pass == kInputPass || pass > numPasses ? nullptr : &lines[pass];
    };
    if (std::string *text = graph.inInput ? nullptr : at(graph.createdBy))
      *text += "    made the graph\n";
    for (const OutputOp &out : graph.outputs) {
      // The ancestry is in pass order: one heading per pass.
      unsigned last = kInputPass;
      for (unsigned v : graph.ancestryOf(out.version)) {
        const Version &step = graph.versions[v];
        std::string *text = at(step.pass);
        if (step.origin == Origin::Input || !text)
          continue;
        if (step.pass != last)
          *text += "    " + out.name + " " +
                   graph.versions[out.version].opName.str() + ", line " +
                   std::to_string(out.line) + " of " + result.outputFile + "\n";
        last = step.pass;
        *text += "      " + describeStep(graph, v) + "\n";
      }
    }
    for (unsigned v = 0, e = graph.versions.size(); v < e; ++v) {
      const Version &version = graph.versions[v];
      std::string *text = at(version.endPass);
      if (version.fate != Fate::Erased || !text)
        continue;
      if (v < graph.inputs.size())
        *text += "    erased " + inputLabel(result, graph.inputs[v]) + " " +
                 version.opName.str() + "\n";
      else
        *text += "    erased " + version.opName.str() + " (made by " +
                 passLabel(result, version.pass) + ")\n";
    }
    if (std::string *text = graph.inOutput ? nullptr : at(graph.removedBy))
      *text += "    removed the graph\n";
    for (unsigned p = 1; p <= numPasses; ++p)
      if (!lines[p].empty())
        histories[p] += "  graph @" + graph.name + "\n" + lines[p];
  }
  return histories;
}

static std::string joinPasses(const std::set<unsigned> &passes) {
  return llvm::join(
      llvm::map_range(passes, [](unsigned p) { return std::to_string(p); }),
      " ");
}

/// The passes that made a version of output op `out`, ascending.
static std::string passesOf(const GraphHistory &graph, const OutputOp &out) {
  std::set<unsigned> passes;
  for (unsigned v : graph.ancestryOf(out.version))
    if (graph.versions[v].origin != Origin::Input)
      passes.insert(graph.versions[v].pass);
  return joinPasses(passes);
}

/// The passes that ended a version of input op `input`, ascending.
static std::string passesOf(const GraphHistory &graph, unsigned input) {
  std::set<unsigned> passes;
  for (unsigned v : graph.lineageOf(input))
    if (graph.versions[v].fate != Fate::Live)
      passes.insert(graph.versions[v].endPass);
  return joinPasses(passes);
}

/// A reference to input op `input` of graph `g` that shows its history.
static void writeInputRef(const BlameResult &result, unsigned g, unsigned input,
                          llvm::raw_ostream &os) {
  const GraphHistory &graph = result.graphs[g];
  std::string title = graph.versions[input].opName.str();
  if (!graph.inputs[input].location.empty())
    title += " at " + graph.inputs[input].location;
  os << "<span class=\"input\" data-op=\"" << inputId(g, input)
     << "\" tabindex=\"0\" title=\"" << escapeXML(title) << "\">"
     << escapeXML(inputLabel(result, graph.inputs[input])) << "</span>";
}

static void writeTimeline(const BlameResult &result, llvm::raw_ostream &os) {
  uint64_t most = 0;
  for (const PassRun &pass : result.passes) {
    uint64_t total = 0;
    for (const CountKind &kind : kCountKinds)
      total += pass.*kind.count;
    most = std::max(most, total);
  }
  os << "<ol class=\"timeline\" id=\"timeline\">\n";
  for (const PassRun &pass : result.passes) {
    std::string counts = passCounts(pass);
    os << "<li class=\"pass" << (counts == "no change" ? " idle" : "")
       << "\" id=\"" << passId(pass.index) << "\" data-op=\""
       << passId(pass.index) << "\" tabindex=\"0\"><span class=\"index\">#"
       << pass.index << "</span> <span class=\"name\">" << escapeXML(pass.name)
       << "</span><span class=\"bar\">";
    // Each count as a share of the busiest pass's.
    for (const CountKind &kind : kCountKinds) {
      uint64_t count = pass.*kind.count;
      if (!count)
        continue;
      uint64_t percent = std::max<uint64_t>(1, count * 100 / most);
      os << "<span class=\"" << kind.className << "\" style=\"width:" << percent
         << "%\" title=\"" << count << " " << kind.label << "\"></span>";
    }
    os << "</span><span class=\"counts\">" << escapeXML(counts)
       << "</span></li>\n";
  }
  os << "</ol>\n";
}

static void writeGraph(const BlameResult &result, unsigned g,
                       llvm::raw_ostream &os) {
  const GraphHistory &graph = result.graphs[g];
  os << "<section class=\"graph\" id=\"g" << g << "\">\n<h2>graph @"
     << escapeXML(graph.name);
  if (!graph.inInput)
    os << " <span class=\"made\">(made by "
       << escapeXML(passLabel(result, graph.createdBy)) << ")</span>";
  if (!graph.inOutput)
    os << " <span class=\"removed\">(removed by "
       << escapeXML(passLabel(result, graph.removedBy)) << ")</span>";
  os << "</h2>\n";
  if (!graph.outputs.empty()) {
    os << "<table class=\"blame\">\n<thead><tr><th>line</th><th>op</th>"
          "<th>pass</th><th>from</th></tr></thead>\n<tbody>\n";
    for (unsigned k = 0, e = graph.outputs.size(); k < e; ++k) {
      const OutputOp &out = graph.outputs[k];
      const Version &version = graph.versions[out.version];
      std::string pass = passLabel(result, version.pass);
      if (version.origin != Origin::Input)
        pass += " (" + stringifyOrigin(version.origin).str() + ")";
      os << "<tr class=\"op " << stringifyOrigin(version.origin) << "\" id=\""
         << outputId(g, k) << "\" data-op=\"" << outputId(g, k)
         << "\" data-passes=\"" << passesOf(graph, out)
         << "\" tabindex=\"0\"><td class=\"line\">";
      if (out.line)
        os << out.line;
      else
        os << "-";
      os << "</td><td class=\"name\">" << escapeXML(out.name) << " "
         << escapeXML(version.opName) << "</td><td class=\"pass\">"
         << escapeXML(pass) << "</td><td class=\"from\">";
      SmallVector<unsigned> origins = graph.originsOf(out.version);
      if (origins.empty())
        os << "(new)";
      for (unsigned input : origins) {
        if (input != origins.front())
          os << " ";
        writeInputRef(result, g, input, os);
      }
      os << "</td></tr>\n";
    }
    os << "</tbody>\n</table>\n";
  }
  // The input ops that did not reach the output.
  bool first = true;
  for (unsigned i = 0, e = graph.inputs.size(); i < e; ++i) {
    unsigned lastVersion = lastOf(graph, i);
    const Version &last = graph.versions[lastVersion];
    if (last.fate != Fate::Erased)
      continue;
    if (first)
      os << "<table class=\"blame erased\">\n<thead><tr><th>erased</th>"
            "<th>op</th><th>by</th></tr></thead>\n<tbody>\n";
    first = false;
    std::string by = passLabel(result, last.endPass);
    if (lastVersion != i)
      by += " (as " + last.opName.str() + ")";
    os << "<tr class=\"op erased\" id=\"" << inputId(g, i) << "\" data-op=\""
       << inputId(g, i) << "\" data-passes=\"" << passesOf(graph, i)
       << "\" tabindex=\"0\"><td class=\"from\">"
       << escapeXML(inputLabel(result, graph.inputs[i]))
       << "</td><td class=\"name\">" << escapeXML(graph.versions[i].opName)
       << "</td><td class=\"pass\">" << escapeXML(by) << "</td></tr>\n";
  }
  if (!first)
    os << "</tbody>\n</table>\n";
  os << "</section>\n";
}

/// Every history the page can show, hidden.
static void writeHistories(const BlameResult &result, llvm::raw_ostream &os) {
  os << "<div id=\"histories\" hidden>\n";
  auto write = [&](const std::string &id, auto print) {
    std::string text;
    llvm::raw_string_ostream history(text);
    print(history);
    os << "<pre id=\"h-" << id << "\">" << escapeXML(text) << "</pre>\n";
  };
  std::vector<std::string> passes = passHistories(result);
  for (unsigned p = 1, e = passes.size(); p < e; ++p)
    write(passId(p), [&](llvm::raw_ostream &history) { history << passes[p]; });
  for (unsigned g = 0, e = result.graphs.size(); g < e; ++g) {
    const GraphHistory &graph = result.graphs[g];
    for (unsigned k = 0, n = graph.outputs.size(); k < n; ++k)
      write(outputId(g, k), [&](llvm::raw_ostream &history) {
        printOutputHistory(result, graph, graph.outputs[k], history);
      });
    auto outputs = outputsByVersion(graph);
    for (unsigned i = 0, n = graph.inputs.size(); i < n; ++i)
      write(inputId(g, i), [&](llvm::raw_ostream &history) {
        printInputHistory(result, graph, outputs, i, history);
      });
  }
  os << "</div>\n";
}

void blame::renderBlameHTML(const BlameResult &result, llvm::raw_ostream &os) {
  std::string files =
      escapeXML(result.inputFile) + " &rarr; " + escapeXML(result.outputFile);
  os << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">"
        "\n<title>graph-diff blame: "
     << files << "</title>\n<style>\n"
     << kBlameStyle << "</style>\n<script>\n"
     << kBlameScript << "</script>\n</head>\n<body>\n";
  os << "<h1>graph-diff blame</h1>\n<p class=\"files\">" << files << " through "
     << result.passes.size() << " pass"
     << (result.passes.size() == 1 ? "" : "es") << "</p>\n";
  writeTimeline(result, os);
  os << "<div class=\"columns\">\n<main id=\"listing\">\n";
  for (unsigned g = 0, e = result.graphs.size(); g < e; ++g)
    writeGraph(result, g, os);
  os << "</main>\n<aside id=\"history\">\n<h2>history</h2>\n"
        "<pre id=\"history-text\">Click an op, an input op or a pass to see "
        "its history.</pre>\n</aside>\n</div>\n";
  writeHistories(result, os);
  os << "<div id=\"errors\"></div>\n</body>\n</html>\n";
}
