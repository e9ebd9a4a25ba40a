//===- NameRef.h - A node or value named as plans write it ------*- C++ -*-===//
//
// Part of graph-diff.
//
// How a plan, a report or a diagnostic names a node or a value of a graph:
// an `lg` node by its id (`@conv1`, `@"soft max"`), any other node by the
// SSA name of its first result (`%17`, `%conv1`), a result of a node
// (`@conv1[1]`, `%17#1`), a graph input (`%arg0`), a value that a plan
// makes (`new %7`), or no value (`_`). The graph view (Graph/Graph.h) names
// its nodes and values with NameRefs and looks them up by them; the `patch`
// dialect's `#patch.ref` attribute holds one.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_SUPPORT_NAMEREF_H
#define GRAPHDIFF_SUPPORT_NAMEREF_H

#include "llvm/ADT/StringRef.h"

#include <string>

namespace graphdiff {

/// A reference by name to a node or value. It does not own its name, which
/// must outlive it (a graph's names, MLIR attribute storage).
class NameRef {
public:
  /// Names nothing, not even `_`: what a graph answers for a value that is
  /// not its own. False as a bool.
  NameRef() = default;
  /// `name` (without sigil) as a symbol (`@name`) or an SSA name (`%name`),
  /// result `result` of it, made by the plan if `isNew`. An empty `name` is
  /// `_`.
  NameRef(llvm::StringRef name, bool symbol, unsigned result = 0,
          bool isNew = false)
      : name(name), symbol(symbol), isNew(isNew), valid(true), result(result) {}

  explicit operator bool() const { return valid; }
  /// The name without its sigil: `conv1`, `17`; empty for `_`.
  llvm::StringRef getName() const { return name; }
  /// Whether it is a symbol (`@conv1`), not an SSA name (`%17`).
  bool getSymbol() const { return symbol; }
  /// Which result of the node it names.
  unsigned getResult() const { return result; }
  /// Whether it names a value the plan makes (`new %7`).
  bool getIsNew() const { return isNew; }
  /// True for `_`, "no value".
  bool isNone() const { return name.empty(); }

  /// The same reference to result `index` of the node.
  NameRef withResult(unsigned index) const {
    return NameRef(name, symbol, index, isNew);
  }
  /// The same reference marked `new`: how a plan names a value of the
  /// target that it makes.
  NameRef asNew() const { return NameRef(name, symbol, result, true); }

  /// The reference as written inside an action: `%17`, `@conv1[1]`,
  /// `@"soft max"`, `new %7`, `_`. Empty if it names nothing.
  std::string str() const;

private:
  llvm::StringRef name;
  bool symbol = false;
  bool isNew = false;
  bool valid = false;
  unsigned result = 0;
};

} // namespace graphdiff

#endif // GRAPHDIFF_SUPPORT_NAMEREF_H
