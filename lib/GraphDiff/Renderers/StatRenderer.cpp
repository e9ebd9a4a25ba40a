//===- StatRenderer.cpp - Changes per op kind, as git diff --stat ---------===//
//
// Part of graph-diff.
//
// `git diff --stat` counts changed lines per file; `--stat` counts changed
// nodes per op kind (an `lg` node's kind, or the op name), with a bar of
// `-` (a source node deleted, or absorbed into a fused or replaced region),
// `+` (a target node inserted, or replacing a region) and `~` (updated), then
// the actions per kind, the graphs only one side has and those renamed
// (`graphs renamed: 1 (@f -> @g)`), and a total:
//
//    BatchNorm2d | 2 --
//    ConvBnReLU  | 2 ++
//    Linear      | 1 ~
//   actions: 2 fused, 1 updated
//   3 op kinds changed, 4 removed (-), 2 added (+), 1 updated (~);
//   similarity 50.0%
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Dialect/LG/IR/LG.h"
#include "GraphDiff/Renderers/Renderers.h"
#include "GraphDiff/Renderers/ReportText.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"

#include <map>

using namespace mlir;
using namespace graphdiff;

namespace {
struct KindCount {
  uint64_t removed = 0, added = 0, updated = 0;
  uint64_t total() const { return removed + added + updated; }
};
} // namespace

/// The kind of a node for counting: an `lg` kind, else the op name (without
/// the ops of its body, which would split `linalg.generic` many ways).
static std::string kindOf(Operation *op) {
  if (auto node = dyn_cast<lg::NodeOp>(op))
    return node.getKind().str();
  return op->getName().getStringRef().str();
}

LogicalResult graphdiff::renderStat(const DiffResult &report,
                                    llvm::raw_ostream &os,
                                    const RenderOptions &options) {
  std::vector<PairView> views = selectedViews(report, options);
  std::map<std::string, KindCount> kinds;
  // Verbs in order of first appearance, with their counts.
  std::vector<std::pair<std::string, uint64_t>> verbs;
  for (const PairView &view : views) {
    // With --only, count the nodes of the selected actions alone.
    std::vector<ActionLine> lines = describeActions(view);
    std::vector<FoldedActions> shown = foldActions(lines, options);
    llvm::StringSet<> names;
    for (const FoldedActions &entry : shown) {
      for (const ActionLine *line : entry.all) {
        std::string verb = actionVerb(*line);
        auto it =
            llvm::find_if(verbs, [&](auto &v) { return v.first == verb; });
        if (it == verbs.end())
          verbs.emplace_back(verb, 1);
        else
          ++it->second;
        for (const std::string &node : line->nodes)
          names.insert(node);
      }
    }
    bool all = options.onlyKinds.empty();
    const Graph &source = view.source(), &target = view.target();
    for (unsigned s = 0; s < source.size(); ++s) {
      NodeStatus status = view.getSourceStatus(s);
      if (status == NodeStatus::Unchanged ||
          (!all && !names.contains(source.getNodeRef(s).str())))
        continue;
      KindCount &count = kinds[kindOf(source.getNode(s))];
      if (status == NodeStatus::Updated)
        ++count.updated;
      else
        ++count.removed;
    }
    for (unsigned t = 0; t < target.size(); ++t) {
      NodeStatus status = view.getTargetStatus(t);
      if ((status != NodeStatus::Inserted && status != NodeStatus::Replacing) ||
          (!all && !names.contains(target.getNodeRef(t).str())))
        continue;
      ++kinds[kindOf(target.getNode(t))].added;
    }
  }

  size_t nameWidth = 0;
  uint64_t most = 0, removed = 0, added = 0, updated = 0;
  for (const auto &[kind, count] : kinds) {
    nameWidth = std::max(nameWidth, kind.size());
    most = std::max(most, count.total());
    removed += count.removed;
    added += count.added;
    updated += count.updated;
  }
  size_t countWidth = std::to_string(most).size();
  // Bars scaled, as git does, so that the longest fits in 50 columns; a
  // non-zero count always gets at least one mark.
  constexpr uint64_t barWidth = 50;
  auto scaled = [&](uint64_t n) -> uint64_t {
    if (most <= barWidth || n == 0)
      return n;
    return std::max<uint64_t>(1, n * barWidth / most);
  };
  for (const auto &[kind, count] : kinds) {
    os << " " << kind << std::string(nameWidth - kind.size(), ' ') << " | "
       << std::string(countWidth - std::to_string(count.total()).size(), ' ')
       << count.total() << " " << std::string(scaled(count.removed), '-')
       << std::string(scaled(count.added), '+')
       << std::string(scaled(count.updated), '~') << "\n";
  }
  if (!verbs.empty()) {
    SmallVector<std::string> parts;
    for (const auto &[verb, n] : verbs)
      parts.push_back(std::to_string(n) + " " + verb);
    os << " actions: " << llvm::join(parts, ", ") << "\n";
  }
  // A graph only one side has: its nodes count as removed (only in the
  // source) or added (only in the target) in the total, as in the text
  // report's summary; not with --only, whose kinds are node actions.
  auto graphs = [&](ArrayRef<std::string> names, ArrayRef<uint64_t> sizes,
                    StringRef what, uint64_t &nodes) {
    unsigned n = 0;
    uint64_t graphNodes = 0;
    for (auto [name, size] : llvm::zip_equal(names, sizes)) {
      if (!selectsGraph(options, name))
        continue;
      ++n;
      graphNodes += size;
    }
    if (!n || !options.onlyKinds.empty())
      return;
    os << " graphs " << what << ": " << n << " (" << graphNodes
       << (graphNodes == 1 ? " node" : " nodes") << ")\n";
    nodes += graphNodes;
  };
  graphs(report.removedGraphs, report.removedGraphSizes, "removed", removed);
  graphs(report.addedGraphs, report.addedGraphSizes, "added", added);
  // A renamed graph: its nodes count as they are (a rename alone changes
  // none); not with --only, as above.
  SmallVector<std::string> renamed;
  for (const PairView &view : views)
    if (view.isRenamed())
      renamed.push_back(printPath(view.source().getPath()) + " -> " +
                        printPath(view.target().getPath()));
  if (!renamed.empty() && options.onlyKinds.empty())
    os << " graphs renamed: " << renamed.size() << " ("
       << llvm::join(renamed, ", ") << ")\n";
  DiffSummary total = summarizeSelection(report, views, options);
  os << " " << kinds.size() << (kinds.size() == 1 ? " op kind" : " op kinds")
     << " changed, " << removed << " removed (-), " << added << " added (+), "
     << updated << " updated (~); similarity "
     << formatPercent(total.similarity()) << "\n";
  return success();
}
