//===- APIRenderers.cpp - Reports of API diffs ----------------------------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/API/Render/APIRenderers.h"

#include "GraphDiff/Support/Escape.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/WithColor.h"

using namespace graphdiff;
using llvm::StringRef;

StringRef graphdiff::stringifyAPIGroupBy(APIGroupBy groupBy) {
  switch (groupBy) {
  case APIGroupBy::None:
    return "none";
  case APIGroupBy::Module:
    return "module";
  case APIGroupBy::Function:
    return "function";
  case APIGroupBy::Level:
    return "level";
  }
  return "none";
}

namespace {
struct Counts {
  unsigned breaking = 0, compatible = 0, suppressed = 0;

  void add(const APIChange &change) {
    if (change.suppressed)
      ++suppressed;
    else if (change.breaking)
      ++breaking;
    else
      ++compatible;
  }
};

Counts countGroup(const APIReport &report, const APIGroup &group) {
  Counts counts;
  for (unsigned index : group.changes)
    counts.add(report.diff.changes[index]);
  return counts;
}

Counts countShown(const APIReport &report) {
  Counts counts;
  for (size_t g = 0; g < report.shownGroups; ++g)
    for (unsigned index : report.groups[g].changes)
      counts.add(report.diff.changes[index]);
  return counts;
}

/// "module keras.layers", "function f", "level 2 (functions and classes)".
std::string groupTitle(const APIReport &report, const APIGroup &group) {
  if (report.groupBy == APIGroupBy::Level)
    return group.name;
  return (stringifyAPIGroupBy(report.groupBy) + " " + group.name).str();
}

std::string describeInput(const APIInputInfo &input) {
  std::string text = input.file + " (" + input.source;
  if (!input.version.empty())
    text += " " + input.version;
  return text + ")";
}

/// "old.path -> new.path", or the one path a side has.
std::string describePaths(const APIChange &change) {
  if (change.oldPath.empty())
    return change.newPath;
  if (change.newPath.empty() || change.newPath == change.oldPath)
    return change.oldPath;
  return change.oldPath + " -> " + change.newPath;
}

std::string describeLocations(const APIChange &change) {
  std::string oldLoc = formatAPILocation(change.oldLoc);
  std::string newLoc = formatAPILocation(change.newLoc);
  if (oldLoc.empty())
    return newLoc;
  if (newLoc.empty())
    return oldLoc;
  return oldLoc + " -> " + newLoc;
}

//===----------------------------------------------------------------------===//
// Text
//===----------------------------------------------------------------------===//

void renderText(const APIReport &report, llvm::raw_ostream &os, bool color) {
  auto colored = [&](llvm::raw_ostream::Colors c,
                     bool bold = false) -> llvm::raw_ostream & {
    if (color)
      os.changeColor(c, bold);
    return os;
  };
  auto reset = [&] {
    if (color)
      os.resetColor();
  };
  os << "api diff: " << describeInput(report.oldInput) << " -> "
     << describeInput(report.newInput);
  if (report.groupBy != APIGroupBy::None)
    os << ", grouped by " << stringifyAPIGroupBy(report.groupBy);
  os << "\n";
  for (size_t g = 0; g < report.shownGroups; ++g) {
    const APIGroup &group = report.groups[g];
    if (report.groupBy != APIGroupBy::None) {
      Counts counts = countGroup(report, group);
      colored(llvm::raw_ostream::WHITE, true) << groupTitle(report, group);
      reset();
      os << ": " << counts.breaking << " breaking, " << counts.compatible
         << " compatible";
      if (counts.suppressed)
        os << ", " << counts.suppressed << " suppressed";
      os << "\n";
    }
    for (unsigned index : group.changes) {
      const APIChange &change = report.diff.changes[index];
      os << "  ";
      if (change.suppressed)
        colored(llvm::raw_ostream::BLUE) << "quiet";
      else if (change.breaking)
        colored(llvm::raw_ostream::RED, true) << "BREAK";
      else
        colored(llvm::raw_ostream::GREEN) << "ok   ";
      reset();
      os << " " << stringifyAPIChangeKind(change.kind) << " "
         << describePaths(change);
      if (!change.detail.empty())
        os << " (" << change.detail << ")";
      if (change.suppressed)
        os << " [suppressed: " << change.suppressionReason << "]";
      if (std::string locations = describeLocations(change); !locations.empty())
        os << "  " << locations;
      os << "\n";
    }
  }
  Counts counts = countShown(report);
  os << "summary: " << counts.breaking << " breaking, " << counts.compatible
     << " compatible, " << counts.suppressed << " suppressed";
  if (report.groupBy != APIGroupBy::None)
    os << "; " << report.shownGroups << " of " << report.groups.size()
       << " group(s) with changes shown";
  if (report.stoppedEarly)
    os << "; stopped at the first group with a break";
  os << "\n";
}

//===----------------------------------------------------------------------===//
// JSON
//===----------------------------------------------------------------------===//

void writeInput(llvm::json::OStream &json, const APIInputInfo &input) {
  json.object([&] {
    json.attribute("file", input.file);
    json.attribute("source", input.source);
    if (!input.version.empty())
      json.attribute("version", input.version);
  });
}

void writeOptional(llvm::json::OStream &json, StringRef key,
                   const std::string &value) {
  if (value.empty())
    json.attribute(key, nullptr);
  else
    json.attribute(key, value);
}

void renderJSON(const APIReport &report, llvm::raw_ostream &os) {
  llvm::json::OStream json(os, 2);
  Counts counts = countShown(report);
  json.object([&] {
    json.attribute("format", "graph-diff-api");
    json.attribute("version", 1);
    json.attributeBegin("old");
    writeInput(json, report.oldInput);
    json.attributeEnd();
    json.attributeBegin("new");
    writeInput(json, report.newInput);
    json.attributeEnd();
    json.attribute("group_by", stringifyAPIGroupBy(report.groupBy));
    json.attribute("breaking", counts.breaking > 0);
    json.attribute("stopped_early", report.stoppedEarly);
    json.attributeArray("groups", [&] {
      for (size_t g = 0; g < report.shownGroups; ++g) {
        const APIGroup &group = report.groups[g];
        json.object([&] {
          json.attribute("name", group.name);
          json.attribute("breaking", group.breaking);
          json.attributeArray("changes", [&] {
            for (unsigned index : group.changes) {
              const APIChange &change = report.diff.changes[index];
              json.object([&] {
                json.attribute("kind", stringifyAPIChangeKind(change.kind));
                json.attribute("breaking", change.breaking);
                writeOptional(json, "old_path", change.oldPath);
                writeOptional(json, "new_path", change.newPath);
                writeOptional(json, "old_location",
                              formatAPILocation(change.oldLoc));
                writeOptional(json, "new_location",
                              formatAPILocation(change.newLoc));
                writeOptional(json, "detail", change.detail);
                json.attribute("suppressed", change.suppressed);
                if (change.suppressed)
                  json.attribute("reason", change.suppressionReason);
              });
            }
          });
        });
      }
    });
    json.attributeObject("summary", [&] {
      json.attribute("breaking", counts.breaking);
      json.attribute("compatible", counts.compatible);
      json.attribute("suppressed", counts.suppressed);
      json.attribute("groups_with_changes",
                     static_cast<int64_t>(report.groups.size()));
      json.attribute("groups_shown", static_cast<int64_t>(report.shownGroups));
    });
  });
  os << "\n";
}

//===----------------------------------------------------------------------===//
// compspec
//===----------------------------------------------------------------------===//

void writeFacts(llvm::json::OStream &json, const CompspecFacts &facts) {
  json.object([&] {
    auto list = [&](StringRef key,
                    const std::vector<std::vector<std::string>> &entries) {
      if (entries.empty())
        return;
      json.attributeArray(key, [&] {
        for (const std::vector<std::string> &entry : entries)
          json.array([&] {
            for (const std::string &argument : entry)
              json.value(argument);
          });
      });
    };
    list("removed_node", facts.removedNodes);
    list("added_node", facts.addedNodes);
    list("changed_node_value", facts.changedNodeValues);
  });
}

void renderCompspec(const APIReport &report, llvm::raw_ostream &os) {
  llvm::json::OStream json(os, 4);
  if (report.groupBy == APIGroupBy::None) {
    if (report.compspecGroups.empty())
      json.object([] {});
    else
      writeFacts(json, report.compspecGroups.front().second);
  } else {
    json.object([&] {
      for (const auto &[name, facts] : report.compspecGroups) {
        json.attributeBegin(name);
        writeFacts(json, facts);
        json.attributeEnd();
      }
    });
  }
  os << "\n";
}

/// compspec's Difference.table() per group with facts; groups get a
/// `## name` heading.
void renderCompspecTable(const APIReport &report, llvm::raw_ostream &os) {
  if (report.groupBy == APIGroupBy::None) {
    os << compspecTable(report.compspecGroups.empty()
                            ? CompspecFacts()
                            : report.compspecGroups.front().second);
    return;
  }
  for (auto [index, group] : llvm::enumerate(report.compspecGroups))
    os << (index ? "\n" : "") << "## " << group.first << "\n\n"
       << compspecTable(group.second);
}

//===----------------------------------------------------------------------===//
// HTML
//===----------------------------------------------------------------------===//

/// The one escaper of every page graph-diff writes (Support/Escape.h).
std::string escapeHTML(StringRef text) { return escapeXML(text); }

void renderHTML(const APIReport &report, llvm::raw_ostream &os) {
  Counts counts = countShown(report);
  os << "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">\n"
     << "<title>API diff</title>\n<style>\n"
     << "body{font-family:sans-serif;margin:2em}"
     << "table{border-collapse:collapse;margin-bottom:1.5em}"
     << "td,th{border:1px solid #ccc;padding:.2em .5em;text-align:left;"
     << "font-size:90%}"
     << ".break{background:#fdd}.ok{background:#dfd}.quiet{color:#888}"
     << "code{font-family:monospace}\n</style></head><body>\n"
     << "<h1>API diff</h1>\n<p><code>"
     << escapeHTML(describeInput(report.oldInput)) << "</code> &rarr; <code>"
     << escapeHTML(describeInput(report.newInput)) << "</code></p>\n"
     << "<p>" << counts.breaking << " breaking, " << counts.compatible
     << " compatible, " << counts.suppressed << " suppressed";
  if (report.stoppedEarly)
    os << "; stopped at the first group with a break";
  os << "</p>\n";
  for (size_t g = 0; g < report.shownGroups; ++g) {
    const APIGroup &group = report.groups[g];
    if (report.groupBy != APIGroupBy::None)
      os << "<h2>" << escapeHTML(groupTitle(report, group)) << "</h2>\n";
    os << "<table><tr><th></th><th>change</th><th>path</th><th>detail</th>"
       << "<th>where</th></tr>\n";
    for (unsigned index : group.changes) {
      const APIChange &change = report.diff.changes[index];
      StringRef cls = change.suppressed ? "quiet"
                      : change.breaking ? "break"
                                        : "ok";
      StringRef mark = change.suppressed ? "suppressed"
                       : change.breaking ? "BREAK"
                                         : "ok";
      std::string detail = change.detail;
      if (change.suppressed)
        detail += (detail.empty() ? "" : "; ") + change.suppressionReason;
      os << "<tr class=\"" << cls << "\"><td>" << mark << "</td><td>"
         << stringifyAPIChangeKind(change.kind) << "</td><td><code>"
         << escapeHTML(describePaths(change)) << "</code></td><td>"
         << escapeHTML(detail) << "</td><td>"
         << escapeHTML(describeLocations(change)) << "</td></tr>\n";
    }
    os << "</table>\n";
  }
  os << "</body></html>\n";
}
} // namespace

void graphdiff::renderAPIReport(const APIReport &report, APIReportFormat format,
                                llvm::raw_ostream &os, bool color) {
  switch (format) {
  case APIReportFormat::Text:
    return renderText(report, os, color);
  case APIReportFormat::JSON:
    return renderJSON(report, os);
  case APIReportFormat::HTML:
    return renderHTML(report, os);
  case APIReportFormat::Compspec:
    return renderCompspec(report, os);
  case APIReportFormat::CompspecTable:
    return renderCompspecTable(report, os);
  case APIReportFormat::MLIR:
    // The plan, as graph-diff-opt prints dataflow plans.
    report.diff.plans.get()->print(os);
    os << "\n";
    return;
  }
}
