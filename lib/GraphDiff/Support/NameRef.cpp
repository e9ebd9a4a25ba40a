//===- NameRef.cpp - A node or value named as plans write it --------------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Support/NameRef.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace graphdiff;

/// Whether `name` can follow `@` bare, as MLIR's lexer reads a symbol name:
/// a letter or `_`, then letters, digits, `_`, `$` and `.`.
static bool isBareSymbolName(llvm::StringRef name) {
  if (name.empty() || !(llvm::isAlpha(name.front()) || name.front() == '_'))
    return false;
  return llvm::all_of(name.drop_front(), [](char c) {
    return llvm::isAlnum(c) || c == '_' || c == '$' || c == '.';
  });
}

std::string NameRef::str() const {
  if (!valid)
    return "";
  if (name.empty())
    return "_";
  std::string text;
  llvm::raw_string_ostream os(text);
  if (isNew)
    os << "new ";
  if (!symbol) {
    os << "%" << name;
  } else if (isBareSymbolName(name)) {
    os << "@" << name;
  } else {
    // `@"soft max"`, escaped as MLIR's printer escapes a string.
    os << "@\"";
    llvm::printEscapedString(name, os);
    os << "\"";
  }
  if (result != 0) {
    if (symbol)
      os << "[" << result << "]";
    else
      os << "#" << result;
  }
  return text;
}
