//===- CompspecFacts.h - compspec's own facts about two APIs ----*- C++ -*-===//
//
// Part of graph-diff.
//
// compspec compares two graphs of typed nodes (`type:value`, a generated id,
// a path `type:value->type:value...` from the root) with an answer-set
// program (is-compatible.lp) and prints `removed_node`, `added_node` and
// `changed_node_value` facts. Its users keep scripts around that output, so
// `--format=compspec` reproduces it exactly: the API is lowered to the graphs
// compspec would have built, and the program's rules are evaluated here
// (docs/APIDiff.md states them). Nothing here prints.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_API_DIFF_COMPSPECFACTS_H
#define GRAPHDIFF_API_DIFF_COMPSPECFACTS_H

#include "GraphDiff/API/Diff/APIGroups.h"
#include "mlir/IR/BuiltinOps.h"

#include <string>
#include <vector>

namespace graphdiff {

/// One node of a compspec graph.
struct CompspecNode {
  std::string id, type, value;
  /// compspec keeps integer values as numbers: 4 and "4" differ.
  bool isInteger = false;
  int parent = -1;
  std::string relation = "has";
  /// From the root: "" for a root, else "type:value->...".
  std::string path;
};

/// A compspec graph: a forest, named by the group it stands for.
struct CompspecGraph {
  std::string name;
  std::vector<CompspecNode> nodes;
};

/// The graphs compspec builds for `api`, one per group. Graphs imported from
/// compspec keep their nodes and ids (one graph; per top-level node with
/// APIGroupBy::Module). Other APIs follow compspec's functiondb examples:
/// `module` -> `function` -> `parameter` with an `order` node beside each
/// parameter (a class is a `function` whose parameters are its methods),
/// under a root `module:<package>` with a `version` node (None; Level gives
/// the graphs "module", "function" and "parameter", each one level deeper),
/// or one graph per module (Module) or per function, rooted at the function
/// with its module as a child (Function).
std::vector<CompspecGraph> lowerToCompspec(mlir::ModuleOp api,
                                           APIGroupBy groupBy);

/// compspec's facts for A (old) against B (new): each fact is its argument
/// list, values as strings, starting with the two namespace names (compspec's
/// Difference(A, B, namespaceA, namespaceB); "A" and "B" by default).
struct CompspecFacts {
  std::vector<std::vector<std::string>> removedNodes, addedNodes,
      changedNodeValues;
  bool empty() const {
    return removedNodes.empty() && addedNodes.empty() &&
           changedNodeValues.empty();
  }
};

/// Evaluates is-compatible.lp's rules on two graphs; facts come sorted.
CompspecFacts computeCompspecFacts(const CompspecGraph &a,
                                   const CompspecGraph &b,
                                   llvm::StringRef namespaceA = "A",
                                   llvm::StringRef namespaceB = "B");

/// compspec's Difference.table(): a Markdown table of the facts, a row per
/// changed value, then per added node, then per removed node.
std::string compspecTable(const CompspecFacts &facts);

} // namespace graphdiff

#endif // GRAPHDIFF_API_DIFF_COMPSPECFACTS_H
