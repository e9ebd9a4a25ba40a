//===- APIGroups.h - Groups of API changes and suppressions -----*- C++ -*-===//
//
// Part of graph-diff.
//
// CI diffs an API in groups (per module, per function, per level from the
// root) and may stop at the first group with a break; known changes are
// silenced by a suppression file. Both work on an APIDiff and never print.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_API_DIFF_APIGROUPS_H
#define GRAPHDIFF_API_DIFF_APIGROUPS_H

#include "GraphDiff/API/Diff/APIDiffer.h"
#include "llvm/Support/Regex.h"

#include <memory>
#include <string>
#include <vector>

namespace graphdiff {

enum class APIGroupBy { None, Module, Function, Level };

/// A group of changes, named by its module, function or level.
struct APIGroup {
  std::string name;
  /// Indices into APIDiff::changes, in order.
  std::vector<unsigned> changes;
  /// Whether an unsuppressed change of the group breaks.
  bool breaking = false;
};

/// The groups that have changes. Modules and functions come in old-side
/// preorder (where new-only ones sit in their scope; new top-level ones
/// last), levels from the root down. With APIGroupBy::None, one group "".
std::vector<APIGroup> groupAPIChanges(const APIDiff &diff, APIGroupBy groupBy);

/// The group name of a module key: "(top)" for objects outside any module.
llvm::StringRef displayModuleKey(llvm::StringRef key);

/// One line of a suppression file.
struct APISuppression {
  /// An exact path, or a regular expression (written /.../).
  std::string pattern;
  std::unique_ptr<llvm::Regex> regex;
  std::string reason;
  unsigned line = 0;
  /// How many changes it silenced.
  unsigned uses = 0;
};

/// Reads a suppression file: one `PATTERN: REASON` per line, PATTERN an exact
/// old or new path or a /regex/ searched in either; `#` starts a comment
/// line. A line without a reason, an empty pattern (`: why`) or a bad regex
/// (`//` is an empty one) is an error ("file:line: error: ..." in `error`).
bool parseAPISuppressions(llvm::StringRef text, llvm::StringRef filename,
                          std::vector<APISuppression> &suppressions,
                          std::string &error);

/// Marks the changes a suppression matches (the first matching line wins).
void applyAPISuppressions(APIDiff &diff,
                          std::vector<APISuppression> &suppressions);

} // namespace graphdiff

#endif // GRAPHDIFF_API_DIFF_APIGROUPS_H
