//===- SetMetrics.cpp - caliper's metrics over many versions --------------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Similarity/Diff/SetMetrics.h"

#include "GraphDiff/Similarity/Diff/SemVer.h"
#include "GraphDiff/Similarity/Diff/SetSimilarity.h"

using namespace graphdiff;

SimilarityResults graphdiff::computeSetSimilarity(
    InputKind kind, llvm::ArrayRef<VersionSets> versions,
    const StringInterner &interner, llvm::ArrayRef<PairIndex> pairs,
    llvm::ThreadPoolInterface *pool, bool summaries) {
  SimilarityResults results;
  results.kind = kind;
  for (const VersionSets &version : versions)
    results.labels.push_back(version.label);
  bool versioned = hasVersionLabels(results.labels);
  results.metrics = metricNames(kind, versioned);
  results.numInputs = versions.size();
  std::vector<std::pair<std::string, uint64_t>> inputs;
  for (const VersionSets &version : versions)
    inputs.emplace_back(version.label, version.digest);
  results.run = runFingerprint(kind, results.metrics, inputs);
  results.pairs.resize(pairs.size());
  parallelForIndex(pool, pairs.size(), [&](size_t k) {
    PairResult &result = results.pairs[k];
    result.pair = pairs[k];
    const VersionSets &a = versions[pairs[k].first];
    const VersionSets &b = versions[pairs[k].second];
    result.firstLabel = a.label;
    result.secondLabel = b.label;
    for (unsigned m = 0; m < a.sets.size(); ++m) {
      const IdSet &x = a.sets[m], &y = b.sets[m];
      result.values.push_back(
          diceSimilarity(x.size(), y.size(), countCommon(x, y)));
      if (!summaries)
        continue;
      if (m)
        result.summary += "\n";
      result.summary += results.metrics[m] + ": " +
                        describeSetDifference(interner, x, y, a.label, b.label);
    }
    if (versioned)
      result.values.push_back(semverSimilarity(a.label, b.label));
  });
  return results;
}
