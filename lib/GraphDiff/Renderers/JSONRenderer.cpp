//===- JSONRenderer.cpp - The report as versioned JSON --------------------===//
//
// Part of graph-diff.
//
// The schema is documented in docs/Report-JSON.md; bump kReportSchemaVersion
// on any change a consumer could notice. Every object of a given kind always
// has the same keys, in the same order; absent values are `null`.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Dialect/LG/IR/LG.h"
#include "GraphDiff/Differ/ModuleGraphs.h"
#include "GraphDiff/Renderers/Renderers.h"
#include "GraphDiff/Renderers/ReportModel.h"
#include "GraphDiff/Renderers/ReportText.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/JSON.h"

using namespace mlir;
using namespace graphdiff;

static constexpr int64_t kReportSchemaVersion = 1;

/// A similarity as a JSON number with at most 4 decimals ("0.6667", "1.0").
static std::string formatSimilarity(double value) {
  std::string out;
  llvm::raw_string_ostream os(out);
  os << llvm::format("%.4f", value);
  while (out.size() > 3 && out.back() == '0' && out[out.size() - 2] != '.')
    out.pop_back();
  return out;
}

static void writeSummary(llvm::json::OStream &j, const DiffSummary &summary) {
  j.attributeObject("summary", [&] {
    j.attribute("unchanged", static_cast<int64_t>(summary.unchanged));
    j.attribute("updated", static_cast<int64_t>(summary.updated));
    j.attribute("replaced", static_cast<int64_t>(summary.replaced));
    j.attribute("deleted", static_cast<int64_t>(summary.deleted));
    j.attribute("inserted", static_cast<int64_t>(summary.inserted));
    j.attributeBegin("similarity");
    j.rawValue(formatSimilarity(summary.similarity()));
    j.attributeEnd();
  });
}

static llvm::json::Value
optionalString(std::optional<patch::MatchStage> stage) {
  if (!stage)
    return nullptr;
  return patch::stringifyMatchStage(*stage).str();
}

static llvm::json::Value locationOf(Operation *op) {
  std::string loc = formatLocation(op->getLoc());
  if (loc.empty())
    return nullptr;
  return loc;
}

/// {"name", "op", "kind", "location"} of a node.
static void writeNode(llvm::json::OStream &j, StringRef name, Operation *op) {
  j.object([&] {
    j.attribute("name", name);
    j.attribute("op", op ? llvm::json::Value(op->getName().getStringRef())
                         : llvm::json::Value(nullptr));
    j.attribute("kind", op ? llvm::json::Value(describeNode(op))
                           : llvm::json::Value(nullptr));
    j.attribute("location", op ? locationOf(op) : llvm::json::Value(nullptr));
  });
}

static void writeRefs(llvm::json::OStream &j, StringRef key, ArrayAttr refs) {
  j.attributeArray(key, [&] {
    for (auto ref : refs.getAsRange<patch::RefAttr>())
      j.value(ref.str());
  });
}

static void writeDetail(llvm::json::OStream &j, const ChangeDetail &detail) {
  j.object([&] {
    j.attribute("change", detail.change);
    if (detail.change == "operand")
      j.attribute("position",
                  static_cast<int64_t>(std::stoul(detail.name.substr(1))));
    else if (detail.change == "attribute")
      j.attribute("name", detail.name);
    j.attribute("before", detail.before);
    j.attribute("after", detail.after);
  });
}

namespace {

/// Writes the keys of one action object after its "kind", from the engine's
/// record of the action; the references only the plan gives (what a new node
/// reads, where it goes) are printed from the action's op.
class ActionWriter {
public:
  ActionWriter(llvm::json::OStream &j, const PairView &view)
      : j(j), source(view.source()), target(view.target()) {}

  void write(const PlanAction &action) {
    if (action.is<patch::DeleteOp>())
      writeDelete(action);
    else if (auto replace = dyn_cast<patch::ReplaceOp>(action.op))
      writeReplace(action, replace);
    else if (auto insert = dyn_cast<patch::InsertOp>(action.op))
      writeInsert(action, insert);
    else if (auto update = dyn_cast<patch::UpdateOp>(action.op))
      writeUpdate(action, update);
    else if (action.is<patch::SetGraphAttributesOp>())
      j.attributeArray("details", [&] {
        for (const ChangeDetail &detail : action.details)
          writeDetail(j, detail);
      });
    else
      writeSignature(action);
  }

private:
  /// Where the action puts its new node, if it says (MemoryOrder.h): the
  /// source node it goes right before, or null for the end.
  void writeBefore(patch::NewNodeOpInterface action) {
    patch::RefAttr before = action.getPlacedBefore();
    if (!before)
      return;
    j.attribute("before", before.isNone() ? llvm::json::Value(nullptr)
                                          : llvm::json::Value(before.str()));
  }
  void writeSource(StringRef key, unsigned s) {
    j.attributeBegin(key);
    writeNode(j, source.getNodeRefText(s), source.getNode(s));
    j.attributeEnd();
  }
  void writeTarget(StringRef key, unsigned t) {
    j.attributeBegin(key);
    writeNode(j, target.getNodeRefText(t), target.getNode(t));
    j.attributeEnd();
  }
  static llvm::json::Value reasonOf(const PlanAction &action) {
    if (action.reason.empty())
      return nullptr;
    return action.reason.str();
  }

  void writeDelete(const PlanAction &del) {
    writeSource("node", del.sources.front());
    j.attribute("absorbed_by",
                del.anchor
                    ? llvm::json::Value(source.getNodeRefText(*del.anchor))
                    : llvm::json::Value(nullptr));
    j.attribute("reason", reasonOf(del));
    j.attribute("stage", optionalString(del.stage));
  }

  void writeReplace(const PlanAction &action, patch::ReplaceOp replace) {
    writeSource("anchor", *action.anchor);
    writeTarget("new_node", *action.target);
    j.attributeArray("region", [&] {
      for (unsigned s : action.sources)
        writeNode(j, source.getNodeRefText(s), source.getNode(s));
    });
    writeRefs(j, "inputs", replace.getInputs());
    writeRefs(j, "outputs", replace.getResults());
    writeBefore(replace);
    j.attribute("init", action.init);
    j.attribute("stage", optionalString(action.stage));
  }

  void writeInsert(const PlanAction &action, patch::InsertOp insert) {
    writeTarget("new_node", *action.target);
    writeRefs(j, "inputs", insert.getInputs());
    writeBefore(insert);
    j.attribute("reason", reasonOf(action));
    j.attribute("stage", optionalString(action.stage));
  }

  void writeUpdate(const PlanAction &action, patch::UpdateOp update) {
    writeSource("node", action.sources.front());
    writeTarget("new_node", *action.target);
    j.attributeArray("changes", [&] {
      for (patch::NodeChange change : patch::getSetBits(action.changes))
        j.value(patch::stringifyNodeChange(change));
    });
    writeRefs(j, "inputs", update.getInputs());
    writeBefore(update);
    j.attributeArray("details", [&] {
      for (const ChangeDetail &detail : action.details)
        // Where a moved node goes is `before`.
        if (detail.change != "order")
          writeDetail(j, detail);
    });
    j.attribute("stage", optionalString(action.stage));
  }

  /// The graph's inputs and outputs.
  void writeSignature(const PlanAction &action) {
    auto position = static_cast<int64_t>(action.number);
    if (action.is<patch::AddInputOp>()) {
      BlockArgument arg = target.getInputs()[action.number];
      j.attribute("name", target.getValueRef(arg).str());
      j.attribute("position", position);
      std::string type;
      llvm::raw_string_ostream typeOs(type);
      typeOs << arg.getType();
      j.attribute("type", type);
    } else if (action.is<patch::RemoveInputOp>()) {
      j.attribute("name",
                  source.getValueRef(source.getInputs()[action.number]).str());
    } else if (auto add = dyn_cast<patch::AddOutputOp>(action.op)) {
      // The value as the plan names it (a source value, or a new node's).
      j.attribute("value", add.getValue().str());
      j.attribute("position", position);
    } else {
      j.attribute("position", position);
    }
  }

  llvm::json::OStream &j;
  const Graph &source;
  const Graph &target;
};

} // namespace

static void writeAction(llvm::json::OStream &j, const PairView &view,
                        const PlanAction &action) {
  j.object([&] {
    j.attribute("kind", action.kind);
    ActionWriter(j, view).write(action);
  });
}

/// Whether `text` is written in JSON as it is, between quotes.
static bool needsNoEscape(StringRef text) {
  return llvm::all_of(text, [](char c) {
    return c >= 0x20 && c < 0x7f && c != '"' && c != '\\';
  });
}

/// `text` as a JSON string, exactly as llvm::json::OStream writes it. Most
/// texts (node names, stage names) need no escape and are copied as they
/// are; the others go through llvm::json.
static void writeQuoted(llvm::raw_ostream &os, StringRef text) {
  if (needsNoEscape(text))
    os << '"' << text << '"';
  else
    os << llvm::json::Value(text.str());
}

/// Graph::getNodeRefText(index) as a JSON string, without making the text
/// for a node named `%name` (all nodes but `lg` nodes).
static void writeNodeRef(llvm::raw_ostream &os, const Graph &graph,
                         unsigned index) {
  StringRef name = graph.getNodeName(index);
  if (name.empty() || isa<lg::NodeOp>(graph.getNode(index))) {
    writeQuoted(os, graph.getNodeRefText(index));
    return;
  }
  if (needsNoEscape(name))
    os << "\"%" << name << '"';
  else
    writeQuoted(os, ("%" + name).str());
}

/// The "mapping" array: one object per source node, in the source's
/// canonical order. It is the bulk of a large report (an object per node),
/// so it is written straight to the stream in llvm::json::OStream's layout
/// rather than through it (json::Value strings, a call per token): the same
/// bytes, checked by the tests' expected reports.
static void writeMapping(llvm::json::OStream &j, const PairView &view) {
  const Graph &source = view.source();
  const Graph &target = view.target();
  const NodeMapping &mapping = view.getPair().mapping;
  ArrayRef<unsigned> order = view.getSourceOrder();
  // The key sits in a graph pair object, itself in the top-level "graphs"
  // array: its objects' keys are indented by 6, theirs by 10.
  constexpr unsigned kIndent = 6;
  j.attributeBegin("mapping");
  j.rawValue([&](llvm::raw_ostream &os) {
    if (order.empty()) {
      os << "[]";
      return;
    }
    os << '[';
    auto key = [&](StringRef name, bool first = false) -> llvm::raw_ostream & {
      if (!first)
        os << ',';
      os << '\n';
      os.indent(kIndent + 4);
      return os << '"' << name << "\": ";
    };
    // The nodes are far apart in memory and read in canonical order, a
    // cache miss each: fetch those a few steps ahead.
    constexpr size_t kAhead = 8;
    auto prefetch = [&](size_t i) {
      if (i >= order.size())
        return;
      unsigned s = order[i];
      __builtin_prefetch(source.getNode(s));
      __builtin_prefetch(source.getNodeName(s).data());
      if (std::optional<unsigned> t = view.getImage(s)) {
        __builtin_prefetch(target.getNode(*t));
        __builtin_prefetch(target.getNodeName(*t).data());
      }
    };
    for (size_t i = 0; i < kAhead; ++i)
      prefetch(i);
    for (size_t i = 0, e = order.size(); i < e; ++i) {
      prefetch(i + kAhead);
      unsigned s = order[i];
      std::optional<unsigned> t = view.getImage(s);
      NodeStatus status = view.getSourceStatus(s);
      if (i)
        os << ',';
      os << '\n';
      os.indent(kIndent + 2) << '{';
      writeNodeRef(key("source", /*first=*/true), source, s);
      if (t)
        writeNodeRef(key("target"), target, *t);
      else
        key("target") << "null";
      writeQuoted(key("status"), stringifyNodeStatus(status));
      std::optional<patch::MatchStage> stage;
      if (t && status == NodeStatus::Replaced && !mapping.getRegion(*t).empty())
        stage = mapping.getRegionStage(*t);
      else if (t && mapping.getSource(*t) == s)
        stage = mapping.getPairStage(*t);
      if (stage)
        writeQuoted(key("stage"), stringifyMatchStage(*stage));
      else
        key("stage") << "null";
      // Left unmatched because it tied with another node.
      key("ambiguous") << (mapping.isSourceAmbiguous(s) ? "true" : "false");
      os << '\n';
      os.indent(kIndent + 2) << '}';
    }
    os << '\n';
    os.indent(kIndent) << ']';
  });
  j.attributeEnd();
}

LogicalResult graphdiff::renderJSON(const DiffResult &report,
                                    llvm::raw_ostream &os,
                                    const RenderOptions &options) {
  // --func lists the selected graphs, and the summary adds up exactly
  // those; --only lists the selected actions (the summaries and the
  // mappings still describe the listed graphs whole).
  std::vector<PairView> views = selectedViews(report, options);
  auto listed = [&](const std::string &name) {
    return selectsGraph(options, name);
  };
  auto selection = [&](ArrayRef<std::string> values) {
    if (values.empty())
      return llvm::json::Value(nullptr);
    llvm::json::Array array;
    for (const std::string &value : values)
      array.push_back(value);
    return llvm::json::Value(std::move(array));
  };
  {
    llvm::json::OStream j(os, /*IndentSize=*/2);
    j.object([&] {
      j.attribute("schema", "graph-diff-report");
      j.attribute("version", kReportSchemaVersion);
      j.attribute("source_file", report.sourceFile);
      j.attribute("target_file", report.targetFile);
      writeSummary(j, summarizeSelection(report, views, options));
      j.attributeArray("graphs", [&] {
        for (const PairView &view : views) {
          j.object([&] {
            j.attribute("source", view.source().getName());
            j.attribute("target", view.target().getName());
            j.attribute("source_nodes",
                        static_cast<int64_t>(view.getSummary().sourceNodes));
            j.attribute("target_nodes",
                        static_cast<int64_t>(view.getSummary().targetNodes));
            writeSummary(j, view.getSummary());
            j.attributeArray("actions", [&] {
              for (const PlanAction *action : selectedActions(view, options))
                writeAction(j, view, *action);
            });
            writeMapping(j, view);
            // A renamed graph: both symbol paths, as removed_graphs and
            // added_graphs name graphs (`source` and `target` above are
            // the last names only).
            if (view.isRenamed())
              j.attributeObject("renamed", [&] {
                j.attribute("source", graphKey(view.source().getPath()));
                j.attribute("target", graphKey(view.target().getPath()));
              });
            else
              j.attribute("renamed", nullptr);
          });
        }
      });
      j.attributeArray("removed_graphs", [&] {
        for (const std::string &name : report.removedGraphs)
          if (listed(name))
            j.value(name);
      });
      j.attributeArray("added_graphs", [&] {
        for (const std::string &name : report.addedGraphs)
          if (listed(name))
            j.value(name);
      });
      j.attributeArray("changed_graphs", [&] {
        for (const ChangedGraph &graph : report.changedGraphs)
          if (listed(graph.name))
            j.object([&] {
              j.attribute("name", graph.name);
              j.attributeArray("changes", [&] {
                for (patch::GraphChange change :
                     patch::getSetBits(graph.changes))
                  j.value(patch::stringifyGraphChange(change));
              });
            });
      });
      // What --func and --only selected (null: everything).
      j.attributeObject("selection", [&] {
        j.attribute("func", selection(options.functions));
        j.attribute("only", selection(options.onlyKinds));
      });
    });
  }
  os << "\n";
  return success();
}
