//===- JsonDocument.h - JSON with source positions --------------*- C++ -*-===//
//
// Part of graph-diff.
//
// The JSON reader of graph-diff's own code (the similarity inputs, the API
// importers' functiondb and compspec files; OrderedJSON.h builds a tree from
// it). llvm::json forgets where a value was, so a schema error ("a module
// must be an object") could not name its line, and it does not keep key
// order. This reader keeps each value's byte offset, keeps object members in
// file order, and stores the tree flat (one vector of nodes, one of child
// indices), which also keeps reading a large functiondb quick. A key repeated
// in an object is read as Python's json module reads it, since the files
// come from Python tools (caliper, compspec): one member, with the key's
// last value, at the place of the key's first occurrence.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_SUPPORT_JSONDOCUMENT_H
#define GRAPHDIFF_SUPPORT_JSONDOCUMENT_H

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Allocator.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/StringSaver.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace graphdiff {

/// One JSON value. Strings hold their unescaped text; numbers their literal.
struct JsonNode {
  enum Kind : uint8_t { Null, Bool, Number, String, Array, Object };
  Kind kind = Null;
  bool boolean = false;
  /// Byte offset of the value's first character in the buffer.
  uint32_t offset = 0;
  /// Children (array elements or object member values): indices
  /// [firstChild, firstChild + numChildren) of JsonDocument's child table.
  uint32_t firstChild = 0, numChildren = 0;
  llvm::StringRef text;

  bool isObject() const { return kind == Object; }
  bool isArray() const { return kind == Array; }
  bool isString() const { return kind == String; }
};

/// A parsed JSON file.
class JsonDocument {
public:
  /// Parses `buffer` (whose identifier names the file in errors; its first
  /// line is line `firstLine` of that file). On a syntax error returns null
  /// and sets `error` to "file:line:col: error: message".
  static std::unique_ptr<JsonDocument>
  parse(std::unique_ptr<llvm::MemoryBuffer> buffer, std::string &error,
        unsigned firstLine = 1);

  const JsonNode &getRoot() const { return nodes.front(); }
  /// The `i`-th element or member value of `node`.
  const JsonNode &getChild(const JsonNode &node, unsigned i) const {
    return nodes[children[node.firstChild + i]];
  }
  /// The key of the `i`-th member of object `node`.
  llvm::StringRef getKey(const JsonNode &node, unsigned i) const {
    return keys[node.firstChild + i];
  }
  /// The value of member `key` of object `node`, or null.
  const JsonNode *lookup(const JsonNode &node, llvm::StringRef key) const;

  /// "file:line:col: error: <message>" pointing at `node`.
  std::string errorAt(const JsonNode &node, const llvm::Twine &message) const;
  llvm::StringRef getFilename() const { return buffer->getBufferIdentifier(); }
  /// The text the document was parsed from.
  llvm::StringRef getText() const { return buffer->getBuffer(); }

private:
  friend class JsonParser;
  JsonDocument() : saver(allocator) {}

  std::unique_ptr<llvm::MemoryBuffer> buffer;
  unsigned firstLine = 1;
  std::vector<JsonNode> nodes;
  std::vector<uint32_t> children;
  std::vector<llvm::StringRef> keys;
  llvm::BumpPtrAllocator allocator;
  llvm::StringSaver saver;
};

/// "file:line:col" of byte `offset` of `buffer`, whose first line is line
/// `firstLine` of the file.
std::string formatBufferLocation(const llvm::MemoryBuffer &buffer,
                                 size_t offset, unsigned firstLine = 1);

} // namespace graphdiff

#endif // GRAPHDIFF_SUPPORT_JSONDOCUMENT_H
