//===- OrderedJSON.h - JSON that keeps key order and positions --*- C++ -*-===//
//
// Part of graph-diff.
//
// API sources are JSON whose *key order* matters (compspec numbers nodes in
// the order a Python dict yields them; groups are diffed in file order) and
// whose errors must say where they are. llvm::json keeps neither, so the
// importers read JSON with graph-diff's reader (Support/JsonDocument.h) into
// this tree: objects keep their members in file order and every value knows
// its line and column.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_API_IMPORT_ORDEREDJSON_H
#define GRAPHDIFF_API_IMPORT_ORDEREDJSON_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace graphdiff {
class JsonDocument;
struct JsonNode;

/// One JSON value with its position (1-based line and column).
struct JSONValue {
  enum class Kind { Null, Bool, Number, String, Array, Object };
  Kind kind = Kind::Null;
  /// A string's contents, or a number's literal text.
  std::string text;
  bool boolean = false;
  /// Set for numbers written as integers that fit in 64 bits.
  std::optional<int64_t> integer;
  std::vector<JSONValue> elements;
  /// Members in file order, one per key: a repeated key has its last value
  /// at its first place, as in Python (JsonDocument.h).
  std::vector<std::pair<std::string, JSONValue>> members;
  unsigned line = 0, column = 0;

  bool isObject() const { return kind == Kind::Object; }
  bool isArray() const { return kind == Kind::Array; }
  bool isString() const { return kind == Kind::String; }
  /// The member called `key`, or null.
  const JSONValue *get(llvm::StringRef key) const;
  /// "an object", "a string", ... for error messages.
  llvm::StringRef describeKind() const;
};

/// Parses `text` (one JSON value, RFC 8259) of file `filename`. On failure
/// sets `error` to "filename:line:col: error: message".
std::optional<JSONValue> parseOrderedJSON(llvm::StringRef text,
                                          llvm::StringRef filename,
                                          std::string &error);

/// The tree of a document already parsed (whose first line is line 1).
JSONValue buildOrderedJSON(const JsonDocument &doc);

/// The 1-based line and column of a byte offset of a text, as JSONValue
/// has them (for reading a JsonDocument without building its tree).
class JSONPositions {
public:
  explicit JSONPositions(llvm::StringRef text);
  std::pair<unsigned, unsigned> locate(size_t offset) const;

private:
  std::vector<size_t> lineStarts;
};

/// "an object", "a string", ... as JSONValue::describeKind says it.
llvm::StringRef describeJSONKind(const JsonNode &node);

/// Appends `key` to a JSON pointer (RFC 6901: `~` -> `~0`, `/` -> `~1`).
std::string appendJSONPointer(llvm::StringRef pointer, llvm::StringRef key);

} // namespace graphdiff

#endif // GRAPHDIFF_API_IMPORT_ORDEREDJSON_H
