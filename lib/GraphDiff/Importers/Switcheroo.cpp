//===- Switcheroo.cpp - ml_switcheroo LogicalGraph JSON -------------------===//
//
// Part of graph-diff.
//
// The mapping (docs/SwitcherooInterop.md):
//   - every JSON node becomes an `lg.node` with its id and kind and one
//     result of type `none`; its inputs are the sources of the edges that end
//     at it, in edge order. Nodes of kind "Input" stay nodes (with no inputs),
//     so that plans name them by id; the graph has no block arguments.
//   - the graph's outputs are its nodes of kind "Output", or, if it has none,
//     the nodes no edge leaves; in id order either way.
//   - metadata becomes the node's `metadata` dictionary, except two keys the
//     differ reads as structure: `stateful: true` becomes the `stateful` flag
//     and `fused_from: [ids]` the provenance list. The exporters write them
//     back into the metadata.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Importers/Switcheroo.h"
#include "SwitcherooJSON.h"

#include "GraphDiff/Dialect/LG/IR/LG.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Regex.h"

#include <cmath>
#include <map>

using namespace mlir;
using namespace graphdiff;
using namespace graphdiff::switcheroo;
namespace json = llvm::json;

//===----------------------------------------------------------------------===//
// Import
//===----------------------------------------------------------------------===//

namespace {
/// Turns offsets of the JSON text into file:line:col locations.
class TextLocator {
public:
  TextLocator(StringRef text, StringRef filename, MLIRContext *ctx)
      : text(text), filename(StringAttr::get(ctx, filename)) {}

  Location at(size_t offset) const {
    offset = std::min(offset, text.size());
    StringRef before = text.take_front(offset);
    unsigned line = before.count('\n') + 1;
    size_t lineStart = before.rfind('\n');
    unsigned col =
        lineStart == StringRef::npos ? offset + 1 : offset - lineStart;
    return FileLineColLoc::get(filename, line, col);
  }
  Location at(unsigned line, unsigned col) const {
    return FileLineColLoc::get(filename, line, col);
  }
  /// Where `"key": "value"` first appears at or after `from`, else the file.
  Location find(StringRef key, StringRef value, size_t from = 0) const {
    return at(findOffset(key, value, from));
  }
  /// Where the object key `"key"` (a string followed by `:`) first appears at
  /// or after `from`, else `from`.
  size_t findKeyOffset(StringRef key, size_t from) const {
    std::string quoted = ("\"" + key + "\"").str();
    size_t pos = from;
    while ((pos = text.find(quoted, pos)) != StringRef::npos) {
      if (text.drop_front(pos + quoted.size()).ltrim().starts_with(":"))
        return pos;
      pos += quoted.size();
    }
    return from;
  }
  size_t findOffset(StringRef key, StringRef value, size_t from) const {
    std::string quotedKey = ("\"" + key + "\"").str();
    std::string quotedValue = ("\"" + value + "\"").str();
    size_t pos = from;
    while ((pos = text.find(quotedKey, pos)) != StringRef::npos) {
      StringRef rest = text.drop_front(pos + quotedKey.size()).ltrim();
      if (rest.consume_front(":") && rest.ltrim().starts_with(quotedValue))
        return pos;
      pos += quotedKey.size();
    }
    return from;
  }

private:
  StringRef text;
  StringAttr filename;
};
} // namespace

/// Whether `value` holds an object with an empty key, at any depth: MLIR
/// dictionaries cannot have one (the IR would not read back).
static bool hasEmptyKey(const json::Value &value) {
  if (const json::Array *array = value.getAsArray())
    return llvm::any_of(*array, hasEmptyKey);
  if (const json::Object *object = value.getAsObject())
    for (const auto &[key, element] : *object)
      if (StringRef(key).empty() || hasEmptyKey(element))
        return true;
  return false;
}

/// Whether `value` holds a number that is infinite as a double (`1e309`), at
/// any depth: an f64 attribute could hold it, but JSON has no way to write
/// it back.
static bool hasInfiniteNumber(const json::Value &value) {
  if (const json::Array *array = value.getAsArray())
    return llvm::any_of(*array, hasInfiniteNumber);
  if (const json::Object *object = value.getAsObject())
    return llvm::any_of(*object, [](const auto &entry) {
      return hasInfiniteNumber(entry.second);
    });
  std::optional<double> number = value.getAsNumber();
  return number && !std::isfinite(*number);
}

/// The attribute for a JSON metadata value.
static Attribute toAttribute(const json::Value &value, Builder &builder) {
  switch (value.kind()) {
  case json::Value::Null:
    return builder.getUnitAttr();
  case json::Value::Boolean:
    return builder.getBoolAttr(*value.getAsBoolean());
  case json::Value::Number:
    if (std::optional<int64_t> i = value.getAsInteger())
      return builder.getI64IntegerAttr(*i);
    return builder.getF64FloatAttr(*value.getAsNumber());
  case json::Value::String:
    return builder.getStringAttr(*value.getAsString());
  case json::Value::Array: {
    SmallVector<Attribute> elements;
    for (const json::Value &element : *value.getAsArray())
      elements.push_back(toAttribute(element, builder));
    return builder.getArrayAttr(elements);
  }
  case json::Value::Object: {
    SmallVector<NamedAttribute> entries;
    for (const auto &[key, element] : *value.getAsObject())
      entries.push_back(
          builder.getNamedAttr(key.str(), toAttribute(element, builder)));
    return builder.getDictionaryAttr(entries);
  }
  }
  llvm_unreachable("unknown JSON kind");
}

OwningOpRef<ModuleOp> graphdiff::importSwitcherooGraph(StringRef text,
                                                       StringRef filename,
                                                       MLIRContext *ctx) {
  ctx->getOrLoadDialect<lg::LGDialect>();
  TextLocator locator(text, filename, ctx);
  llvm::Expected<json::Value> parsed = json::parse(text);
  if (!parsed) {
    std::string message = llvm::toString(parsed.takeError());
    // json::ParseError logs as "[line:col, byte=N]: message".
    llvm::Regex where("^\\[([0-9]+):([0-9]+), byte=[0-9]+\\]: (.*)$");
    SmallVector<StringRef> parts;
    if (where.match(message, &parts)) {
      unsigned line = 0, col = 0;
      parts[1].getAsInteger(10, line);
      parts[2].getAsInteger(10, col);
      emitError(locator.at(line, col)) << "invalid JSON: " << parts[3];
    } else {
      emitError(locator.at(0)) << "invalid JSON: " << message;
    }
    return nullptr;
  }
  Location fileLoc = locator.at(0);
  const json::Object *graph = parsed->getAsObject();
  if (!graph) {
    emitError(fileLoc) << "expected a LogicalGraph object {\"name\", "
                          "\"nodes\", \"edges\"}";
    return nullptr;
  }
  std::string name = "graph";
  if (const json::Value *nameValue = graph->get("name")) {
    std::optional<StringRef> given = nameValue->getAsString();
    if (!given || given->empty()) {
      emitError(locator.find("name", "")) << "\"name\" must be a string";
      return nullptr;
    }
    name = given->str();
  }
  const json::Array *nodes = graph->getArray("nodes");
  if (!nodes) {
    emitError(fileLoc) << "expected \"nodes\": an array of {\"id\", \"kind\", "
                          "\"metadata\"}";
    return nullptr;
  }
  const json::Array *edges = graph->getArray("edges");
  if (!edges && graph->get("edges")) {
    emitError(fileLoc) << "expected \"edges\": an array of {\"source\", "
                          "\"target\"}";
    return nullptr;
  }

  OpBuilder builder(ctx);
  Type none = builder.getNoneType();
  struct NodeInfo {
    std::string id, kind;
    Location loc;
    DictionaryAttr metadata;
    bool stateful = false;
    SmallVector<Attribute> fusedFrom;
    SmallVector<unsigned> inputs;
    bool hasUsers = false;
  };
  std::vector<NodeInfo> infos;
  llvm::StringMap<unsigned> indexOf;
  size_t nodesAt = text.find("\"nodes\"");
  if (nodesAt == StringRef::npos)
    nodesAt = 0;
  for (auto [i, value] : llvm::enumerate(*nodes)) {
    std::string path = "nodes[" + std::to_string(i) + "]";
    const json::Object *node = value.getAsObject();
    std::optional<StringRef> id = node ? node->getString("id") : std::nullopt;
    if (!id || id->empty()) {
      emitError(fileLoc) << path << ": expected an object with a non-empty "
                         << "string \"id\"";
      return nullptr;
    }
    // Nodes are searched for in order, so a duplicate id is found where it
    // is written the second time.
    nodesAt = locator.findOffset("id", *id, nodesAt);
    Location loc = locator.at(nodesAt);
    ++nodesAt;
    std::optional<StringRef> kind = node->getString("kind");
    if (!kind || kind->empty()) {
      emitError(loc) << path << " (\"" << *id
                     << "\"): expected a non-empty string \"kind\"";
      return nullptr;
    }
    auto [it, fresh] = indexOf.try_emplace(*id, infos.size());
    if (!fresh) {
      emitError(loc) << path << ": duplicate node id \"" << *id << "\"";
      return nullptr;
    }
    NodeInfo info{id->str(), kind->str(), loc, {}, false, {}, {}, false};
    if (const json::Value *metadata = node->get("metadata")) {
      const json::Object *entries = metadata->getAsObject();
      if (!entries && metadata->kind() != json::Value::Null) {
        emitError(loc) << path << " (\"" << *id
                       << "\"): \"metadata\" must be an object";
        return nullptr;
      }
      if (hasEmptyKey(*metadata)) {
        // At the first `"":` after the node's id (the node's own, unless it
        // writes its metadata before its id).
        emitError(locator.at(locator.findKeyOffset("", nodesAt - 1)))
            << path << " (\"" << *id
            << "\"): a metadata key is empty (an attribute needs a name)";
        return nullptr;
      }
      if (hasInfiniteNumber(*metadata)) {
        emitError(loc) << path << " (\"" << *id
                       << "\"): a metadata number is out of the range of a "
                          "64-bit float";
        return nullptr;
      }
      SmallVector<NamedAttribute> kept;
      if (entries) {
        for (const auto &[key, element] : *entries) {
          // Only `true` is structure; `false` stays metadata, so that the
          // export gives it back.
          if (key == "stateful" && element.getAsBoolean() == true) {
            info.stateful = true;
            continue;
          }
          if (key == "fused_from" && element.getAsArray()) {
            bool allStrings = true;
            SmallVector<Attribute> refs;
            for (const json::Value &ref : *element.getAsArray()) {
              std::optional<StringRef> refId = ref.getAsString();
              if (!refId || refId->empty()) {
                allStrings = false;
                break;
              }
              refs.push_back(FlatSymbolRefAttr::get(ctx, *refId));
            }
            if (allStrings) {
              info.fusedFrom = std::move(refs);
              continue;
            }
          }
          kept.push_back(
              builder.getNamedAttr(key.str(), toAttribute(element, builder)));
        }
      }
      if (!kept.empty())
        info.metadata = builder.getDictionaryAttr(kept);
    }
    infos.push_back(std::move(info));
  }
  if (edges) {
    size_t edgesAt = text.find("\"edges\"");
    if (edgesAt == StringRef::npos)
      edgesAt = 0;
    for (auto [i, value] : llvm::enumerate(*edges)) {
      std::string path = "edges[" + std::to_string(i) + "]";
      const json::Object *edge = value.getAsObject();
      std::optional<StringRef> source =
          edge ? edge->getString("source") : std::nullopt;
      std::optional<StringRef> target =
          edge ? edge->getString("target") : std::nullopt;
      if (!source || !target) {
        emitError(fileLoc) << path
                           << ": expected {\"source\": id, \"target\": id}";
        return nullptr;
      }
      for (StringRef end : {*source, *target})
        if (!indexOf.count(end)) {
          emitError(
              locator.find(end == *source ? "source" : "target", end, edgesAt))
              << path << ": unknown node \"" << end << "\"";
          return nullptr;
        }
      unsigned from = indexOf.lookup(*source), to = indexOf.lookup(*target);
      infos[to].inputs.push_back(from);
      infos[from].hasUsers = true;
    }
  }

  // The graph's outputs come from its structure, not from the order nodes
  // are listed in: its nodes of kind "Output" (ml_switcheroo's `return`), or,
  // if it has none, the nodes no edge leaves; ordered by id.
  SmallVector<unsigned> outputNodes;
  for (auto [index, info] : llvm::enumerate(infos))
    if (info.kind == "Output")
      outputNodes.push_back(index);
  if (outputNodes.empty())
    for (auto [index, info] : llvm::enumerate(infos))
      if (!info.hasUsers)
        outputNodes.push_back(index);
  llvm::sort(outputNodes,
             [&](unsigned a, unsigned b) { return infos[a].id < infos[b].id; });

  OwningOpRef<ModuleOp> module = ModuleOp::create(fileLoc);
  builder.setInsertionPointToEnd(module->getBody());
  SmallVector<Type> resultTypes(outputNodes.size(), none);
  auto graphOp = lg::GraphOp::create(builder, fileLoc, name,
                                     builder.getFunctionType({}, resultTypes));
  Block &body = graphOp.getBody().front();
  builder.setInsertionPointToEnd(&body);
  SmallVector<lg::NodeOp> ops;
  for (const NodeInfo &info : infos) {
    auto node = lg::NodeOp::create(builder, info.loc, info.id, info.kind,
                                   TypeRange{none}, ValueRange{});
    if (info.stateful)
      node.setStateful(true);
    if (!info.fusedFrom.empty())
      node.setFusedFromAttr(builder.getArrayAttr(info.fusedFrom));
    if (info.metadata)
      node.setMetadataAttr(info.metadata);
    ops.push_back(node);
  }
  // Inputs once every node exists: the body is a graph region.
  for (auto [node, info] : llvm::zip(ops, infos)) {
    SmallVector<Value> inputs;
    for (unsigned from : info.inputs)
      inputs.push_back(ops[from]->getResult(0));
    node->setOperands(inputs);
  }
  SmallVector<Value> outputs;
  for (unsigned index : outputNodes)
    outputs.push_back(ops[index]->getResult(0));
  lg::OutputOp::create(builder, fileLoc, outputs);
  if (failed(verify(*module)))
    return nullptr;
  return module;
}

//===----------------------------------------------------------------------===//
// Export
//===----------------------------------------------------------------------===//

/// The JSON for a metadata attribute.
static json::Value toJSON(Attribute attr) {
  if (isa<UnitAttr>(attr))
    return nullptr;
  if (auto b = dyn_cast<BoolAttr>(attr))
    return b.getValue();
  if (auto i = dyn_cast<IntegerAttr>(attr)) {
    if (i.getType().isInteger(1))
      return i.getValue().getBoolValue();
    return i.getValue().getSExtValue();
  }
  if (auto f = dyn_cast<FloatAttr>(attr))
    return f.getValueAsDouble();
  if (auto s = dyn_cast<StringAttr>(attr))
    return s.getValue();
  if (auto symbol = dyn_cast<FlatSymbolRefAttr>(attr))
    return symbol.getValue();
  if (auto array = dyn_cast<ArrayAttr>(attr)) {
    json::Array out;
    for (Attribute element : array)
      out.push_back(toJSON(element));
    return out;
  }
  if (auto dict = dyn_cast<DictionaryAttr>(attr)) {
    json::Object out;
    for (NamedAttribute entry : dict)
      out[entry.getName().getValue()] = toJSON(entry.getValue());
    return out;
  }
  std::string printed;
  llvm::raw_string_ostream os(printed);
  attr.print(os);
  return printed;
}

/// Whether `attr` holds, at any depth, a float JSON cannot write.
static bool hasNonFiniteFloat(Attribute attr) {
  if (auto f = dyn_cast<FloatAttr>(attr))
    return !std::isfinite(f.getValueAsDouble());
  if (auto array = dyn_cast<ArrayAttr>(attr))
    return llvm::any_of(array, hasNonFiniteFloat);
  if (auto dict = dyn_cast<DictionaryAttr>(attr))
    return llvm::any_of(dict, [](NamedAttribute entry) {
      return hasNonFiniteFloat(entry.getValue());
    });
  return false;
}

LogicalResult graphdiff::switcheroo::checkMetadata(Operation *op) {
  auto node = dyn_cast<lg::NodeOp>(op);
  if (!node || !node.getMetadataAttr() ||
      !hasNonFiniteFloat(node.getMetadataAttr()))
    return success();
  return node.emitError() << "node @" << node.getId()
                          << " has an infinite or NaN float in its metadata, "
                             "which JSON cannot write";
}

/// A node's metadata as LogicalGraph JSON: its dictionary plus `stateful` and
/// `fused_from` written back.
void graphdiff::switcheroo::writeMetadata(json::OStream &j, Operation *op) {
  j.attributeObject("metadata", [&] {
    auto node = dyn_cast<lg::NodeOp>(op);
    if (!node)
      return;
    // Keys in sorted order, whichever way they came.
    std::map<std::string, json::Value> entries;
    if (DictionaryAttr metadata = node.getMetadataAttr())
      for (NamedAttribute entry : metadata)
        entries.emplace(entry.getName().str(), toJSON(entry.getValue()));
    if (node.getStateful())
      entries.emplace("stateful", true);
    if (ArrayAttr fusedFrom = node.getFusedFromAttr())
      entries.emplace("fused_from", toJSON(fusedFrom));
    for (auto &[key, value] : entries)
      j.attribute(key, value);
  });
}

/// The LogicalGraph id of a node: an `lg` node's id, else its SSA name
/// without the `%`.
std::string graphdiff::switcheroo::nodeId(Operation *op, StringRef fallback) {
  if (auto node = dyn_cast<lg::NodeOp>(op))
    return node.getId().str();
  return fallback.str();
}

std::string graphdiff::switcheroo::kindOf(Operation *op) {
  if (auto node = dyn_cast<lg::NodeOp>(op))
    return node.getKind().str();
  return op->getName().getStringRef().str();
}

LogicalResult graphdiff::exportSwitcherooGraph(Operation *root,
                                               llvm::raw_ostream &os) {
  lg::GraphOp graph;
  root->walk([&](lg::GraphOp op) {
    graph = op;
    return WalkResult::interrupt();
  });
  if (!graph)
    return root->emitError("no lg.graph to export");
  for (Operation &op : graph.getBody().front())
    if (failed(checkMetadata(&op)))
      return failure();
  std::string out;
  llvm::raw_string_ostream buffer(out);
  {
    json::OStream j(buffer, 2);
    j.object([&] {
      j.attribute("name", graph.getSymName());
      j.attributeArray("nodes", [&] {
        for (Operation &op : graph.getBody().front().without_terminator()) {
          auto node = dyn_cast<lg::NodeOp>(op);
          if (!node)
            continue;
          j.object([&] {
            j.attribute("id", node.getId());
            j.attribute("kind", node.getKind());
            writeMetadata(j, node);
          });
        }
      });
      j.attributeArray("edges", [&] {
        for (Operation &op : graph.getBody().front().without_terminator()) {
          auto node = dyn_cast<lg::NodeOp>(op);
          if (!node)
            continue;
          for (Value input : node.getInputs()) {
            auto producer = input.getDefiningOp<lg::NodeOp>();
            if (!producer)
              continue;
            j.object([&] {
              j.attribute("source", producer.getId());
              j.attribute("target", node.getId());
            });
          }
        }
      });
    });
  }
  os << out << "\n";
  return success();
}
