//===- SimilarityResults.h - Pairs, shards, results, matrices ---*- C++ -*-===//
//
// Part of graph-diff.
//
// A similarity run is a list of pairs of inputs. The list is fixed by the
// inputs and a pairing rule (or a pairs file), so any slice of it (a shard)
// can run anywhere: each pair's result is one JSON line, shard outputs
// concatenate in shard order into the output of one run, and merging any set
// of them gives the matrix.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_SIMILARITY_DIFF_SIMILARITYRESULTS_H
#define GRAPHDIFF_SIMILARITY_DIFF_SIMILARITYRESULTS_H

#include "GraphDiff/Similarity/Import/Inputs.h"
#include "mlir/Support/LLVM.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace graphdiff {

class JsonDocument;

/// Two inputs by index; for MLIR `first` is the diff's source.
struct PairIndex {
  unsigned first, second;
};

/// Which pairs of N inputs to compare.
enum class PairRule {
  /// Every unordered pair, i < j, row by row (N(N-1)/2 pairs).
  All,
  /// Each input with the next one (N-1 pairs): a release history, the
  /// steps of a pipeline.
  Consecutive,
};
std::vector<PairIndex> enumeratePairs(unsigned n, PairRule rule);

/// Reads a pairs file: one pair of labels per line, separated by a tab (or
/// by spaces when the line has no tab); '#' comments and blank lines are
/// skipped. Fails with "file:line:col: error: ..." on an unknown label.
mlir::LogicalResult readPairsFile(llvm::StringRef file,
                                  llvm::ArrayRef<std::string> labels,
                                  std::vector<PairIndex> &pairs,
                                  std::string &error);

/// `--shard=I/N`: shard I (0-based) of N.
struct ShardSpec {
  unsigned index = 0, count = 1;
};
mlir::FailureOr<ShardSpec> parseShardSpec(llvm::StringRef text,
                                          std::string &error);
/// Shard `shard` of `pairs`: the contiguous slice
/// [size * I / N, size * (I + 1) / N), so shards 0..N-1 in order are exactly
/// the whole list.
llvm::ArrayRef<PairIndex> shardSlice(llvm::ArrayRef<PairIndex> pairs,
                                     ShardSpec shard);

/// The result of one pair.
struct PairResult {
  PairIndex pair;
  std::string firstLabel, secondLabel;
  /// One value per metric of the run.
  std::vector<double> values;
  /// What differs, for a reader (the HTML page shows it on click).
  std::string summary;
};

/// The results of a run (or of a shard, or of merged shards).
struct SimilarityResults {
  InputKind kind = InputKind::FunctionDB;
  std::vector<std::string> metrics;
  /// How many inputs the run had.
  unsigned numInputs = 0;
  /// Every input's label, in input order, when the run read the inputs
  /// (empty after a merge, which knows only the labels its pairs name).
  std::vector<std::string> labels;
  /// The run's identity (runFingerprint): shards of one run share it.
  std::string run;
  std::vector<PairResult> pairs;
};

/// The identity of a run, 16 hex digits: a hash of its kind, its metrics,
/// and each input's label and the xxh3 of its file's bytes, in input order.
/// The pairs compared are not part of it (shards with other pairs of the same
/// inputs merge), nor are the files' paths (every machine of a sharded run
/// may keep them elsewhere).
std::string
runFingerprint(InputKind kind, llvm::ArrayRef<std::string> metrics,
               llvm::ArrayRef<std::pair<std::string, uint64_t>> inputs);

/// Writes one JSON line per pair:
///   {"kind":"functiondb","inputs":12,"run":"8500907abf9e0f1f","pair":[0,1],
///    "labels":["0.2.0","0.3.0"],"values":{"module_sim":0.9423076923076923,
///    ...},"summary":"..."}
/// Numbers print as the shortest text that reads back as the same double.
void writeJsonLines(const SimilarityResults &results, llvm::raw_ostream &os);

/// Reads the JSON lines of shard outputs (writeJsonLines), file after file,
/// into one SimilarityResults. Every line must be of the first line's run
/// (its `run`, kind, number of inputs and metrics, which must be the kind's,
/// with or without semver_sim),
/// give each input index one label and each label one index, in every file,
/// name two different inputs, and hold values a metric can produce
/// (similarities: finite, in [0, 1]). Errors are "file:line:col: error: ...".
class JsonLinesMerger {
public:
  /// Appends the pairs of `file` (or stdin for "-").
  mlir::LogicalResult read(llvm::StringRef file, std::string &error);
  /// Whether some line was read.
  bool empty() const { return !firstLine; }
  SimilarityResults &getResults() { return results; }

private:
  struct Seen {
    std::string text;
    /// "file:line" of the line that first said so.
    std::string where;
  };
  mlir::LogicalResult readLine(const JsonDocument &doc, llvm::StringRef where,
                               std::string &error);

  SimilarityResults results;
  /// "file:line" of the first line: the run every line must be of.
  std::optional<std::string> firstLine;
  std::map<unsigned, Seen> labelOf;
  std::map<std::string, std::pair<unsigned, std::string>> indexOf;
};

/// N x N matrices, one per metric, over the inputs that some pair mentions
/// (in input order). Missing cells (pairs not compared) are NaN; the
/// diagonal is 1.
struct SimilarityMatrix {
  InputKind kind = InputKind::FunctionDB;
  std::vector<std::string> metrics;
  std::vector<std::string> labels;
  /// values[m][i * n + j].
  std::vector<std::vector<double>> values;
  /// summaries[i * n + j] for compared pairs (both orders), else "".
  std::vector<std::string> summaries;

  unsigned size() const { return labels.size(); }
  double get(unsigned metric, unsigned i, unsigned j) const {
    return values[metric][i * labels.size() + j];
  }
};

/// Builds the matrices. A run of one version (no pair) is its 1 x 1
/// diagonal, as caliper writes it. Fails if there is no pair among two or
/// more inputs, or a pair appears twice.
mlir::FailureOr<SimilarityMatrix> buildMatrix(const SimilarityResults &results,
                                              std::string &error);

/// The shortest decimal text that reads back as `value` (Python's repr:
/// "0.9423076923076923", "1.0", "1e-05"); "NaN" for NaN.
std::string formatDouble(double value);

/// One step of a pass pipeline.
struct PipelineStep {
  /// The pass as a pipeline element, with its anchor:
  /// "func.func(linalg-fuse-elementwise-ops)"; "input" for step 0.
  std::string pass;
  uint64_t nodes = 0;
  /// Structural similarity to the input and to the previous step.
  double toInput = 1.0, toPrevious = 1.0;
  /// The plan's summary line against the previous step.
  std::string summary;
};

} // namespace graphdiff

#endif // GRAPHDIFF_SIMILARITY_DIFF_SIMILARITYRESULTS_H
