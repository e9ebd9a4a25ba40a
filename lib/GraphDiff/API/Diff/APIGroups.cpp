//===- APIGroups.cpp - Groups of API changes and suppressions -------------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/API/Diff/APIGroups.h"

#include "llvm/ADT/StringMap.h"

using namespace graphdiff;
using llvm::StringRef;

StringRef graphdiff::displayModuleKey(StringRef key) {
  return key.empty() ? "(top)" : key;
}

static std::string groupName(const APIChange &change, APIGroupBy groupBy) {
  switch (groupBy) {
  case APIGroupBy::None:
    return "";
  case APIGroupBy::Module:
    return displayModuleKey(change.moduleKey).str();
  case APIGroupBy::Function:
    return displayModuleKey(change.functionKey).str();
  case APIGroupBy::Level:
    switch (change.level) {
    case APILevel::Module:
      return "level 1 (modules)";
    case APILevel::Function:
      return "level 2 (functions and classes)";
    case APILevel::Parameter:
      return "level 3 (parameters and other facts)";
    }
  }
  return "";
}

std::vector<APIGroup> graphdiff::groupAPIChanges(const APIDiff &diff,
                                                 APIGroupBy groupBy) {
  std::vector<APIGroup> groups;
  llvm::StringMap<unsigned> byName;
  for (auto [index, change] : llvm::enumerate(diff.changes)) {
    std::string name = groupName(change, groupBy);
    auto [it, inserted] = byName.try_emplace(name, groups.size());
    if (inserted)
      groups.push_back({name, {}, false});
    APIGroup &group = groups[it->second];
    group.changes.push_back(index);
    group.breaking |= change.breaking && !change.suppressed;
  }
  if (groupBy == APIGroupBy::Level)
    llvm::stable_sort(groups, [](const APIGroup &a, const APIGroup &b) {
      return a.name < b.name;
    });
  return groups;
}

bool graphdiff::parseAPISuppressions(StringRef text, StringRef filename,
                                     std::vector<APISuppression> &suppressions,
                                     std::string &error) {
  unsigned lineNumber = 0;
  while (!text.empty()) {
    auto [line, rest] = text.split('\n');
    text = rest;
    ++lineNumber;
    line = line.trim();
    if (line.empty() || line.starts_with("#"))
      continue;
    auto fail = [&](const llvm::Twine &message) {
      error = (filename + ":" + llvm::Twine(lineNumber) + ": error: " + message)
                  .str();
      return false;
    };
    size_t colon = line.find(": ");
    if (colon == StringRef::npos || line.substr(colon + 2).trim().empty())
      return fail("expected 'PATTERN: REASON' (every suppression says why)");
    if (line.substr(0, colon).trim().empty())
      return fail("empty pattern: write an exact path or a /regex/");
    APISuppression suppression;
    suppression.pattern = line.substr(0, colon).trim().str();
    suppression.reason = line.substr(colon + 2).trim().str();
    suppression.line = lineNumber;
    StringRef pattern = suppression.pattern;
    if (pattern.size() >= 2 && pattern.starts_with("/") &&
        pattern.ends_with("/")) {
      suppression.regex =
          std::make_unique<llvm::Regex>(pattern.drop_front().drop_back());
      std::string regexError;
      if (!suppression.regex->isValid(regexError))
        return fail("bad regular expression: " + regexError);
    }
    suppressions.push_back(std::move(suppression));
  }
  return true;
}

void graphdiff::applyAPISuppressions(
    APIDiff &diff, std::vector<APISuppression> &suppressions) {
  for (APIChange &change : diff.changes)
    for (APISuppression &suppression : suppressions) {
      auto matches = [&](const std::string &path) {
        if (path.empty())
          return false;
        return suppression.regex ? suppression.regex->match(path)
                                 : path == suppression.pattern;
      };
      if (!matches(change.oldPath) && !matches(change.newPath))
        continue;
      change.suppressed = true;
      change.suppressionReason = suppression.reason;
      ++suppression.uses;
      break;
    }
}
