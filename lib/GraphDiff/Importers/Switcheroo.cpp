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
//     back into the metadata. Numbers keep their value and their kind
//     (integer or float) both ways (MetadataReader, writeAttribute).
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Importers/Switcheroo.h"
#include "SwitcherooJSON.h"

#include "GraphDiff/Dialect/LG/IR/LG.h"
#include "GraphDiff/Support/JsonDocument.h"
#include "mlir/AsmParser/AsmParserState.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MathExtras.h"

#include <charconv>
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
  Location at(const JsonNode &value) const { return at(value.offset); }
  /// Where the key of the object member whose value is `value` is written
  /// (`"id"` in `"id": "a"`).
  Location atKey(const JsonNode &value) const { return at(keyOffset(value)); }

private:
  /// The offset of the key written before `value` and a colon, else of
  /// `value`.
  size_t keyOffset(const JsonNode &value) const {
    size_t pos = value.offset;
    auto skipSpaceBack = [&] {
      while (pos > 0 && StringRef(" \t\r\n").contains(text[pos - 1]))
        --pos;
    };
    skipSpaceBack();
    if (pos == 0 || text[pos - 1] != ':')
      return value.offset;
    --pos;
    skipSpaceBack();
    if (pos == 0 || text[pos - 1] != '"')
      return value.offset;
    // The key's opening quote: the nearest quote before its closing one
    // that no backslash escapes.
    for (size_t quote = pos - 1; quote-- > 0;) {
      if (text[quote] != '"')
        continue;
      size_t backslashes = 0;
      while (backslashes < quote && text[quote - 1 - backslashes] == '\\')
        ++backslashes;
      if (backslashes % 2 == 0)
        return quote;
    }
    return value.offset;
  }

  StringRef text;
  StringAttr filename;
};

/// Converts metadata values to attributes, numbers as docs/SwitcherooInterop.md
/// says: an integer (a literal without `.`, `e` or `E`) is an `i64` if it
/// fits, else an integer of the next multiple of 64 bits; any other number
/// is an `f64`. So each keeps its value and its kind (what Python's `json`
/// reads: an `int` or a `float`; `1.0` and `-0.0` stay floats).
class MetadataReader {
public:
  MetadataReader(const JsonDocument &doc, Builder &builder)
      : doc(doc), builder(builder) {}

  /// The attribute for `value`, or null with `error` set.
  Attribute convert(const JsonNode &value) {
    switch (value.kind) {
    case JsonNode::Null:
      return builder.getUnitAttr();
    case JsonNode::Bool:
      return builder.getBoolAttr(value.boolean);
    case JsonNode::Number:
      return number(value.text);
    case JsonNode::String:
      return builder.getStringAttr(value.text);
    case JsonNode::Array: {
      SmallVector<Attribute> elements;
      for (unsigned i = 0; i < value.numChildren; ++i) {
        Attribute element = convert(doc.getChild(value, i));
        if (!element)
          return nullptr;
        elements.push_back(element);
      }
      return builder.getArrayAttr(elements);
    }
    case JsonNode::Object: {
      SmallVector<NamedAttribute> entries;
      for (const auto &[key, member] : members(value)) {
        Attribute element = convert(*member);
        if (!element)
          return nullptr;
        entries.push_back(builder.getNamedAttr(key, element));
      }
      return builder.getDictionaryAttr(entries);
    }
    }
    llvm_unreachable("unknown JSON kind");
  }

  /// The members of object `value`, a repeated key's last value only (as
  /// Python's `json` and llvm::json read it), in key order.
  std::map<StringRef, const JsonNode *> members(const JsonNode &value) const {
    std::map<StringRef, const JsonNode *> byKey;
    for (unsigned i = 0; i < value.numChildren; ++i)
      byKey[doc.getKey(value, i)] = &doc.getChild(value, i);
    return byKey;
  }

  std::string error;

private:
  /// Python's `int` reads at most this many digits (its default
  /// `sys.get_int_max_str_digits()`): ml_switcheroo could not read more.
  static constexpr size_t kMaxIntegerDigits = 4300;

  Attribute number(StringRef literal) {
    if (literal.find_first_of(".eE") == StringRef::npos)
      return integer(literal);
    double value;
    auto [end, ec] = std::from_chars(literal.begin(), literal.end(), value);
    if (ec == std::errc::result_out_of_range) {
      // Too large in magnitude, or so small that it rounds to zero (as
      // Python reads it): the literal's decimal exponent says which.
      if (decimalExponent(literal) > 0) {
        error = "a metadata number is out of the range of a 64-bit float";
        return nullptr;
      }
      value = literal.starts_with("-") ? -0.0 : 0.0;
    } else if (ec != std::errc() || end != literal.end()) {
      error = ("a metadata number cannot be read: " + literal).str();
      return nullptr;
    }
    return builder.getF64FloatAttr(value);
  }

  Attribute integer(StringRef literal) {
    int64_t small;
    if (!literal.getAsInteger(10, small))
      return builder.getI64IntegerAttr(small);
    if (literal.size() - literal.starts_with("-") > kMaxIntegerDigits) {
      error = "a metadata integer has more than " +
              std::to_string(kMaxIntegerDigits) +
              " digits, which Python's int does not read";
      return nullptr;
    }
    // getBitsNeeded counts a positive value's bits as unsigned: one more
    // keeps it positive.
    llvm::APInt value(llvm::APInt::getBitsNeeded(literal, 10) + 1, literal, 10);
    unsigned width = llvm::alignTo(value.getSignificantBits(), 64);
    return builder.getIntegerAttr(builder.getIntegerType(width),
                                  value.sextOrTrunc(width));
  }

  /// The power of ten of a number literal's leading significant digit
  /// plus one (`0.5` gives 0, `12e3` 5), saturated; 0 for zero.
  static int64_t decimalExponent(StringRef literal) {
    literal.consume_front("-");
    size_t e = literal.find_first_of("eE");
    StringRef mantissa = literal.take_front(e);
    StringRef exponentText =
        e == StringRef::npos ? StringRef() : literal.drop_front(e + 1);
    int64_t exponent = 0;
    exponentText.consume_front("+");
    bool negativeExponent = exponentText.consume_front("-");
    for (char c : exponentText)
      exponent = std::min<int64_t>(exponent * 10 + (c - '0'), INT32_MAX);
    if (negativeExponent)
      exponent = -exponent;
    auto [whole, fraction] = mantissa.split('.');
    whole = whole.ltrim('0');
    if (!whole.empty())
      return exponent + whole.size();
    size_t zeros = fraction.find_first_not_of('0');
    if (zeros == StringRef::npos)
      return 0;
    return exponent - zeros;
  }

  const JsonDocument &doc;
  Builder &builder;
};
} // namespace

/// Whether `value` holds an object with an empty key, at any depth: MLIR
/// dictionaries cannot have one (the IR would not read back). Sets `at` to
/// the first such key's value.
static bool findEmptyKey(const JsonDocument &doc, const JsonNode &value,
                         const JsonNode *&at) {
  for (unsigned i = 0; i < value.numChildren; ++i) {
    const JsonNode &child = doc.getChild(value, i);
    if (value.isObject() && doc.getKey(value, i).empty()) {
      at = &child;
      return true;
    }
    if (findEmptyKey(doc, child, at))
      return true;
  }
  return false;
}

OwningOpRef<ModuleOp> graphdiff::importSwitcherooGraph(StringRef text,
                                                       StringRef filename,
                                                       MLIRContext *ctx) {
  ctx->getOrLoadDialect<lg::LGDialect>();
  TextLocator locator(text, filename, ctx);
  size_t badByte = 0;
  if (!json::isUTF8(text, &badByte)) {
    emitError(locator.at(badByte)) << "invalid JSON: Invalid UTF-8 sequence";
    return nullptr;
  }
  std::string parseError;
  std::unique_ptr<JsonDocument> doc = JsonDocument::parse(
      llvm::MemoryBuffer::getMemBuffer(text, filename,
                                       /*RequiresNullTerminator=*/false),
      parseError);
  if (!doc) {
    // JsonDocument says "<filename>:line:col: error: message".
    StringRef message(parseError);
    unsigned line = 0, col = 0;
    if (message.consume_front(filename) && message.consume_front(":") &&
        !message.consumeInteger(10, line) && message.consume_front(":") &&
        !message.consumeInteger(10, col) &&
        message.consume_front(": error: ")) {
      emitError(locator.at(line, col)) << "invalid JSON: " << message;
    } else {
      message = parseError;
      if (message.consume_front(filename))
        message.consume_front(": error: ");
      emitError(locator.at(0)) << "invalid JSON: " << message;
    }
    return nullptr;
  }
  Location fileLoc = locator.at(0);
  const JsonNode &graph = doc->getRoot();
  if (!graph.isObject()) {
    emitError(fileLoc) << "expected a LogicalGraph object {\"name\", "
                          "\"nodes\", \"edges\"}";
    return nullptr;
  }
  std::string name = "graph";
  if (const JsonNode *nameValue = doc->lookup(graph, "name")) {
    if (!nameValue->isString() || nameValue->text.empty()) {
      emitError(locator.atKey(*nameValue)) << "\"name\" must be a string";
      return nullptr;
    }
    name = nameValue->text.str();
  }
  const JsonNode *nodes = doc->lookup(graph, "nodes");
  if (!nodes || !nodes->isArray()) {
    emitError(fileLoc) << "expected \"nodes\": an array of {\"id\", \"kind\", "
                          "\"metadata\"}";
    return nullptr;
  }
  const JsonNode *edges = doc->lookup(graph, "edges");
  if (edges && !edges->isArray()) {
    emitError(locator.atKey(*edges)) << "expected \"edges\": an array of "
                                        "{\"source\", \"target\"}";
    return nullptr;
  }

  OpBuilder builder(ctx);
  Type none = builder.getNoneType();
  MetadataReader reader(*doc, builder);
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
  for (unsigned i = 0; i < nodes->numChildren; ++i) {
    const JsonNode &node = doc->getChild(*nodes, i);
    std::string path = "nodes[" + std::to_string(i) + "]";
    const JsonNode *id = node.isObject() ? doc->lookup(node, "id") : nullptr;
    if (!id || !id->isString() || id->text.empty()) {
      emitError(id ? locator.atKey(*id) : locator.at(node))
          << path << ": expected an object with a non-empty string \"id\"";
      return nullptr;
    }
    // A node is where its id is written.
    Location loc = locator.atKey(*id);
    const JsonNode *kind = doc->lookup(node, "kind");
    if (!kind || !kind->isString() || kind->text.empty()) {
      emitError(loc) << path << " (\"" << id->text
                     << "\"): expected a non-empty string \"kind\"";
      return nullptr;
    }
    if (!indexOf.try_emplace(id->text, infos.size()).second) {
      emitError(loc) << path << ": duplicate node id \"" << id->text << "\"";
      return nullptr;
    }
    NodeInfo info{id->text.str(), kind->text.str(), loc, {}, false, {}, {},
                  false};
    if (const JsonNode *metadata = doc->lookup(node, "metadata")) {
      if (!metadata->isObject() && metadata->kind != JsonNode::Null) {
        emitError(loc) << path << " (\"" << id->text
                       << "\"): \"metadata\" must be an object";
        return nullptr;
      }
      if (const JsonNode *emptyKey = nullptr;
          findEmptyKey(*doc, *metadata, emptyKey)) {
        emitError(locator.atKey(*emptyKey))
            << path << " (\"" << id->text
            << "\"): a metadata key is empty (an attribute needs a name)";
        return nullptr;
      }
      SmallVector<NamedAttribute> kept;
      for (const auto &[key, element] : reader.members(*metadata)) {
        // Only `true` is structure; `false` stays metadata, so that the
        // export gives it back.
        if (key == "stateful" && element->kind == JsonNode::Bool &&
            element->boolean) {
          info.stateful = true;
          continue;
        }
        if (key == "fused_from" && element->isArray()) {
          bool allStrings = true;
          SmallVector<Attribute> refs;
          for (unsigned k = 0; k < element->numChildren && allStrings; ++k) {
            const JsonNode &ref = doc->getChild(*element, k);
            allStrings = ref.isString() && !ref.text.empty();
            if (allStrings)
              refs.push_back(FlatSymbolRefAttr::get(ctx, ref.text));
          }
          if (allStrings) {
            info.fusedFrom = std::move(refs);
            continue;
          }
        }
        Attribute value = reader.convert(*element);
        if (!value) {
          emitError(loc) << path << " (\"" << id->text
                         << "\"): " << reader.error;
          return nullptr;
        }
        kept.push_back(builder.getNamedAttr(key, value));
      }
      if (!kept.empty())
        info.metadata = builder.getDictionaryAttr(kept);
    }
    infos.push_back(std::move(info));
  }
  for (unsigned i = 0; edges && i < edges->numChildren; ++i) {
    const JsonNode &edge = doc->getChild(*edges, i);
    std::string path = "edges[" + std::to_string(i) + "]";
    const JsonNode *source =
        edge.isObject() ? doc->lookup(edge, "source") : nullptr;
    const JsonNode *target =
        edge.isObject() ? doc->lookup(edge, "target") : nullptr;
    if (!source || !target || !source->isString() || !target->isString()) {
      emitError(locator.at(edge))
          << path << ": expected {\"source\": id, \"target\": id}";
      return nullptr;
    }
    for (const JsonNode *end : {source, target})
      if (!indexOf.count(end->text)) {
        emitError(locator.atKey(*end))
            << path << ": unknown node \"" << end->text << "\"";
        return nullptr;
      }
    unsigned from = indexOf.lookup(source->text),
             to = indexOf.lookup(target->text);
    infos[to].inputs.push_back(from);
    infos[from].hasUsers = true;
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

/// A double as Python's `repr` writes it (and so its `json`): the shortest
/// digits that read back as the same double, in fixed notation with at
/// least one digit after the point when the decimal exponent is in [-4, 16),
/// else in scientific notation (`1e+16`, `1.5e-05`). So the text reads back
/// as a float, never as an integer (`1.0`, `-0.0`).
static std::string formatDouble(double value) {
  char buffer[64];
  auto [end, ec] = std::to_chars(buffer, buffer + sizeof(buffer), value,
                                 std::chars_format::scientific);
  assert(ec == std::errc() && "a double fits in 64 characters");
  (void)ec;
  StringRef scientific(buffer, end - buffer); // [-]d[.ddd]e(+|-)dd
  auto [mantissa, exponentText] = scientific.split('e');
  int exponent = 0;
  bool negativeExponent = exponentText.consume_front("-");
  exponentText.consume_front("+");
  exponentText.getAsInteger(10, exponent);
  if (negativeExponent)
    exponent = -exponent;
  if (exponent < -4 || exponent >= 16)
    return scientific.str();
  std::string sign = mantissa.consume_front("-") ? "-" : "";
  std::string digits = mantissa.str();
  llvm::erase(digits, '.');
  if (exponent < 0)
    return sign + "0." + std::string(-exponent - 1, '0') + digits;
  if (digits.size() <= size_t(exponent) + 1)
    return sign + digits + std::string(exponent + 1 - digits.size(), '0') +
           ".0";
  return sign + digits.substr(0, exponent + 1) + "." +
         digits.substr(exponent + 1);
}

/// Writes a metadata attribute as JSON: each number with its exact value, an
/// integer as an integer and a float as a float (formatDouble).
static void writeAttribute(json::OStream &j, Attribute attr) {
  if (isa<UnitAttr>(attr))
    return j.value(nullptr);
  if (auto b = dyn_cast<BoolAttr>(attr))
    return j.value(b.getValue());
  if (auto i = dyn_cast<IntegerAttr>(attr)) {
    if (i.getType().isInteger(1))
      return j.value(i.getValue().getBoolValue());
    SmallString<32> digits;
    i.getValue().toString(digits, 10,
                          /*Signed=*/!i.getType().isUnsignedInteger());
    return j.rawValue(digits);
  }
  if (auto f = dyn_cast<FloatAttr>(attr)) {
    // checkMetadata made sure that the value is a finite double.
    llvm::APFloat value = f.getValue();
    bool losesInfo = false;
    value.convert(llvm::APFloat::IEEEdouble(),
                  llvm::APFloat::rmNearestTiesToEven, &losesInfo);
    return j.rawValue(formatDouble(value.convertToDouble()));
  }
  if (auto s = dyn_cast<StringAttr>(attr))
    return j.value(s.getValue());
  if (auto symbol = dyn_cast<FlatSymbolRefAttr>(attr))
    return j.value(symbol.getValue());
  if (auto array = dyn_cast<ArrayAttr>(attr))
    return j.array([&] {
      for (Attribute element : array)
        writeAttribute(j, element);
    });
  if (auto dict = dyn_cast<DictionaryAttr>(attr))
    return j.object([&] {
      // A dictionary is sorted by key, as JSON objects are written here.
      for (NamedAttribute entry : dict) {
        j.attributeBegin(entry.getName().getValue());
        writeAttribute(j, entry.getValue());
        j.attributeEnd();
      }
    });
  std::string printed;
  llvm::raw_string_ostream os(printed);
  attr.print(os);
  j.value(printed);
}

/// Why a float cannot be written as a JSON number, if it cannot: JSON has no
/// infinity or NaN, and a JSON number is read as a 64-bit float.
static std::optional<StringRef> unwritableFloat(Attribute attr) {
  if (auto f = dyn_cast<FloatAttr>(attr)) {
    if (!f.getValue().isFinite())
      return StringRef("an infinite or NaN float");
    llvm::APFloat value = f.getValue();
    bool losesInfo = false;
    value.convert(llvm::APFloat::IEEEdouble(),
                  llvm::APFloat::rmNearestTiesToEven, &losesInfo);
    if (losesInfo)
      return StringRef("a float that a 64-bit float cannot hold exactly");
    return std::nullopt;
  }
  if (auto array = dyn_cast<ArrayAttr>(attr)) {
    for (Attribute element : array)
      if (std::optional<StringRef> why = unwritableFloat(element))
        return why;
  }
  if (auto dict = dyn_cast<DictionaryAttr>(attr)) {
    for (NamedAttribute entry : dict)
      if (std::optional<StringRef> why = unwritableFloat(entry.getValue()))
        return why;
  }
  return std::nullopt;
}

LogicalResult graphdiff::switcheroo::checkMetadata(Operation *op) {
  auto node = dyn_cast<lg::NodeOp>(op);
  if (!node || !node.getMetadataAttr())
    return success();
  std::optional<StringRef> why = unwritableFloat(node.getMetadataAttr());
  if (!why)
    return success();
  return node.emitError() << "node @" << node.getId() << " has " << *why
                          << " in its metadata, which JSON cannot write";
}

/// A node's metadata as LogicalGraph JSON: its dictionary plus `stateful` and
/// `fused_from` written back.
void graphdiff::switcheroo::writeMetadata(json::OStream &j, Operation *op) {
  j.attributeObject("metadata", [&] {
    auto node = dyn_cast<lg::NodeOp>(op);
    if (!node)
      return;
    // Keys in sorted order, whichever way they came.
    std::map<std::string, Attribute> entries;
    if (DictionaryAttr metadata = node.getMetadataAttr())
      for (NamedAttribute entry : metadata)
        entries.emplace(entry.getName().str(), entry.getValue());
    if (node.getStateful())
      entries.emplace("stateful", BoolAttr::get(node.getContext(), true));
    if (ArrayAttr fusedFrom = node.getFusedFromAttr())
      entries.emplace("fused_from", fusedFrom);
    for (auto &[key, value] : entries) {
      j.attributeBegin(key);
      writeAttribute(j, value);
      j.attributeEnd();
    }
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

//===----------------------------------------------------------------------===//
// Graph inputs
//===----------------------------------------------------------------------===//

/// The name a NameLoc in `loc` gives, looking through fused and call-site
/// locations, or "".
static StringRef nameFromLoc(Location loc) {
  if (auto named = dyn_cast<NameLoc>(loc))
    return named.getName().getValue();
  if (auto fused = dyn_cast<FusedLoc>(loc))
    for (Location part : fused.getLocations())
      if (StringRef name = nameFromLoc(part); !name.empty())
        return name;
  if (auto callSite = dyn_cast<CallSiteLoc>(loc))
    return nameFromLoc(callSite.getCallee());
  return "";
}

/// The name input `index` of `graph` has of its own, or "": an argument
/// attribute whose key ends in "name" holding a non-empty string (as
/// graph-diff-api reads argument names: `lg.name`, `llvm.name`), else a
/// NameLoc of its location (as importers name values).
static StringRef ownInputName(FunctionOpInterface graph, unsigned index) {
  if (DictionaryAttr attrs = graph.getArgAttrDict(index))
    for (NamedAttribute attr : attrs)
      if (attr.getName().getValue().ends_with("name"))
        if (auto text = dyn_cast<StringAttr>(attr.getValue()))
          if (!text.getValue().empty())
            return text.getValue();
  if (graph.isExternal())
    return "";
  return nameFromLoc(graph.getArgument(index).getLoc());
}

FailureOr<SmallVector<std::string>>
graphdiff::switcheroo::inputNames(FunctionOpInterface graph) {
  // Who has each name so far: an input's number, or a node.
  llvm::StringMap<Operation *> nodes;
  if (!graph.isExternal())
    for (Operation &op : graph.getFunctionBody().front())
      if (auto node = dyn_cast<lg::NodeOp>(op))
        nodes.try_emplace(node.getId(), node);
  llvm::StringMap<unsigned> inputs;
  SmallVector<std::string> names;
  for (unsigned i = 0, e = graph.getNumArguments(); i < e; ++i) {
    std::string name = ownInputName(graph, i).str();
    if (name.empty())
      name = "arg" + std::to_string(i);
    Location loc =
        graph.isExternal() ? graph.getLoc() : graph.getArgument(i).getLoc();
    if (Operation *node = nodes.lookup(name)) {
      InFlightDiagnostic diag = emitError(loc)
                                << "graph input #" << i << " is named \""
                                << name << "\", as is node @" << name
                                << ": a LogicalGraph id names one node";
      diag.attachNote(node->getLoc()) << "the node";
      return diag;
    }
    if (auto [it, fresh] = inputs.try_emplace(name, i); !fresh)
      return emitError(loc) << "graph input #" << i << " is named \"" << name
                            << "\", as is input #" << it->second
                            << ": a LogicalGraph id names one node";
    names.push_back(std::move(name));
  }
  return names;
}

void graphdiff::nameGraphInputsFromText(Operation *root,
                                        const AsmParserState &state) {
  root->walk([&](FunctionOpInterface graph) {
    if (graph.isExternal())
      return;
    Block &entry = graph.getFunctionBody().front();
    const AsmParserState::BlockDefinition *def = state.getBlockDef(&entry);
    if (!def)
      return;
    for (BlockArgument arg : entry.getArguments()) {
      unsigned index = arg.getArgNumber();
      if (index >= def->arguments.size() || !ownInputName(graph, index).empty())
        continue;
      SMRange range = def->arguments[index].loc;
      if (!range.isValid())
        continue;
      StringRef text(range.Start.getPointer(),
                     range.End.getPointer() - range.Start.getPointer());
      if (!text.consume_front("%") || text.empty())
        continue;
      arg.setLoc(
          NameLoc::get(StringAttr::get(arg.getContext(), text), arg.getLoc()));
    }
  });
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
  // The graph's inputs are nodes of kind "Input" in LogicalGraph, as
  // ml_switcheroo's extractor makes them, and what reads them has edges
  // from them.
  FailureOr<SmallVector<std::string>> inputs = inputNames(graph);
  if (failed(inputs))
    return failure();
  Block &body = graph.getBody().front();
  auto idOf = [&](Value value) -> StringRef {
    if (auto arg = dyn_cast<BlockArgument>(value))
      return (*inputs)[arg.getArgNumber()];
    return cast<lg::NodeOp>(value.getDefiningOp()).getId();
  };
  std::string out;
  llvm::raw_string_ostream buffer(out);
  {
    json::OStream j(buffer, 2);
    j.object([&] {
      j.attribute("name", graph.getSymName());
      j.attributeArray("nodes", [&] {
        for (const std::string &input : *inputs)
          j.object([&] {
            j.attribute("id", input);
            j.attribute("kind", "Input");
            j.attributeObject("metadata", [] {});
          });
        for (auto node : body.getOps<lg::NodeOp>())
          j.object([&] {
            j.attribute("id", node.getId());
            j.attribute("kind", node.getKind());
            writeMetadata(j, node);
          });
      });
      j.attributeArray("edges", [&] {
        for (auto node : body.getOps<lg::NodeOp>())
          for (Value input : node.getInputs())
            j.object([&] {
              j.attribute("source", idOf(input));
              j.attribute("target", node.getId());
            });
      });
    });
  }
  os << out << "\n";
  return success();
}
