//===- PatchDialect.cpp - The patch-plan dialect --------------------------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Dialect/Patch/IR/Patch.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace graphdiff::patch;

#include "GraphDiff/Dialect/Patch/IR/PatchOpsDialect.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "GraphDiff/Dialect/Patch/IR/PatchAttrs.cpp.inc"

void PatchDialect::initialize() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "GraphDiff/Dialect/Patch/IR/PatchAttrs.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "GraphDiff/Dialect/Patch/IR/PatchOps.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// RefAttr
//===----------------------------------------------------------------------===//

std::string RefAttr::str() const {
  if (isNone())
    return "_";
  std::string text;
  llvm::raw_string_ostream os(text);
  if (getIsNew())
    os << "new ";
  os << (getSymbol() ? "@" : "%") << getName().getValue();
  if (getResult() != 0) {
    if (getSymbol())
      os << "[" << getResult() << "]";
    else
      os << "#" << getResult();
  }
  return text;
}

RefAttr RefAttr::getNodeRef() const {
  if (getResult() == 0)
    return *this;
  return RefAttr::get(getContext(), getName(), getSymbol(), /*result=*/0,
                      getIsNew());
}

static bool isNameChar(char c) {
  return llvm::isAlnum(c) || c == '_' || c == '$' || c == '.' || c == '-';
}

RefAttr graphdiff::patch::parseRefText(MLIRContext *context, StringRef text,
                                       std::string &error) {
  StringRef rest = text.trim();
  if (rest == "_")
    return RefAttr::get(context, StringAttr::get(context, ""), false, 0, false);
  bool isNew = rest.consume_front("new ");
  rest = rest.ltrim();
  bool symbol;
  if (rest.consume_front("@"))
    symbol = true;
  else if (rest.consume_front("%"))
    symbol = false;
  else {
    error = "expected '@id', '%name', 'new ...' or '_' in reference '" +
            text.str() + "'";
    return nullptr;
  }
  size_t end = 0;
  while (end < rest.size() && isNameChar(rest[end]))
    ++end;
  StringRef name = rest.take_front(end);
  rest = rest.drop_front(end);
  if (name.empty()) {
    error = "missing name in reference '" + text.str() + "'";
    return nullptr;
  }
  unsigned result = 0;
  if (symbol && rest.consume_front("[")) {
    if (rest.consumeInteger(10, result) || !rest.consume_front("]")) {
      error = "expected '[N]' result index in reference '" + text.str() + "'";
      return nullptr;
    }
  } else if (!symbol && rest.consume_front("#")) {
    if (rest.consumeInteger(10, result)) {
      error = "expected '#N' result index in reference '" + text.str() + "'";
      return nullptr;
    }
  }
  if (!rest.empty()) {
    error = "unexpected '" + rest.str() + "' in reference '" + text.str() + "'";
    return nullptr;
  }
  return RefAttr::get(context, StringAttr::get(context, name), symbol, result,
                      isNew);
}

Attribute RefAttr::parse(AsmParser &parser, Type) {
  std::string text;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseLess() || parser.parseString(&text) || parser.parseGreater())
    return {};
  std::string error;
  RefAttr ref = parseRefText(parser.getContext(), text, error);
  if (!ref)
    parser.emitError(loc, error);
  return ref;
}

void RefAttr::print(AsmPrinter &printer) const {
  printer << "<\"" << str() << "\">";
}
