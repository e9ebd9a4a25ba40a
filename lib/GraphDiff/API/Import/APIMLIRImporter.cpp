//===- APIMLIRImporter.cpp - An MLIR module's symbols into `api` IR -------===//
//
// Part of graph-diff.
//
// The API of an MLIR module is what another module can call or link against:
// its callable symbols (func.func, llvm.func, gpu.func, ..., declarations
// included) with their argument and result types, inside the named symbol
// tables that nest them (builtin.module @name, gpu.module, ...). Argument
// names come from an argument attribute whose key ends in "name"
// (`llvm.name`, `api.name`), else from `tf_saved_model.index_path`, else
// from a NameLoc on the block argument; an argument without one is matched
// by position. MLIR calls are positional, so every parameter is
// `positional_only`. A nested symbol table without a name (`module { ... }`
// inside another) is a scope `#N` of its own, N its position among the
// unnamed ones of its scope: its symbols are apart from its neighbours'.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/API/Import/APIImporters.h"
#include "GraphDiff/API/Import/OrderedJSON.h"
#include "GraphDiff/Dialect/API/IR/API.h"
#include "GraphDiff/Support/JsonDocument.h"
#include "mlir/IR/Builders.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace mlir;
using namespace graphdiff;

/// The name a NameLoc gives, looking through fused and call-site locations.
static std::string nameFromLoc(Location loc) {
  if (auto named = dyn_cast<NameLoc>(loc))
    return named.getName().str();
  if (auto fused = dyn_cast<FusedLoc>(loc))
    for (Location part : fused.getLocations())
      if (std::string name = nameFromLoc(part); !name.empty())
        return name;
  if (auto callSite = dyn_cast<CallSiteLoc>(loc))
    return nameFromLoc(callSite.getCallee());
  return "";
}

/// Argument `index`'s name, or "".
static std::string argumentName(FunctionOpInterface func, unsigned index) {
  if (DictionaryAttr attrs = func.getArgAttrDict(index)) {
    for (NamedAttribute attr : attrs)
      if (attr.getName().getValue().ends_with("name"))
        if (auto text = dyn_cast<StringAttr>(attr.getValue()))
          return text.str();
    if (auto path = attrs.getAs<ArrayAttr>("tf_saved_model.index_path"))
      if (!path.empty())
        if (auto text = dyn_cast<StringAttr>(path[0]))
          return text.str();
  }
  if (!func.isExternal())
    return nameFromLoc(func.getArgument(index).getLoc());
  return "";
}

static bool hasFileLocation(Location loc) {
  bool found = false;
  loc->walk([&](Location part) {
    found |= isa<FileLineColLoc>(part);
    return WalkResult::advance();
  });
  return found;
}

static std::string typeString(Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  type.print(os);
  return text;
}

static void importFunction(OpBuilder &builder, FunctionOpInterface func) {
  auto symbol = cast<SymbolOpInterface>(func.getOperation());
  auto apiFunc = api::FuncOp::create(builder, func.getLoc(),
                                     symbol.getNameAttr().getValue(),
                                     StringAttr(), func.isExternal(),
                                     /*defaults_unknown=*/false, StringAttr());
  if (symbol.isPrivate())
    SymbolTable::setSymbolVisibility(apiFunc, SymbolTable::Visibility::Private);
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToEnd(&apiFunc.getBodyRegion().emplaceBlock());
  unsigned numArgs = func.getNumArguments();
  std::vector<std::string> names;
  llvm::StringSet<> seen;
  bool unique = true;
  for (unsigned i = 0; i < numArgs; ++i) {
    names.push_back(argumentName(func, i));
    if (!names.back().empty() && !seen.insert(names.back()).second)
      unique = false;
  }
  StringAttr positional = builder.getStringAttr(
      api::stringifyParamKind(api::ParamKind::PositionalOnly));
  for (unsigned i = 0; i < numArgs; ++i) {
    // An argument's own location, when it says where it is (a bare NameLoc
    // only names it); else the function's.
    Location loc = func.getLoc();
    if (!func.isExternal() && hasFileLocation(func.getArgument(i).getLoc()))
      loc = func.getArgument(i).getLoc();
    api::ParamOp::create(
        builder, loc, builder.getStringAttr(unique ? names[i] : ""),
        builder.getStringAttr(typeString(func.getArgumentTypes()[i])),
        StringAttr(), positional, StringAttr());
  }
  for (Type result : func.getResultTypes())
    api::ResultOp::create(builder, func.getLoc(),
                          builder.getStringAttr(typeString(result)),
                          StringAttr());
}

/// The name of a nested symbol table without one: `#N`, N counting the
/// unnamed ones of its scope from 0, skipping names the scope's own symbols
/// take.
static std::string unnamedScopeName(unsigned &counter,
                                    const llvm::StringSet<> &taken) {
  std::string name;
  do
    name = "#" + std::to_string(counter++);
  while (taken.contains(name));
  return name;
}

/// Imports the symbols of `scope`'s body under `builder`'s insertion point.
static void importScope(OpBuilder &builder, Operation *scope) {
  llvm::StringSet<> taken;
  for (Region &region : scope->getRegions())
    for (Block &block : region)
      for (Operation &op : block)
        if (auto symbol = dyn_cast<SymbolOpInterface>(op))
          if (StringAttr name = symbol.getNameAttr())
            taken.insert(name.getValue());
  unsigned unnamed = 0;
  for (Region &region : scope->getRegions())
    for (Block &block : region)
      for (Operation &op : block) {
        if (auto func = dyn_cast<FunctionOpInterface>(op)) {
          if (isa<SymbolOpInterface>(op))
            importFunction(builder, func);
          continue;
        }
        if (!op.hasTrait<OpTrait::SymbolTable>())
          continue;
        auto symbol = dyn_cast<SymbolOpInterface>(op);
        StringAttr name = symbol ? symbol.getNameAttr() : StringAttr();
        // A nested module without a name is still a symbol table of its own:
        // its symbols may repeat its neighbours' names (two unnamed modules
        // may both define @f). It is a scope named by its position, marked
        // `kind = "unnamed"`.
        StringAttr kind;
        if (!name) {
          name = builder.getStringAttr(unnamedScopeName(unnamed, taken));
          kind = builder.getStringAttr("unnamed");
        }
        auto module = api::APIModuleOp::create(
            builder, op.getLoc(), name, StringAttr(), kind, StringAttr());
        if (symbol && symbol.isPrivate())
          SymbolTable::setSymbolVisibility(module,
                                           SymbolTable::Visibility::Private);
        OpBuilder::InsertionGuard guard(builder);
        builder.setInsertionPointToEnd(&module.getBodyRegion().emplaceBlock());
        importScope(builder, &op);
      }
}

/// Whether `module` already holds `api` IR.
static bool isAPIModule(ModuleOp module) {
  // What `--emit-api` prints says so, even with no object in it.
  if (module->hasAttr("api.source"))
    return true;
  for (Operation &op : *module.getBody())
    if (isa<api::APIDialect>(op.getDialect()))
      return true;
  return false;
}

OwningOpRef<ModuleOp> graphdiff::importMLIRSymbols(ModuleOp input,
                                                   StringRef filename) {
  MLIRContext *context = input.getContext();
  context->loadDialect<api::APIDialect>();
  OpBuilder builder(context);
  if (isAPIModule(input)) {
    OwningOpRef<ModuleOp> copy = cast<ModuleOp>(input->clone());
    if (!(*copy)->hasAttr("api.source"))
      (*copy)->setAttr("api.source", builder.getStringAttr("api"));
    (*copy)->setAttr("api.file", builder.getStringAttr(filename));
    return copy;
  }
  OwningOpRef<ModuleOp> result = ModuleOp::create(input.getLoc());
  (*result)->setAttr("api.source", builder.getStringAttr("mlir"));
  (*result)->setAttr("api.file", builder.getStringAttr(filename));
  builder.setInsertionPointToEnd(result->getBody());
  // A named top-level module is a module of the API too.
  if (std::optional<StringRef> name = input.getSymName()) {
    auto module =
        api::APIModuleOp::create(builder, input.getLoc(), *name, StringAttr(),
                                 StringAttr(), StringAttr());
    builder.setInsertionPointToEnd(&module.getBodyRegion().emplaceBlock());
  }
  importScope(builder, input);
  return result;
}

//===----------------------------------------------------------------------===//
// JSON inputs
//===----------------------------------------------------------------------===//

/// functiondb or compspec, from the JSON's shape.
static APIInputFormat detectJSONFormat(const JsonDocument &doc) {
  const JsonNode &root = doc.getRoot();
  if (root.isObject() && doc.lookup(root, "nodes"))
    return APIInputFormat::Compspec;
  return APIInputFormat::FunctionDB;
}

bool graphdiff::looksLikeJSON(StringRef text) {
  text = text.ltrim();
  return text.starts_with("{") || text.starts_with("[");
}

OwningOpRef<ModuleOp> graphdiff::importAPIJSON(StringRef text,
                                               StringRef filename,
                                               const APIImportOptions &options,
                                               MLIRContext &context,
                                               std::string &error) {
  std::unique_ptr<JsonDocument> doc = JsonDocument::parse(
      llvm::MemoryBuffer::getMemBuffer(text, filename,
                                       /*RequiresNullTerminator=*/false),
      error);
  if (!doc)
    return nullptr;
  APIInputFormat format = options.format;
  if (format == APIInputFormat::Auto)
    format = detectJSONFormat(*doc);
  if (format == APIInputFormat::Compspec)
    return importCompspecGraph(buildOrderedJSON(*doc), filename, context,
                               error);
  return importFunctionDB(*doc, filename, options, context, error);
}
