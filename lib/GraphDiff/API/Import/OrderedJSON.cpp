//===- OrderedJSON.cpp - JSON that keeps key order and positions ----------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/API/Import/OrderedJSON.h"

#include "GraphDiff/Support/JsonDocument.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MemoryBuffer.h"

#include <tuple>

using namespace graphdiff;
using llvm::StringRef;

const JSONValue *JSONValue::get(StringRef key) const {
  for (const auto &[name, value] : members)
    if (name == key)
      return &value;
  return nullptr;
}

StringRef JSONValue::describeKind() const {
  switch (kind) {
  case Kind::Null:
    return "null";
  case Kind::Bool:
    return "a boolean";
  case Kind::Number:
    return "a number";
  case Kind::String:
    return "a string";
  case Kind::Array:
    return "a list";
  case Kind::Object:
    return "an object";
  }
  return "a value";
}

StringRef graphdiff::describeJSONKind(const JsonNode &node) {
  switch (node.kind) {
  case JsonNode::Null:
    return "null";
  case JsonNode::Bool:
    return "a boolean";
  case JsonNode::Number:
    return "a number";
  case JsonNode::String:
    return "a string";
  case JsonNode::Array:
    return "a list";
  case JsonNode::Object:
    return "an object";
  }
  return "a value";
}

JSONPositions::JSONPositions(StringRef text) {
  lineStarts.push_back(0);
  for (size_t i = 0; i < text.size(); ++i)
    if (text[i] == '\n')
      lineStarts.push_back(i + 1);
}

std::pair<unsigned, unsigned> JSONPositions::locate(size_t offset) const {
  auto next = llvm::upper_bound(lineStarts, offset);
  return {static_cast<unsigned>(next - lineStarts.begin()),
          static_cast<unsigned>(offset - *std::prev(next) + 1)};
}

std::string graphdiff::appendJSONPointer(StringRef pointer, StringRef key) {
  std::string result = pointer.str() + "/";
  for (char c : key) {
    if (c == '~')
      result += "~0";
    else if (c == '/')
      result += "~1";
    else
      result += c;
  }
  return result;
}

namespace {
/// Copies a parsed document into JSONValues, giving each its line and
/// column. Values come in document order but for the last value of a
/// repeated key, which sits at the key's first place, so positions are
/// looked up among the line starts (JSONPositions).
class TreeBuilder {
public:
  TreeBuilder(const JsonDocument &doc, StringRef text)
      : doc(doc), positions(text) {}

  JSONValue build(const JsonNode &node) {
    JSONValue value;
    locate(node.offset, value);
    switch (node.kind) {
    case JsonNode::Null:
      break;
    case JsonNode::Bool:
      value.kind = JSONValue::Kind::Bool;
      value.boolean = node.boolean;
      break;
    case JsonNode::Number: {
      value.kind = JSONValue::Kind::Number;
      value.text = node.text.str();
      int64_t number;
      if (!node.text.contains_insensitive('e') && !node.text.contains('.') &&
          !node.text.getAsInteger(10, number))
        value.integer = number;
      break;
    }
    case JsonNode::String:
      value.kind = JSONValue::Kind::String;
      value.text = node.text.str();
      break;
    case JsonNode::Array:
      value.kind = JSONValue::Kind::Array;
      for (unsigned i = 0; i < node.numChildren; ++i)
        value.elements.push_back(build(doc.getChild(node, i)));
      break;
    case JsonNode::Object:
      value.kind = JSONValue::Kind::Object;
      for (unsigned i = 0; i < node.numChildren; ++i)
        value.members.emplace_back(doc.getKey(node, i).str(),
                                   build(doc.getChild(node, i)));
      break;
    }
    return value;
  }

private:
  void locate(size_t offset, JSONValue &value) {
    std::tie(value.line, value.column) = positions.locate(offset);
  }

  const JsonDocument &doc;
  JSONPositions positions;
};
} // namespace

std::optional<JSONValue> graphdiff::parseOrderedJSON(StringRef text,
                                                     StringRef filename,
                                                     std::string &error) {
  std::unique_ptr<JsonDocument> doc = JsonDocument::parse(
      llvm::MemoryBuffer::getMemBuffer(text, filename,
                                       /*RequiresNullTerminator=*/false),
      error);
  if (!doc)
    return std::nullopt;
  return buildOrderedJSON(*doc);
}

JSONValue graphdiff::buildOrderedJSON(const JsonDocument &doc) {
  return TreeBuilder(doc, doc.getText()).build(doc.getRoot());
}
