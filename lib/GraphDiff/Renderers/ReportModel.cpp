//===- ReportModel.cpp - What renderers derive from a DiffResult ----------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Renderers/ReportModel.h"

#include "GraphDiff/Dialect/LG/IR/LG.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Location.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/EquivalenceClasses.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"

#include <map>
#include <queue>
#include <set>

using namespace mlir;
using namespace graphdiff;

StringRef graphdiff::statusColor(NodeStatus status) {
  switch (status) {
  case NodeStatus::Unchanged:
    return "#d9d9d9";
  case NodeStatus::Updated:
    return "#ffe066";
  case NodeStatus::Replaced:
    return "#8db8ee";
  case NodeStatus::Deleted:
    return "#f08080";
  case NodeStatus::Inserted:
    return "#8fd694";
  case NodeStatus::Replacing:
    return "#4a90e2";
  }
  llvm_unreachable("unknown node status");
}

static bool appendLocation(Location loc, std::string &out) {
  if (auto file = dyn_cast<FileLineColLoc>(loc)) {
    out = (file.getFilename().getValue() + ":" + Twine(file.getLine()) + ":" +
           Twine(file.getColumn()))
              .str();
    return true;
  }
  if (auto name = dyn_cast<NameLoc>(loc))
    return appendLocation(name.getChildLoc(), out);
  if (auto call = dyn_cast<CallSiteLoc>(loc))
    return appendLocation(call.getCallee(), out);
  if (auto fused = dyn_cast<FusedLoc>(loc)) {
    for (Location inner : fused.getLocations())
      if (appendLocation(inner, out))
        return true;
    return false;
  }
  if (auto opaque = dyn_cast<OpaqueLoc>(loc))
    return appendLocation(opaque.getFallbackLocation(), out);
  return false;
}

std::string graphdiff::formatLocation(Location loc) {
  std::string out;
  appendLocation(loc, out);
  return out;
}

std::string graphdiff::describeNode(Operation *op) {
  if (auto node = dyn_cast<lg::NodeOp>(op))
    return node.getKind().str();
  std::string out = op->getName().getStringRef().str();
  if (op->getNumRegions() == 0 || op->getRegion(0).empty())
    return out;
  SmallVector<StringRef> inner;
  unsigned more = 0;
  for (Operation &nested : op->getRegion(0).front()) {
    if (nested.hasTrait<OpTrait::IsTerminator>())
      continue;
    if (inner.size() < 3)
      inner.push_back(nested.getName().getStringRef());
    else
      ++more;
  }
  if (inner.empty())
    return out;
  out += "(";
  out += llvm::join(inner, ",");
  if (more)
    out += ",...";
  out += ")";
  return out;
}

std::vector<PairView> graphdiff::viewsOf(const DiffResult &report) {
  std::vector<PairView> views;
  views.reserve(report.pairs.size());
  for (const GraphPairDiff &pair : report.pairs)
    views.emplace_back(pair);
  return views;
}

DiffSummary graphdiff::summarize(ArrayRef<PairView> views) {
  DiffSummary total;
  for (const PairView &view : views)
    total += view.getSummary();
  return total;
}

//===----------------------------------------------------------------------===//
// Pictures
//===----------------------------------------------------------------------===//

bool graphdiff::isSharedLeaf(const Graph &graph, unsigned index) {
  // Its fan-out would draw long edges across the picture.
  return graph.getNodeInputs(index).empty() && graph.getUsers(index).size() > 2;
}

Drawing graphdiff::buildDrawing(const PairView &view,
                                const RenderOptions &options) {
  const Graph &source = view.source();
  const Graph &target = view.target();
  const NodeMapping &mapping = view.getPair().mapping;
  unsigned n = source.size(), m = target.size();
  Drawing drawing;
  std::vector<int> sourceDraw(n, -1), targetDraw(m, -1);
  auto isNewTarget = [&](unsigned t) {
    NodeStatus status = view.getTargetStatus(t);
    return status == NodeStatus::Inserted || status == NodeStatus::Replacing;
  };

  std::vector<bool> sourceLeaf(n), targetLeaf(m), hidden(n);
  for (unsigned s = 0; s < n; ++s) {
    sourceLeaf[s] = isSharedLeaf(source, s);
    hidden[s] =
        sourceLeaf[s] && view.getSourceStatus(s) == NodeStatus::Unchanged;
    drawing.hiddenLeaves += hidden[s];
  }
  // Checks (`cf.assert` and what only feeds checks): a chain is left out
  // when all of it is unchanged.
  if (options.hideUnchangedChecks) {
    std::vector<bool> check(n, false);
    ArrayRef<unsigned> order = view.getSourceOrder();
    for (unsigned s : llvm::reverse(order)) {
      if (view.getSourceStatus(s) != NodeStatus::Unchanged)
        continue;
      ArrayRef<unsigned> users = source.getUsers(s);
      check[s] = source.getNode(s)->getName().getStringRef() == "cf.assert" ||
                 (!users.empty() && !source.isOutputNode(s) &&
                  llvm::all_of(users, [&](unsigned u) { return check[u]; }));
    }
    for (unsigned s = 0; s < n; ++s)
      if (check[s] && !hidden[s]) {
        hidden[s] = true;
        ++drawing.hiddenChecks;
      }
  }
  for (unsigned t = 0; t < m; ++t)
    targetLeaf[t] = isSharedLeaf(target, t);

  // Which source nodes to show one by one.
  bool collapse = n > options.collapseAbove;
  std::vector<bool> keep(n, !collapse);
  if (collapse) {
    auto keepAround = [&](unsigned s) {
      keep[s] = true;
      for (Value input : source.getNodeInputs(s))
        if (std::optional<unsigned> p = source.getProducer(input))
          keep[*p] = true;
      for (unsigned user : source.getUsers(s))
        keep[user] = true;
    };
    for (unsigned s = 0; s < n; ++s)
      if (view.getSourceStatus(s) != NodeStatus::Unchanged)
        keepAround(s);
    for (unsigned t = 0; t < m; ++t) {
      if (!isNewTarget(t))
        continue;
      for (Value input : target.getNodeInputs(t))
        if (std::optional<unsigned> p = target.getProducer(input))
          if (std::optional<unsigned> s = mapping.getSource(*p))
            keep[*s] = true;
      for (unsigned user : target.getUsers(t))
        if (std::optional<unsigned> s = mapping.getSource(user))
          keep[*s] = true;
    }
  }

  auto addNode = [&](DrawNode node) {
    drawing.nodes.push_back(std::move(node));
    return static_cast<int>(drawing.nodes.size() - 1);
  };
  // Collapsed groups: connected stretches of hidden nodes.
  llvm::EquivalenceClasses<unsigned> groups;
  std::map<unsigned, int> groupDraw;
  std::map<unsigned, std::pair<unsigned, unsigned>> groupEnds;
  std::map<unsigned, unsigned> groupSize;
  if (collapse) {
    for (unsigned s = 0; s < n; ++s)
      if (!keep[s] && !hidden[s])
        groups.insert(s);
    // A stretch is a run of the source order between two kept nodes: on a
    // graph where everything unchanged is connected (a DenseNet's concats),
    // one group per connected set would swallow the whole picture.
    std::vector<unsigned> run(n, 0);
    unsigned runs = 0;
    for (unsigned s : view.getSourceOrder()) {
      if (keep[s] && !hidden[s])
        ++runs;
      run[s] = runs;
    }
    for (unsigned s = 0; s < n; ++s) {
      if (keep[s] || hidden[s])
        continue;
      for (unsigned user : source.getUsers(s))
        if (!keep[user] && !hidden[user] && run[user] == run[s])
          groups.unionSets(s, user);
    }
    for (unsigned s : view.getSourceOrder()) {
      if (keep[s] || hidden[s])
        continue;
      unsigned leader = groups.getLeaderValue(s);
      auto [it, fresh] = groupEnds.try_emplace(leader, s, s);
      if (!fresh)
        it->second.second = s;
      ++groupSize[leader];
    }
    // A group of one is drawn as the node itself.
    for (unsigned s = 0; s < n; ++s)
      if (!keep[s] && !hidden[s] && groupSize[groups.getLeaderValue(s)] == 1)
        keep[s] = true;
  }

  for (unsigned s : view.getSourceOrder()) {
    if (!keep[s] || hidden[s])
      continue;
    DrawNode node;
    node.id = "s" + std::to_string(s);
    node.name = source.getNodeRef(s).str();
    node.kind = describeNode(source.getNode(s));
    node.location = formatLocation(source.getNode(s)->getLoc());
    node.status = view.getSourceStatus(s);
    sourceDraw[s] = addNode(std::move(node));
  }

  if (collapse) {
    unsigned k = 0;
    for (unsigned s : view.getSourceOrder()) {
      if (keep[s] || hidden[s])
        continue;
      unsigned leader = groups.getLeaderValue(s);
      auto it = groupDraw.find(leader);
      if (it == groupDraw.end()) {
        DrawNode node;
        node.id = "c" + std::to_string(k++);
        unsigned size = groupSize[leader];
        node.name = std::to_string(size) + " unchanged";
        auto [first, last] = groupEnds[leader];
        node.kind = source.getNodeRef(first).str();
        if (last != first)
          node.kind += " .. " + source.getNodeRef(last).str();
        node.status = NodeStatus::Unchanged;
        node.count = size;
        node.collapsed = true;
        drawing.collapsedNodes += size;
        it = groupDraw.emplace(leader, addNode(std::move(node))).first;
      }
      sourceDraw[s] = it->second;
    }
  }

  for (unsigned t : view.getTargetOrder()) {
    if (!isNewTarget(t))
      continue;
    DrawNode node;
    node.id = "t" + std::to_string(t);
    node.name = target.getNodeRef(t).str();
    node.kind = describeNode(target.getNode(t));
    node.location = formatLocation(target.getNode(t)->getLoc());
    node.status = view.getTargetStatus(t);
    node.isNew = true;
    targetDraw[t] = addNode(std::move(node));
  }

  // Graph inputs: the source's (red if the plan removes one) and those the
  // plan adds (green), at their target positions.
  std::vector<int> inputDraw(source.getInputs().size(), -1);
  llvm::DenseMap<unsigned, int> addedInputDraw;
  llvm::DenseSet<unsigned> removedInputs;
  for (const PlanAction &action : view.getActions())
    if (action.is<patch::RemoveInputOp>())
      removedInputs.insert(action.number);
  for (BlockArgument arg : source.getInputs()) {
    DrawNode node;
    node.id = "i" + std::to_string(arg.getArgNumber());
    node.name = source.getValueRef(arg).str();
    node.kind = "input";
    node.location = formatLocation(arg.getLoc());
    node.status = removedInputs.contains(arg.getArgNumber())
                      ? NodeStatus::Deleted
                      : NodeStatus::Unchanged;
    node.isInput = true;
    inputDraw[arg.getArgNumber()] = addNode(std::move(node));
  }
  for (const PlanAction &add : view.getActions()) {
    if (!add.is<patch::AddInputOp>())
      continue;
    DrawNode node;
    node.id = "a" + std::to_string(add.number);
    node.name = target.getValueRef(target.getInputs()[add.number]).str();
    node.kind = "input";
    node.status = NodeStatus::Inserted;
    node.isNew = true;
    node.isInput = true;
    addedInputDraw[add.number] = addNode(std::move(node));
  }
  auto sourceInputDraw = [&](Value value) -> int {
    auto arg = dyn_cast<BlockArgument>(value);
    if (!arg || arg.getOwner() != &source.getBody())
      return -1;
    return inputDraw[arg.getArgNumber()];
  };
  auto targetInputDraw = [&](Value value) -> int {
    auto arg = dyn_cast<BlockArgument>(value);
    if (!arg || arg.getOwner() != &target.getBody())
      return -1;
    auto it = addedInputDraw.find(arg.getArgNumber());
    if (it != addedInputDraw.end())
      return it->second;
    // Not added: the source's input it is (not always at its position).
    std::optional<unsigned> kept = view.getInputSource(arg.getArgNumber());
    return kept ? inputDraw[*kept] : -1;
  };

  std::set<std::pair<int, int>> seen;
  auto addEdge = [&](int from, int to, bool replacedBy = false) {
    if (from < 0 || to < 0 || from == to || !seen.insert({from, to}).second)
      return;
    drawing.edges.push_back(DrawEdge{static_cast<unsigned>(from),
                                     static_cast<unsigned>(to), replacedBy});
  };
  for (unsigned s : view.getSourceOrder())
    for (Value input : source.getNodeInputs(s)) {
      if (std::optional<unsigned> p = source.getProducer(input)) {
        if (!sourceLeaf[*p])
          addEdge(sourceDraw[*p], sourceDraw[s]);
      } else {
        addEdge(sourceInputDraw(input), sourceDraw[s]);
      }
    }
  for (unsigned t : view.getTargetOrder()) {
    if (!isNewTarget(t))
      continue;
    for (Value input : target.getNodeInputs(t)) {
      std::optional<unsigned> p = target.getProducer(input);
      if (!p) {
        addEdge(targetInputDraw(input), targetDraw[t]);
        continue;
      }
      if (targetLeaf[*p])
        continue;
      if (targetDraw[*p] >= 0)
        addEdge(targetDraw[*p], targetDraw[t]);
      else if (std::optional<unsigned> s = mapping.getSource(*p))
        addEdge(sourceDraw[*s], targetDraw[t]);
    }
    if (targetLeaf[t])
      continue;
    for (unsigned user : target.getUsers(t))
      if (targetDraw[user] < 0)
        if (std::optional<unsigned> s = mapping.getSource(user))
          addEdge(targetDraw[t], sourceDraw[*s]);
  }

  // Fused regions.
  for (const PlanAction &replace : view.getActions()) {
    if (!replace.is<patch::ReplaceOp>())
      continue;
    unsigned t = *replace.target, anchor = *replace.anchor;
    if (targetDraw[t] < 0 || sourceDraw[anchor] < 0)
      continue;
    DrawCluster cluster;
    cluster.id = "r" + std::to_string(drawing.clusters.size());
    cluster.replacer = targetDraw[t];
    cluster.anchor = sourceDraw[anchor];
    cluster.label = "fused into " + target.getNodeRef(t).str();
    for (unsigned s : replace.sources)
      if (sourceDraw[s] >= 0 &&
          !llvm::is_contained(cluster.members, sourceDraw[s]) &&
          drawing.nodes[sourceDraw[s]].cluster < 0) {
        cluster.members.push_back(sourceDraw[s]);
        drawing.nodes[sourceDraw[s]].cluster = drawing.clusters.size();
      }
    addEdge(cluster.anchor, cluster.replacer, /*replacedBy=*/true);
    drawing.clusters.push_back(std::move(cluster));
  }
  drawing.sourceNodes = std::move(sourceDraw);
  drawing.newTargetNodes = std::move(targetDraw);
  drawing.sourceInputNodes = inputDraw;
  for (BlockArgument arg : target.getInputs())
    drawing.targetInputNodes.push_back(targetInputDraw(arg));
  return drawing;
}

//===----------------------------------------------------------------------===//
// Actions
//===----------------------------------------------------------------------===//

namespace {

/// Fills the ActionLine of one recorded action; describe() returns false for
/// an action the reports leave out (a delete absorbed by a replace, which
/// says it).
class ActionDescriber {
public:
  explicit ActionDescriber(const PairView &view)
      : source(view.source()), target(view.target()) {}

  bool describe(const PlanAction &action, ActionLine &line) const {
    line.stage = action.stage ? patch::stringifyMatchStage(*action.stage).str()
                              : std::string();
    if (action.is<patch::DeleteOp>())
      return describeDelete(action, line);
    if (action.is<patch::ReplaceOp>())
      return describeReplace(action, line);
    if (action.is<patch::InsertOp>())
      return describeInsert(action, line);
    if (action.is<patch::UpdateOp>())
      return describeUpdate(action, line);
    if (action.is<patch::SetGraphAttributesOp>())
      return describeGraphAttributes(action, line);
    return describeSignature(action, line);
  }

private:
  bool describeDelete(const PlanAction &del, ActionLine &line) const {
    if (del.isAbsorbed())
      return false;
    unsigned s = del.sources.front();
    line.verb = "delete";
    line.names = source.getNodeRefText(s);
    line.what = sourceKind(s);
    if (!del.reason.empty())
      line.what += " (" + del.reason.str() + ")";
    line.location = sourceLoc(s);
    line.status = NodeStatus::Deleted;
    line.nodes.push_back(line.names);
    return true;
  }

  bool describeReplace(const PlanAction &replace, ActionLine &line) const {
    unsigned size = replace.sources.size(), t = *replace.target;
    line.verb = size > 1 ? "fuse" : "replace";
    // Folding: the new node is a constant, or the region is constants and
    // the one node they fold into.
    bool toConstant = target.getNode(t)->hasTrait<OpTrait::ConstantLike>();
    unsigned constants = llvm::count_if(replace.sources, [&](unsigned s) {
      return source.getNode(s)->hasTrait<OpTrait::ConstantLike>();
    });
    if (toConstant || (size > 1 && constants + 1 == size))
      line.verb = "fold";
    SmallVector<std::string> names;
    // A kind that comes back is said once, with its count, where it first
    // comes (`tensor.empty x515 + linalg.generic`); the names keep them all.
    llvm::StringMap<unsigned> kindIndex;
    for (auto [position, s] : llvm::enumerate(replace.sources)) {
      names.push_back(source.getNodeRefText(s));
      line.nodes.push_back(names.back());
      std::string kind = sourceKind(s);
      auto [it, fresh] = kindIndex.try_emplace(kind, line.regionKinds.size());
      if (fresh)
        line.regionKinds.push_back({std::move(kind), {}});
      line.regionKinds[it->second].members.push_back(position);
    }
    std::string newKind = describeNode(target.getNode(t));
    SmallVector<std::string> kinds;
    for (const ActionLine::RegionKind &region : line.regionKinds)
      kinds.push_back(region.members.size() == 1
                          ? region.kind
                          : region.kind + " x" +
                                std::to_string(region.members.size()));
    std::string newName = target.getNodeRefText(t);
    line.names = llvm::join(names, " + ") + " -> " + newName;
    if (line.verb == "fold" && toConstant)
      line.what = llvm::join(kinds, " + ") +
                  (StringRef(newKind).contains("const") ? " into "
                                                        : " into constant ") +
                  newKind;
    else
      line.what = llvm::join(kinds, " + ") +
                  (size > 1 || line.verb == "fold" ? " into " : " with ") +
                  newKind;
    if (replace.init)
      line.what += " (init)";
    line.location = sourceLoc(*replace.anchor);
    line.status = NodeStatus::Replacing;
    line.nodes.push_back(newName);
    return true;
  }

  bool describeInsert(const PlanAction &insert, ActionLine &line) const {
    Operation *node = target.getNode(*insert.target);
    line.verb = "insert";
    line.names = target.getNodeRefText(*insert.target);
    line.what = describeNode(node);
    if (!insert.reason.empty())
      line.what += " (" + insert.reason.str() + ")";
    line.location = formatLocation(node->getLoc());
    line.status = NodeStatus::Inserted;
    line.nodes.push_back(line.names);
    return true;
  }

  bool describeUpdate(const PlanAction &update, ActionLine &line) const {
    unsigned s = update.sources.front();
    line.verb = "update";
    line.names = source.getNodeRefText(s);
    line.what = sourceKind(s);
    if (patch::bitEnumContainsAny(update.changes, patch::NodeChange::Kind))
      line.what += " -> " + describeNode(target.getNode(*update.target));
    line.details = update.details;
    // Which attributes changed go with the kinds of change (identical
    // changes still fold); their values are in the details.
    SmallVector<std::string> kinds;
    for (patch::NodeChange change : patch::getSetBits(update.changes)) {
      std::string kind = patch::stringifyNodeChange(change);
      SmallVector<StringRef> names;
      for (const ChangeDetail &detail : line.details)
        if (change == patch::NodeChange::Attributes &&
            detail.change == "attribute")
          names.push_back(detail.name);
      if (!names.empty())
        kind += ": " + llvm::join(names, ", ");
      kinds.push_back(kind);
    }
    line.what += " (" + llvm::join(kinds, "; ") + ")";
    line.location = sourceLoc(s);
    line.status = NodeStatus::Updated;
    line.nodes.push_back(line.names);
    return true;
  }

  bool describeGraphAttributes(const PlanAction &set, ActionLine &line) const {
    line.verb = "set graph attributes";
    // Only restating what input and output edits would drop: no change.
    if (set.details.empty())
      return false;
    line.details = set.details;
    SmallVector<StringRef> names;
    for (const ChangeDetail &detail : line.details)
      names.push_back(detail.name);
    line.what = "(" + llvm::join(names, ", ") + ")";
    line.location = formatLocation(target.getOperation()->getLoc());
    line.status = NodeStatus::Updated;
    return true;
  }

  /// The graph's inputs and outputs.
  bool describeSignature(const PlanAction &action, ActionLine &line) const {
    std::string number = std::to_string(action.number);
    if (action.is<patch::AddInputOp>()) {
      BlockArgument arg = target.getInputs()[action.number];
      line.verb = "add input";
      line.names = target.getValueRef(arg).str();
      llvm::raw_string_ostream os(line.what);
      os << arg.getType() << " at #" << number;
      line.status = NodeStatus::Inserted;
    } else if (action.is<patch::RemoveInputOp>()) {
      line.verb = "remove input";
      line.names = source.getValueRef(source.getInputs()[action.number]).str();
      line.status = NodeStatus::Deleted;
    } else if (action.is<patch::AddOutputOp>()) {
      line.verb = "add output";
      line.names = "#" + number;
      // The value as the plan names it (a source value, or a new node's).
      line.what = cast<patch::AddOutputOp>(action.op).getValue().bareStr();
      line.status = NodeStatus::Inserted;
    } else {
      line.verb = "remove output";
      line.names = "#" + number;
      line.status = NodeStatus::Deleted;
    }
    return true;
  }

  std::string sourceKind(unsigned s) const {
    return describeNode(source.getNode(s));
  }
  std::string sourceLoc(unsigned s) const {
    return formatLocation(source.getNode(s)->getLoc());
  }

  const Graph &source;
  const Graph &target;
};

} // namespace

std::vector<ActionLine> graphdiff::describeActions(const PairView &view) {
  std::vector<ActionLine> lines;
  ActionDescriber describer(view);
  for (const PlanAction &action : view.getActions()) {
    ActionLine line;
    line.kind = action.kind.str();
    line.action = &action;
    if (describer.describe(action, line))
      lines.push_back(std::move(line));
  }
  return lines;
}
