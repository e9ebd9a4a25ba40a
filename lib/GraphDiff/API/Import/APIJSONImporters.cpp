//===- APIJSONImporters.cpp - functiondb and compspec JSON into `api` IR --===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/API/Import/APIImporters.h"
#include "GraphDiff/Support/PythonFloat.h"

#include "GraphDiff/API/Import/OrderedJSON.h"
#include "GraphDiff/Dialect/API/IR/API.h"
#include "GraphDiff/Support/JsonDocument.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/ConvertUTF.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Unicode.h"

#include <charconv>
#include <cmath>

#include <map>

using namespace mlir;
using namespace graphdiff;

namespace {
/// Builds located ops and errors for one JSON file.
class JSONSource {
public:
  JSONSource(StringRef filename, MLIRContext &context, std::string &error)
      : filename(filename), context(context), error(error) {}

  /// `file:line:col` of `value`, under its JSON pointer.
  Location loc(const JSONValue &value, StringRef pointer) const {
    Location at =
        FileLineColLoc::get(&context, filename, value.line, value.column);
    return NameLoc::get(StringAttr::get(&context, pointer), at);
  }

  /// Records "file:line:col: error: at POINTER: message".
  std::nullptr_t fail(const JSONValue &value, StringRef pointer,
                      const llvm::Twine &message) const {
    error = llvm::formatv("{0}:{1}:{2}: error: at {3}: ", filename, value.line,
                          value.column, pointer.empty() ? "/" : pointer)
                .str() +
            message.str();
    return nullptr;
  }

  StringRef filename;
  MLIRContext &context;
  std::string &error;
};

/// Python's convention: `_name` is internal, `__name__` is not.
bool isPrivatePythonName(StringRef name) {
  name = name.rsplit('.').second.empty() ? name : name.rsplit('.').second;
  return name.starts_with("_") &&
         !(name.starts_with("__") && name.ends_with("__"));
}

void setVisibility(Operation *op, bool isPrivate) {
  if (isPrivate)
    SymbolTable::setSymbolVisibility(op, SymbolTable::Visibility::Private);
}

/// The most common first dotted component of the module names (ties: the
/// smallest), compspec's root node for a whole-package graph.
std::string derivePackage(const JsonDocument &doc, const JsonNode &modules) {
  std::map<std::string, unsigned> counts;
  for (unsigned i = 0; modules.isObject() && i < modules.numChildren; ++i)
    ++counts[doc.getKey(modules, i).split('.').first.str()];
  std::string best;
  unsigned bestCount = 0;
  for (const auto &[name, count] : counts)
    if (count > bestCount) {
      best = name;
      bestCount = count;
    }
  return best;
}

} // namespace

//===----------------------------------------------------------------------===//
// caliper's functiondb
//===----------------------------------------------------------------------===//

FunctionDBVisitor::~FunctionDBVisitor() = default;

namespace {
/// Errors about a functiondb document, as JSONSource writes them for a
/// JSONValue tree: "file:line:col: error: at POINTER: message".
std::string functionDBError(const JsonDocument &doc, const JSONPositions &at,
                            StringRef filename, const JsonNode &node,
                            StringRef pointer, const llvm::Twine &message) {
  auto [line, column] = at.locate(node.offset);
  return llvm::formatv("{0}:{1}:{2}: error: at {3}: ", filename, line, column,
                       pointer.empty() ? "/" : pointer)
             .str() +
         message.str();
}

/// Walks one version of a functiondb for readFunctionDBVersion. A place in
/// it is the list of keys from the version down; its JSON pointer is built
/// only when the visitor wants pointers, or for an error.
class FunctionDBWalker {
public:
  FunctionDBWalker(const JsonDocument &doc, StringRef versionPointer,
                   StringRef filename, FunctionDBVisitor &visitor,
                   bool skipOthers, std::string &error)
      : doc(doc), versionPointer(versionPointer), filename(filename),
        visitor(visitor), skipOthers(skipOthers), error(error),
        pointers(visitor.wantsPointers()) {}

  LogicalResult walk(const JsonNode &modules) {
    if (!modules.isObject())
      return fail(modules, {},
                  "expected an object of modules, found " +
                      describeJSONKind(modules));
    for (unsigned m = 0; m < modules.numChildren; ++m) {
      StringRef module = doc.getKey(modules, m);
      const JsonNode &members = doc.getChild(modules, m);
      if (!members.isObject())
        return fail(members, {module},
                    "expected an object of functions and classes, found " +
                        describeJSONKind(members));
      if (failed(visitor.visitModule(module, members, pointerOf({module}))))
        return failure();
      for (unsigned f = 0; f < members.numChildren; ++f) {
        StringRef name = doc.getKey(members, f);
        const JsonNode &value = doc.getChild(members, f);
        if (value.isArray()) {
          if (failed(function(name, value, {module, name}, /*method=*/false)))
            return failure();
          continue;
        }
        if (!value.isObject()) {
          if (skipOthers)
            continue;
          return fail(value, {module, name},
                      "expected a list of argument names (a function) or "
                      "an object of methods (a class), found " +
                          describeJSONKind(value));
        }
        if (failed(visitor.visitClass(name, value, pointerOf({module, name}))))
          return failure();
        for (unsigned c = 0; c < value.numChildren; ++c) {
          StringRef methodName = doc.getKey(value, c);
          const JsonNode &args = doc.getChild(value, c);
          if (!args.isArray() && skipOthers)
            continue;
          if (failed(function(methodName, args, {module, name, methodName},
                              /*method=*/true)))
            return failure();
        }
      }
    }
    return success();
  }

private:
  /// A function or method at `keys` and its arguments.
  LogicalResult function(StringRef name, const JsonNode &args,
                         llvm::ArrayRef<StringRef> keys, bool method) {
    if (failed(visitor.visitFunction(name, args, pointerOf(keys), method)))
      return failure();
    if (!args.isArray())
      return fail(args, keys,
                  "expected a list of argument names, found " +
                      describeJSONKind(args));
    llvm::SmallVector<StringRef, 4> argKeys(keys);
    argKeys.push_back("");
    std::string position;
    for (unsigned index = 0; index < args.numChildren; ++index) {
      const JsonNode &arg = doc.getChild(args, index);
      if (pointers || !arg.isString()) {
        position = std::to_string(index);
        argKeys.back() = position;
      }
      if (!arg.isString())
        return fail(arg, argKeys,
                    "expected an argument name, found " +
                        describeJSONKind(arg));
      if (failed(visitor.visitArgument(arg, pointerOf(argKeys))))
        return failure();
    }
    return visitor.endFunction();
  }

  std::string join(llvm::ArrayRef<StringRef> keys) const {
    std::string pointer = versionPointer.str();
    for (StringRef key : keys)
      pointer = appendJSONPointer(pointer, key);
    return pointer;
  }
  std::string pointerOf(llvm::ArrayRef<StringRef> keys) const {
    return pointers ? join(keys) : std::string();
  }

  LogicalResult fail(const JsonNode &node, llvm::ArrayRef<StringRef> keys,
                     const llvm::Twine &message) {
    error = functionDBError(doc, JSONPositions(doc.getText()), filename, node,
                            join(keys), message);
    return failure();
  }

  const JsonDocument &doc;
  StringRef versionPointer, filename;
  FunctionDBVisitor &visitor;
  bool skipOthers;
  std::string &error;
  bool pointers;
};
} // namespace

LogicalResult
graphdiff::readFunctionDBVersion(const JsonDocument &doc,
                                 const JsonNode &modules, StringRef pointer,
                                 StringRef filename, FunctionDBVisitor &visitor,
                                 bool skipOthers, std::string &error) {
  return FunctionDBWalker(doc, pointer, filename, visitor, skipOthers, error)
      .walk(modules);
}

namespace {
/// Builds a functiondb version's `api` ops as readFunctionDBVersion reads
/// them.
class FunctionDBImporter : public FunctionDBVisitor {
public:
  FunctionDBImporter(ModuleOp top, const JsonDocument &doc,
                     const JSONPositions &at, StringRef filename,
                     std::string &error)
      : doc(doc), at(at), filename(filename), error(error),
        context(*top.getContext()), modules(&context), members(&context),
        methods(&context), params(&context) {
    modules.setInsertionPointToEnd(top.getBody());
  }

  bool wantsPointers() const override { return true; }

  LogicalResult visitModule(StringRef name, const JsonNode &value,
                            StringRef pointer) override {
    auto module =
        api::APIModuleOp::create(modules, loc(value, pointer), name,
                                 StringAttr(), StringAttr(), StringAttr());
    setVisibility(module, isPrivatePythonName(name));
    members.setInsertionPointToEnd(&module.getBodyRegion().emplaceBlock());
    return success();
  }

  LogicalResult visitClass(StringRef name, const JsonNode &value,
                           StringRef pointer) override {
    auto cls = api::ClassOp::create(members, loc(value, pointer), name,
                                    StringAttr(), StringAttr(), StringAttr());
    setVisibility(cls, isPrivatePythonName(name));
    methods.setInsertionPointToEnd(&cls.getBodyRegion().emplaceBlock());
    return success();
  }

  LogicalResult visitFunction(StringRef name, const JsonNode &args,
                              StringRef pointer, bool method) override {
    auto func = api::FuncOp::create(method ? methods : members,
                                    loc(args, pointer), name, StringAttr(),
                                    /*declaration=*/false,
                                    /*defaults_unknown=*/true, StringAttr());
    setVisibility(func, isPrivatePythonName(name));
    params.setInsertionPointToEnd(&func.getBodyRegion().emplaceBlock());
    seen.clear();
    return success();
  }

  LogicalResult visitArgument(const JsonNode &arg, StringRef pointer) override {
    if (!seen.insert(arg.text).second) {
      error = functionDBError(doc, at, filename, arg, pointer,
                              "duplicate argument \"" + arg.text + "\"");
      return failure();
    }
    api::ParamOp::create(params, loc(arg, pointer),
                         params.getStringAttr(arg.text), StringAttr(),
                         StringAttr(), StringAttr(), StringAttr());
    return success();
  }

private:
  /// `file:line:col` of `node`, under its JSON pointer (as JSONSource::loc).
  Location loc(const JsonNode &node, StringRef pointer) const {
    auto [line, column] = at.locate(node.offset);
    Location where = FileLineColLoc::get(&context, filename, line, column);
    return NameLoc::get(StringAttr::get(&context, pointer), where);
  }

  const JsonDocument &doc;
  const JSONPositions &at;
  StringRef filename;
  std::string &error;
  MLIRContext &context;
  /// Where modules, a module's functions and classes, a class's methods and
  /// a function's parameters go.
  OpBuilder modules, members, methods, params;
  llvm::StringSet<> seen;
};
} // namespace

OwningOpRef<ModuleOp>
graphdiff::importFunctionDB(const JsonDocument &doc, StringRef filename,
                            const APIImportOptions &options,
                            MLIRContext &context, std::string &error) {
  context.loadDialect<api::APIDialect>();
  JSONPositions at(doc.getText());
  const JsonNode &root = doc.getRoot();
  auto fail = [&](const llvm::Twine &message) -> std::nullptr_t {
    error = functionDBError(doc, at, filename, root, "", message);
    return nullptr;
  };
  if (!root.isObject() || root.numChildren == 0)
    return fail("expected caliper functiondb JSON: an object of versions, "
                "found " +
                describeJSONKind(root));
  const JsonNode *modules = nullptr;
  std::string version = options.version;
  if (!version.empty()) {
    modules = doc.lookup(root, version);
    if (!modules)
      return fail("no version \"" + version + "\" in this file");
  } else if (root.numChildren == 1) {
    version = doc.getKey(root, 0).str();
    modules = &doc.getChild(root, 0);
  } else {
    std::string keys;
    for (unsigned i = 0; i < root.numChildren; ++i)
      keys += (keys.empty() ? "" : ", ") + doc.getKey(root, i).str();
    return fail("the file holds " + llvm::Twine(root.numChildren) +
                " versions (" + keys + "): pick one with --version=KEY");
  }
  std::string pointer = appendJSONPointer("", version);
  OpBuilder builder(&context);
  OwningOpRef<ModuleOp> result =
      ModuleOp::create(FileLineColLoc::get(&context, filename, 1, 1));
  ModuleOp top = *result;
  top->setAttr("api.source", builder.getStringAttr("functiondb"));
  top->setAttr("api.file", builder.getStringAttr(filename));
  top->setAttr("api.version", builder.getStringAttr(version));
  top->setAttr("api.package",
               builder.getStringAttr(options.package.empty()
                                         ? derivePackage(doc, *modules)
                                         : options.package));
  FunctionDBImporter importer(top, doc, at, filename, error);
  if (failed(readFunctionDBVersion(doc, *modules, pointer, filename, importer,
                                   /*skipOthers=*/false, error)))
    return nullptr;
  return result;
}

//===----------------------------------------------------------------------===//
// compspec graphs
//===----------------------------------------------------------------------===//

namespace {
struct CompspecNodeRecord {
  const JSONValue *json;
  std::string pointer;
  std::string id, type;
  Attribute value;
  /// The JSON value is a string: only a string names a module, class,
  /// function or parameter.
  bool isString = false;
  int parent = -1;
  std::string relation;
  std::vector<unsigned> children;
  /// `type:value` as compspec describes the node.
  std::string describe;
  /// The node's path as compspec's loader sets it, when it reads the
  /// relation that names the node (from the path its parent had then), and
  /// the full path from the root through the final parents.
  std::string compspecPath, treePath;
};

/// A required string member of `object`.
const JSONValue *getString(const JSONValue &object, StringRef key,
                           StringRef pointer, const JSONSource &source) {
  const JSONValue *value = object.get(key);
  if (!value || !value->isString()) {
    source.fail(value ? *value : object,
                value ? appendJSONPointer(pointer, key) : pointer,
                "expected a string \"" + key + "\"");
    return nullptr;
  }
  return value;
}

/// Python's repr() of a str: quoted with ' unless it holds ' and no ",
/// backslash, quote and control characters escaped, and characters that
/// str.isprintable() refuses as \xhh, \uhhhh or \Uhhhhhhhh.
void appendPythonRepr(StringRef text, std::string &out) {
  char quote = text.contains('\'') && !text.contains('"') ? '"' : '\'';
  out += quote;
  const char *hex = "0123456789abcdef";
  auto appendHex = [&](char prefix, uint32_t code, int digits) {
    out += '\\';
    out += prefix;
    for (int shift = 4 * (digits - 1); shift >= 0; shift -= 4)
      out += hex[(code >> shift) & 0xf];
  };
  for (size_t i = 0; i < text.size();) {
    unsigned char byte = text[i];
    if (byte < 0x80) {
      char c = static_cast<char>(byte);
      if (c == quote || c == '\\')
        (out += '\\') += c;
      else if (c == '\t')
        out += "\\t";
      else if (c == '\n')
        out += "\\n";
      else if (c == '\r')
        out += "\\r";
      else if (byte < 0x20 || byte == 0x7f)
        appendHex('x', byte, 2);
      else
        out += c;
      ++i;
      continue;
    }
    // A UTF-8 sequence (the JSON reader checked it).
    unsigned length = llvm::getNumBytesForUTF8(byte);
    StringRef sequence = text.substr(i, length);
    const llvm::UTF8 *begin =
        reinterpret_cast<const llvm::UTF8 *>(sequence.data());
    llvm::UTF32 code = 0;
    llvm::UTF32 *codeEnd = &code;
    if (llvm::ConvertUTF8toUTF32(&begin, begin + sequence.size(), &codeEnd,
                                 codeEnd + 1, llvm::strictConversion) !=
        llvm::conversionOK) {
      appendHex('x', byte, 2);
      ++i;
      continue;
    }
    // Python's printable: Unicode's graphic characters and the ASCII space;
    // the other space separators (Zs) are escaped.
    bool spaceSeparator = code == 0xa0 || code == 0x1680 ||
                          (code >= 0x2000 && code <= 0x200a) ||
                          code == 0x202f || code == 0x205f || code == 0x3000;
    if (llvm::sys::unicode::isPrintable(code) && !spaceSeparator)
      out += sequence;
    else if (code < 0x100)
      appendHex('x', code, 2);
    else if (code < 0x10000)
      appendHex('u', code, 4);
    else
      appendHex('U', code, 8);
    i += length;
  }
  out += quote;
}

/// Python's str() of what json.load gives for `value` (repr() inside a
/// list or dict): a JSON integer is a Python int, any other number a float.
void appendPythonStr(const JSONValue &value, bool nested, std::string &out) {
  switch (value.kind) {
  case JSONValue::Kind::Null:
    out += "None";
    return;
  case JSONValue::Kind::Bool:
    out += value.boolean ? "True" : "False";
    return;
  case JSONValue::Kind::Number: {
    StringRef text = value.text;
    if (!text.contains_insensitive('e') && !text.contains('.')) {
      // An int, of any size: its digits, and -0 is 0.
      out += text.ltrim('-').ltrim('0').empty() ? "0" : text.str();
      return;
    }
    double parsed = 0;
    text.getAsDouble(parsed, /*AllowInexact=*/true);
    out += formatPythonFloat(parsed);
    return;
  }
  case JSONValue::Kind::String:
    if (nested)
      appendPythonRepr(value.text, out);
    else
      out += value.text;
    return;
  case JSONValue::Kind::Array:
    out += '[';
    for (auto [index, element] : llvm::enumerate(value.elements)) {
      if (index)
        out += ", ";
      appendPythonStr(element, /*nested=*/true, out);
    }
    out += ']';
    return;
  case JSONValue::Kind::Object:
    out += '{';
    for (auto [index, member] : llvm::enumerate(value.members)) {
      if (index)
        out += ", ";
      appendPythonRepr(member.first, out);
      out += ": ";
      appendPythonStr(member.second, /*nested=*/true, out);
    }
    out += '}';
    return;
  }
}

/// Python's str() of a JSON value, as compspec's describe() writes it.
std::string compspecText(const JSONValue &value) {
  std::string text;
  appendPythonStr(value, /*nested=*/false, text);
  return text;
}

/// compspec turns values into clingo terms: integers stay numbers, anything
/// else becomes its Python str() (a list `['shared', 'static']`, a dict
/// `{'a': 1}`, a float `1e+16`, `True`, `None`).
Attribute compspecValue(const JSONValue &value, Builder &builder) {
  if (value.kind == JSONValue::Kind::Number && value.integer)
    return builder.getI64IntegerAttr(*value.integer);
  std::string text;
  appendPythonStr(value, /*nested=*/false, text);
  return builder.getStringAttr(text);
}

/// Emits node `index` and its subtree under `builder`'s insertion point.
void emitCompspecNode(OpBuilder &builder,
                      std::vector<CompspecNodeRecord> &nodes, unsigned index,
                      const JSONSource &source) {
  CompspecNodeRecord &node = nodes[index];
  Location loc = source.loc(*node.json, node.pointer);
  Operation *parentOp = builder.getInsertionBlock()->getParentOp();
  bool inScope = isa<ModuleOp, api::APIModuleOp, api::ClassOp>(parentOp);
  auto name = node.isString ? dyn_cast<StringAttr>(node.value) : StringAttr();
  // Names must be unique in a scope, and parameter names in a function: a
  // repeated one stays a generic node.
  bool nameFree = name && inScope &&
                  !SymbolTable::lookupSymbolIn(parentOp, name.getValue());
  StringAttr id = builder.getStringAttr(node.id);
  Operation *op;
  if (nameFree &&
      (node.type == "compileunit" || node.type == "namespace" ||
       node.type == "module") &&
      !isa<api::ClassOp>(parentOp)) {
    op = api::APIModuleOp::create(
        builder, loc, name, StringAttr(),
        node.type == "module" ? StringAttr() : builder.getStringAttr(node.type),
        id);
  } else if (nameFree && (node.type == "class" || node.type == "structure" ||
                          node.type == "union")) {
    op = api::ClassOp::create(
        builder, loc, name, StringAttr(),
        node.type == "class" ? StringAttr() : builder.getStringAttr(node.type),
        id);
  } else if (nameFree && node.type == "function") {
    op = api::FuncOp::create(builder, loc, name.getValue(), StringAttr(), false,
                             false, id);
  } else if (name && node.type == "parameter" && isa<api::FuncOp>(parentOp) &&
             (name.getValue().empty() ||
              llvm::none_of(builder.getInsertionBlock()->getOps<api::ParamOp>(),
                            [&](api::ParamOp param) {
                              return param.getName() == name;
                            }))) {
    op = api::ParamOp::create(builder, loc, name, StringAttr(), StringAttr(),
                              StringAttr(), id);
  } else {
    op = api::NodeOp::create(builder, loc, builder.getStringAttr(node.type),
                             node.value, StringAttr(), id);
  }
  if (node.relation != "has")
    op->setAttr("relation", builder.getStringAttr(node.relation));
  if (node.compspecPath != node.treePath)
    op->setAttr("compspec_path", builder.getStringAttr(node.compspecPath));
  bool hasBody = !isa<api::ParamOp, api::NodeOp>(op) || !node.children.empty();
  if (!hasBody)
    return;
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToEnd(&op->getRegion(0).emplaceBlock());
  for (unsigned child : node.children)
    emitCompspecNode(builder, nodes, child, source);
}
} // namespace

OwningOpRef<ModuleOp> graphdiff::importCompspecGraph(const JSONValue &root,
                                                     StringRef filename,
                                                     MLIRContext &context,
                                                     std::string &error) {
  context.loadDialect<api::APIDialect>();
  JSONSource source(filename, context, error);
  const JSONValue *nodesJSON = root.isObject() ? root.get("nodes") : nullptr;
  const JSONValue *relationsJSON =
      root.isObject() ? root.get("relations") : nullptr;
  if (!nodesJSON || !nodesJSON->isArray() ||
      (relationsJSON && !relationsJSON->isArray()))
    return source.fail(root, "",
                       "expected a compspec graph: an object with a list "
                       "\"nodes\" and a list \"relations\"");
  Builder builder(&context);
  std::vector<CompspecNodeRecord> nodes;
  llvm::StringMap<unsigned> byId;
  for (auto [index, node] : llvm::enumerate(nodesJSON->elements)) {
    std::string pointer = "/nodes/" + std::to_string(index);
    if (!node.isObject())
      return source.fail(node, pointer, "expected a node object");
    const JSONValue *id = getString(node, "nodeid", pointer, source);
    const JSONValue *type =
        id ? getString(node, "name", pointer, source) : nullptr;
    if (!type)
      return nullptr;
    const JSONValue *value = node.get("value");
    if (!value)
      return source.fail(node, pointer, "expected a \"value\"");
    if (!byId.try_emplace(id->text, nodes.size()).second)
      return source.fail(*id, pointer + "/nodeid",
                         "duplicate node id \"" + id->text + "\"");
    nodes.push_back({&node,
                     pointer,
                     id->text,
                     type->text,
                     compspecValue(*value, builder),
                     value->isString(),
                     -1,
                     "has",
                     {},
                     type->text + ":" + compspecText(*value),
                     "",
                     ""});
  }
  // compspec keeps the last relation that names a node as its parent;
  // repeated relations are common (its generator adds each one twice).
  std::vector<std::string> parentPointer(nodes.size());
  std::vector<bool> hasCompspecPath(nodes.size(), false);
  if (relationsJSON)
    for (auto [index, relation] : llvm::enumerate(relationsJSON->elements)) {
      std::string pointer = "/relations/" + std::to_string(index);
      if (!relation.isObject())
        return source.fail(relation, pointer, "expected a relation object");
      const JSONValue *from = getString(relation, "fromid", pointer, source);
      const JSONValue *kind =
          from ? getString(relation, "relation", pointer, source) : nullptr;
      const JSONValue *to =
          kind ? getString(relation, "toid", pointer, source) : nullptr;
      if (!to)
        return nullptr;
      auto fromIt = byId.find(from->text), toIt = byId.find(to->text);
      if (fromIt == byId.end() || toIt == byId.end())
        return source.fail(relation, pointer,
                           "relation names an unknown node \"" +
                               (fromIt == byId.end() ? from->text : to->text) +
                               "\"");
      CompspecNodeRecord &child = nodes[toIt->second];
      int parent = fromIt->second;
      if (child.parent >= 0 &&
          (child.parent != parent || child.relation != kind->text))
        return source.fail(
            relation, pointer,
            "node \"" + to->text + "\" has a second parent (" +
                parentPointer[toIt->second] + " made it a child of \"" +
                nodes[child.parent].id + "\"): compspec graphs are trees");
      child.parent = parent;
      child.relation = kind->text;
      parentPointer[toIt->second] = pointer;
      // compspec's loader: the parent's path as it is now (its describe()
      // if no relation named it yet), then this node.
      const CompspecNodeRecord &up = nodes[parent];
      std::string fromPath =
          hasCompspecPath[parent] ? up.compspecPath : up.describe;
      child.compspecPath = fromPath + "->" + child.describe;
      hasCompspecPath[toIt->second] = true;
    }
  // Children in node-list order; a cycle leaves nodes no root reaches.
  std::vector<unsigned> roots;
  for (auto [index, node] : llvm::enumerate(nodes)) {
    if (node.parent < 0)
      roots.push_back(index);
    else
      nodes[node.parent].children.push_back(index);
  }
  size_t reached = 0;
  std::vector<unsigned> stack(roots.begin(), roots.end());
  while (!stack.empty()) {
    unsigned index = stack.back();
    stack.pop_back();
    ++reached;
    llvm::append_range(stack, nodes[index].children);
  }
  if (reached != nodes.size()) {
    for (auto [index, node] : llvm::enumerate(nodes))
      if (node.parent >= 0) {
        int walk = node.parent;
        for (size_t steps = 0; walk >= 0 && steps <= nodes.size(); ++steps)
          walk = nodes[walk].parent;
        if (walk >= 0)
          return source.fail(*node.json, node.pointer,
                             "node \"" + node.id +
                                 "\" is on a cycle of "
                                 "relations: compspec graphs are trees");
      }
  }

  // The full path of every node, from its root (whose path is "").
  std::vector<unsigned> order(roots.begin(), roots.end());
  for (size_t i = 0; i < order.size(); ++i)
    for (unsigned child : nodes[order[i]].children) {
      const CompspecNodeRecord &parent = nodes[order[i]];
      nodes[child].treePath =
          (parent.parent < 0 ? parent.describe : parent.treePath) + "->" +
          nodes[child].describe;
      order.push_back(child);
    }

  OpBuilder opBuilder(&context);
  OwningOpRef<ModuleOp> result =
      ModuleOp::create(FileLineColLoc::get(&context, filename, 1, 1));
  (*result)->setAttr("api.source", opBuilder.getStringAttr("compspec"));
  (*result)->setAttr("api.file", opBuilder.getStringAttr(filename));
  opBuilder.setInsertionPointToEnd(result->getBody());
  for (unsigned rootIndex : roots)
    emitCompspecNode(opBuilder, nodes, rootIndex, source);
  return result;
}
