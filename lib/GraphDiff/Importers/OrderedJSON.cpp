//===- OrderedJSON.cpp - JSON that keeps key order and positions ----------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Importers/OrderedJSON.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/ConvertUTF.h"

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
/// A recursive-descent reader over the text, tracking line and column.
class Reader {
public:
  Reader(StringRef text, JSONError &error) : text(text), error(error) {}

  std::optional<JSONValue> readDocument() {
    std::optional<JSONValue> value = readValue(0);
    if (!value)
      return std::nullopt;
    skipSpace();
    if (pos != text.size())
      return fail("unexpected text after the JSON value");
    return value;
  }

private:
  StringRef text;
  JSONError &error;
  size_t pos = 0;
  unsigned line = 1, column = 1;

  std::nullopt_t fail(const llvm::Twine &message) {
    error.message = message.str();
    error.line = line;
    error.column = column;
    return std::nullopt;
  }

  char peek() const { return pos < text.size() ? text[pos] : '\0'; }
  void advance() {
    if (text[pos] == '\n') {
      ++line;
      column = 1;
    } else {
      ++column;
    }
    ++pos;
  }
  void skipSpace() {
    while (pos < text.size() && (peek() == ' ' || peek() == '\t' ||
                                 peek() == '\n' || peek() == '\r'))
      advance();
  }
  bool consumeWord(StringRef word) {
    if (!text.substr(pos).starts_with(word))
      return false;
    for (size_t i = 0; i < word.size(); ++i)
      advance();
    return true;
  }

  std::optional<JSONValue> readValue(unsigned depth) {
    skipSpace();
    if (depth > 512)
      return fail("JSON nested too deeply");
    JSONValue value;
    value.line = line;
    value.column = column;
    char c = peek();
    if (c == '{')
      return readObject(std::move(value), depth);
    if (c == '[')
      return readArray(std::move(value), depth);
    if (c == '"') {
      value.kind = JSONValue::Kind::String;
      if (!readString(value.text))
        return std::nullopt;
      return value;
    }
    if (consumeWord("true") || consumeWord("false")) {
      value.kind = JSONValue::Kind::Bool;
      value.boolean = text[pos - 1] == 'e' && text[pos - 2] == 'u';
      return value;
    }
    if (consumeWord("null"))
      return value;
    if (c == '-' || llvm::isDigit(c))
      return readNumber(std::move(value));
    if (pos == text.size())
      return fail("unexpected end of the JSON text");
    return fail(llvm::Twine("unexpected character '") + llvm::Twine(c) + "'");
  }

  std::optional<JSONValue> readNumber(JSONValue value) {
    size_t start = pos;
    bool integral = true;
    if (peek() == '-')
      advance();
    if (!llvm::isDigit(peek()))
      return fail("expected a digit");
    while (llvm::isDigit(peek()))
      advance();
    if (peek() == '.') {
      integral = false;
      advance();
      if (!llvm::isDigit(peek()))
        return fail("expected a digit after '.'");
      while (llvm::isDigit(peek()))
        advance();
    }
    if (peek() == 'e' || peek() == 'E') {
      integral = false;
      advance();
      if (peek() == '+' || peek() == '-')
        advance();
      if (!llvm::isDigit(peek()))
        return fail("expected a digit in the exponent");
      while (llvm::isDigit(peek()))
        advance();
    }
    value.kind = JSONValue::Kind::Number;
    value.text = text.slice(start, pos).str();
    int64_t number;
    if (integral && !StringRef(value.text).getAsInteger(10, number))
      value.integer = number;
    return value;
  }

  bool readHex4(unsigned &code) {
    code = 0;
    for (int i = 0; i < 4; ++i) {
      char c = peek();
      if (!llvm::isHexDigit(c)) {
        fail("expected four hex digits after \\u");
        return false;
      }
      code = code * 16 + llvm::hexDigitValue(c);
      advance();
    }
    return true;
  }

  bool readString(std::string &out) {
    advance(); // the opening quote
    while (true) {
      if (pos >= text.size()) {
        fail("unterminated string");
        return false;
      }
      char c = peek();
      if (c == '"') {
        advance();
        return true;
      }
      if (static_cast<unsigned char>(c) < 0x20) {
        fail("control character in a string");
        return false;
      }
      if (c != '\\') {
        out += c;
        advance();
        continue;
      }
      advance();
      char escape = peek();
      if (pos >= text.size()) {
        fail("unterminated string");
        return false;
      }
      advance();
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
        unsigned code;
        if (!readHex4(code))
          return false;
        if (code >= 0xD800 && code < 0xDC00 && consumeWord("\\u")) {
          unsigned low;
          if (!readHex4(low))
            return false;
          code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00);
        }
        char buffer[8];
        char *end = buffer;
        if (!llvm::ConvertCodePointToUTF8(code, end)) {
          fail("invalid \\u escape");
          return false;
        }
        out.append(buffer, end);
        break;
      }
      default:
        fail(llvm::Twine("invalid escape '\\") + llvm::Twine(escape) + "'");
        return false;
      }
    }
  }

  std::optional<JSONValue> readArray(JSONValue value, unsigned depth) {
    value.kind = JSONValue::Kind::Array;
    advance();
    skipSpace();
    if (peek() == ']') {
      advance();
      return value;
    }
    while (true) {
      std::optional<JSONValue> element = readValue(depth + 1);
      if (!element)
        return std::nullopt;
      value.elements.push_back(std::move(*element));
      skipSpace();
      if (peek() == ',') {
        advance();
        continue;
      }
      if (peek() == ']') {
        advance();
        return value;
      }
      return fail("expected ',' or ']' in a list");
    }
  }

  std::optional<JSONValue> readObject(JSONValue value, unsigned depth) {
    value.kind = JSONValue::Kind::Object;
    advance();
    skipSpace();
    if (peek() == '}') {
      advance();
      return value;
    }
    while (true) {
      skipSpace();
      if (peek() != '"')
        return fail("expected a string key in an object");
      std::string key;
      if (!readString(key))
        return std::nullopt;
      skipSpace();
      if (peek() != ':')
        return fail("expected ':' after an object key");
      advance();
      std::optional<JSONValue> member = readValue(depth + 1);
      if (!member)
        return std::nullopt;
      value.members.emplace_back(std::move(key), std::move(*member));
      skipSpace();
      if (peek() == ',') {
        advance();
        continue;
      }
      if (peek() == '}') {
        advance();
        return value;
      }
      return fail("expected ',' or '}' in an object");
    }
  }
};
} // namespace

std::optional<JSONValue> graphdiff::parseOrderedJSON(StringRef text,
                                                     JSONError &error) {
  return Reader(text, error).readDocument();
}
