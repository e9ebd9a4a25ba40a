//===- Inputs.cpp - The versions a similarity run compares ----------------===//
//
// Part of graph-diff.
//
// How caliper's strings are made (caliper-analysis, 2.assess_change.py):
//   module_sim     the module names (the keys of a version);
//   func_args_sim  "<module>.<function>:" + "-".join(sorted(args)) for each
//                  function, and "<module>.<Class>:" + "-".join(sorted(args))
//                  for each method of a class (the method's name is not in
//                  the string);
//   func_sim       those strings cut at the first ':';
//   requirements   lines stripped and lower-cased: module_version_sim over
//                  the lines, module_sim over the names before "==" or "@".
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Similarity/Inputs.h"

#include "GraphDiff/Support/JsonDocument.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/xxhash.h"

#include <atomic>

using namespace mlir;
using namespace graphdiff;
using llvm::StringRef;

StringRef graphdiff::stringifyInputKind(InputKind kind) {
  switch (kind) {
  case InputKind::FunctionDB:
    return "functiondb";
  case InputKind::Requirements:
    return "requirements";
  case InputKind::MLIR:
    return "mlir";
  }
  llvm_unreachable("unknown input kind");
}

std::optional<InputKind> graphdiff::parseInputKind(StringRef name) {
  for (InputKind kind :
       {InputKind::FunctionDB, InputKind::Requirements, InputKind::MLIR})
    if (stringifyInputKind(kind) == name)
      return kind;
  return std::nullopt;
}

std::vector<std::string> graphdiff::metricNames(InputKind kind) {
  switch (kind) {
  case InputKind::FunctionDB:
    return {"module_sim", "func_args_sim", "func_sim", "semver_sim"};
  case InputKind::Requirements:
    return {"module_sim", "module_version_sim", "semver_sim"};
  case InputKind::MLIR:
    return {"structural_sim", "semver_sim"};
  }
  llvm_unreachable("unknown input kind");
}

void graphdiff::parallelForIndex(llvm::ThreadPoolInterface *pool, size_t n,
                                 llvm::function_ref<void(size_t)> body) {
  if (!pool || pool->getMaxConcurrency() <= 1 || n <= 1) {
    for (size_t i = 0; i < n; ++i)
      body(i);
    return;
  }
  std::atomic<size_t> next(0);
  llvm::ThreadPoolTaskGroup group(*pool);
  size_t workers = std::min<size_t>(n, pool->getMaxConcurrency());
  for (size_t w = 0; w < workers; ++w)
    group.async([&] {
      for (size_t i = next++; i < n; i = next++)
        body(i);
    });
  group.wait();
}

LogicalResult graphdiff::readManifest(StringRef file,
                                      std::vector<InputSpec> &specs,
                                      std::string &error) {
  auto buffer = llvm::MemoryBuffer::getFileOrSTDIN(file, /*IsText=*/true);
  if (!buffer) {
    error = (file + ": error: cannot read the manifest: " +
             buffer.getError().message())
                .str();
    return failure();
  }
  StringRef folder = llvm::sys::path::parent_path(file);
  llvm::SmallVector<StringRef> lines;
  (*buffer)->getBuffer().split(lines, '\n');
  for (auto [index, rawLine] : llvm::enumerate(lines)) {
    StringRef line = rawLine.trim();
    if (line.empty() || line.starts_with("#"))
      continue;
    // A tab separates path and label, else the first space does.
    auto [path, label] =
        line.contains('\t') ? line.split('\t') : line.split(' ');
    path = path.trim();
    InputSpec spec;
    if (llvm::sys::path::is_relative(path) && !folder.empty()) {
      llvm::SmallString<256> joined(folder);
      llvm::sys::path::append(joined, path);
      spec.path = joined.str().str();
    } else {
      spec.path = path.str();
    }
    spec.label = label.trim().str();
    spec.origin = (file + ":" + llvm::Twine(index + 1) + ":" +
                   llvm::Twine(path.data() - rawLine.data() + 1))
                      .str();
    specs.push_back(std::move(spec));
  }
  if (specs.empty()) {
    error = (file + ": error: the manifest lists no input").str();
    return failure();
  }
  return success();
}

/// "origin: error: " or "path: error: " for errors about a whole file.
static std::string fileError(const InputSpec &spec, const llvm::Twine &what) {
  if (!spec.origin.empty())
    return spec.origin + ": error: '" + spec.path + "': " + what.str();
  return spec.path + ": error: " + what.str();
}

/// Reads and parses `spec`'s file, setting `digest` to its bytes' xxh3.
static std::unique_ptr<JsonDocument>
readJson(const InputSpec &spec, uint64_t &digest, std::string &error) {
  auto buffer = llvm::MemoryBuffer::getFileOrSTDIN(spec.path, /*IsText=*/true);
  if (!buffer) {
    error = fileError(spec, "cannot read: " + buffer.getError().message());
    return nullptr;
  }
  digest = llvm::xxh3_64bits((*buffer)->getBuffer());
  return JsonDocument::parse(std::move(*buffer), error);
}

namespace {
/// Builds the sets of one file.
class SetBuilder {
public:
  SetBuilder(const JsonDocument &doc, StringInterner &interner)
      : doc(doc), interner(interner) {}

  /// One version of a functiondb: {module: {function: [args] |
  /// {Class: {method: [args]}}}}.
  LogicalResult addFunctionDBVersion(const JsonNode &version,
                                     VersionSets &out) {
    if (!version.isObject())
      return fail(version, "a functiondb version must be an object of "
                           "modules");
    std::vector<uint32_t> modules, funcArgs, funcs;
    for (unsigned m = 0; m < version.numChildren; ++m) {
      StringRef module = doc.getKey(version, m);
      modules.push_back(interner.intern(module));
      const JsonNode &members = doc.getChild(version, m);
      if (!members.isObject())
        return fail(members, "module '" + module +
                                 "' must be an object of functions and "
                                 "classes");
      for (unsigned f = 0; f < members.numChildren; ++f) {
        StringRef name = doc.getKey(members, f);
        const JsonNode &value = doc.getChild(members, f);
        if (value.isArray()) {
          if (failed(addSignature(module, name, value, funcArgs, funcs)))
            return failure();
          continue;
        }
        if (!value.isObject())
          continue; // caliper skips anything but functions and classes
        for (unsigned c = 0; c < value.numChildren; ++c) {
          const JsonNode &method = doc.getChild(value, c);
          if (method.isArray() &&
              failed(addSignature(module, name, method, funcArgs, funcs)))
            return failure();
        }
      }
    }
    out.sets = {makeIdSet(std::move(modules)), makeIdSet(std::move(funcArgs)),
                makeIdSet(std::move(funcs))};
    return success();
  }

  /// A caliper result's `requirements.txt`: a list of lines.
  LogicalResult addRequirements(const JsonNode &lines, VersionSets &out) {
    if (!lines.isArray())
      return fail(lines, "'requirements.txt' must be a list of lines");
    std::vector<uint32_t> names, pins;
    for (unsigned i = 0; i < lines.numChildren; ++i) {
      const JsonNode &line = doc.getChild(lines, i);
      if (!line.isString())
        return fail(line, "a requirements line must be a string");
      std::string pin = lowerStripped(line.text);
      StringRef rest(pin);
      size_t cut = std::min(rest.find("=="), rest.find('@'));
      names.push_back(interner.intern(lowerStripped(rest.take_front(cut))));
      pins.push_back(interner.intern(pin));
    }
    out.sets = {makeIdSet(std::move(names)), makeIdSet(std::move(pins))};
    return success();
  }

  std::string error;

private:
  LogicalResult fail(const JsonNode &node, const llvm::Twine &message) {
    error = doc.errorAt(node, message);
    return failure();
  }

  LogicalResult addSignature(StringRef module, StringRef name,
                             const JsonNode &args,
                             std::vector<uint32_t> &funcArgs,
                             std::vector<uint32_t> &funcs) {
    llvm::SmallVector<StringRef, 8> sorted;
    for (unsigned a = 0; a < args.numChildren; ++a) {
      const JsonNode &arg = doc.getChild(args, a);
      if (!arg.isString())
        return fail(arg, "an argument name must be a string");
      sorted.push_back(arg.text);
    }
    llvm::sort(sorted);
    scratch.clear();
    scratch.append(module);
    scratch.push_back('.');
    scratch.append(name);
    scratch.push_back(':');
    for (auto [i, arg] : llvm::enumerate(sorted)) {
      if (i)
        scratch.push_back('-');
      scratch.append(arg);
    }
    StringRef signature = scratch;
    funcArgs.push_back(interner.intern(signature));
    funcs.push_back(interner.intern(signature.split(':').first));
    return success();
  }

  /// Python's `s.strip().lower()` for ASCII text.
  static std::string lowerStripped(StringRef text) {
    return text.trim(" \t\n\r\v\f\x1c\x1d\x1e\x1f").lower();
  }

  const JsonDocument &doc;
  StringInterner &interner;
  std::string scratch;
};
} // namespace

/// The versions of one file.
static LogicalResult loadFile(const InputSpec &spec, InputKind &kind,
                              StringInterner &interner,
                              std::vector<VersionSets> &out,
                              std::string &error) {
  uint64_t digest = 0;
  std::unique_ptr<JsonDocument> doc = readJson(spec, digest, error);
  if (!doc)
    return failure();
  const JsonNode &root = doc->getRoot();
  SetBuilder builder(*doc, interner);
  auto failWith = [&](std::string message) {
    error = std::move(message);
    return failure();
  };
  const JsonNode *lines = doc->lookup(root, "requirements.txt");
  kind = lines ? InputKind::Requirements : InputKind::FunctionDB;
  if (lines) {
    VersionSets version;
    version.path = spec.path;
    version.digest = digest;
    version.label = spec.label;
    if (version.label.empty()) {
      StringRef name = llvm::sys::path::filename(spec.path);
      name.consume_back(".json");
      version.label = name.str();
    }
    if (failed(builder.addRequirements(*lines, version)))
      return failWith(builder.error);
    out.push_back(std::move(version));
    return success();
  }
  if (!root.isObject() || root.numChildren == 0)
    return failWith(doc->errorAt(
        root, "expected a functiondb: an object {version: {module: ...}}"));
  if (!spec.label.empty() && root.numChildren != 1)
    return failWith(fileError(
        spec, "has " + llvm::Twine(root.numChildren) +
                  " versions; a label can only name a file with one"));
  for (unsigned v = 0; v < root.numChildren; ++v) {
    VersionSets version;
    version.path = spec.path;
    version.digest = digest;
    version.label =
        spec.label.empty() ? doc->getKey(root, v).str() : spec.label;
    if (failed(builder.addFunctionDBVersion(doc->getChild(root, v), version)))
      return failWith(builder.error);
    out.push_back(std::move(version));
  }
  return success();
}

LogicalResult graphdiff::loadSetInputs(llvm::ArrayRef<InputSpec> specs,
                                       std::optional<InputKind> &kind,
                                       StringInterner &interner,
                                       llvm::ThreadPoolInterface *pool,
                                       std::vector<VersionSets> &versions,
                                       std::string &error) {
  std::vector<std::vector<VersionSets>> perFile(specs.size());
  std::vector<std::string> errors(specs.size());
  std::vector<InputKind> kinds(specs.size(), InputKind::FunctionDB);
  parallelForIndex(pool, specs.size(), [&](size_t i) {
    (void)loadFile(specs[i], kinds[i], interner, perFile[i], errors[i]);
  });
  for (auto [i, message] : llvm::enumerate(errors)) {
    if (!message.empty()) {
      error = message;
      return failure();
    }
    if (!kind)
      kind = kinds[i];
    if (kinds[i] != *kind) {
      error = fileError(specs[i], "is a " + stringifyInputKind(kinds[i]) +
                                      " input, but the run compares " +
                                      stringifyInputKind(*kind) + " inputs");
      return failure();
    }
  }
  // Ids in string order: deterministic, and the sets list strings in order.
  std::vector<uint32_t> remap = interner.sortByString();
  parallelForIndex(pool, perFile.size(), [&](size_t i) {
    for (VersionSets &version : perFile[i])
      for (IdSet &set : version.sets) {
        for (uint32_t &id : set)
          id = remap[id];
        llvm::sort(set);
      }
  });
  llvm::StringMap<std::string> seen;
  for (auto [i, file] : llvm::enumerate(perFile))
    for (VersionSets &version : file) {
      auto [it, fresh] = seen.try_emplace(version.label, specs[i].path);
      if (!fresh) {
        error = fileError(specs[i], "version label '" + version.label +
                                        "' already comes from '" + it->second +
                                        "'");
        return failure();
      }
      versions.push_back(std::move(version));
    }
  return success();
}
