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
using graphdiff::NameRef;

#include "GraphDiff/Dialect/Patch/IR/PatchOpsDialect.cpp.inc"

#include "GraphDiff/Dialect/Patch/IR/PatchEnums.cpp.inc"

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
// Actions
//===----------------------------------------------------------------------===//

template <typename... Ops>
static constexpr unsigned countActions(std::tuple<Ops...> *) {
  return (0 + ... +
          (Ops::template hasTrait<ActionOpInterface::Trait>() ? 1 : 0));
}

template <typename First, typename... Rest>
static constexpr bool allDistinct(std::tuple<First, Rest...> *) {
  if constexpr (sizeof...(Rest) == 0)
    return true;
  else
    return !(std::is_same_v<First, Rest> || ...) &&
           allDistinct(static_cast<std::tuple<Rest...> *>(nullptr));
}

// ActionOps lists each op that declares ActionOpInterface in PatchOps.td,
// and nothing else: as many of them as the dialect has, each an action,
// none twice.
using AllOps = std::tuple<
#define GET_OP_LIST
#include "GraphDiff/Dialect/Patch/IR/PatchOps.cpp.inc"
    >;
static_assert(countActions(static_cast<ActionOps *>(nullptr)) ==
                      std::tuple_size_v<ActionOps> &&
                  countActions(static_cast<AllOps *>(nullptr)) ==
                      std::tuple_size_v<ActionOps> &&
                  allDistinct(static_cast<ActionOps *>(nullptr)),
              "ActionOps must list the ops with ActionOpInterface");

template <typename... Ops>
static SmallVector<StringRef> getNames(std::tuple<Ops...> *) {
  return {getActionName<Ops>()...};
}

ArrayRef<StringRef> graphdiff::patch::getActionNames() {
  static const SmallVector<StringRef> names =
      getNames(static_cast<ActionOps *>(nullptr));
  return names;
}

//===----------------------------------------------------------------------===//
// RefAttr
//===----------------------------------------------------------------------===//

RefAttr::operator NameRef() const {
  if (!*this)
    return NameRef();
  return NameRef(getName().getValue(), getSymbol(), getResult(), getIsNew());
}

std::string RefAttr::str() const { return NameRef(*this).str(); }

std::string RefAttr::bareStr() const {
  std::string text = str();
  if (getIsNew())
    text.erase(0, StringRef("new ").size());
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
  std::string name;
  if (symbol && rest.starts_with("\"")) {
    // A quoted symbol name, `@"soft max"`, with MLIR's string escapes.
    size_t end = 1;
    while (end < rest.size() && rest[end] != '"') {
      if (rest[end] == '\\' && end + 1 < rest.size()) {
        char next = rest[end + 1];
        if (next == '\\' || next == '"') {
          name += next;
          end += 2;
          continue;
        }
        if (next == 'n' || next == 't') {
          name += next == 'n' ? '\n' : '\t';
          end += 2;
          continue;
        }
        if (end + 2 < rest.size() && llvm::isHexDigit(next) &&
            llvm::isHexDigit(rest[end + 2])) {
          name += static_cast<char>(llvm::hexFromNibbles(next, rest[end + 2]));
          end += 3;
          continue;
        }
        error = "bad escape in reference '" + text.str() + "'";
        return nullptr;
      }
      name += rest[end++];
    }
    if (end == rest.size()) {
      error = "unterminated name in reference '" + text.str() + "'";
      return nullptr;
    }
    rest = rest.drop_front(end + 1);
  } else {
    size_t end = 0;
    while (end < rest.size() && isNameChar(rest[end]))
      ++end;
    name = rest.take_front(end).str();
    rest = rest.drop_front(end);
  }
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
  printer << "<\"";
  llvm::printEscapedString(str(), printer.getStream());
  printer << "\">";
}
