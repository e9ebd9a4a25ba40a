//===- ProfileOps.cpp - Ops of the hierarchical-profile dialect -----------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Dialect/Profile/IR/Profile.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/StringSet.h"

using namespace mlir;
using namespace graphdiff::prof;

#define GET_OP_CLASSES
#include "GraphDiff/Dialect/Profile/IR/ProfileOps.cpp.inc"

//===----------------------------------------------------------------------===//
// ProfileOp
//===----------------------------------------------------------------------===//

ScopeOp ProfileOp::getRoot() {
  if (getBody().empty() || getBody().front().empty())
    return ScopeOp();
  return dyn_cast<ScopeOp>(getBody().front().front());
}

int ProfileOp::getMetricIndex(StringRef metric) {
  for (auto [index, name] : llvm::enumerate(getMetrics()))
    if (cast<StringAttr>(name).getValue() == metric)
      return static_cast<int>(index);
  return -1;
}

LogicalResult ProfileOp::verifyRegions() {
  if (getMetrics().empty())
    return emitOpError("needs at least one metric");
  llvm::StringSet<> seen;
  for (Attribute metric : getMetrics()) {
    StringRef name = cast<StringAttr>(metric).getValue();
    if (name.empty())
      return emitOpError("has an empty metric name");
    if (!seen.insert(name).second)
      return emitOpError("names metric '") << name << "' twice";
  }
  if (getBody().empty() || getBody().front().empty() ||
      !isa<ScopeOp>(getBody().front().front()) ||
      std::next(getBody().front().begin()) != getBody().front().end())
    return emitOpError("must hold exactly one prof.scope, the root");
  return success();
}

//===----------------------------------------------------------------------===//
// ScopeOp
//===----------------------------------------------------------------------===//

SmallVector<ScopeOp, 4> ScopeOp::getChildren() {
  SmallVector<ScopeOp, 4> children;
  if (getBody().empty())
    return children;
  for (Operation &op : getBody().front())
    if (auto child = dyn_cast<ScopeOp>(op))
      children.push_back(child);
  return children;
}

ProfileOp ScopeOp::getProfile() {
  return getOperation()->getParentOfType<ProfileOp>();
}

bool ScopeOp::isRoot() { return isa<ProfileOp>(getOperation()->getParentOp()); }

int64_t ScopeOp::getSelfValue(unsigned index) {
  std::optional<ArrayRef<int64_t>> self = getSelf();
  if (!self || index >= self->size())
    return kUnknown;
  return (*self)[index];
}

Block &ScopeOp::getOrCreateBody() {
  if (getBody().empty())
    getBody().emplaceBlock();
  return getBody().front();
}

/// Parses `[1, ?, 3]`.
static ParseResult parseValues(OpAsmParser &parser,
                               SmallVectorImpl<int64_t> &values) {
  return parser.parseCommaSeparatedList(
      OpAsmParser::Delimiter::Square, [&]() -> ParseResult {
        if (succeeded(parser.parseOptionalQuestion())) {
          values.push_back(ScopeOp::kUnknown);
          return success();
        }
        int64_t value;
        if (parser.parseInteger(value))
          return failure();
        values.push_back(value);
        return success();
      });
}

static void printValues(OpAsmPrinter &printer, ArrayRef<int64_t> values) {
  printer << "[";
  llvm::interleaveComma(values, printer, [&](int64_t value) {
    if (value == ScopeOp::kUnknown)
      printer << "?";
    else
      printer << value;
  });
  printer << "]";
}

ParseResult ScopeOp::parse(OpAsmParser &parser, OperationState &result) {
  StringAttr name;
  if (parser.parseAttribute(name, getNameAttrName(result.name),
                            result.attributes))
    return failure();
  Builder &builder = parser.getBuilder();
  if (succeeded(parser.parseOptionalKeyword("self"))) {
    SmallVector<int64_t> self;
    if (parseValues(parser, self))
      return failure();
    result.addAttribute(getSelfAttrName(result.name),
                        builder.getDenseI64ArrayAttr(self));
  }
  SmallVector<int64_t> total;
  if (parser.parseKeyword("total") || parseValues(parser, total))
    return failure();
  result.addAttribute(getTotalAttrName(result.name),
                      builder.getDenseI64ArrayAttr(total));
  if (succeeded(parser.parseOptionalKeyword("unsized"))) {
    int64_t unsized;
    if (parser.parseInteger(unsized))
      return failure();
    result.addAttribute(getUnsizedAttrName(result.name),
                        builder.getI64IntegerAttr(unsized));
  }
  if (parser.parseOptionalAttrDictWithKeyword(result.attributes))
    return failure();
  Region *body = result.addRegion();
  OptionalParseResult region = parser.parseOptionalRegion(*body);
  if (region.has_value() && failed(*region))
    return failure();
  return success();
}

void ScopeOp::print(OpAsmPrinter &printer) {
  printer << " ";
  printer.printAttributeWithoutType(getNameAttr());
  if (std::optional<ArrayRef<int64_t>> self = getSelf()) {
    printer << " self ";
    printValues(printer, *self);
  }
  printer << " total ";
  printValues(printer, getTotal());
  if (getUnsized() != 0)
    printer << " unsized " << getUnsized();
  printer.printOptionalAttrDictWithKeyword(
      (*this)->getAttrs(), {getNameAttrName(), getSelfAttrName(),
                            getTotalAttrName(), getUnsizedAttrName()});
  if (!getBody().empty() && !getBody().front().empty()) {
    printer << " ";
    printer.printRegion(getBody(), /*printEntryBlockArgs=*/false,
                        /*printBlockTerminators=*/false);
  }
}

LogicalResult ScopeOp::verify() {
  if (getName().empty())
    return emitOpError("has an empty name");
  if (getUnsizedAttr().getInt() < 0)
    return emitOpError("has a negative unsized count");
  ProfileOp profile = getProfile();
  if (!profile)
    return success();
  size_t metrics = profile.getMetrics().size();
  auto checkValues = [&](ArrayRef<int64_t> values, StringRef what,
                         bool allowUnknown) -> LogicalResult {
    if (values.size() != metrics)
      return emitOpError("has ") << values.size() << " " << what
                                 << " values for " << metrics << " metrics";
    for (int64_t value : values) {
      if (value == kUnknown && allowUnknown)
        continue;
      if (value == kUnknown)
        return emitOpError("has an unknown ") << what << " value";
      if (value < 0)
        return emitOpError("has a negative ") << what << " value";
    }
    return success();
  };
  if (failed(checkValues(getTotal(), "total", /*allowUnknown=*/false)))
    return failure();
  std::optional<ArrayRef<int64_t>> self = getSelf();
  if (!self)
    return success();
  if (failed(checkValues(*self, "self", /*allowUnknown=*/true)))
    return failure();
  for (auto [index, pair] : llvm::enumerate(llvm::zip(*self, getTotal()))) {
    auto [selfValue, totalValue] = pair;
    if (selfValue != kUnknown && selfValue > totalValue)
      return emitOpError("has self value ")
             << selfValue << " above its total " << totalValue
             << " for metric '"
             << cast<StringAttr>(profile.getMetrics()[index]).getValue() << "'";
  }
  return success();
}

LogicalResult ScopeOp::verifyRegions() {
  if (getBody().empty())
    return success();
  bool root = isRoot();
  std::string prefix = (getName() + "/").str();
  llvm::StringMap<ScopeOp> seen;
  for (Operation &op : getBody().front()) {
    auto child = dyn_cast<ScopeOp>(op);
    if (!child)
      return op.emitOpError("is not a prof.scope, in a prof.scope");
    StringRef name = child.getName();
    if (!root && (!name.starts_with(prefix) || name.size() == prefix.size()))
      return child.emitOpError("name '")
             << name << "' does not extend its parent's name '" << getName()
             << "/'";
    auto [it, inserted] = seen.try_emplace(name, child);
    if (!inserted) {
      InFlightDiagnostic diag = child.emitOpError("repeats the name '")
                                << name << "' of a sibling";
      diag.attachNote(it->second.getLoc()) << "first here";
      return diag;
    }
  }
  return success();
}
