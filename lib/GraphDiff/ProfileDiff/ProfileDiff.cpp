//===- ProfileDiff.cpp - Differences of hierarchical profiles -------------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/ProfileDiff/ProfileDiff.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Regex.h"
#include <algorithm>
#include <cstdio>
#include <cstdlib>

using namespace mlir;
using namespace graphdiff;
using prof::ScopeOp;

bool ProfileDiffNode::isMissingSomewhere() const {
  return llvm::any_of(values, [](const auto &v) { return !v.has_value(); });
}

/// `value` as tfprof_diff reads tfprof's spelling of it: the decimal
/// number before the unit tfprof picks (B under 1000, KB under 10^6, else MB)
/// parsed as a double, times the unit.
static double asTfprofDiffReadsIt(int64_t value) {
  if (value < 1000)
    return static_cast<double>(value);
  int64_t unit = value < 1000000 ? 1000 : 1000000;
  int digits = unit == 1000 ? 3 : 6;
  char text[64];
  std::snprintf(text, sizeof(text), "%lld.%0*lld",
                static_cast<long long>(value / unit), digits,
                static_cast<long long>(value % unit));
  return std::strtod(text, nullptr) * static_cast<double>(unit);
}

double ProfileDiff::valueOf(const ProfileDiffNode &node, unsigned input) const {
  const std::optional<int64_t> &value = node.values[input];
  if (!value)
    return 0;
  // tfprof_diff reads memory only.
  if (kind == MetricKind::Bytes && input < fromScopeFile.size() &&
      fromScopeFile[input])
    return asTfprofDiffReadsIt(*value);
  return static_cast<double>(*value);
}

namespace {

/// Builds the merged tree and decides what is shown.
class TreeBuilder {
public:
  TreeBuilder(ProfileDiff &result, size_t inputs)
      : result(result), inputs(inputs) {
    result.nodes.push_back(makeNode("", "", 0));
  }

  /// Records `scope` (and, for the root, nothing else) of input `input`.
  void add(ScopeOp scope, unsigned input, unsigned metric) {
    unsigned node = 0;
    if (!scope.isRoot()) {
      SmallVector<StringRef> parts;
      scope.getName().split(parts, '/');
      for (StringRef part : parts)
        node = getOrMakeChild(node, part);
    }
    result.nodes[node].values[input] = scope.getTotal()[metric];
    result.nodes[node].unsized[input] = scope.getUnsized();
    for (ScopeOp child : scope.getChildren())
      add(child, input, metric);
  }

  bool markSignificant(unsigned index);
  void markShown(unsigned index, ArrayRef<llvm::Regex> hide);
  void computeDiffs();

private:
  ProfileDiffNode makeNode(StringRef name, StringRef path, unsigned depth) {
    ProfileDiffNode node;
    node.name = name.str();
    node.path = path.str();
    node.depth = depth;
    node.values.resize(inputs);
    node.unsized.resize(inputs, 0);
    return node;
  }

  unsigned getOrMakeChild(unsigned parent, StringRef name) {
    std::string key = std::to_string(parent) + "/" + name.str();
    auto [it, inserted] = childIndex.try_emplace(key, result.nodes.size());
    if (inserted) {
      const ProfileDiffNode &p = result.nodes[parent];
      std::string path =
          p.path.empty() ? name.str() : p.path + "/" + name.str();
      result.nodes.push_back(makeNode(name, path, p.depth + 1));
      result.nodes[parent].children.push_back(it->second);
    }
    return it->second;
  }

  ProfileDiff &result;
  size_t inputs;
  llvm::StringMap<unsigned> childIndex;
};

} // namespace

void TreeBuilder::computeDiffs() {
  for (ProfileDiffNode &node : result.nodes) {
    double minuend = result.valueOf(node, result.minuend);
    double subtrahend = result.valueOf(node, result.subtrahend);
    node.diff = minuend - subtrahend;
    if (subtrahend != 0)
      node.ratio = minuend / subtrahend;
  }
  // Children by diff, descending; a stable sort keeps first-named order.
  for (ProfileDiffNode &node : result.nodes)
    std::stable_sort(node.children.begin(), node.children.end(),
                     [&](unsigned a, unsigned b) {
                       return result.nodes[a].diff > result.nodes[b].diff;
                     });
}

bool TreeBuilder::markSignificant(unsigned index) {
  bool significant = false;
  // Children first: every node's flag is needed, not only the first hit.
  for (unsigned child : result.nodes[index].children)
    significant |= markSignificant(child);
  ProfileDiffNode &node = result.nodes[index];
  std::optional<double> max, min;
  for (unsigned input = 0; input < node.values.size(); ++input) {
    if (!node.values[input])
      continue;
    double v = result.valueOf(node, input);
    max = max ? std::max(*max, v) : v;
    min = min ? std::min(*min, v) : v;
  }
  const ProfileDiffOptions &options = result.options;
  if (!max || *max >= options.minSize) {
    if (node.isMissingSomewhere() || *max > *min * (1 + options.delta)) {
      significant = true;
      node.changed = max.has_value();
    }
  }
  node.significant = significant;
  return significant;
}

void TreeBuilder::markShown(unsigned index, ArrayRef<llvm::Regex> hide) {
  ProfileDiffNode &node = result.nodes[index];
  int maxDepth = result.options.maxDepth;
  if (!node.significant || (maxDepth > 0 && int(node.depth) > maxDepth))
    return;
  node.shown = true;
  node.childrenHidden = llvm::any_of(
      hide, [&](const llvm::Regex &regex) { return regex.match(node.path); });
  if (node.childrenHidden)
    return;
  for (unsigned child : node.children)
    markShown(child, hide);
}

FailureOr<ProfileDiff>
graphdiff::diffProfiles(ArrayRef<ProfileInput> inputs,
                        const ProfileDiffOptions &options, std::string &error) {
  if (inputs.size() < 2) {
    error = "a diff needs two or more profiles";
    return failure();
  }
  ProfileDiff result;
  result.options = options;
  result.metric = options.metric;
  if (result.metric.empty())
    result.metric = cast<StringAttr>(
                        prof::ProfileOp(inputs.front().profile).getMetrics()[0])
                        .str();
  result.kind = metricKindOf(result.metric);
  result.minuend = 0;
  result.subtrahend = inputs.size() - 1;
  if (options.swap)
    std::swap(result.minuend, result.subtrahend);

  SmallVector<llvm::Regex> hide;
  for (const std::string &pattern : options.hide) {
    hide.emplace_back("^(" + pattern + ")$");
    std::string regexError;
    if (!hide.back().isValid(regexError)) {
      error = "invalid --hide regex '" + pattern + "': " + regexError;
      return failure();
    }
  }

  TreeBuilder builder(result, inputs.size());
  for (auto [index, input] : llvm::enumerate(inputs)) {
    result.names.push_back(input.name);
    result.files.push_back(input.file);
    result.fromScopeFile.push_back(input.fromScopeFile);
    prof::ProfileOp profile = input.profile;
    int metric = profile.getMetricIndex(result.metric);
    if (metric < 0) {
      error = input.file + ": profile has no metric '" + result.metric + "'";
      return failure();
    }
    builder.add(profile.getRoot(), index, metric);
  }
  builder.computeDiffs();
  builder.markSignificant(0);
  builder.markShown(0, hide);
  return result;
}
