//===- TranslateFuzzer.cpp - Fuzz the ml_switcheroo plan export -----------===//
//
// Part of graph-diff.
//
// The blob is a source and a target LogicalGraph (JSON) separated by
// `// -----`: the whole loop of docs/SwitcherooInterop.md. Both are imported
// (`graph-diff-translate --import-switcheroo-json`), printed and read back
// as graph-diff-opt reads them, diffed (`graph-diff-opt --verify`: every
// plan verifies), the printed plans read back and exported
// (`--export-switcheroo-plan`). Checked:
//   - the export succeeds, or fails with located errors only and writes
//     nothing;
//   - what it writes is JSON: a list of DeleteAction and ReplaceAction
//     objects with the fields the document lists, the same when exported
//     again;
//   - it does what the document says, as test/Importers/switcheroo_sim.py
//     checks it: the source as a straight-line program (one statement per
//     node, in the client's topological order), patched with the client's
//     rules (the last action per node id; a delete drops the statement, a
//     call replacement makes it `output_var = kind(input_vars)`), runs (every
//     variable assigned once, before it is read) and computes the target
//     (same nodes, kinds, metadata and inputs in order); no unchanged node
//     gets an action, and no call replacement leaves its node as it was.
// The graphs compared are the imported ones exported again, so that both
// sides spell metadata the same way (the `switcheroo` target checks that
// round trip).
//
//===----------------------------------------------------------------------===//

#include "FuzzSupport.h"

#include "GraphDiff/Importers/Switcheroo.h"
#include "GraphDiff/Plan/Isomorphism.h"
#include "GraphDiff/Support/JsonDocument.h"
#include "mlir/IR/Verifier.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"

#include <cstddef>
#include <cstdint>
#include <deque>
#include <map>
#include <set>

using namespace mlir;
using namespace graphdiff;
using namespace graphdiff::fuzz;
namespace json = llvm::json;

namespace {
std::string print(ModuleOp module) {
  std::string text;
  llvm::raw_string_ostream os(text);
  module.print(os);
  return text;
}

/// One node of a LogicalGraph as the simulation sees it.
struct SimNode {
  std::string kind;
  /// canonicalJson of the metadata: numbers as written, which llvm::json
  /// would read through a double (-9223372036854775809 and ...810 alike).
  std::string metadata = "{}";
  std::vector<std::string> inputs;

  bool operator==(const SimNode &other) const {
    return kind == other.kind && metadata == other.metadata &&
           inputs == other.inputs;
  }
};

std::string show(const SimNode *node) {
  if (!node)
    return "(none)";
  std::string text;
  llvm::raw_string_ostream os(text);
  os << node->kind << " " << node->metadata << " (";
  llvm::interleaveComma(node->inputs, os);
  os << ")";
  return text;
}

/// `node` as text that is the same for the same value: numbers as written,
/// strings escaped as JSON, object members sorted by key.
std::string canonicalJson(const JsonDocument &doc, const JsonNode &node) {
  std::string out;
  llvm::raw_string_ostream os(out);
  switch (node.kind) {
  case JsonNode::Null:
    return "null";
  case JsonNode::Bool:
    return node.boolean ? "true" : "false";
  case JsonNode::Number:
    return node.text.str();
  case JsonNode::String:
    os << json::Value(node.text.str());
    return out;
  case JsonNode::Array:
    os << "[";
    for (unsigned i = 0; i < node.numChildren; ++i)
      os << (i ? "," : "") << canonicalJson(doc, doc.getChild(node, i));
    os << "]";
    return out;
  case JsonNode::Object: {
    std::map<std::string, std::string> members;
    for (unsigned i = 0; i < node.numChildren; ++i)
      members[doc.getKey(node, i).str()] =
          canonicalJson(doc, doc.getChild(node, i));
    os << "{";
    bool first = true;
    for (const auto &[key, value] : members) {
      os << (first ? "" : ",") << json::Value(key) << ":" << value;
      first = false;
    }
    os << "}";
    return out;
  }
  }
  return out;
}

/// The parsed `text` as JsonDocument reads it (numbers as written).
std::unique_ptr<JsonDocument> readDocument(Session &session, StringRef text,
                                           StringRef what) {
  std::string error;
  std::unique_ptr<JsonDocument> doc = JsonDocument::parse(
      llvm::MemoryBuffer::getMemBufferCopy(text, what), error);
  if (!doc)
    session.fail(what + " is not JSON: " + error);
  return doc;
}

/// A LogicalGraph as exported: the nodes in listing order, their inputs.
struct SimGraph {
  std::vector<std::string> order;
  std::map<std::string, SimNode> nodes;
  std::vector<std::pair<std::string, std::string>> edges;
};

SimGraph readGraph(Session &session, StringRef text) {
  llvm::Expected<json::Value> parsed = json::parse(text);
  if (!parsed)
    session.fail("an exported graph is not JSON: " +
                 llvm::toString(parsed.takeError()));
  SimGraph graph;
  const json::Object *root = parsed->getAsObject();
  const json::Array *nodes = root ? root->getArray("nodes") : nullptr;
  if (!nodes)
    session.fail("an exported graph has no node list");
  std::unique_ptr<JsonDocument> doc =
      readDocument(session, text, "an exported graph");
  const JsonNode *docNodes = doc->lookup(doc->getRoot(), "nodes");
  for (const json::Value &value : *nodes) {
    const json::Object *node = value.getAsObject();
    std::optional<StringRef> id = node ? node->getString("id") : std::nullopt;
    std::optional<StringRef> kind =
        node ? node->getString("kind") : std::nullopt;
    if (!id || !kind)
      session.fail("an exported node has no id or kind");
    SimNode simNode;
    simNode.kind = kind->str();
    const JsonNode &docNode = doc->getChild(*docNodes, graph.order.size());
    if (const JsonNode *metadata = doc->lookup(docNode, "metadata"))
      simNode.metadata = canonicalJson(*doc, *metadata);
    graph.order.push_back(id->str());
    graph.nodes[id->str()] = std::move(simNode);
  }
  if (const json::Array *edges = root->getArray("edges"))
    for (const json::Value &value : *edges) {
      const json::Object *edge = value.getAsObject();
      std::optional<StringRef> source =
          edge ? edge->getString("source") : std::nullopt;
      std::optional<StringRef> target =
          edge ? edge->getString("target") : std::nullopt;
      if (!source || !target || !graph.nodes.count(source->str()) ||
          !graph.nodes.count(target->str()))
        session.fail("an exported edge names no node");
      graph.nodes[target->str()].inputs.push_back(source->str());
      graph.edges.emplace_back(source->str(), target->str());
    }
  return graph;
}

/// The client's topological order: Kahn's algorithm from the sorted roots,
/// first in first out, successors in edge order; nodes left over last, in
/// listing order.
std::vector<std::string> topological(const SimGraph &graph) {
  std::map<std::string, std::vector<std::string>> successors;
  std::map<std::string, unsigned> degree;
  for (const std::string &id : graph.order)
    degree[id] = 0;
  for (const auto &[source, target] : graph.edges) {
    successors[source].push_back(target);
    ++degree[target];
  }
  std::deque<std::string> queue;
  for (const auto &[id, count] : degree) // std::map: sorted
    if (count == 0)
      queue.push_back(id);
  std::vector<std::string> order;
  std::set<std::string> seen;
  while (!queue.empty()) {
    std::string id = queue.front();
    queue.pop_front();
    order.push_back(id);
    seen.insert(id);
    for (const std::string &next : successors[id])
      if (--degree[next] == 0)
        queue.push_back(next);
  }
  for (const std::string &id : graph.order)
    if (!seen.count(id))
      order.push_back(id);
  return order;
}

/// One action of the list, its fields checked.
struct SimAction {
  bool isDelete = false;
  std::string nodeId;
  std::string newId;
  SimNode newNode;
  std::vector<std::string> inputVars;
  std::string outputVar;
  bool isInit = false;
};

std::vector<SimAction> readActions(Session &session, StringRef text) {
  llvm::Expected<json::Value> parsed = json::parse(text);
  if (!parsed)
    session.fail("the exported actions are not JSON: " +
                 llvm::toString(parsed.takeError()));
  const json::Array *list = parsed->getAsArray();
  if (!list)
    session.fail("the exported actions are not a list");
  std::vector<SimAction> actions;
  std::unique_ptr<JsonDocument> doc =
      readDocument(session, text, "the exported actions");
  for (const json::Value &value : *list) {
    const JsonNode &docAction = doc->getChild(doc->getRoot(), actions.size());
    const json::Object *object = value.getAsObject();
    std::optional<StringRef> type =
        object ? object->getString("type") : std::nullopt;
    std::optional<StringRef> nodeId =
        object ? object->getString("node_id") : std::nullopt;
    if (!type || !nodeId)
      session.fail("an exported action has no type or node_id");
    SimAction action;
    action.nodeId = nodeId->str();
    if (*type == "DeleteAction") {
      if (object->size() != 2)
        session.fail("a DeleteAction has other fields than type and node_id");
      action.isDelete = true;
      actions.push_back(std::move(action));
      continue;
    }
    if (*type != "ReplaceAction")
      session.fail("an exported action has the type '" + *type + "'");
    const json::Object *newNode = object->getObject("new_node");
    const json::Array *inputVars = object->getArray("input_vars");
    std::optional<StringRef> outputVar = object->getString("output_var");
    std::optional<bool> isInit = object->getBoolean("is_init");
    if (object->size() != 6 || !newNode || !inputVars || !outputVar ||
        !isInit || newNode->size() != 3 || !newNode->getString("id") ||
        !newNode->getString("kind") || !newNode->getObject("metadata"))
      session.fail("a ReplaceAction lacks a field or has another one "
                   "(type, node_id, new_node {id, kind, metadata}, "
                   "input_vars, output_var, is_init)");
    action.newId = newNode->getString("id")->str();
    action.newNode.kind = newNode->getString("kind")->str();
    action.newNode.metadata = canonicalJson(
        *doc, *doc->lookup(*doc->lookup(docAction, "new_node"), "metadata"));
    for (const json::Value &var : *inputVars) {
      std::optional<StringRef> name = var.getAsString();
      if (!name)
        session.fail("a ReplaceAction's input_vars holds a non-string");
      action.inputVars.push_back(name->str());
    }
    action.outputVar = outputVar->str();
    action.isInit = *isInit;
    if (action.isInit &&
        (!action.inputVars.empty() || !action.outputVar.empty()))
      session.fail("an init ReplaceAction names variables");
    actions.push_back(std::move(action));
  }
  return actions;
}

/// switcheroo_sim.py's simulate and check.
void simulate(Session &session, const SimGraph &source, const SimGraph &target,
              const std::vector<SimAction> &actions) {
  std::map<std::string, const SimAction *> last;
  for (const SimAction &action : actions)
    last[action.nodeId] = &action;
  for (const auto &[id, action] : last)
    if (!source.nodes.count(id))
      session.fail("an exported action names '" + id +
                   "', which is no statement of the source");
  std::map<std::string, std::string> env; // variable -> node that set it
  std::map<std::string, SimNode> patched;
  std::vector<std::string> order = topological(source);
  for (const std::string &id : order) {
    const SimNode &node = source.nodes.at(id);
    auto it = last.find(id);
    const SimAction *action = it == last.end() ? nullptr : it->second;
    if (action && action->isDelete)
      continue;
    if (action && action->isInit)
      session.fail("the last action on '" + id +
                   "' is an init replacement: its call keeps the old layer");
    std::string name = id, var = id;
    SimNode computed = node;
    const std::vector<std::string> *reads = &node.inputs;
    if (action) {
      name = action->newId;
      computed.kind = action->newNode.kind;
      computed.metadata = action->newNode.metadata;
      var = action->outputVar;
      reads = &action->inputVars;
      if (var.empty())
        session.fail("the call replacement of '" + id +
                     "' assigns no variable");
    }
    computed.inputs.clear();
    for (const std::string &read : *reads) {
      auto found = env.find(read);
      if (found == env.end())
        session.fail("the patched statement of '" + name + "' reads '" + read +
                     "', which no earlier statement assigns");
      computed.inputs.push_back(found->second);
    }
    if (env.count(var))
      session.fail("the patched program assigns '" + var + "' twice");
    if (patched.count(name))
      session.fail("two patched statements compute '" + name + "'");
    patched[name] = std::move(computed);
    env[var] = name;
  }
  std::set<std::string> names;
  for (const auto &[id, node] : patched)
    names.insert(id);
  for (const auto &[id, node] : target.nodes)
    names.insert(id);
  for (const std::string &id : names) {
    auto got = patched.find(id);
    auto want = target.nodes.find(id);
    const SimNode *gotNode = got == patched.end() ? nullptr : &got->second;
    const SimNode *wantNode =
        want == target.nodes.end() ? nullptr : &want->second;
    if (!gotNode || !wantNode || !(*gotNode == *wantNode))
      session.fail("the patched program is not the target at '" + id +
                   "': patched " + show(gotNode) + ", target " +
                   show(wantNode));
  }
  for (const SimAction &action : actions) {
    const std::string &id = action.nodeId;
    auto inTarget = target.nodes.find(id);
    const SimNode &before = source.nodes.at(id);
    if (inTarget != target.nodes.end() && inTarget->second == before)
      session.fail("the unchanged node '" + id + "' has an action");
    if (!action.isDelete && !action.isInit && action.newId == id &&
        action.newNode.kind == before.kind &&
        action.newNode.metadata == before.metadata &&
        action.inputVars == before.inputs && action.outputVar == id)
      session.fail("the call replacement of '" + id + "' changes nothing");
  }
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  SmallVector<StringRef> parts =
      splitInputs(StringRef(reinterpret_cast<const char *>(data), size));
  if (parts.size() != 2)
    return -1; // not a pair: keep it out of the corpus
  Session session;
  MLIRContext &context = session.getContext();
  const char *jsonNames[] = {"src.json", "tgt.json"};
  const char *mlirNames[] = {"src.mlir", "tgt.mlir"};
  OwningOpRef<ModuleOp> modules[2];
  AsmParserState states[2];
  SimGraph graphs[2];
  for (int side = 0; side < 2; ++side) {
    session.addInput(jsonNames[side], parts[side]);
    OwningOpRef<ModuleOp> imported =
        importSwitcherooGraph(parts[side], jsonNames[side], &context);
    if (!imported) {
      session.expectLocatedErrors("importing a LogicalGraph");
      return 0;
    }
    session.expectNoErrors("importing a LogicalGraph");
    std::string exported;
    llvm::raw_string_ostream os(exported);
    if (failed(exportSwitcherooGraph(*imported, os)))
      session.fail("an imported graph does not export");
    graphs[side] = readGraph(session, exported);
    modules[side] =
        session.parse(print(*imported), mlirNames[side], states[side]);
    if (!modules[side])
      session.fail("an imported graph, printed, does not read back");
  }
  SourceNames sourceNames(states[0]), targetNames(states[1]);
  DiffOptions options;
  options.sourceNames = &sourceNames;
  options.targetNames = &targetNames;
  options.sourceFile = mlirNames[0];
  options.targetFile = mlirNames[1];
  FailureOr<DiffResult> diff = diffModules(*modules[0], *modules[1], options);
  if (failed(diff)) {
    // Two LogicalGraphs always diff (docs/SwitcherooInterop.md).
    session.fail("two imported LogicalGraphs do not diff");
  }
  session.expectNoErrors("diffing two imported LogicalGraphs");
  for (const GraphPairDiff &pair : diff->pairs)
    if (failed(verifyPlan(pair.plan, *pair.source, *pair.target)))
      session.fail("a plan between two LogicalGraphs does not verify");

  // What --export-switcheroo-plan reads: the printed plans, after the
  // source graph (`cat src.mlir plan.mlir`), which gives the order of the
  // program's statements.
  AsmParserState planState;
  OwningOpRef<ModuleOp> plans = session.parse(
      print(*modules[0]) + print(*diff->plans), "plan.mlir", planState);
  if (!plans)
    session.fail("the printed plans do not read back");
  std::string actions;
  llvm::raw_string_ostream os(actions);
  if (failed(exportSwitcherooPlan(*plans, os))) {
    session.expectLocatedErrors("exporting the plan");
    if (!actions.empty())
      session.fail("the plan export failed but wrote something");
    return 0;
  }
  session.expectNoErrors("exporting the plan");
  session.addInput("actions.json", actions);
  std::string again;
  llvm::raw_string_ostream againOs(again);
  if (failed(exportSwitcherooPlan(*plans, againOs)) || again != actions)
    session.fail("the plan exports differently the second time");
  simulate(session, graphs[0], graphs[1], readActions(session, actions));
  return 0;
}
