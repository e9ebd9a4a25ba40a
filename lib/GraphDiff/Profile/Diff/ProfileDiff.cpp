//===- ProfileDiff.cpp - Differences of hierarchical profiles -------------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Profile/Diff/ProfileDiff.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/ConvertUTF.h"
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <regex>

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

/// UTF-32 for std::wregex, so that `.` and classes match code points as
/// Python's `re` matches characters; bytes as they are if not UTF-8.
static std::wstring widen(llvm::StringRef text) {
  std::wstring wide;
  if (!llvm::ConvertUTF8toWide(text, wide))
    wide.assign(text.begin(), text.end());
  return wide;
}

std::optional<std::wregex>
graphdiff::compileTfprofDiffRegex(llvm::StringRef pattern, std::string &error) {
  // ECMAScript reads most of Python's `re` alike. What it reads otherwise,
  // or not at all, is refused here rather than matched differently.
  std::string translated = "^";
  bool inClass = false;
  for (size_t i = 0; i < pattern.size(); ++i) {
    char c = pattern[i];
    char next = i + 1 < pattern.size() ? pattern[i + 1] : '\0';
    if (c == '\\') {
      if (llvm::isAlpha(next) &&
          !llvm::StringRef("dDwWsSbBntrfvxu").contains(next)) {
        error = std::string("'\\") + next +
                "' is not an escape that Python's re and ECMAScript read "
                "alike";
        return std::nullopt;
      }
      translated += c;
      if (i + 1 < pattern.size())
        translated += pattern[++i];
      continue;
    }
    if (inClass) {
      if (c == '[' && (next == ':' || next == '=' || next == '.')) {
        error = std::string("'[") + next +
                "' in a class: Python's re has no POSIX classes";
        return std::nullopt;
      }
      if (c == ']')
        inClass = false;
      translated += c;
      continue;
    }
    if (c == '[') {
      inClass = true;
      translated += c;
      if (next == '^') {
        translated += '^';
        ++i;
        next = i + 1 < pattern.size() ? pattern[i + 1] : '\0';
      }
      // Python reads a `]` first in a class as itself.
      if (next == ']') {
        translated += "\\]";
        ++i;
      }
      continue;
    }
    if (c == '(' && next == '?') {
      char kind = i + 2 < pattern.size() ? pattern[i + 2] : '\0';
      if (kind != ':' && kind != '=' && kind != '!') {
        error = "'(?" + std::string(1, kind) +
                "' (lookbehind, named group, inline flag, comment, atomic "
                "group or conditional) is not supported: only (?:, (?= and "
                "(?! are";
        return std::nullopt;
      }
    }
    if ((c == '*' || c == '+' || c == '?') && next == '+') {
      error =
          "possessive quantifier '" + std::string(1, c) + "+' is not supported";
      return std::nullopt;
    }
    translated += c;
  }
  translated += "$";
  try {
    return std::wregex(widen(translated), std::regex::ECMAScript);
  } catch (const std::regex_error &e) {
    error = e.what();
    return std::nullopt;
  }
}

bool graphdiff::matchesTfprofDiffRegex(const std::wregex &regex,
                                       llvm::StringRef path) {
  // Python's re.match: a match that starts where the path starts.
  return std::regex_search(widen(path), regex,
                           std::regex_constants::match_continuous);
}

namespace {

/// Builds the merged tree and decides what is shown.
class TreeBuilder {
public:
  TreeBuilder(ProfileDiff &result, size_t inputs)
      : result(result), inputs(inputs) {
    result.nodes.push_back(makeNode("", "", 0));
  }

  /// Records `scope` and its subtree of input `input`.
  void add(ScopeOp scope, const ProfileInput &from, unsigned input,
           unsigned metric) {
    unsigned node = 0;
    if (!scope.isRoot()) {
      SmallVector<StringRef> parts;
      scope.getName().split(parts, '/');
      for (StringRef part : parts)
        node = getOrMakeChild(node, part);
    }
    int64_t total = scope.getTotal()[metric];
    double number = static_cast<double>(total);
    // tfprof_diff reads memory only, and computes with it as it reads it.
    if (from.fromScopeFile && result.kind == MetricKind::Bytes) {
      auto read = from.readTotals ? from.readTotals->find(scope)
                                  : TFProfReadTotals::const_iterator();
      number = from.readTotals && read != from.readTotals->end()
                   ? read->second[metric]
                   : asTfprofDiffReadsIt(total);
    }
    result.nodes[node].values[input] = total;
    result.nodes[node].numbers[input] = number;
    result.nodes[node].unsized[input] = scope.getUnsized();
    for (ScopeOp child : scope.getChildren())
      add(child, from, input, metric);
  }

  bool markSignificant(unsigned index);
  void markShown(unsigned index, ArrayRef<std::wregex> hide);
  void computeDiffs();

private:
  ProfileDiffNode makeNode(StringRef name, StringRef path, unsigned depth) {
    ProfileDiffNode node;
    node.name = name.str();
    node.path = path.str();
    node.depth = depth;
    node.values.resize(inputs);
    node.numbers.resize(inputs, 0);
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

void TreeBuilder::markShown(unsigned index, ArrayRef<std::wregex> hide) {
  ProfileDiffNode &node = result.nodes[index];
  int maxDepth = result.options.maxDepth;
  if (!node.significant || (maxDepth > 0 && int(node.depth) > maxDepth))
    return;
  node.shown = true;
  node.childrenHidden = llvm::any_of(hide, [&](const std::wregex &regex) {
    return matchesTfprofDiffRegex(regex, node.path);
  });
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
  if (options.swap != options.lastMinusFirst)
    std::swap(result.minuend, result.subtrahend);

  SmallVector<std::wregex> hide;
  for (const std::string &pattern : options.hide) {
    std::string regexError;
    std::optional<std::wregex> regex =
        compileTfprofDiffRegex(pattern, regexError);
    if (!regex) {
      error = "invalid --hide regex '" + pattern + "': " + regexError;
      return failure();
    }
    hide.push_back(std::move(*regex));
  }

  TreeBuilder builder(result, inputs.size());
  for (auto [index, input] : llvm::enumerate(inputs)) {
    result.names.push_back(input.name);
    result.files.push_back(input.file);
    prof::ProfileOp profile = input.profile;
    int metric = profile.getMetricIndex(result.metric);
    if (metric < 0) {
      error = input.file + ": profile has no metric '" + result.metric + "'";
      return failure();
    }
    builder.add(profile.getRoot(), input, index, metric);
  }
  builder.computeDiffs();
  builder.markSignificant(0);
  builder.markShown(0, hide);
  return result;
}
