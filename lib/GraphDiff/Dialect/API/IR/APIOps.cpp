//===- APIOps.cpp - The API dialect's ops ---------------------------------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Dialect/API/IR/API.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"

using namespace mlir;
using namespace graphdiff::api;

bool graphdiff::api::isAPIObject(Operation *op) {
  return isa<APIModuleOp, ClassOp, FuncOp>(op);
}

Block *graphdiff::api::getBodyBlock(Operation *op) {
  if (op->getNumRegions() != 1 || op->getRegion(0).empty())
    return nullptr;
  return &op->getRegion(0).front();
}

//===----------------------------------------------------------------------===//
// Custom directives
//===----------------------------------------------------------------------===//

/// An optional `private`, `nested` or `public` keyword, as func.func has,
/// then the symbol name. An empty name (a compspec node whose value is "",
/// a functiondb key "", `func.func @""`) is `@""`, which the parser reads
/// back (MLIR's printSymbolName writes `@<<INVALID EMPTY SYMBOL>>`).
static ParseResult parseSymbolHeader(OpAsmParser &parser,
                                     StringAttr &visibility, StringAttr &name) {
  for (StringRef keyword : {"private", "nested", "public"})
    if (succeeded(parser.parseOptionalKeyword(keyword))) {
      visibility = parser.getBuilder().getStringAttr(keyword);
      break;
    }
  return parser.parseSymbolName(name);
}

static void printSymbolHeader(OpAsmPrinter &p, Operation *,
                              StringAttr visibility, StringAttr name) {
  if (visibility)
    p << visibility.getValue() << " ";
  if (name.getValue().empty())
    p << "@\"\"";
  else
    p.printSymbolName(name.getValue());
}

/// `{ ... }`, always present; an empty `{}` gets its block.
static ParseResult parseBody(OpAsmParser &parser, Region &body) {
  if (parser.parseRegion(body, /*arguments=*/{}))
    return failure();
  if (body.empty())
    body.emplaceBlock();
  return success();
}

static void printBody(OpAsmPrinter &p, Operation *, Region &body) {
  // An empty body prints as `{` and `}` on their own lines, indented.
  p.printRegion(body, /*printEntryBlockArgs=*/false,
                /*printBlockTerminators=*/false);
}

//===----------------------------------------------------------------------===//
// Verifiers
//===----------------------------------------------------------------------===//

/// Checks that `op` sits in one of the api scopes `Parents` or in a symbol
/// table of another dialect (a builtin.module; a patch action that writes the
/// object out), and that its body holds only the ops `Children`.
template <typename... Parents, typename... Children>
static LogicalResult verifyNesting(Operation *op, StringRef parentsText,
                                   StringRef childrenText,
                                   std::tuple<Children...> *) {
  Operation *parent = op->getParentOp();
  bool outsideAPI = parent && parent->getDialect() != op->getDialect() &&
                    parent->hasTrait<OpTrait::SymbolTable>();
  if (parent && !isa<Parents...>(parent) && !outsideAPI)
    return op->emitOpError("must be nested in ")
           << parentsText << ", not in '" << parent->getName() << "'";
  if (Block *body = getBodyBlock(op))
    for (Operation &child : *body)
      if (!isa<Children...>(child))
        return child.emitOpError("cannot be in '")
               << op->getName() << "' (it holds " << childrenText << ")";
  return success();
}

LogicalResult APIModuleOp::verify() {
  std::tuple<APIModuleOp, ClassOp, FuncOp, NodeOp> *children = nullptr;
  return verifyNesting<APIModuleOp>(
      *this, "a symbol table (builtin.module) or an api.module",
      "api.module, api.class, api.func and api.node", children);
}

LogicalResult ClassOp::verify() {
  std::tuple<ClassOp, FuncOp, NodeOp> *children = nullptr;
  return verifyNesting<APIModuleOp, ClassOp>(
      *this, "a symbol table (builtin.module), an api.module or an api.class",
      "api.class, api.func and api.node", children);
}

LogicalResult FuncOp::verify() {
  std::tuple<ParamOp, ResultOp, NodeOp> *children = nullptr;
  if (failed(verifyNesting<APIModuleOp, ClassOp>(
          *this,
          "a symbol table (builtin.module), an api.module or an api.class",
          "api.param, api.result and api.node", children)))
    return failure();
  Block *body = getBodyBlock(*this);
  if (!body)
    return success();
  llvm::StringMap<ParamOp> seen;
  ParamOp varPositional, varKeyword;
  for (ParamOp param : body->getOps<ParamOp>()) {
    StringRef name = param.getName();
    if (!name.empty()) {
      auto [it, inserted] = seen.try_emplace(name, param);
      if (!inserted) {
        InFlightDiagnostic diag =
            param.emitOpError("duplicate parameter name \"") << name << "\"";
        diag.attachNote(it->second.getLoc()) << "first defined here";
        return diag;
      }
    }
    ParamKind kind = param.getKindOrDefault();
    ParamOp &single =
        kind == ParamKind::VarPositional ? varPositional : varKeyword;
    if (kind == ParamKind::VarPositional || kind == ParamKind::VarKeyword) {
      if (single)
        return param.emitOpError("a function has at most one ")
               << stringifyParamKind(kind) << " parameter";
      single = param;
    }
  }
  return success();
}

LogicalResult ParamOp::verify() {
  if (getKind() && !symbolizeParamKind(*getKind())) {
    SmallVector<StringRef> kinds;
    for (unsigned kind = 0; kind <= getMaxEnumValForParamKind(); ++kind)
      kinds.push_back(stringifyParamKind(static_cast<ParamKind>(kind)));
    return emitOpError("unknown parameter kind \"")
           << *getKind() << "\" (expected one of: " << llvm::join(kinds, ", ")
           << ")";
  }
  if (Block *body = getBodyBlock(*this))
    for (Operation &child : *body)
      if (!isa<NodeOp>(child))
        return child.emitOpError(
            "cannot be in 'api.param' (it holds api.node)");
  return success();
}

LogicalResult NodeOp::verify() {
  Operation *parent = (*this)->getParentOp();
  if (parent && !isa<ModuleOp>(parent) &&
      parent->getDialect() != (*this)->getDialect())
    return emitOpError("must be nested in an api op or a builtin.module");
  if (Block *body = getBodyBlock(*this))
    for (Operation &child : *body)
      if (!isa<NodeOp>(child))
        return child.emitOpError("cannot be in 'api.node' (it holds api.node)");
  return success();
}

//===----------------------------------------------------------------------===//
// Accessors
//===----------------------------------------------------------------------===//

ParamKind ParamOp::getKindOrDefault() {
  std::optional<ParamKind> kind;
  if (std::optional<StringRef> text = getKind())
    kind = symbolizeParamKind(*text);
  return kind.value_or(ParamKind::PositionalOrKeyword);
}

bool ParamOp::isOptional() {
  ParamKind kind = getKindOrDefault();
  return getDefaultValue().has_value() || kind == ParamKind::VarPositional ||
         kind == ParamKind::VarKeyword;
}

std::string NodeOp::getValueString() {
  Attribute value = getValue();
  if (auto text = dyn_cast<StringAttr>(value))
    return text.str();
  if (auto number = dyn_cast<IntegerAttr>(value))
    return std::to_string(number.getValue().getSExtValue());
  return "";
}

#define GET_OP_CLASSES
#include "GraphDiff/Dialect/API/IR/APIOps.cpp.inc"
