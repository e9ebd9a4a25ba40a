//===- ModelExplorerRenderer.cpp - The diff for Google's Model Explorer ---===//
//
// Part of graph-diff.
//
// One JSON file that Model Explorer (github.com/google-ai-edge/model-explorer)
// reads twice: as a graph collection (top-level `label` and `graphs`: both
// sides of every graph pair, nodes with `id`, `label`, `namespace`, `attrs`,
// `incomingEdges`, `outputsMetadata`, `style`) and as sync-navigation data
// (top-level `mappingEntries`, `showDiffHighlights`, ...), so that its
// side-by-side view pairs the nodes and marks deleted and new ones. Each
// loader ignores the other's fields. docs/Renderers.md explains how to open
// it; test/Renderers/Inputs/check_model_explorer.py checks the loader rules.
//
//===----------------------------------------------------------------------===//

#include "ViewerData.h"

#include "GraphDiff/Renderers/Renderers.h"
#include "GraphDiff/Renderers/ReportModel.h"
#include "GraphDiff/Renderers/ReportText.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/Location.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/JSON.h"

#include <algorithm>
#include <functional>
#include <map>

using namespace mlir;
using namespace graphdiff;

/// Attribute values longer than this are cut.
static constexpr size_t kMaxAttrText = 400;

static std::string utf8(std::string text) {
  if (!llvm::json::isUTF8(text))
    return llvm::json::fixUTF8(text);
  return text;
}

/// The name a location gives a node, if any: the first NameLoc inside it
/// (through call sites and fusions).
static std::optional<std::string> locationName(Location loc) {
  if (auto name = dyn_cast<NameLoc>(loc))
    return name.getName().str();
  if (auto call = dyn_cast<CallSiteLoc>(loc))
    return locationName(call.getCallee());
  if (auto fused = dyn_cast<FusedLoc>(loc))
    for (Location inner : fused.getLocations())
      if (std::optional<std::string> name = locationName(inner))
        return name;
  return std::nullopt;
}

/// Model Explorer's namespace for a node: the module path of its location's
/// name (`loc("layer1.0.conv1")` or `loc("layer1/0/conv1")` gives
/// `layer1/0`), else of an `lg` node's dotted id (`@"layer1.0.conv1"`); ""
/// (the top level) otherwise. Components are never empty and never hold
/// `;`, which the loader treats as a separator.
static std::string namespaceOf(Operation *op, StringRef ref) {
  std::string path;
  if (std::optional<std::string> name = locationName(op->getLoc()))
    path = *name;
  else if (ref.consume_front("@"))
    path = ref.trim('"').str();
  SmallVector<StringRef> parts;
  StringRef(path).split(parts, '/', -1, /*KeepEmpty=*/false);
  if (parts.size() <= 1) {
    parts.clear();
    StringRef(path).split(parts, '.', -1, /*KeepEmpty=*/false);
  }
  if (parts.size() <= 1)
    return "";
  parts.pop_back();
  std::string out;
  for (StringRef part : parts) {
    std::string clean = part.trim().str();
    std::replace(clean.begin(), clean.end(), ';', '_');
    std::replace(clean.begin(), clean.end(), '\\', '_');
    if (clean.empty())
      continue;
    if (!out.empty())
      out += "/";
    out += clean;
  }
  return out;
}

static std::string print(Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << type;
  return text;
}

namespace {
/// Writes one side of a pair as a Model Explorer graph.
struct GraphWriter {
  llvm::json::OStream &json;
  const Graph &graph;
  bool isSource;
  std::string prefix;
  /// Per node: status, the counterpart's name, the action line.
  std::function<NodeStatus(unsigned)> status;
  std::function<std::string(unsigned)> counterpart;
  std::function<std::string(unsigned)> action;
  /// Whether --only left the node's change out: its colour is faded.
  std::function<bool(unsigned)> dimmed;

  std::string nodeId(unsigned node) const {
    return prefix + graph.getNodeRef(node).str();
  }
  std::string valueSource(Value value, std::string &output) const {
    if (std::optional<unsigned> producer = graph.getProducer(value)) {
      output = std::to_string(cast<OpResult>(value).getResultNumber());
      return nodeId(*producer);
    }
    output = "0";
    return prefix + graph.getValueRef(value).str();
  }
  void edges(ValueRange inputs) {
    json.attributeArray("incomingEdges", [&] {
      llvm::StringSet<> seen;
      for (size_t index = 0, e = inputs.size(); index < e; ++index) {
        auto value = inputs[index];
        std::string output;
        std::string from = valueSource(value, output);
        json.object([&] {
          json.attribute("sourceNodeId", utf8(from));
          json.attribute("sourceNodeOutputId", output);
          json.attribute("targetNodeInputId", std::to_string(index));
        });
      }
    });
  }
  void keyValue(StringRef key, StringRef value) {
    json.object([&] {
      json.attribute("key", key);
      std::string text = value.str();
      if (text.size() > kMaxAttrText)
        text = text.substr(0, kMaxAttrText) + "...";
      json.attribute("value", utf8(text));
    });
  }

  void write(StringRef id) {
    AsmState state(
        graph.getOperation(),
        OpPrintingFlags().elideLargeElementsAttrs(8).elideLargeResourceString(
            32));
    json.object([&] {
      json.attribute("id", id);
      json.attributeArray("nodes", [&] {
        for (BlockArgument arg : graph.getInputs())
          json.object([&] {
            json.attribute("id", utf8(prefix + graph.getValueRef(arg).str()));
            json.attribute("label", "Input");
            json.attribute("namespace", "");
            json.attributeArray("attrs", [&] {
              keyValue("name", graph.getValueRef(arg).str());
              keyValue("type", print(arg.getType()));
            });
            json.attributeArray("outputsMetadata", [&] {
              json.object([&] {
                json.attribute("id", "0");
                json.attributeArray("attrs", [&] {
                  keyValue("tensor_shape", print(arg.getType()));
                });
              });
            });
          });
        for (unsigned node : graph.getCanonicalOrder())
          writeNode(node, state);
        json.object([&] {
          Operation *terminator = graph.getTerminator();
          json.attribute("id", prefix + "output");
          json.attribute("label", "Output");
          json.attribute("namespace", "");
          json.attributeArray("attrs", [&] {
            keyValue("op", terminator->getName().getStringRef());
          });
          edges(graph.getOutputs());
        });
      });
    });
  }

  void writeNode(unsigned node, AsmState &state) {
    Operation *op = graph.getNode(node);
    std::string ref = graph.getNodeRef(node).str();
    NodeStatus nodeStatus = status(node);
    json.object([&] {
      json.attribute("id", utf8(nodeId(node)));
      json.attribute("label", utf8(describeNode(op)));
      json.attribute("namespace", utf8(namespaceOf(op, ref)));
      llvm::StringSet<> keys;
      json.attributeArray("attrs", [&] {
        auto add = [&](StringRef key, StringRef value) {
          if (!value.empty() && keys.insert(key).second)
            keyValue(key, value);
        };
        add("name", ref);
        add("status", stringifyNodeStatus(nodeStatus));
        add(isSource ? "in_target" : "in_source", counterpart(node));
        add("action", action(node));
        add("location", formatLocation(op->getLoc()));
        add("op", op->getName().getStringRef());
        for (NamedAttribute attr : op->getAttrs()) {
          std::string text;
          llvm::raw_string_ostream os(text);
          attr.getValue().print(os, state);
          add(attr.getName().getValue(), text);
        }
      });
      edges(graph.getNodeInputs(node));
      json.attributeArray("outputsMetadata", [&] {
        for (OpResult result : op->getResults())
          json.object([&] {
            json.attribute("id", std::to_string(result.getResultNumber()));
            json.attributeArray("attrs", [&] {
              keyValue("tensor_shape", print(result.getType()));
            });
          });
      });
      json.attributeObject("style", [&] {
        json.attribute("backgroundColor",
                       dimmed(node) ? dimColor(statusColor(nodeStatus))
                                    : statusColor(nodeStatus).str());
      });
    });
  }
};
} // namespace

LogicalResult graphdiff::renderModelExplorer(const DiffResult &report,
                                             llvm::raw_ostream &os,
                                             const RenderOptions &options) {
  // --func: the selected graphs; --only: the nodes of the other changes
  // pale (the mapping stays whole: it is the navigation).
  std::vector<PairView> views = selectedViews(report, options);
  // Graphs only one side has: on their side, every node deleted (or new).
  struct OneSided {
    const Graph *graph;
    bool isSource;
  };
  std::vector<OneSided> oneSided;
  for (auto [name, graph] :
       llvm::zip_equal(report.removedGraphs, report.removedGraphViews))
    if (graph && selectsGraph(options, name))
      oneSided.push_back({graph.get(), true});
  for (auto [name, graph] :
       llvm::zip_equal(report.addedGraphs, report.addedGraphViews))
    if (graph && selectsGraph(options, name))
      oneSided.push_back({graph.get(), false});
  llvm::json::OStream json(os, 1);
  // By symbol path, `@outer::@f`: functions of two nested modules may share
  // a name, and a graph renamed into or out of a module keeps its own.
  auto graphId = [](const Graph &graph, StringRef side) {
    return utf8(printPath(graph.getPath()) + " (" + side.str() + ")");
  };
  // With several graphs, node ids carry their graph's path: Model
  // Explorer's mapping is one table per pane.
  bool several = views.size() + oneSided.size() > 1;
  auto prefixOf = [&](const Graph &graph) {
    return several ? printPath(graph.getPath()) + ":" : std::string();
  };
  std::vector<std::vector<std::string>> lineText(views.size());
  std::vector<std::vector<ActionNodes>> lineNodes(views.size());
  for (auto [index, view] : llvm::enumerate(views)) {
    std::vector<ActionLine> lines = describeActions(view);
    for (const ActionLine &line : lines)
      lineText[index].push_back(line.verb + " " + line.names);
    lineNodes[index] = actionNodes(lines);
  }
  json.object([&] {
    json.attribute("label", utf8("graph-diff: " + report.sourceFile + " -> " +
                                 report.targetFile));
    json.attributeArray("graphs", [&] {
      for (auto [index, view] : llvm::enumerate(views)) {
        std::vector<std::string> sourceAction(view.source().size()),
            targetAction(view.target().size());
        for (auto [line, nodes] : llvm::enumerate(lineNodes[index])) {
          for (unsigned s : nodes.source)
            if (sourceAction[s].empty())
              sourceAction[s] = lineText[index][line];
          for (unsigned t : nodes.target)
            if (targetAction[t].empty())
              targetAction[t] = lineText[index][line];
        }
        const PairView &pair = view;
        PictureSelection selection(view, options);
        GraphWriter source{json,
                           view.source(),
                           true,
                           prefixOf(view.source()),
                           [&](unsigned s) { return pair.getSourceStatus(s); },
                           [&](unsigned s) -> std::string {
                             if (std::optional<unsigned> t = pair.getImage(s))
                               return pair.target().getNodeRef(*t).str();
                             return "";
                           },
                           [&](unsigned s) { return sourceAction[s]; },
                           [&](unsigned s) { return selection.dimsSource(s); }};
        source.write(graphId(view.source(), "source"));
        GraphWriter target{json,
                           view.target(),
                           false,
                           prefixOf(view.target()),
                           [&](unsigned t) { return pair.getTargetStatus(t); },
                           [&](unsigned t) -> std::string {
                             if (std::optional<unsigned> s =
                                     pair.getPair().mapping.getSource(t))
                               return pair.source().getNodeRef(*s).str();
                             return "";
                           },
                           [&](unsigned t) { return targetAction[t]; },
                           [&](unsigned t) { return selection.dimsTarget(t); }};
        target.write(graphId(view.target(), "target"));
      }
      for (const OneSided &graph : oneSided) {
        NodeStatus status =
            graph.isSource ? NodeStatus::Deleted : NodeStatus::Inserted;
        std::string action = graph.isSource
                                 ? "graph removed (only in the source)"
                                 : "graph added (only in the target)";
        // A graph's removal or addition is no action --only selects.
        bool dim = !options.onlyKinds.empty();
        GraphWriter writer{json,
                           *graph.graph,
                           graph.isSource,
                           prefixOf(*graph.graph),
                           [&](unsigned) { return status; },
                           [](unsigned) { return std::string(); },
                           [&](unsigned) { return action; },
                           [&](unsigned) { return dim; }};
        writer.write(
            graphId(*graph.graph, graph.isSource ? "source" : "target"));
      }
    });
    // Sync navigation: one entry per paired node, per replaced region, and
    // per node with no counterpart (an empty side), so that with the
    // fallback to equal ids disabled Model Explorer highlights exactly the
    // deleted and the new nodes.
    json.attributeArray("mappingEntries", [&] {
      auto entry = [&](ArrayRef<std::string> left,
                       ArrayRef<std::string> right) {
        json.object([&] {
          json.attributeArray("leftNodeIds", [&] {
            for (const std::string &id : left)
              json.value(utf8(id));
          });
          json.attributeArray("rightNodeIds", [&] {
            for (const std::string &id : right)
              json.value(utf8(id));
          });
        });
      };
      for (const PairView &view : views) {
        const Graph &source = view.source(), &target = view.target();
        std::string sp = prefixOf(source), tp = prefixOf(target);
        // Graph inputs as the plan pairs them (not always by position); one
        // it adds or removes has no counterpart.
        std::vector<bool> keptInputs(source.getInputs().size());
        for (BlockArgument arg : target.getInputs()) {
          std::string id = tp + target.getValueRef(arg).str();
          std::optional<unsigned> k = view.getInputSource(arg.getArgNumber());
          if (!k) {
            entry({}, {id});
            continue;
          }
          keptInputs[*k] = true;
          entry({sp + source.getValueRef(source.getInputs()[*k]).str()}, {id});
        }
        for (BlockArgument arg : source.getInputs())
          if (!keptInputs[arg.getArgNumber()])
            entry({sp + source.getValueRef(arg).str()}, {});
        // Regions, keyed by their replacing node, in source order.
        std::map<unsigned, std::vector<std::string>> regions;
        for (unsigned s : view.getSourceOrder()) {
          std::string id = sp + source.getNodeRef(s).str();
          std::optional<unsigned> t = view.getImage(s);
          NodeStatus status = view.getSourceStatus(s);
          if (t && status == NodeStatus::Replaced &&
              view.getTargetStatus(*t) == NodeStatus::Replacing)
            regions[*t].push_back(id);
          else if (t && (status == NodeStatus::Unchanged ||
                         status == NodeStatus::Updated))
            entry({id}, {tp + target.getNodeRef(*t).str()});
          else
            entry({id}, {});
        }
        for (unsigned t : view.getTargetOrder()) {
          std::string id = tp + target.getNodeRef(t).str();
          auto region = regions.find(t);
          if (region != regions.end())
            entry(region->second, {id});
          else if (view.getTargetStatus(t) == NodeStatus::Inserted ||
                   view.getTargetStatus(t) == NodeStatus::Replacing)
            entry({}, {id});
        }
        entry({sp + "output"}, {tp + "output"});
      }
      // A graph only one side has: each of its nodes, inputs and output
      // included, to nothing (or from nothing).
      for (const OneSided &graph : oneSided) {
        const Graph &g = *graph.graph;
        std::string prefix = prefixOf(g);
        auto one = [&](const std::string &id) {
          if (graph.isSource)
            entry({id}, {});
          else
            entry({}, {id});
        };
        for (BlockArgument arg : g.getInputs())
          one(prefix + g.getValueRef(arg).str());
        for (unsigned node : g.getCanonicalOrder())
          one(prefix + g.getNodeRef(node).str());
        one(prefix + "output");
      }
    });
    json.attribute("disableMappingFallback", true);
    json.attribute("showDiffHighlights", true);
    json.attribute("deletedNodesBorderColor", "#e03131");
    json.attribute("newNodesBorderColor", "#2f9e44");
    json.attributeObject("graphDiff", [&] {
      json.attribute("version", 1);
      json.attribute("source", utf8(report.sourceFile));
      json.attribute("target", utf8(report.targetFile));
      // Every graph of the collection, by side; a graph only one side has
      // has null on the other.
      json.attributeArray("pairs", [&] {
        for (const PairView &view : views)
          json.object([&] {
            json.attribute("source", graphId(view.source(), "source"));
            json.attribute("target", graphId(view.target(), "target"));
            json.attribute("renamed", view.isRenamed());
          });
        for (const OneSided &graph : oneSided)
          json.object([&] {
            llvm::json::Value id =
                graphId(*graph.graph, graph.isSource ? "source" : "target");
            json.attribute("source", graph.isSource
                                         ? std::move(id)
                                         : llvm::json::Value(nullptr));
            json.attribute("target", graph.isSource ? llvm::json::Value(nullptr)
                                                    : std::move(id));
            json.attribute("renamed", false);
          });
      });
    });
  });
  os << "\n";
  return success();
}
