//===- ViewerData.cpp - What the HTML viewer draws, as JSON ---------------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "ViewerData.h"

#include "GraphDiff/Renderers/ReportText.h"

#include "mlir/IR/AsmState.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"

#include <climits>

using namespace mlir;
using namespace graphdiff;

/// IR text longer than this is cut (the page is meant to open quickly on
/// graphs of tens of thousands of nodes): shorter on big graphs.
static constexpr size_t kMaxIRText = 1200, kMaxIRTextBig = 400,
                        kBigGraph = 5000;

std::vector<ActionNodes> graphdiff::actionNodes(ArrayRef<ActionLine> lines) {
  std::vector<ActionNodes> nodes(lines.size());
  for (auto [line, involved] : llvm::zip_equal(lines, nodes)) {
    const PlanAction &action = *line.action;
    if (action.is<patch::AddInputOp>()) {
      involved.inputs.push_back("a" + std::to_string(action.number));
    } else if (action.is<patch::RemoveInputOp>()) {
      involved.inputs.push_back("i" + std::to_string(action.number));
    } else if (!action.is<patch::UpdateOp>()) {
      // A delete's node, a replace's region and new node, an insert's.
      involved.source.assign(action.sources.begin(), action.sources.end());
      if (action.target)
        involved.target.push_back(*action.target);
    } else {
      // An updated node is drawn as its source node.
      involved.source.push_back(action.sources.front());
    }
  }
  return nodes;
}

PictureSelection::PictureSelection(const PairView &view,
                                   const RenderOptions &options)
    : view(view), active(!options.onlyKinds.empty()) {
  if (!active)
    return;
  source.assign(view.source().size(), false);
  target.assign(view.target().size(), false);
  std::vector<ActionLine> described = describeActions(view);
  std::vector<ActionNodes> involved = actionNodes(described);
  for (auto [line, nodes] : llvm::zip_equal(described, involved)) {
    bool selected = selectsAction(options, line);
    lines.push_back(selected);
    if (!selected)
      continue;
    for (unsigned s : nodes.source)
      source[s] = true;
    for (unsigned t : nodes.target)
      target[t] = true;
    for (const std::string &input : nodes.inputs)
      inputs.insert(input);
  }
}

bool PictureSelection::dimsSource(unsigned s) const {
  return active && view.getSourceStatus(s) != NodeStatus::Unchanged &&
         !source[s];
}

bool PictureSelection::dimsTarget(unsigned t) const {
  if (!active || view.getTargetStatus(t) == NodeStatus::Unchanged)
    return false;
  // An updated target node goes with its source node's update.
  if (view.getTargetStatus(t) == NodeStatus::Updated)
    if (std::optional<unsigned> s = view.getPair().mapping.getSource(t))
      return dimsSource(*s);
  return !target[t];
}

bool PictureSelection::dims(const DrawNode &node) const {
  if (!active || node.collapsed || node.status == NodeStatus::Unchanged)
    return false;
  StringRef id(node.id);
  unsigned index = 0;
  if (id.consume_front("s") && !id.getAsInteger(10, index))
    return dimsSource(index);
  id = node.id;
  if (id.consume_front("t") && !id.getAsInteger(10, index))
    return dimsTarget(index);
  if (node.isInput)
    return !inputs.contains(node.id);
  return false;
}

std::string graphdiff::dimColor(StringRef color) {
  unsigned rgb = 0;
  if (!color.consume_front("#") || color.size() != 6 ||
      color.getAsInteger(16, rgb))
    return color.str();
  // Three quarters of the way to white.
  auto fade = [](unsigned c) { return c + (255 - c) * 3 / 4; };
  return llvm::formatv("#{0:x-2}{1:x-2}{2:x-2}", fade((rgb >> 16) & 255),
                       fade((rgb >> 8) & 255), fade(rgb & 255))
      .str();
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

/// Strings that the data names by index, in order of first use.
struct StringTable {
  std::vector<std::string> strings;
  llvm::StringMap<unsigned> index;
  unsigned add(StringRef text) {
    auto [it, fresh] = index.try_emplace(text, strings.size());
    if (fresh)
      strings.push_back(text.str());
    return it->second;
  }
};

/// An IR text as a template and the SSA names it lacks: the text with the
/// name after every `%` taken out, and those names joined by spaces. Nodes
/// whose IR differs only in names (most of a big model) share a template.
struct IRPiece {
  int shape = -1;
  std::string names;
};

bool isNameChar(char c) {
  return llvm::isAlnum(c) || c == '$' || c == '.' || c == '_' || c == '-';
}

IRPiece splitNames(StringRef text, StringTable &shapes) {
  std::string shape, names;
  unsigned count = 0;
  for (size_t i = 0; i < text.size();) {
    char c = text[i++];
    shape += c;
    if (c != '%')
      continue;
    size_t end = i;
    while (end < text.size() && isNameChar(text[end]))
      ++end;
    if (count++)
      names += ' ';
    names += text.substr(i, end - i);
    i = end;
  }
  return {static_cast<int>(shapes.add(shape)), names};
}

/// A location (`file:line:col`) as [file, line, col], the file in the
/// string table; line 0 when the text is not of that form (all of it is the
/// "file"); [-1, 0, 0] for none.
struct Place {
  int file = -1;
  unsigned line = 0, col = 0;
};

Place placeOf(StringRef location, StringTable &strings) {
  Place place;
  if (location.empty())
    return place;
  auto [rest, col] = location.rsplit(':');
  auto [file, line] = rest.rsplit(':');
  if (col.getAsInteger(10, place.col) || line.getAsInteger(10, place.line) ||
      file.empty() || !place.line) {
    place.line = place.col = 0;
    file = location;
  }
  place.file = strings.add(file);
  return place;
}

/// What the page shows of one table row.
struct Row {
  std::string name, tname;
  unsigned kind = 0;
  int tkind = -1, action = -1;
  NodeStatus status = NodeStatus::Unchanged;
  /// 1: new (target only), 2: a graph input, 4: dimmed (a change no
  /// action selected by --only names).
  unsigned flags = 0, count = 0;
  bool paired = false;
  Place loc, tloc;
  IRPiece ir, tir;
};

/// The node table: one row per drawing id, shared by all views.
struct NodeTable {
  std::vector<const DrawNode *> rows;
  llvm::StringMap<unsigned> index;
  std::vector<unsigned> add(const Drawing &drawing) {
    std::vector<unsigned> out;
    for (const DrawNode &node : drawing.nodes) {
      auto [it, fresh] = index.try_emplace(node.id, rows.size());
      if (fresh)
        rows.push_back(&node);
      out.push_back(it->second);
    }
    return out;
  }
};

/// A named view of the pair and its drawing.
struct NamedView {
  StringRef name;
  Drawing drawing;
  std::vector<unsigned> rows;
};
} // namespace

static std::string utf8(std::string text) {
  if (!llvm::json::isUTF8(text))
    return llvm::json::fixUTF8(text);
  return text;
}

/// Inside <script>, "</script>" or "<!--" must not appear: `<` only occurs
/// in JSON strings, where \u003c means the same.
static std::string scriptSafe(const std::string &json) {
  std::string out;
  out.reserve(json.size());
  for (char c : json) {
    if (c == '<')
      out += "\\u003c";
    else
      out += c;
  }
  return out;
}

/// Writes a JSON object with `body` into a <script>-safe string.
static std::string
jsonObject(llvm::function_ref<void(llvm::json::OStream &)> body) {
  std::string out;
  llvm::raw_string_ostream os(out);
  llvm::json::OStream json(os);
  json.object([&] { body(json); });
  os.flush();
  return scriptSafe(out);
}

/// The rows of the node table, their strings in `strings` and their IR
/// shapes in `shapes`; `involved` is actionNodes() of the view's lines.
static std::vector<Row> buildRows(const PairView &view, const NodeTable &table,
                                  llvm::ArrayRef<ActionNodes> involved,
                                  const PictureSelection &selection,
                                  StringTable &strings, StringTable &shapes) {
  const Graph &source = view.source();
  const Graph &target = view.target();
  // The first action line that names each node.
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
  std::vector<Row> rows;
  rows.reserve(table.rows.size());
  for (const DrawNode *node : table.rows) {
    Row row;
    row.name = utf8(node->name);
    row.kind = strings.add(utf8(node->kind));
    row.status = node->status;
    row.flags = (node->isNew ? 1 : 0) | (node->isInput ? 2 : 0) |
                (selection.dims(*node) ? 4 : 0);
    row.count = node->collapsed ? node->count : 0;
    row.loc = placeOf(utf8(node->location), strings);
    StringRef id(node->id);
    unsigned index = 0;
    if (id.consume_front("s") && !id.getAsInteger(10, index)) {
      row.ir = splitNames(utf8(sourceIR.of(index)), shapes);
      std::optional<unsigned> t = view.getImage(index);
      if (t && (node->status == NodeStatus::Unchanged ||
                node->status == NodeStatus::Updated)) {
        row.paired = true;
        row.tname = utf8(target.getNodeRef(*t).str());
        row.tloc = placeOf(utf8(formatLocation(target.getNode(*t)->getLoc())),
                           strings);
        // An unchanged node's target IR differs only in names.
        if (node->status == NodeStatus::Updated) {
          std::string kind = utf8(describeNode(target.getNode(*t)));
          if (kind != node->kind)
            row.tkind = strings.add(kind);
          row.tir = splitNames(utf8(targetIR.of(*t)), shapes);
        }
      }
    } else if (id.consume_front("t") && !id.getAsInteger(10, index)) {
      row.ir = splitNames(utf8(targetIR.of(index)), shapes);
    }
    auto action = actionOf.find(node->id);
    if (action != actionOf.end())
      row.action = action->second;
    rows.push_back(std::move(row));
  }
  return rows;
}

static void writePlaces(llvm::json::OStream &json, StringRef key,
                        llvm::ArrayRef<Row> rows, Place Row::*member) {
  json.attributeArray(key, [&] {
    for (const Row &row : rows) {
      const Place &place = row.*member;
      json.value(place.file);
      json.value(place.line);
      json.value(place.col);
    }
  });
}

/// The node table in columns (docs/Renderers.md).
static void writeColumns(llvm::json::OStream &json, llvm::ArrayRef<Row> rows) {
  auto column = [&](StringRef key, auto value) {
    json.attributeArray(key, [&] {
      for (const Row &row : rows)
        value(row);
    });
  };
  column("name", [&](const Row &row) { json.value(row.name); });
  column("kind", [&](const Row &row) { json.value(row.kind); });
  column("status",
         [&](const Row &row) { json.value(static_cast<int>(row.status)); });
  column("flags", [&](const Row &row) { json.value(row.flags); });
  writePlaces(json, "loc", rows, &Row::loc);
  // 0 for a row without a target counterpart.
  column("tname", [&](const Row &row) {
    if (row.paired)
      json.value(row.tname);
    else
      json.value(0);
  });
  writePlaces(json, "tloc", rows, &Row::tloc);
  column("tkind", [&](const Row &row) { json.value(row.tkind); });
  column("action", [&](const Row &row) { json.value(row.action); });
  // Collapsed groups only: row, count.
  json.attributeArray("count", [&] {
    for (auto [i, row] : llvm::enumerate(rows))
      if (row.count) {
        json.value(i);
        json.value(row.count);
      }
  });
}

ViewerData graphdiff::buildViewerData(const PairView &view,
                                      const RenderOptions &options) {
  const Graph &source = view.source();
  ViewerData data;
  data.changesFirst = source.size() > options.collapseAbove;

  // The views, the one the page opens on first.
  std::vector<NamedView> views;
  auto addView = [&](StringRef name, bool changes, bool checks) {
    RenderOptions viewOptions = options;
    viewOptions.collapseAbove = changes ? 0 : UINT_MAX;
    viewOptions.hideUnchangedChecks = !checks;
    views.push_back({name, buildDrawing(view, viewOptions), {}});
  };
  addView("all", false, false);
  addView("changes", true, false);
  data.collapsedNodes = views[1].drawing.collapsedNodes;
  data.hiddenLeaves = views[0].drawing.hiddenLeaves;
  data.hiddenChecks = views[0].drawing.hiddenChecks;
  data.drawnNodes = views[0].drawing.nodes.size();
  if (data.hiddenChecks) {
    addView("allChecks", false, true);
    addView("changesChecks", true, true);
  }
  if (data.changesFirst)
    std::swap(views[0], views[1]);

  NodeTable table;
  for (NamedView &named : views)
    named.rows = table.add(named.drawing);
  data.sourceRows.assign(source.size(), -1);
  for (auto [s, row] : llvm::enumerate(data.sourceRows))
    if (auto it = table.index.find("s" + std::to_string(s));
        it != table.index.end())
      row = it->second;
  std::vector<ActionNodes> involved = actionNodes(describeActions(view));
  StringTable strings, shapes;
  PictureSelection selection(view, options);
  std::vector<Row> rows =
      buildRows(view, table, involved, selection, strings, shapes);

  data.first = jsonObject([&](llvm::json::OStream &json) {
    json.attribute("graph", utf8(source.getName().str()));
    json.attribute("changesFirst", data.changesFirst);
    json.attribute("hiddenChecks", data.hiddenChecks);
    // The status column's numbers: NodeStatus's values.
    json.attributeArray("statuses", [&] {
      for (unsigned status = 0; status <= patch::getMaxEnumValForNodeStatus();
           ++status)
        json.value(stringifyNodeStatus(static_cast<NodeStatus>(status)));
    });
    json.attributeObject("nodes", [&] { writeColumns(json, rows); });
    json.attributeArray("strings", [&] {
      for (const std::string &text : strings.strings)
        json.value(text);
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
      json.attributeBegin(views[0].name);
      writeViewerView(json, view, views[0].drawing, views[0].rows);
      json.attributeEnd();
    });
  });
  data.views = jsonObject([&](llvm::json::OStream &json) {
    for (const NamedView &named : llvm::drop_begin(views)) {
      json.attributeBegin(named.name);
      writeViewerView(json, view, named.drawing, named.rows);
      json.attributeEnd();
    }
  });
  // Per row: shape, names ([-1, ""] for none); target IR of updated rows:
  // row, shape, names.
  data.ir = jsonObject([&](llvm::json::OStream &json) {
    json.attributeArray("shapes", [&] {
      for (const std::string &shape : shapes.strings)
        json.value(shape);
    });
    json.attributeArray("ir", [&] {
      for (const Row &row : rows) {
        json.value(row.ir.shape);
        json.value(row.ir.names);
      }
    });
    json.attributeArray("tir", [&] {
      for (auto [i, row] : llvm::enumerate(rows))
        if (row.tir.shape >= 0) {
          json.value(i);
          json.value(row.tir.shape);
          json.value(row.tir.names);
        }
    });
  });
  return data;
}
