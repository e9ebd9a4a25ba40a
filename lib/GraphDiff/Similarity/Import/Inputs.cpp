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

#include "GraphDiff/Similarity/Import/Inputs.h"

#include "GraphDiff/API/Import/APIImporters.h"
#include "GraphDiff/API/Import/OrderedJSON.h"
#include "GraphDiff/Support/JsonDocument.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/xxhash.h"

#include <atomic>
#include <cstring>

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

std::vector<std::string> graphdiff::metricNames(InputKind kind,
                                                bool versioned) {
  std::vector<std::string> names;
  switch (kind) {
  case InputKind::FunctionDB:
    names = {"module_sim", "func_args_sim", "func_sim"};
    break;
  case InputKind::Requirements:
    names = {"module_sim", "module_version_sim"};
    break;
  case InputKind::MLIR:
    names = {"structural_sim"};
    break;
  }
  if (versioned)
    names.push_back("semver_sim");
  return names;
}

/// The version in a caliper result file's name
/// (`<manager>-<package>-<version>-python-cp<N>.json`), or None if the name
/// is not one.
static std::optional<StringRef> caliperResultVersion(StringRef path) {
  StringRef name = llvm::sys::path::filename(path);
  if (!name.consume_back(".json"))
    return std::nullopt;
  size_t cut = name.rfind("-python-cp");
  if (cut == StringRef::npos)
    return std::nullopt;
  StringRef digits = name.drop_front(cut + strlen("-python-cp"));
  if (digits.empty() || !llvm::all_of(digits, llvm::isDigit))
    return std::nullopt;
  StringRef stem = name.take_front(cut);
  size_t dash = stem.rfind('-');
  if (dash == StringRef::npos || dash + 1 == stem.size())
    return std::nullopt;
  return stem.drop_front(dash + 1);
}

bool graphdiff::isCaliperPreRelease(StringRef path) {
  std::optional<StringRef> version = caliperResultVersion(path);
  // caliper-analysis: re.search("(rc|b|a)", name).
  return version && (version->contains("rc") || version->contains('a') ||
                     version->contains('b'));
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
static std::string fileError(const InputSpec &spec, const llvm::Twine &what);

/// The files a metrics repository's index.json lists (see
/// expandCaliperInputs).
static LogicalResult readMetricIndex(StringRef indexPath,
                                     std::vector<std::string> &files,
                                     std::string &error) {
  auto buffer = llvm::MemoryBuffer::getFile(indexPath, /*IsText=*/true);
  if (!buffer) {
    error = (indexPath + ": error: cannot read: " + buffer.getError().message())
                .str();
    return failure();
  }
  std::unique_ptr<JsonDocument> doc =
      JsonDocument::parse(std::move(*buffer), error);
  if (!doc)
    return failure();
  StringRef folder = llvm::sys::path::parent_path(indexPath);
  auto inFolder = [&](StringRef name) {
    llvm::SmallString<256> joined(folder);
    llvm::sys::path::append(joined, name);
    return joined.str().str();
  };
  const JsonNode &root = doc->getRoot();
  const JsonNode *data = root.isObject() ? doc->lookup(root, "data") : nullptr;
  if (!data || !data->isObject()) {
    error = doc->errorAt(root, "expected a caliper metric index: {\"data\": "
                               "{\"json-single\" | \"json\" | \"zip\": "
                               "...}}");
    return failure();
  }
  // caliper's order: the single file if it is there, then the split files.
  if (const JsonNode *single = doc->lookup(*data, "json-single")) {
    const JsonNode *url =
        single->isObject() ? doc->lookup(*single, "url") : nullptr;
    if (!url || !url->isString()) {
      error = doc->errorAt(*single, "expected {\"url\": \"file\"}");
      return failure();
    }
    std::string file = inFolder(url->text);
    if (llvm::sys::fs::is_regular_file(file)) {
      files.push_back(std::move(file));
      return success();
    }
  }
  if (const JsonNode *split = doc->lookup(*data, "json")) {
    const JsonNode *urls =
        split->isObject() ? doc->lookup(*split, "urls") : nullptr;
    if (!urls || !urls->isArray()) {
      error = doc->errorAt(*split, "expected {\"urls\": [\"file\", ...]}");
      return failure();
    }
    for (unsigned i = 0; i < urls->numChildren; ++i) {
      const JsonNode &url = doc->getChild(*urls, i);
      if (!url.isString()) {
        error = doc->errorAt(url, "expected a file name");
        return failure();
      }
      files.push_back(inFolder(url.text));
    }
    if (!files.empty())
      return success();
  }
  if (const JsonNode *zip = doc->lookup(*data, "zip")) {
    error = doc->errorAt(*zip, "this metric is stored as a zip file, which "
                               "graph-diff-sim does not read; unzip it and "
                               "give the JSON file inside");
    return failure();
  }
  error = doc->errorAt(*data, "the index lists no result file");
  return failure();
}

LogicalResult graphdiff::expandCaliperInputs(std::vector<InputSpec> &specs,
                                             std::vector<std::string> &ignored,
                                             std::string &error) {
  namespace fs = llvm::sys::fs;
  auto join = [](StringRef a, StringRef b, StringRef c = "") {
    llvm::SmallString<256> joined(a);
    llvm::sys::path::append(joined, b);
    if (!c.empty())
      llvm::sys::path::append(joined, c);
    return joined.str().str();
  };
  std::vector<InputSpec> expanded;
  for (InputSpec &spec : specs) {
    std::vector<std::string> files;
    StringRef path = spec.path;
    std::string index;
    if (llvm::sys::path::filename(path) == "index.json" &&
        fs::is_regular_file(path))
      index = spec.path;
    else if (fs::is_directory(path) &&
             fs::is_regular_file(join(path, "index.json")))
      index = join(path, "index.json");
    else if (fs::is_directory(path) &&
             fs::is_regular_file(join(path, "functiondb", "index.json")))
      index = join(path, "functiondb", "index.json");
    if (!index.empty()) {
      // caliper's change metrics are counts per version, not sets.
      StringRef metric =
          llvm::sys::path::filename(llvm::sys::path::parent_path(index));
      if (metric == "changedlines" || metric == "totalcounts") {
        error = fileError(spec, "caliper's " + metric +
                                    " metric is not read by graph-diff-sim; "
                                    "give the package's functiondb");
        return failure();
      }
      if (failed(readMetricIndex(index, files, error)))
        return failure();
    } else if (fs::is_directory(path)) {
      std::string folder =
          fs::is_directory(join(path, "data")) ? join(path, "data") : spec.path;
      std::error_code ec;
      for (fs::directory_iterator it(folder, ec), end; it != end && !ec;
           it.increment(ec)) {
        if (!fs::is_regular_file(it->path()))
          continue;
        if (caliperResultVersion(it->path()))
          files.push_back(it->path());
        else
          ignored.push_back(it->path());
      }
      if (ec) {
        error = fileError(spec, "cannot read the folder: " + ec.message());
        return failure();
      }
      if (files.empty()) {
        error = fileError(spec, "the folder holds no caliper result file "
                                "(<manager>-<package>-<version>-python-"
                                "cp<N>.json) and no metric index.json");
        return failure();
      }
      llvm::sort(files);
    } else {
      expanded.push_back(std::move(spec));
      continue;
    }
    if (!spec.label.empty() && files.size() != 1) {
      error = fileError(spec, "holds " + llvm::Twine(files.size()) +
                                  " files; a label can only name one");
      return failure();
    }
    for (std::string &file : files)
      expanded.push_back(InputSpec{std::move(file), spec.label, spec.origin});
  }
  llvm::sort(ignored);
  specs = std::move(expanded);
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
/// caliper's strings of one functiondb version (module_sim, func_args_sim,
/// func_sim: see the top of the file), as the schema's reader reports it.
class FunctionDBSets : public FunctionDBVisitor {
public:
  explicit FunctionDBSets(StringInterner &interner) : interner(interner) {}

  LogicalResult visitModule(StringRef name, const JsonNode &,
                            StringRef) override {
    module = name;
    modules.push_back(interner.intern(name));
    return success();
  }
  LogicalResult visitClass(StringRef name, const JsonNode &,
                           StringRef) override {
    className = name;
    return success();
  }
  LogicalResult visitFunction(StringRef name, const JsonNode &, StringRef,
                              bool method) override {
    // A method's string names its class, not the method.
    function = method ? className : name;
    args.clear();
    return success();
  }
  LogicalResult visitArgument(const JsonNode &arg, StringRef) override {
    args.push_back(arg.text);
    return success();
  }
  LogicalResult endFunction() override {
    llvm::sort(args);
    scratch.clear();
    scratch.append(module);
    scratch.push_back('.');
    scratch.append(function);
    scratch.push_back(':');
    for (auto [i, arg] : llvm::enumerate(args)) {
      if (i)
        scratch.push_back('-');
      scratch.append(arg);
    }
    StringRef signature = scratch;
    funcArgs.push_back(interner.intern(signature));
    funcs.push_back(interner.intern(signature.split(':').first));
    return success();
  }

  std::vector<uint32_t> modules, funcArgs, funcs;

private:
  StringInterner &interner;
  StringRef module, className, function;
  llvm::SmallVector<StringRef, 8> args;
  std::string scratch;
};

/// Builds the sets of one file.
class SetBuilder {
public:
  SetBuilder(const JsonDocument &doc, StringInterner &interner)
      : doc(doc), interner(interner) {}

  /// One version of a functiondb (at `key`), read by the api importer's
  /// reader of the schema, which skips what is neither a function nor a
  /// class, as caliper does.
  LogicalResult addFunctionDBVersion(const JsonNode &version, StringRef key,
                                     VersionSets &out) {
    FunctionDBSets sets(interner);
    if (failed(readFunctionDBVersion(doc, version, appendJSONPointer("", key),
                                     doc.getFilename(), sets,
                                     /*skipOthers=*/true, error)))
      return failure();
    out.sets = {makeIdSet(std::move(sets.modules)),
                makeIdSet(std::move(sets.funcArgs)),
                makeIdSet(std::move(sets.funcs))};
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

  /// Python's `s.strip().lower()` for ASCII text.
  static std::string lowerStripped(StringRef text) {
    return text.trim(" \t\n\r\v\f\x1c\x1d\x1e\x1f").lower();
  }

  const JsonDocument &doc;
  StringInterner &interner;
};
} // namespace

namespace {
/// What became of one file.
enum class FileOutcome { Loaded, FailedBuild, PreRelease };
} // namespace

/// The versions of one file.
static LogicalResult loadFile(const InputSpec &spec, bool dropPreReleases,
                              InputKind &kind, FileOutcome &outcome,
                              StringInterner &interner,
                              std::vector<VersionSets> &out,
                              std::string &error) {
  outcome = FileOutcome::Loaded;
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
  // A caliper result: {"inputs": {...}, "tests": {...}, "requirements.txt"
  // only if the build succeeded}.
  bool result = root.isObject() && doc->lookup(root, "inputs") &&
                doc->lookup(root, "tests");
  kind = lines || result ? InputKind::Requirements : InputKind::FunctionDB;
  if (!lines && result) {
    outcome = FileOutcome::FailedBuild;
    return success();
  }
  if (lines && dropPreReleases && isCaliperPreRelease(spec.path)) {
    outcome = FileOutcome::PreRelease;
    return success();
  }
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
    if (failed(builder.addFunctionDBVersion(doc->getChild(root, v),
                                            doc->getKey(root, v), version)))
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
                                       std::string &error, bool dropPreReleases,
                                       SkippedInputs *skipped) {
  std::vector<std::vector<VersionSets>> perFile(specs.size());
  std::vector<std::string> errors(specs.size());
  std::vector<InputKind> kinds(specs.size(), InputKind::FunctionDB);
  std::vector<FileOutcome> outcomes(specs.size(), FileOutcome::Loaded);
  parallelForIndex(pool, specs.size(), [&](size_t i) {
    (void)loadFile(specs[i], dropPreReleases, kinds[i], outcomes[i], interner,
                   perFile[i], errors[i]);
  });
  size_t failedBuilds = 0, preReleases = 0;
  for (auto [i, message] : llvm::enumerate(errors)) {
    if (!message.empty()) {
      error = message;
      return failure();
    }
    if (outcomes[i] != FileOutcome::Loaded) {
      bool failedBuild = outcomes[i] == FileOutcome::FailedBuild;
      ++(failedBuild ? failedBuilds : preReleases);
      if (skipped)
        (failedBuild ? skipped->failedBuilds : skipped->preReleases)
            .push_back(specs[i].path);
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
  if (versions.empty()) {
    std::string why =
        ("no version left to compare: " + llvm::Twine(failedBuilds) +
         " failed build(s) without 'requirements.txt' and " +
         llvm::Twine(preReleases) + " pre-release(s) left out")
            .str();
    // At the first file left out, which says what the input was.
    auto first = llvm::find_if(outcomes, [](FileOutcome outcome) {
      return outcome != FileOutcome::Loaded;
    });
    error = first == outcomes.end() ? "graph-diff-sim: error: " + why
                                    : fileError(specs[first - outcomes.begin()],
                                                why + ", this one first");
    return failure();
  }
  return success();
}
