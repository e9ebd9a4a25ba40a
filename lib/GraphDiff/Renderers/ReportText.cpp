//===- ReportText.cpp - What the reports for people share -----------------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Renderers/ReportText.h"
#include "GraphDiff/Differ/ModuleGraphs.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/GlobPattern.h"

#include <map>

using namespace mlir;
using namespace graphdiff;

ArrayRef<StringRef> graphdiff::actionKindNames() {
  static const SmallVector<StringRef> names = [] {
    SmallVector<StringRef> names;
    for (StringRef name : patch::getActionNames()) {
      names.push_back(name);
      // The verbs a report gives some replaces (describeActions): a fusion
      // of several nodes, a fold into a constant.
      if (name == patch::getActionName<patch::ReplaceOp>())
        names.append({"fuse", "fold"});
    }
    return names;
  }();
  return names;
}

llvm::Error graphdiff::checkSelection(const RenderOptions &options) {
  for (const std::string &glob : options.functions)
    if (llvm::Expected<llvm::GlobPattern> pattern =
            llvm::GlobPattern::create(glob);
        !pattern)
      return llvm::createStringError("--func=" + glob + ": " +
                                     llvm::toString(pattern.takeError()));
  for (const std::string &kind : options.onlyKinds)
    if (!llvm::is_contained(actionKindNames(), kind))
      return llvm::createStringError("--only=" + kind +
                                     ": not an action kind (" +
                                     llvm::join(actionKindNames(), ", ") + ")");
  return llvm::Error::success();
}

bool graphdiff::selectsGraph(const RenderOptions &options, StringRef key) {
  if (options.functions.empty())
    return true;
  StringRef last = key.rsplit("::@").second;
  if (last.empty())
    last = key;
  for (const std::string &glob : options.functions) {
    llvm::Expected<llvm::GlobPattern> pattern = llvm::GlobPattern::create(glob);
    if (!pattern) {
      llvm::consumeError(pattern.takeError());
      continue;
    }
    if (pattern->match(key) || pattern->match(last))
      return true;
  }
  return false;
}

bool graphdiff::selectsAction(const RenderOptions &options,
                              const ActionLine &line) {
  if (options.onlyKinds.empty())
    return true;
  return llvm::is_contained(options.onlyKinds, line.kind) ||
         ((line.verb == "fuse" || line.verb == "fold") &&
          llvm::is_contained(options.onlyKinds, line.verb));
}

std::vector<const PlanAction *>
graphdiff::selectedActions(const PairView &view, const RenderOptions &options) {
  std::vector<const PlanAction *> selected;
  ArrayRef<PlanAction> actions = view.getActions();
  if (options.onlyKinds.empty()) {
    for (const PlanAction &action : actions)
      selected.push_back(&action);
    return selected;
  }
  llvm::DenseSet<const PlanAction *> described, shown;
  // The anchors of the selected replaces: their absorbed deletes go along.
  llvm::DenseSet<unsigned> anchors;
  for (const ActionLine &line : describeActions(view)) {
    described.insert(line.action);
    if (!selectsAction(options, line))
      continue;
    shown.insert(line.action);
    if (line.action->is<patch::ReplaceOp>())
      anchors.insert(*line.action->anchor);
  }
  for (const PlanAction &action : actions) {
    bool show = shown.contains(&action);
    if (action.isAbsorbed())
      show = anchors.contains(*action.anchor);
    else if (!described.contains(&action))
      show = llvm::is_contained(options.onlyKinds, action.kind);
    if (show)
      selected.push_back(&action);
  }
  return selected;
}

bool graphdiff::selectsPlan(const RenderOptions &options, patch::PlanOp plan) {
  return selectsGraph(options, graphKey(plan.getSource())) ||
         (plan.isRename() && selectsGraph(options, graphKey(plan.getTarget())));
}

bool graphdiff::isSelectionDifferent(const DiffResult &report,
                                     const RenderOptions &options) {
  for (const GraphPairDiff &pair : report.pairs) {
    patch::PlanOp plan = pair.plan;
    if ((plan.isRename() || !plan.getActions().front().empty()) &&
        selectsPlan(options, plan))
      return true;
  }
  auto any = [&](ArrayRef<std::string> names) {
    return llvm::any_of(
        names, [&](const std::string &n) { return selectsGraph(options, n); });
  };
  for (const ChangedGraph &graph : report.changedGraphs)
    if (selectsGraph(options, graph.name))
      return true;
  return any(report.addedGraphs) || any(report.removedGraphs);
}

std::vector<PairView> graphdiff::selectedViews(const DiffResult &report,
                                               const RenderOptions &options) {
  std::vector<PairView> views;
  for (const GraphPairDiff &pair : report.pairs)
    if (selectsPlan(options, pair.plan))
      views.emplace_back(pair);
  return views;
}

DiffSummary graphdiff::summarizeSelection(const DiffResult &report,
                                          ArrayRef<PairView> views,
                                          const RenderOptions &options) {
  DiffSummary total = summarize(views);
  for (auto [name, size] :
       llvm::zip_equal(report.removedGraphs, report.removedGraphSizes)) {
    if (!selectsGraph(options, name))
      continue;
    total.deleted += size;
    total.sourceNodes += size;
  }
  for (auto [name, size] :
       llvm::zip_equal(report.addedGraphs, report.addedGraphSizes)) {
    if (!selectsGraph(options, name))
      continue;
    total.inserted += size;
    total.targetNodes += size;
  }
  return total;
}

std::string graphdiff::printPath(SymbolRefAttr path) {
  std::string out;
  llvm::raw_string_ostream os(out);
  os << path;
  return out;
}

std::string graphdiff::formatPercent(double value) {
  std::string out;
  llvm::raw_string_ostream os(out);
  os << llvm::format("%.1f%%", value * 100.0);
  return out;
}

std::string graphdiff::actionVerb(const ActionLine &line) {
  static const std::pair<StringRef, StringRef> pastTense[] = {
      {"fuse", "fused"},
      {"fold", "folded"},
      {"replace", "replaced"},
      {"delete", "deleted"},
      {"insert", "inserted"},
      {"update", "updated"},
      {"add input", "added input"},
      {"remove input", "removed input"},
      {"add output", "added output"},
      {"remove output", "removed output"}};
  for (auto [verb, past] : pastTense)
    if (line.verb == verb)
      return past.str();
  return line.verb;
}

std::string graphdiff::actionHeadline(const ActionLine &line) {
  std::string out = actionVerb(line);
  // Output edits name a position; the value added is a place.
  if (line.kind == "add_output" || line.kind == "remove_output")
    return out + " " + line.names;
  if (!line.what.empty())
    out += " " + line.what;
  return out;
}

std::string graphdiff::actionPlaces(const ActionLine &line) {
  if (line.kind == "replace" && !line.nodes.empty()) {
    ArrayRef<std::string> nodes(line.nodes);
    return "source " + llvm::join(nodes.drop_back(), " + ") + " -> target " +
           nodes.back();
  }
  if (line.kind == "insert" || line.kind == "add_input")
    return "target " + line.names;
  if (line.kind == "add_output")
    return "target " + line.what;
  if (line.kind == "remove_output" || line.names.empty())
    return "";
  return "source " + line.names;
}

std::vector<FoldedActions>
graphdiff::foldActions(ArrayRef<ActionLine> lines,
                       const RenderOptions &options) {
  std::vector<FoldedActions> entries;
  std::map<std::string, size_t> groupOf;
  for (const ActionLine &line : lines) {
    if (!selectsAction(options, line))
      continue;
    if (!options.fold) {
      entries.push_back(FoldedActions{&line, {&line}});
      continue;
    }
    std::string key = line.verb + "\x1f" + line.what + "\x1f" + line.stage;
    // An output edit is about its position, which its headline names: edits
    // of two positions are two changes.
    if (line.kind == "add_output" || line.kind == "remove_output")
      key += "\x1f" + line.names;
    auto [it, fresh] = groupOf.try_emplace(key, entries.size());
    if (fresh)
      entries.push_back(FoldedActions{&line, {&line}});
    else
      entries[it->second].all.push_back(&line);
  }
  return entries;
}

std::string graphdiff::detailSubject(const ChangeDetail &detail) {
  if (detail.change == "operand")
    return "operand " + detail.name;
  if (detail.change == "types")
    return "result types";
  return detail.name;
}

std::pair<std::string, std::string> graphdiff::operandSide(StringRef ref) {
  if (ref == "none" || ref == "?")
    return {"", ref.str()};
  if (ref.consume_front("new "))
    return {"target", (ref + " (new)").str()};
  return {"source", ref.str()};
}

/// The nearest position at or before `pos` that starts a UTF-8 character.
static size_t characterStart(StringRef text, size_t pos) {
  while (pos > 0 && pos < text.size() &&
         (static_cast<unsigned char>(text[pos]) & 0xC0) == 0x80)
    --pos;
  return pos;
}

std::pair<std::string, std::string>
graphdiff::abbreviateChange(StringRef before, StringRef after, size_t limit,
                            size_t context) {
  if (before.size() <= limit && after.size() <= limit)
    return {before.str(), after.str()};
  size_t shorter = std::min(before.size(), after.size());
  size_t prefix = 0;
  while (prefix < shorter && before[prefix] == after[prefix])
    ++prefix;
  size_t suffix = 0;
  while (suffix < shorter - prefix &&
         before[before.size() - 1 - suffix] == after[after.size() - 1 - suffix])
    ++suffix;
  auto cut = [&](StringRef text) {
    size_t begin =
        characterStart(text, prefix > context ? prefix - context : 0);
    size_t differEnd = text.size() - suffix;
    // The differing part itself, at most `limit` characters of it.
    size_t shownEnd = differEnd;
    if (shownEnd - prefix > limit)
      shownEnd = characterStart(text, prefix + limit);
    else
      shownEnd =
          characterStart(text, std::min(text.size(), differEnd + context));
    // Nothing left out at the end but a few characters: show them.
    if (text.size() - shownEnd <= 3)
      shownEnd = text.size();
    if (begin <= 3)
      begin = 0;
    std::string out = begin > 0 ? "..." : "";
    out += text.slice(begin, shownEnd).str();
    if (shownEnd < text.size())
      out += "...";
    return out;
  };
  return {cut(before), cut(after)};
}

std::string graphdiff::detailText(const ChangeDetail &detail) {
  if (detail.change == "order")
    return detail.after.empty() ? "moved to the end"
                                : "moved before " + detail.after;
  if (detail.change == "operand") {
    auto sided = [](StringRef ref) {
      auto [side, name] = operandSide(ref);
      return side.empty() ? name : side + " " + name;
    };
    return detailSubject(detail) + ": " + sided(detail.before) + " -> " +
           sided(detail.after);
  }
  auto [before, after] = abbreviateChange(detail.before, detail.after);
  return detailSubject(detail) + ": " + before + " -> " + after;
}

std::string graphdiff::actionDetails(const ActionLine &line) {
  SmallVector<std::string> parts;
  for (const ChangeDetail &detail : line.details)
    parts.push_back(detailText(detail));
  return llvm::join(parts, "; ");
}
