//===- JsonDocument.cpp - JSON with source positions ----------------------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Support/JsonDocument.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/ConvertUTF.h"

#include <optional>

using namespace graphdiff;
using llvm::StringRef;

std::string graphdiff::formatBufferLocation(const llvm::MemoryBuffer &buffer,
                                            size_t offset, unsigned firstLine) {
  StringRef text = buffer.getBuffer().take_front(offset);
  size_t line = firstLine + text.count('\n');
  size_t lineStart = text.rfind('\n');
  size_t column =
      lineStart == StringRef::npos ? offset + 1 : offset - lineStart;
  return (buffer.getBufferIdentifier() + ":" + llvm::Twine(line) + ":" +
          llvm::Twine(column))
      .str();
}

namespace graphdiff {
/// Recursive descent over the buffer; children gather on scratch stacks and
/// move into the document's tables once their parent is complete.
class JsonParser {
public:
  JsonParser(JsonDocument &doc)
      : doc(doc), text(doc.buffer->getBuffer()), pos(0) {}

  bool parseDocument() {
    doc.nodes.emplace_back();
    skipSpace();
    if (!parseValue(0, 0))
      return false;
    skipSpace();
    if (pos != text.size())
      return fail("unexpected text after the JSON value");
    return true;
  }

  std::string error;

private:
  static constexpr unsigned maxDepth = 512;

  bool fail(const llvm::Twine &message) {
    error = formatBufferLocation(*doc.buffer, pos, doc.firstLine) +
            ": error: " + message.str();
    return false;
  }

  void skipSpace() {
    while (pos < text.size() && (text[pos] == ' ' || text[pos] == '\n' ||
                                 text[pos] == '\r' || text[pos] == '\t'))
      ++pos;
  }

  bool consume(StringRef word) {
    if (!text.substr(pos).starts_with(word))
      return false;
    pos += word.size();
    return true;
  }

  /// Parses the value at `pos` into node `index`.
  bool parseValue(uint32_t index, unsigned depth) {
    if (depth > maxDepth)
      return fail("JSON nested deeper than 512 levels");
    if (pos >= text.size())
      return fail("unexpected end of the JSON text");
    doc.nodes[index].offset = pos;
    char c = text[pos];
    if (c == '{' || c == '[')
      return parseContainer(index, depth);
    if (c == '"') {
      StringRef value;
      if (!parseString(value))
        return false;
      doc.nodes[index].kind = JsonNode::String;
      doc.nodes[index].text = value;
      return true;
    }
    if (c == '-' || (c >= '0' && c <= '9'))
      return parseNumber(index);
    if (consume("true") || consume("false")) {
      doc.nodes[index].kind = JsonNode::Bool;
      doc.nodes[index].boolean = c == 't';
      return true;
    }
    if (consume("null"))
      return true;
    return fail("expected a JSON value");
  }

  bool parseContainer(uint32_t index, unsigned depth) {
    bool object = text[pos] == '{';
    char close = object ? '}' : ']';
    ++pos;
    size_t childBase = childStack.size();
    size_t keyBase = keyStack.size();
    skipSpace();
    if (pos < text.size() && text[pos] == close) {
      ++pos;
    } else {
      while (true) {
        skipSpace();
        if (object) {
          if (pos >= text.size() || text[pos] != '"')
            return fail("expected a string key");
          StringRef key;
          if (!parseString(key))
            return false;
          keyStack.push_back(key);
          skipSpace();
          if (pos >= text.size() || text[pos] != ':')
            return fail("expected ':' after an object key");
          ++pos;
          skipSpace();
        }
        uint32_t child = doc.nodes.size();
        doc.nodes.emplace_back();
        childStack.push_back(child);
        if (!parseValue(child, depth + 1))
          return false;
        skipSpace();
        if (pos < text.size() && text[pos] == ',') {
          ++pos;
          continue;
        }
        if (pos < text.size() && text[pos] == close) {
          ++pos;
          break;
        }
        return fail(object ? "expected ',' or '}' in an object"
                           : "expected ',' or ']' in an array");
      }
    }
    if (object)
      keepLastOfRepeatedKeys(childBase, keyBase);
    JsonNode &node = doc.nodes[index];
    node.kind = object ? JsonNode::Object : JsonNode::Array;
    node.firstChild = doc.children.size();
    node.numChildren = childStack.size() - childBase;
    doc.children.insert(doc.children.end(), childStack.begin() + childBase,
                        childStack.end());
    childStack.resize(childBase);
    // Keys sit at the same positions as their values; arrays get empty keys.
    if (object)
      doc.keys.insert(doc.keys.end(), keyStack.begin() + keyBase,
                      keyStack.end());
    else
      doc.keys.resize(doc.children.size());
    keyStack.resize(keyBase);
    return true;
  }

  /// Python's json module, which the tools whose files these are (caliper,
  /// compspec) read them with, makes an object a dict: one member per key,
  /// holding the key's last value at the place of its first occurrence.
  /// Does the same to the members gathered since `childBase` / `keyBase`.
  void keepLastOfRepeatedKeys(size_t childBase, size_t keyBase) {
    size_t count = keyStack.size() - keyBase;
    if (count < 2)
      return;
    // Members kept so far: [0, kept). Small objects are searched, larger
    // ones indexed.
    constexpr size_t searchLimit = 8;
    firstPlace.clear();
    size_t kept = 0;
    for (size_t i = 0; i < count; ++i) {
      StringRef key = keyStack[keyBase + i];
      std::optional<size_t> place;
      if (count <= searchLimit) {
        for (size_t k = 0; k < kept && !place; ++k)
          if (keyStack[keyBase + k] == key)
            place = k;
      } else if (auto it = firstPlace.find(key); it != firstPlace.end()) {
        place = it->second;
      }
      if (!place) {
        if (count > searchLimit)
          firstPlace.try_emplace(key, kept);
        place = kept++;
        keyStack[keyBase + *place] = key;
      }
      childStack[childBase + *place] = childStack[childBase + i];
    }
    keyStack.resize(keyBase + kept);
    childStack.resize(childBase + kept);
  }

  bool parseNumber(uint32_t index) {
    size_t start = pos;
    auto digits = [&] {
      size_t from = pos;
      while (pos < text.size() && llvm::isDigit(text[pos]))
        ++pos;
      return pos > from;
    };
    if (text[pos] == '-')
      ++pos;
    if (pos < text.size() && text[pos] == '0')
      ++pos;
    else if (!digits())
      return fail("invalid number");
    if (pos < text.size() && text[pos] == '.') {
      ++pos;
      if (!digits())
        return fail("invalid number: expected digits after '.'");
    }
    if (pos < text.size() && (text[pos] == 'e' || text[pos] == 'E')) {
      ++pos;
      if (pos < text.size() && (text[pos] == '+' || text[pos] == '-'))
        ++pos;
      if (!digits())
        return fail("invalid number: expected an exponent");
    }
    doc.nodes[index].kind = JsonNode::Number;
    doc.nodes[index].text = text.slice(start, pos);
    return true;
  }

  bool parseHex4(unsigned &value) {
    if (pos + 4 > text.size())
      return fail("truncated \\u escape");
    value = 0;
    for (unsigned i = 0; i < 4; ++i) {
      unsigned digit = llvm::hexDigitValue(text[pos + i]);
      if (digit == ~0U)
        return fail("invalid \\u escape");
      value = value * 16 + digit;
    }
    pos += 4;
    return true;
  }

  /// Parses a string literal at `pos`. Without escapes, the value points
  /// into the buffer; otherwise it is unescaped into the document's storage.
  /// Skips the UTF-8 sequence of a character at `pos` (a byte from 0x80):
  /// JSON text is UTF-8 (RFC 8259), which Python's `json` holds to too.
  bool skipUTF8() {
    auto *at = reinterpret_cast<const llvm::UTF8 *>(text.data() + pos);
    unsigned length = llvm::getNumBytesForUTF8(*at);
    if (pos + length > text.size() ||
        !llvm::isLegalUTF8Sequence(at, at + length))
      return fail("invalid UTF-8 in a string");
    pos += length;
    return true;
  }

  bool parseString(StringRef &value) {
    ++pos; // the opening quote
    size_t start = pos;
    while (pos < text.size() && text[pos] != '"' && text[pos] != '\\') {
      unsigned char byte = text[pos];
      if (byte < 0x20)
        return fail("control character in a string");
      if (byte >= 0x80) {
        if (!skipUTF8())
          return false;
        continue;
      }
      ++pos;
    }
    if (pos >= text.size())
      return fail("unterminated string");
    if (text[pos] == '"') {
      value = text.slice(start, pos++);
      return true;
    }
    std::string out = text.slice(start, pos).str();
    while (true) {
      if (pos >= text.size())
        return fail("unterminated string");
      char c = text[pos];
      if (c == '"')
        break;
      if (static_cast<unsigned char>(c) < 0x20)
        return fail("control character in a string");
      if (static_cast<unsigned char>(c) >= 0x80) {
        size_t from = pos;
        if (!skipUTF8())
          return false;
        out += text.slice(from, pos);
        continue;
      }
      if (c != '\\') {
        out += c;
        ++pos;
        continue;
      }
      if (++pos >= text.size())
        return fail("unterminated string");
      char escape = text[pos++];
      switch (escape) {
      case '"':
      case '\\':
      case '/':
        out += escape;
        break;
      case 'b':
        out += '\b';
        break;
      case 'f':
        out += '\f';
        break;
      case 'n':
        out += '\n';
        break;
      case 'r':
        out += '\r';
        break;
      case 't':
        out += '\t';
        break;
      case 'u': {
        unsigned code = 0;
        if (!parseHex4(code))
          return false;
        if (code >= 0xD800 && code < 0xDC00 &&
            text.substr(pos).starts_with("\\u")) {
          size_t save = pos;
          pos += 2;
          unsigned low = 0;
          if (!parseHex4(low))
            return false;
          if (low >= 0xDC00 && low < 0xE000)
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00);
          else
            pos = save;
        }
        // Lone surrogates become U+FFFD, as they cannot be UTF-8.
        if (code >= 0xD800 && code < 0xE000)
          code = 0xFFFD;
        char utf8[UNI_MAX_UTF8_BYTES_PER_CODE_POINT];
        char *end = utf8;
        llvm::ConvertCodePointToUTF8(code, end);
        out.append(utf8, end);
        break;
      }
      default:
        --pos;
        return fail("invalid escape in a string");
      }
    }
    ++pos; // the closing quote
    value = doc.saver.save(out);
    return true;
  }

  JsonDocument &doc;
  StringRef text;
  size_t pos;
  std::vector<uint32_t> childStack;
  std::vector<StringRef> keyStack;
  llvm::DenseMap<StringRef, size_t> firstPlace;
};
} // namespace graphdiff

std::unique_ptr<JsonDocument>
JsonDocument::parse(std::unique_ptr<llvm::MemoryBuffer> buffer,
                    std::string &error, unsigned firstLine) {
  std::unique_ptr<JsonDocument> doc(new JsonDocument());
  doc->buffer = std::move(buffer);
  doc->firstLine = firstLine;
  if (doc->buffer->getBufferSize() > UINT32_MAX) {
    error = (doc->buffer->getBufferIdentifier() +
             ": error: larger than 4 GB, which this reader does not handle")
                .str();
    return nullptr;
  }
  JsonParser parser(*doc);
  if (!parser.parseDocument()) {
    error = std::move(parser.error);
    return nullptr;
  }
  return doc;
}

const JsonNode *JsonDocument::lookup(const JsonNode &node,
                                     StringRef key) const {
  if (!node.isObject())
    return nullptr;
  for (unsigned i = 0; i < node.numChildren; ++i)
    if (getKey(node, i) == key)
      return &getChild(node, i);
  return nullptr;
}

std::string JsonDocument::errorAt(const JsonNode &node,
                                  const llvm::Twine &message) const {
  return formatBufferLocation(*buffer, node.offset, firstLine) +
         ": error: " + message.str();
}
