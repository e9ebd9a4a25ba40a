//===- SemVer.cpp - Version labels: order and similarity ------------------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Similarity/Diff/SemVer.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

#include <cstdlib>
#include <numeric>

using namespace graphdiff;
using llvm::StringRef;
using Stage = VersionLabel::Stage;

/// Reads a number at the front of `text`, saturating instead of overflowing.
static uint64_t takeNumber(StringRef &text) {
  uint64_t value = 0;
  while (!text.empty() && llvm::isDigit(text.front())) {
    unsigned digit = text.front() - '0';
    value = value > (UINT64_MAX - digit) / 10 ? UINT64_MAX : value * 10 + digit;
    text = text.drop_front();
  }
  return value;
}

/// The run of dot-separated numbers at the front of `text`.
static llvm::SmallVector<uint64_t, 4> takeRelease(StringRef &text) {
  llvm::SmallVector<uint64_t, 4> numbers;
  numbers.push_back(takeNumber(text));
  while (text.size() >= 2 && text[0] == '.' && llvm::isDigit(text[1])) {
    text = text.drop_front();
    numbers.push_back(takeNumber(text));
  }
  return numbers;
}

/// A stage tag at the front of `text` (after an optional separator), if the
/// word ends there (at a digit, a separator, '+' or the end).
static std::optional<Stage> takeStage(StringRef &text) {
  StringRef rest = text;
  if (!rest.empty() && (rest[0] == '-' || rest[0] == '.' || rest[0] == '_'))
    rest = rest.drop_front();
  static const std::pair<StringRef, Stage> tags[] = {
      {"alpha", Stage::Alpha}, {"beta", Stage::Beta}, {"preview", Stage::RC},
      {"post", Stage::Post},   {"pre", Stage::RC},    {"dev", Stage::Dev},
      {"rc", Stage::RC},       {"a", Stage::Alpha},   {"b", Stage::Beta},
      {"c", Stage::RC}};
  std::string lower = rest.take_front(8).lower();
  for (auto [tag, stage] : tags) {
    if (!StringRef(lower).starts_with(tag))
      continue;
    StringRef after = rest.drop_front(tag.size());
    if (!after.empty() && llvm::isAlpha(after.front()))
      continue;
    text = after;
    return stage;
  }
  return std::nullopt;
}

/// The version at the front of `text`: an optional `v`, the release numbers
/// and an optional stage. None unless `text` starts so and the version is a
/// whole word: what follows it is neither a letter nor a digit (`1.2.3x` and
/// `16GB` are not versions).
static std::optional<VersionLabel> takeVersion(StringRef text) {
  if (text.size() >= 2 && (text[0] == 'v' || text[0] == 'V') &&
      llvm::isDigit(text[1]))
    text = text.drop_front();
  if (text.empty() || !llvm::isDigit(text.front()))
    return std::nullopt;
  VersionLabel version;
  version.release = takeRelease(text);
  if (std::optional<Stage> stage = takeStage(text)) {
    version.stage = *stage;
    if (!text.empty() && (text[0] == '.' || text[0] == '-' || text[0] == '_') &&
        text.size() > 1 && llvm::isDigit(text[1]))
      text = text.drop_front();
    version.stageNumber = takeNumber(text);
  }
  if (!text.empty() && llvm::isAlnum(text.front()))
    return std::nullopt;
  return version;
}

std::optional<VersionLabel> graphdiff::parseVersionLabel(StringRef label) {
  // A version starts the label or a word of it (after a character that is
  // neither a letter, a digit nor a dot: `name-`, `name_`, `name `), so the
  // digits of a name (`vgg16`, `cp37`, `resnet18`) are not one. The first
  // with a dot wins, else the first.
  std::optional<VersionLabel> first;
  for (size_t i = 0; i < label.size(); ++i) {
    if (i > 0 && (llvm::isAlnum(label[i - 1]) || label[i - 1] == '.'))
      continue;
    std::optional<VersionLabel> version = takeVersion(label.substr(i));
    if (!version)
      continue;
    bool isDotted = version->release.size() > 1;
    if (!isDotted && first)
      continue;
    first = std::move(version);
    if (isDotted)
      break;
  }
  if (!first)
    return std::nullopt;
  while (first->release.size() > 1 && first->release.back() == 0)
    first->release.pop_back();
  return first;
}

int graphdiff::compareVersions(const VersionLabel &a, const VersionLabel &b) {
  size_t n = std::max(a.release.size(), b.release.size());
  for (unsigned i = 0; i < n; ++i)
    if (a.component(i) != b.component(i))
      return a.component(i) < b.component(i) ? -1 : 1;
  if (a.stage != b.stage)
    return a.stage < b.stage ? -1 : 1;
  if (a.stageNumber != b.stageNumber)
    return a.stageNumber < b.stageNumber ? -1 : 1;
  return 0;
}

static uint64_t distance(uint64_t x, uint64_t y) {
  return x > y ? x - y : y - x;
}

double graphdiff::semverSimilarity(StringRef labelA, StringRef labelB) {
  std::optional<VersionLabel> a = parseVersionLabel(labelA);
  std::optional<VersionLabel> b = parseVersionLabel(labelB);
  if (!a || !b)
    return labelA == labelB ? 1.0 : 0.0;
  if (compareVersions(*a, *b) == 0)
    return 1.0;
  // semver 0.y.z: the minor number plays the major's part.
  unsigned shift = a->component(0) == 0 && b->component(0) == 0 ? 1 : 0;
  uint64_t major = distance(a->component(shift), b->component(shift));
  if (major)
    return 0.25 / static_cast<double>(major);
  uint64_t minor = distance(a->component(shift + 1), b->component(shift + 1));
  if (minor)
    return 0.5 + 0.25 / static_cast<double>(minor);
  uint64_t patch = distance(a->component(shift + 2), b->component(shift + 2));
  if (patch)
    return 0.75 + 0.2 / static_cast<double>(patch);
  return 0.95;
}

std::vector<unsigned>
graphdiff::versionOrder(llvm::ArrayRef<std::string> labels) {
  std::vector<std::optional<VersionLabel>> parsed;
  for (const std::string &label : labels)
    parsed.push_back(parseVersionLabel(label));
  std::vector<unsigned> order(labels.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](unsigned x, unsigned y) {
    const auto &a = parsed[x], &b = parsed[y];
    if (a.has_value() != b.has_value())
      return a.has_value();
    if (a && b)
      if (int c = compareVersions(*a, *b))
        return c < 0;
    return labels[x] < labels[y];
  });
  return order;
}

bool graphdiff::hasVersionLabels(llvm::ArrayRef<std::string> labels) {
  return !labels.empty() && llvm::all_of(labels, [](const std::string &label) {
    return parseVersionLabel(label).has_value();
  });
}
