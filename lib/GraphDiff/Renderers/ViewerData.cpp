//===- ViewerData.cpp - What the HTML viewer draws, as JSON ---------------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "ViewerData.h"

#include "Layout.h"

#include "GraphDiff/Dialect/Patch/IR/PatchVisitors.h"

#include "mlir/IR/AsmState.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/JSON.h"

#include <climits>
#include <cmath>

using namespace mlir;
using namespace graphdiff;

/// IR text longer than this is cut (the page is meant to open quickly on
/// graphs of tens of thousands of nodes): shorter on big graphs.
static constexpr size_t kMaxIRText = 1200, kMaxIRTextBig = 400,
                        kBigGraph = 5000;

namespace {
/// Collects the nodes and inputs one action involves; returns false for an
/// action without a line of its own.
class ActionNodeCollector
    : public patch::ActionVisitor<ActionNodeCollector, bool, ActionNodes &> {
public:
  explicit ActionNodeCollector(const PairView &view) : view(view) {}

  using ActionVisitor::visitAction;

  bool visitAction(patch::DeleteOp del, ActionNodes &line) {
    // Deletes absorbed by a replace are part of the replace's line.
    if (del.getAbsorbedByAttr())
      return false;
    addSource(line, del.getNode());
    return true;
  }
  bool visitAction(patch::ReplaceOp replace, ActionNodes &line) {
    for (auto ref : replace.getRegion().getAsRange<patch::RefAttr>())
      addSource(line, ref);
    addTarget(line, replace.getNewName());
    return true;
  }
  bool visitAction(patch::InsertOp insert, ActionNodes &line) {
    addTarget(line, insert.getNewName());
    return true;
  }
  bool visitAction(patch::UpdateOp update, ActionNodes &line) {
    addSource(line, update.getNode());
    return true;
  }
  bool visitAction(patch::AddInputOp add, ActionNodes &line) {
    line.inputs.push_back("a" + std::to_string(add.getPosition()));
    return true;
  }
  bool visitAction(patch::RemoveInputOp remove, ActionNodes &line) {
    if (auto arg = dyn_cast_or_null<BlockArgument>(
            view.source().lookupValue(remove.getInput())))
      line.inputs.push_back("i" + std::to_string(arg.getArgNumber()));
    return true;
  }
  /// Output edits name no node: an empty line.
  bool visitUnhandledAction(Operation *, ActionNodes &) { return true; }
  bool visitInvalidAction(Operation *, ActionNodes &) { return true; }

private:
  void addSource(ActionNodes &line, patch::RefAttr ref) {
    if (std::optional<unsigned> s = view.sourceNode(ref))
      line.source.push_back(*s);
  }
  void addTarget(ActionNodes &line, patch::RefAttr ref) {
    if (std::optional<unsigned> t = view.targetNode(ref))
      line.target.push_back(*t);
  }

  const PairView &view;
};
} // namespace

std::vector<ActionNodes> graphdiff::actionNodes(const PairView &view) {
  std::vector<ActionNodes> lines;
  ActionNodeCollector collector(view);
  for (Operation &op : view.getPlan().getActions().front()) {
    ActionNodes line;
    if (collector.dispatchActionVisitor(&op, line))
      lines.push_back(std::move(line));
  }
  return lines;
}

namespace {
/// The IR text of a graph's nodes, printed with the SSA names of the whole
/// graph.
class IRText {
public:
  explicit IRText(const Graph &graph)
      : graph(graph),
        limit(graph.size() > kBigGraph ? kMaxIRTextBig : kMaxIRText),
        state(graph.getOperation(), OpPrintingFlags()
                                        .elideLargeElementsAttrs(8)
                                        .elideLargeResourceString(32)) {}
  std::string of(unsigned node) {
    std::string text;
    llvm::raw_string_ostream os(text);
    graph.getNode(node)->print(os, state);
    if (text.size() > limit)
      text = text.substr(0, limit) + "\n...";
    return text;
  }

private:
  const Graph &graph;
  size_t limit;
  AsmState state;
};

/// The node table: one row per drawing id, shared by both views.
struct NodeTable {
  std::vector<const DrawNode *> rows;
  llvm::StringMap<unsigned> index;
  unsigned add(const DrawNode &node) {
    auto [it, fresh] = index.try_emplace(node.id, rows.size());
    if (fresh)
      rows.push_back(&node);
    return it->second;
  }
};
} // namespace

static std::string utf8(std::string text) {
  if (!llvm::json::isUTF8(text))
    return llvm::json::fixUTF8(text);
  return text;
}

static long coordinate(double value) { return std::lround(value); }

/// Where each drawing node was written, in source-file positions: a source
/// node's own, a new target node's that of the closest paired target node
/// written before it; -1 for inputs and collapsed groups.
static std::vector<int> fileOrder(const PairView &view,
                                  const Drawing &drawing) {
  const NodeMapping &mapping = view.getPair().mapping;
  std::vector<int> targetOrder(view.target().size(), -1);
  int last = -1;
  for (unsigned t = 0; t < targetOrder.size(); ++t) {
    if (std::optional<unsigned> s = mapping.getSource(t))
      last = *s;
    targetOrder[t] = last;
  }
  std::vector<int> order;
  order.reserve(drawing.nodes.size());
  for (const DrawNode &node : drawing.nodes) {
    StringRef id(node.id);
    unsigned index = 0;
    if (id.consume_front("s") && !id.getAsInteger(10, index))
      order.push_back(index);
    else if (id.consume_front("t") && !id.getAsInteger(10, index))
      order.push_back(targetOrder[index]);
    else
      order.push_back(-1);
  }
  return order;
}

static void writeView(llvm::json::OStream &json, const PairView &view,
                      const Drawing &drawing,
                      const std::vector<unsigned> &rows) {
  DrawingLayout layout = layoutDrawing(drawing, fileOrder(view, drawing));
  json.object([&] {
    json.attribute("width", coordinate(layout.width));
    json.attribute("height", coordinate(layout.height));
    // [table row, x, y] per node; every node is kLayoutNodeWidth wide.
    json.attributeArray("nodes", [&] {
      for (auto [i, box] : llvm::enumerate(layout.nodes))
        json.array([&] {
          json.value(rows[i]);
          json.value(coordinate(box.x));
          json.value(coordinate(box.y));
        });
    });
    // [from, to, replacedBy] in view node indices.
    json.attributeArray("edges", [&] {
      for (const DrawEdge &edge : drawing.edges)
        json.array([&] {
          json.value(edge.from);
          json.value(edge.to);
          json.value(edge.replacedBy ? 1 : 0);
        });
    });
    json.attributeArray("clusters", [&] {
      for (auto [i, cluster] : llvm::enumerate(drawing.clusters)) {
        const LayoutBox &box = layout.clusters[i];
        json.object([&] {
          json.attribute("label", utf8(cluster.label));
          json.attribute("replacer", cluster.replacer);
          json.attributeArray("members", [&] {
            for (unsigned m : cluster.members)
              json.value(m);
          });
          // No box (width 0) for a region spread over many layers.
          json.attributeArray("box", [&] {
            for (double v : {box.x, box.y, box.width, box.height})
              json.value(coordinate(v));
          });
        });
      }
    });
  });
}

ViewerData graphdiff::buildViewerData(const PairView &view,
                                      llvm::ArrayRef<ActionLine> actions,
                                      const RenderOptions &options) {
  const Graph &source = view.source();
  const Graph &target = view.target();
  ViewerData data;
  RenderOptions allOptions = options, changesOptions = options;
  allOptions.collapseAbove = UINT_MAX;
  changesOptions.collapseAbove = 0;
  Drawing all = buildDrawing(view, allOptions);
  Drawing changes = buildDrawing(view, changesOptions);
  data.collapsedNodes = changes.collapsedNodes;
  data.hiddenLeaves = all.hiddenLeaves;
  data.drawnNodes = all.nodes.size();
  data.changesFirst = source.size() > options.collapseAbove;

  NodeTable table;
  std::vector<unsigned> allRows, changesRows;
  for (const DrawNode &node : all.nodes)
    allRows.push_back(table.add(node));
  for (const DrawNode &node : changes.nodes)
    changesRows.push_back(table.add(node));

  // The first action line that names each node.
  std::vector<ActionNodes> involved = actionNodes(view);
  llvm::StringMap<unsigned> actionOf;
  for (auto [line, nodes] : llvm::enumerate(involved)) {
    for (unsigned s : nodes.source)
      actionOf.try_emplace("s" + std::to_string(s), line);
    for (unsigned t : nodes.target)
      actionOf.try_emplace("t" + std::to_string(t), line);
    for (const std::string &input : nodes.inputs)
      actionOf.try_emplace(input, line);
  }

  IRText sourceIR(source), targetIR(target);
  std::string out;
  llvm::raw_string_ostream os(out);
  llvm::json::OStream json(os);
  json.object([&] {
    json.attribute("graph", utf8(source.getName().str()));
    json.attribute("changesFirst", data.changesFirst);
    json.attributeArray("nodes", [&] {
      for (const DrawNode *node : table.rows) {
        json.object([&] {
          json.attribute("id", node->id);
          json.attribute("name", utf8(node->name));
          json.attribute("kind", utf8(node->kind));
          json.attribute("status", stringifyNodeStatus(node->status));
          if (!node->location.empty())
            json.attribute("loc", utf8(node->location));
          if (node->isNew)
            json.attribute("new", true);
          if (node->isInput)
            json.attribute("input", true);
          if (node->collapsed)
            json.attribute("count", node->count);
          StringRef id(node->id);
          unsigned index = 0;
          if (id.consume_front("s") && !id.getAsInteger(10, index)) {
            json.attribute("ir", utf8(sourceIR.of(index)));
            std::optional<unsigned> t = view.getImage(index);
            if (t && (node->status == NodeStatus::Unchanged ||
                      node->status == NodeStatus::Updated)) {
              json.attribute("tname", utf8(target.getNodeRef(*t).str()));
              std::string loc = formatLocation(target.getNode(*t)->getLoc());
              if (!loc.empty())
                json.attribute("tloc", utf8(loc));
              // An unchanged node's target IR differs only in names.
              if (node->status == NodeStatus::Updated) {
                std::string kind = describeNode(target.getNode(*t));
                if (kind != node->kind)
                  json.attribute("tkind", utf8(kind));
                json.attribute("tir", utf8(targetIR.of(*t)));
              }
            }
          } else if (id.consume_front("t") && !id.getAsInteger(10, index)) {
            json.attribute("ir", utf8(targetIR.of(index)));
          }
          auto action = actionOf.find(node->id);
          if (action != actionOf.end())
            json.attribute("action", action->second);
        });
      }
    });
    json.attributeArray("actions", [&] {
      for (const ActionLine &line : actions)
        json.object([&] {
          json.attribute("verb", line.verb);
          json.attribute("names", utf8(line.names));
        });
    });
    // The nodes of each action line, as table rows.
    json.attributeArray("actionNodes", [&] {
      for (const ActionNodes &nodes : involved)
        json.array([&] {
          auto emit = [&](const std::string &id) {
            auto it = table.index.find(id);
            if (it != table.index.end())
              json.value(it->second);
          };
          for (unsigned s : nodes.source)
            emit("s" + std::to_string(s));
          for (unsigned t : nodes.target)
            emit("t" + std::to_string(t));
          for (const std::string &input : nodes.inputs)
            emit(input);
        });
    });
    json.attributeObject("views", [&] {
      json.attributeBegin("all");
      writeView(json, view, all, allRows);
      json.attributeEnd();
      json.attributeBegin("changes");
      writeView(json, view, changes, changesRows);
      json.attributeEnd();
    });
  });
  os.flush();
  // Inside <script>, "</script>" or "<!--" must not appear: `<` only occurs
  // in JSON strings, where \u003c means the same.
  data.json.reserve(out.size());
  for (char c : out) {
    if (c == '<')
      data.json += "\\u003c";
    else
      data.json += c;
  }
  return data;
}
