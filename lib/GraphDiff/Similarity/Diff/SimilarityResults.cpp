//===- SimilarityResults.cpp - Pairs, shards, results, matrices -----------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Similarity/Diff/SimilarityResults.h"

#include "GraphDiff/Support/JsonDocument.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/xxhash.h"

#include <charconv>
#include <cmath>
#include <map>

using namespace mlir;
using namespace graphdiff;
using llvm::StringRef;

std::vector<PairIndex> graphdiff::enumeratePairs(unsigned n, PairRule rule) {
  std::vector<PairIndex> pairs;
  if (rule == PairRule::Consecutive) {
    for (unsigned i = 0; i + 1 < n; ++i)
      pairs.push_back({i, i + 1});
    return pairs;
  }
  pairs.reserve(static_cast<size_t>(n) * (n ? n - 1 : 0) / 2);
  for (unsigned i = 0; i < n; ++i)
    for (unsigned j = i + 1; j < n; ++j)
      pairs.push_back({i, j});
  return pairs;
}

LogicalResult graphdiff::readPairsFile(StringRef file,
                                       llvm::ArrayRef<std::string> labels,
                                       std::vector<PairIndex> &pairs,
                                       std::string &error) {
  auto buffer = llvm::MemoryBuffer::getFileOrSTDIN(file, /*IsText=*/true);
  if (!buffer) {
    error = (file + ": error: cannot read the pairs file: " +
             buffer.getError().message())
                .str();
    return failure();
  }
  llvm::StringMap<unsigned> indexOf;
  for (auto [i, label] : llvm::enumerate(labels))
    indexOf.try_emplace(label, i);
  llvm::SmallVector<StringRef> lines;
  (*buffer)->getBuffer().split(lines, '\n');
  for (auto [number, rawLine] : llvm::enumerate(lines)) {
    StringRef line = rawLine.trim();
    if (line.empty() || line.starts_with("#"))
      continue;
    // "file:line:col: error: " at `at`, a slice of the line.
    auto where = [&](StringRef at) {
      return (file + ":" + llvm::Twine(number + 1) + ":" +
              llvm::Twine(at.data() - rawLine.data() + 1) + ": error: ")
          .str();
    };
    auto [a, b] = line.contains('\t') ? line.split('\t') : line.split(' ');
    a = a.trim();
    b = b.trim();
    if (b.empty()) {
      error = where(line.drop_front(line.size())) + "expected two labels";
      return failure();
    }
    auto first = indexOf.find(a), second = indexOf.find(b);
    for (auto [it, label] : {std::pair{first, a}, std::pair{second, b}})
      if (it == indexOf.end()) {
        error = where(label) + "no input is labelled '" + label.str() + "'";
        return failure();
      }
    if (first->second == second->second) {
      error = where(b) + "a pair needs two different inputs";
      return failure();
    }
    pairs.push_back({first->second, second->second});
  }
  return success();
}

FailureOr<ShardSpec> graphdiff::parseShardSpec(StringRef text,
                                               std::string &error) {
  auto [index, count] = text.split('/');
  ShardSpec shard;
  if (index.getAsInteger(10, shard.index) ||
      count.getAsInteger(10, shard.count) || shard.count == 0 ||
      shard.index >= shard.count) {
    error = ("error: --shard expects I/N with 0 <= I < N, got '" + text + "'")
                .str();
    return failure();
  }
  return shard;
}

llvm::ArrayRef<PairIndex> graphdiff::shardSlice(llvm::ArrayRef<PairIndex> pairs,
                                                ShardSpec shard) {
  size_t size = pairs.size();
  size_t begin = size * shard.index / shard.count;
  size_t end = size * (shard.index + 1) / shard.count;
  return pairs.slice(begin, end - begin);
}

std::string graphdiff::formatDouble(double value) {
  if (std::isnan(value))
    return "NaN";
  if (std::isinf(value))
    return value > 0 ? "Infinity" : "-Infinity";
  // Shortest round-trip digits, in scientific form: "9.423076923076923e-01".
  char buffer[64];
  auto result = std::to_chars(buffer, buffer + sizeof(buffer), value,
                              std::chars_format::scientific);
  StringRef text(buffer, result.ptr - buffer);
  bool negative = text.consume_front("-");
  auto [mantissa, exponentText] = text.split('e');
  int exponent = 0;
  exponentText.consume_front("+");
  exponentText.getAsInteger(10, exponent);
  std::string digits = mantissa.str();
  llvm::erase(digits, '.');
  std::string out = negative ? "-" : "";
  // Python's repr: positional for 1e-4 <= |x| < 1e16, else scientific.
  if (exponent < -4 || exponent >= 16) {
    out += digits.substr(0, 1);
    if (digits.size() > 1)
      out += "." + digits.substr(1);
    out += exponent < 0 ? "e-" : "e+";
    std::string e = std::to_string(std::abs(exponent));
    out += (e.size() < 2 ? "0" : "") + e;
    return out;
  }
  if (exponent < 0)
    return out + "0." + std::string(-exponent - 1, '0') + digits;
  if (digits.size() <= static_cast<size_t>(exponent) + 1)
    return out + digits + std::string(exponent + 1 - digits.size(), '0') + ".0";
  return out + digits.substr(0, exponent + 1) + "." +
         digits.substr(exponent + 1);
}

std::string graphdiff::runFingerprint(
    InputKind kind, llvm::ArrayRef<std::string> metrics,
    llvm::ArrayRef<std::pair<std::string, uint64_t>> inputs) {
  // Each part ends with a NUL, which no label or metric name holds.
  std::string text = (stringifyInputKind(kind) + llvm::Twine('\0')).str();
  for (const std::string &metric : metrics)
    text += metric + '\0';
  text += '\0';
  for (const auto &[label, digest] : inputs)
    text += label + '\0' + llvm::utohexstr(digest) + '\0';
  std::string hex =
      llvm::utohexstr(llvm::xxh3_64bits(text), /*LowerCase=*/true);
  return std::string(16 - hex.size(), '0') + hex;
}

void graphdiff::writeJsonLines(const SimilarityResults &results,
                               llvm::raw_ostream &os) {
  for (const PairResult &pair : results.pairs) {
    llvm::json::OStream j(os);
    j.object([&] {
      j.attribute("kind", stringifyInputKind(results.kind));
      j.attribute("inputs", results.numInputs);
      j.attribute("run", results.run);
      j.attributeArray("pair", [&] {
        j.value(pair.pair.first);
        j.value(pair.pair.second);
      });
      j.attributeArray("labels", [&] {
        j.value(pair.firstLabel);
        j.value(pair.secondLabel);
      });
      j.attributeObject("values", [&] {
        for (auto [name, value] : llvm::zip(results.metrics, pair.values)) {
          j.attributeBegin(name);
          j.rawValue(formatDouble(value));
          j.attributeEnd();
        }
      });
      j.attribute("summary", pair.summary);
    });
    os << "\n";
  }
}

LogicalResult JsonLinesMerger::readLine(const JsonDocument &doc,
                                        StringRef where, std::string &error) {
  const JsonNode &root = doc.getRoot();
  auto fail = [&](const JsonNode &node, const llvm::Twine &message) {
    error = doc.errorAt(node, message);
    return failure();
  };
  const JsonNode *kind = doc.lookup(root, "kind");
  const JsonNode *inputs = doc.lookup(root, "inputs");
  const JsonNode *run = doc.lookup(root, "run");
  const JsonNode *pair = doc.lookup(root, "pair");
  const JsonNode *labels = doc.lookup(root, "labels");
  const JsonNode *values = doc.lookup(root, "values");
  const JsonNode *summary = doc.lookup(root, "summary");
  if (!kind || !kind->isString() || !inputs ||
      inputs->kind != JsonNode::Number || !run || !run->isString() || !pair ||
      !pair->isArray() || pair->numChildren != 2 || !labels ||
      !labels->isArray() || labels->numChildren != 2 || !values ||
      !values->isObject() || (summary && !summary->isString()))
    return fail(root, "expected a similarity result line (kind, inputs, run, "
                      "pair, labels, values, summary)");
  std::optional<InputKind> parsedKind = parseInputKind(kind->text);
  if (!parsedKind)
    return fail(*kind, "unknown input kind '" + kind->text + "'");
  unsigned numInputs;
  if (inputs->text.getAsInteger(10, numInputs))
    return fail(*inputs, "expected a count of inputs");
  std::vector<std::string> metrics;
  for (unsigned m = 0; m < values->numChildren; ++m)
    metrics.push_back(doc.getKey(*values, m).str());
  if (!firstLine) {
    std::vector<std::string> expected = metricNames(*parsedKind);
    if (metrics != expected &&
        metrics != metricNames(*parsedKind, /*versioned=*/false))
      return fail(*values, "expected the metrics of a " + kind->text +
                               " run: " + llvm::join(expected, ", "));
    results.kind = *parsedKind;
    results.numInputs = numInputs;
    results.metrics = metrics;
    results.run = run->text.str();
    firstLine = where.str();
  } else if (results.kind != *parsedKind || results.numInputs != numInputs ||
             results.metrics != metrics || results.run != run->text) {
    return fail(run->text == results.run ? root : *run,
                "this result is of another run than the first result (" +
                    *firstLine +
                    "): its inputs, labels, kind or metrics differ, and "
                    "shards of different runs cannot be merged");
  }
  PairResult result;
  for (unsigned m = 0; m < values->numChildren; ++m) {
    const JsonNode &value = doc.getChild(*values, m);
    double number;
    if (value.kind != JsonNode::Number ||
        value.text.getAsDouble(number, /*AllowInexact=*/true))
      return fail(value, "expected a number");
    // Every metric is a similarity.
    if (!std::isfinite(number) || number < 0 || number > 1)
      return fail(value,
                  metrics[m] + " is a similarity in [0, 1], not " + value.text);
    result.values.push_back(number);
  }
  unsigned index[2];
  for (unsigned k = 0; k < 2; ++k) {
    const JsonNode &number = doc.getChild(*pair, k);
    const JsonNode &label = doc.getChild(*labels, k);
    if (number.kind != JsonNode::Number ||
        number.text.getAsInteger(10, index[k]) || index[k] >= numInputs)
      return fail(number,
                  "expected an input index below " + llvm::Twine(numInputs));
    if (!label.isString())
      return fail(label, "expected a label");
    auto [byIndex, freshIndex] =
        labelOf.try_emplace(index[k], Seen{label.text.str(), where.str()});
    if (!freshIndex && byIndex->second.text != label.text)
      return fail(label, "input #" + llvm::Twine(index[k]) + " is '" +
                             byIndex->second.text + "' (" +
                             byIndex->second.where + ")");
    auto [byLabel, freshLabel] =
        indexOf.try_emplace(label.text.str(), std::pair{index[k], where.str()});
    if (!freshLabel && byLabel->second.first != index[k])
      return fail(label, "label '" + label.text + "' is already input #" +
                             llvm::Twine(byLabel->second.first) + " (" +
                             byLabel->second.second +
                             "): two inputs cannot have the same label");
  }
  if (index[0] == index[1])
    return fail(*pair, "a pair needs two different inputs");
  result.pair = {index[0], index[1]};
  result.firstLabel = doc.getChild(*labels, 0).text.str();
  result.secondLabel = doc.getChild(*labels, 1).text.str();
  if (summary)
    result.summary = summary->text.str();
  results.pairs.push_back(std::move(result));
  return success();
}

LogicalResult JsonLinesMerger::read(StringRef file, std::string &error) {
  auto buffer = llvm::MemoryBuffer::getFileOrSTDIN(file, /*IsText=*/true);
  if (!buffer) {
    error =
        (file + ": error: cannot read: " + buffer.getError().message()).str();
    return failure();
  }
  llvm::SmallVector<StringRef> lines;
  (*buffer)->getBuffer().split(lines, '\n');
  for (auto [number, line] : llvm::enumerate(lines)) {
    if (line.trim().empty())
      continue;
    std::unique_ptr<JsonDocument> doc = JsonDocument::parse(
        llvm::MemoryBuffer::getMemBuffer(line, file, false), error, number + 1);
    if (!doc)
      return failure();
    std::string where = (file + ":" + llvm::Twine(number + 1)).str();
    if (failed(readLine(*doc, where, error)))
      return failure();
  }
  return success();
}

FailureOr<SimilarityMatrix>
graphdiff::buildMatrix(const SimilarityResults &results, std::string &error) {
  if (results.pairs.empty() && results.labels.size() == 1) {
    SimilarityMatrix matrix;
    matrix.kind = results.kind;
    matrix.metrics = results.metrics;
    matrix.labels = results.labels;
    matrix.values.assign(results.metrics.size(), std::vector<double>{1.0});
    matrix.summaries.assign(1, "");
    return matrix;
  }
  if (results.pairs.empty()) {
    error = "error: no pair to show (an empty shard?)";
    return failure();
  }
  // The inputs some pair mentions, in input order.
  std::map<unsigned, std::string> labelOf;
  for (const PairResult &pair : results.pairs) {
    labelOf.try_emplace(pair.pair.first, pair.firstLabel);
    labelOf.try_emplace(pair.pair.second, pair.secondLabel);
  }
  SimilarityMatrix matrix;
  matrix.kind = results.kind;
  matrix.metrics = results.metrics;
  std::map<unsigned, unsigned> position;
  for (auto &[index, label] : labelOf) {
    position[index] = matrix.labels.size();
    matrix.labels.push_back(label);
  }
  size_t n = matrix.labels.size();
  matrix.values.assign(results.metrics.size(),
                       std::vector<double>(n * n, std::nan("")));
  for (std::vector<double> &values : matrix.values)
    for (size_t i = 0; i < n; ++i)
      values[i * n + i] = 1.0;
  matrix.summaries.assign(n * n, "");
  std::vector<bool> seen(n * n, false);
  for (const PairResult &pair : results.pairs) {
    size_t i = position[pair.pair.first], j = position[pair.pair.second];
    if (seen[i * n + j] || seen[j * n + i] || i == j) {
      error = "error: the pair '" + pair.firstLabel + "' / '" +
              pair.secondLabel + "' appears twice (overlapping shards?)";
      return failure();
    }
    seen[i * n + j] = true;
    for (auto [m, value] : llvm::enumerate(pair.values)) {
      matrix.values[m][i * n + j] = value;
      matrix.values[m][j * n + i] = value;
    }
    matrix.summaries[i * n + j] = pair.summary;
    matrix.summaries[j * n + i] = pair.summary;
  }
  return matrix;
}
