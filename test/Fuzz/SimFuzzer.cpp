//===- SimFuzzer.cpp - Fuzz graph-diff-sim's input readers ----------------===//
//
// Part of graph-diff.
//
// The blob is one to eight files separated by `// -----`, read two ways:
//   - as the inputs of `graph-diff-sim v0.json v1.json ...` (loadSetInputs:
//     caliper functiondb or result JSON with `requirements.txt`). If they
//     load: every similarity is finite and in [0, 1], a version against
//     itself is 1 in every metric, every metric is symmetric, the results
//     are the same with a thread pool, and the JSON lines `batch` writes
//     read back (`merge`) as the same results, and as a matrix that is
//     symmetric with 1 on its diagonal;
//   - as the shard outputs of `graph-diff-sim merge s0.jsonl s1.jsonl ...`
//     (readJsonLines, buildMatrix). If they merge: every similarity is
//     finite and in [0, 1], no two inputs have one label, the matrix is
//     symmetric with 1 on its diagonal, and the merged results written and
//     merged again are the same.
// Either way a reader that refuses its input says so with one error at
// `file:line:col`, or at `file` for what concerns a whole file (two files
// giving the same version label, files of different kinds).
//
// The readers take paths, so each part is written to a file in a directory
// of this process's own.
//
//===----------------------------------------------------------------------===//

#include "FuzzSupport.h"

#include "GraphDiff/Similarity/Diff/SetMetrics.h"
#include "GraphDiff/Similarity/Diff/SimilarityResults.h"
#include "GraphDiff/Similarity/Import/Inputs.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/ThreadPool.h"

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>

using namespace mlir;
using namespace graphdiff;
using namespace graphdiff::fuzz;

namespace {
/// A directory for this process's files, removed at exit.
const std::string &scratchDirectory() {
  static const std::string *directory = [] {
    llvm::SmallString<128> path;
    if (llvm::sys::fs::createUniqueDirectory("graph-diff-fuzz-sim", path)) {
      llvm::errs() << "graph-diff fuzz: cannot make a scratch directory\n";
      std::abort();
    }
    auto *result = new std::string(path.str());
    std::atexit([] { llvm::sys::fs::remove_directories(scratchDirectory()); });
    return result;
  }();
  return *directory;
}

std::string writeFile(Session &session, StringRef name, StringRef text) {
  llvm::SmallString<128> path(scratchDirectory());
  llvm::sys::path::append(path, name);
  std::error_code error;
  llvm::raw_fd_ostream os(path, error);
  if (error)
    session.fail("cannot write " + path + ": " + error.message());
  os << text;
  os.close();
  if (os.has_error())
    session.fail("cannot write " + path);
  return path.str().str();
}

/// Whether `error` is "FILE:LINE:COL: error: ..." for one of `files` or,
/// with `wholeFile`, "FILE: error: ...".
bool isLocatedError(StringRef error, ArrayRef<std::string> files,
                    bool wholeFile) {
  for (const std::string &file : files) {
    StringRef rest = error;
    if (!rest.consume_front(file))
      continue;
    unsigned line, column;
    if (wholeFile && rest.starts_with(": error: "))
      return true;
    if (rest.consume_front(":") && !rest.consumeInteger(10, line) &&
        rest.consume_front(":") && !rest.consumeInteger(10, column) &&
        rest.starts_with(": error: ") && line > 0 && column > 0)
      return true;
  }
  return false;
}

std::string jsonLines(const SimilarityResults &results) {
  std::string text;
  llvm::raw_string_ostream os(text);
  writeJsonLines(results, os);
  return text;
}

void checkValues(Session &session, const SimilarityResults &results,
                 StringRef what) {
  for (const PairResult &pair : results.pairs) {
    if (pair.values.size() != results.metrics.size())
      session.fail(what + ": a pair has " + Twine(pair.values.size()) +
                   " values for " + Twine(results.metrics.size()) + " metrics");
    for (auto [metric, value] : llvm::zip(results.metrics, pair.values))
      if (!std::isfinite(value) || value < 0 || value > 1)
        session.fail(what + ": " + metric + " of '" + pair.firstLabel +
                     "' and '" + pair.secondLabel + "' is " +
                     formatDouble(value) + ", not in [0, 1]");
  }
}

void checkMatrix(Session &session, const SimilarityMatrix &matrix,
                 StringRef what) {
  unsigned n = matrix.size();
  for (unsigned m = 0; m < matrix.metrics.size(); ++m)
    for (unsigned i = 0; i < n; ++i) {
      if (matrix.get(m, i, i) != 1.0)
        session.fail(what + ": the diagonal of the " + matrix.metrics[m] +
                     " matrix is not 1");
      for (unsigned j = 0; j < n; ++j) {
        double a = matrix.get(m, i, j), b = matrix.get(m, j, i);
        if (!(a == b || (std::isnan(a) && std::isnan(b))))
          session.fail(what + ": the " + matrix.metrics[m] +
                       " matrix is not symmetric");
        if (!std::isnan(a) && (a < 0 || a > 1 || !std::isfinite(a)))
          session.fail(what + ": a cell of the " + matrix.metrics[m] +
                       " matrix is " + formatDouble(a) + ", not in [0, 1]");
      }
    }
}

/// Writes `results` as JSON lines, merges them back and checks that nothing
/// changed; returns the matrix of the merged results.
FailureOr<SimilarityMatrix>
roundTrip(Session &session, const SimilarityResults &results, StringRef what) {
  std::string error;
  std::string written = jsonLines(results);
  session.addInput((what + " (written)").str(), written);
  std::string path = writeFile(session, "written.jsonl", written);
  JsonLinesMerger merger;
  if (failed(merger.read(path, error)))
    session.fail(what + ": the JSON lines written do not merge: " + error);
  SimilarityResults &merged = merger.getResults();
  if (jsonLines(merged) != written)
    session.fail(what + ": the JSON lines written merge into other results");
  return buildMatrix(merged, error);
}

/// The parts as `graph-diff-sim FILES...` reads them.
void checkSetInputs(Session &session, ArrayRef<StringRef> parts) {
  std::vector<InputSpec> specs;
  std::vector<std::string> paths;
  for (auto [index, part] : llvm::enumerate(parts)) {
    paths.push_back(
        writeFile(session, "v" + std::to_string(index) + ".json", part));
    specs.push_back(InputSpec{paths.back(), "", ""});
  }
  auto load = [&](llvm::ThreadPoolInterface *pool,
                  std::optional<InputKind> &kind,
                  std::vector<VersionSets> &versions, StringInterner &interner,
                  std::string &error) {
    return loadSetInputs(specs, kind, interner, pool, versions, error);
  };
  std::optional<InputKind> kind;
  StringInterner interner;
  std::vector<VersionSets> versions;
  std::string error;
  if (failed(load(nullptr, kind, versions, interner, error))) {
    if (!isLocatedError(error, paths, /*wholeFile=*/true))
      session.fail("the similarity inputs were refused without an error at "
                   "file:line:col: '" +
                   error + "'");
    return;
  }
  if (!error.empty())
    session.fail("the similarity inputs loaded but set an error: " + error);
  if (!kind || versions.empty())
    session.fail("the similarity inputs loaded without a kind or a version");

  // Every ordered pair, a version with itself included.
  std::vector<PairIndex> pairs;
  for (unsigned i = 0; i < versions.size(); ++i)
    for (unsigned j = 0; j < versions.size(); ++j)
      pairs.push_back({i, j});
  SimilarityResults all =
      computeSetSimilarity(*kind, versions, interner, pairs, nullptr, true);
  checkValues(session, all, "the similarities");
  size_t n = versions.size();
  for (size_t i = 0; i < n; ++i)
    for (size_t j = 0; j < n; ++j) {
      const PairResult &ij = all.pairs[i * n + j], &ji = all.pairs[j * n + i];
      for (auto [metric, a, b] : llvm::zip(all.metrics, ij.values, ji.values)) {
        if (i == j && a != 1.0)
          session.fail(metric + " of '" + ij.firstLabel +
                       "' against itself is " + formatDouble(a) + ", not 1");
        if (a != b)
          session.fail(metric + " of '" + ij.firstLabel + "' and '" +
                       ij.secondLabel + "' is not symmetric: " +
                       formatDouble(a) + " and " + formatDouble(b));
      }
    }

  // What a run prints: the pairs i < j.
  std::vector<PairIndex> run = enumeratePairs(n, PairRule::All);
  SimilarityResults results =
      computeSetSimilarity(*kind, versions, interner, run, nullptr, true);
  std::string expected = jsonLines(results);
  {
    static llvm::StdThreadPool pool(llvm::hardware_concurrency(2));
    std::optional<InputKind> kind2;
    StringInterner interner2;
    std::vector<VersionSets> versions2;
    std::string error2;
    if (failed(load(&pool, kind2, versions2, interner2, error2)))
      session.fail("the similarity inputs load alone but not on threads: " +
                   error2);
    if (jsonLines(computeSetSimilarity(*kind2, versions2, interner2, run, &pool,
                                       true)) != expected)
      session.fail("the similarities differ on threads");
  }
  if (run.empty())
    return;
  FailureOr<SimilarityMatrix> matrix =
      roundTrip(session, results, "the similarities");
  if (failed(matrix))
    session.fail("the matrix of the similarities cannot be built");
  checkMatrix(session, *matrix, "the similarity matrix");
  for (const PairResult &pair : results.pairs)
    for (auto [m, value] : llvm::enumerate(pair.values))
      if (matrix->get(m, pair.pair.first, pair.pair.second) != value)
        session.fail("the merged matrix does not hold the similarities");
}

/// The parts as `graph-diff-sim merge FILES...` reads them.
void checkShards(Session &session, ArrayRef<StringRef> parts) {
  std::vector<std::string> paths;
  JsonLinesMerger merger;
  SimilarityResults &results = merger.getResults();
  for (auto [index, part] : llvm::enumerate(parts)) {
    paths.push_back(
        writeFile(session, "s" + std::to_string(index) + ".jsonl", part));
    std::string error;
    if (failed(merger.read(paths.back(), error))) {
      if (!isLocatedError(error, paths, /*wholeFile=*/false))
        session.fail("the shard outputs were refused without an error at "
                     "file:line:col: '" +
                     error + "'");
      return;
    }
  }
  if (merger.empty() || results.pairs.empty())
    return; // "the shard outputs hold no result"
  for (const PairResult &pair : results.pairs)
    if (pair.values.size() != results.metrics.size())
      session.fail("a merged pair has another number of values than "
                   "metrics");
  std::string error;
  FailureOr<SimilarityMatrix> matrix = buildMatrix(results, error);
  if (failed(matrix))
    return; // a pair twice: a whole-run error
  llvm::StringSet<> labels;
  for (const std::string &label : matrix->labels)
    if (!labels.insert(label).second)
      session.fail("the merged matrix has two inputs labelled '" + label + "'");
  checkValues(session, results, "the merged similarities");
  checkMatrix(session, *matrix, "the merged matrix");
  FailureOr<SimilarityMatrix> again =
      roundTrip(session, results, "the merged similarities");
  if (failed(again) || again->labels != matrix->labels)
    session.fail("the merged similarities, written and merged again, give "
                 "another matrix");
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  SmallVector<StringRef> parts =
      splitInputs(StringRef(reinterpret_cast<const char *>(data), size));
  if (parts.size() > 8)
    return -1;
  Session session;
  for (auto [index, part] : llvm::enumerate(parts))
    session.addInput("part " + std::to_string(index), part);
  checkSetInputs(session, parts);
  checkShards(session, parts);
  session.expectNoErrors("reading similarity inputs");
  return 0;
}
