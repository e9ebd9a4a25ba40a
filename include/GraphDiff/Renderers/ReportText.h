//===- ReportText.h - What the reports for people share -------*- C++ -*-===//
//
// Part of graph-diff.
//
// The reports a person reads (text, markdown, --stat) select graphs
// (--func) and actions (--only), word each action the same way ("fused
// Conv2d + ReLU into ConvReLU"), say on which side each name lives ("source
// @c1 + @r1 -> target @f1") and fold identical changes into one entry.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_RENDERERS_REPORTTEXT_H
#define GRAPHDIFF_RENDERERS_REPORTTEXT_H

#include "GraphDiff/Renderers/ReportModel.h"
#include "llvm/Support/Error.h"

#include <string>
#include <utility>
#include <vector>

namespace graphdiff {

/// The kinds `--only` takes: the names of the patch actions
/// (patch::getActionNames), with "fuse" and "fold" after "replace".
llvm::ArrayRef<llvm::StringRef> actionKindNames();

/// Checks `options.functions` (globs) and `options.onlyKinds`.
llvm::Error checkSelection(const RenderOptions &options);

/// Whether graph `key` (`f`, `outer::@f`) is shown: no --func, or a glob
/// matches it or its last name.
bool selectsGraph(const RenderOptions &options, llvm::StringRef key);

/// Whether the pair of `plan` is shown: selectsGraph of its source's path,
/// or of its target's if the plan renames the graph.
bool selectsPlan(const RenderOptions &options, patch::PlanOp plan);

/// Whether `line` is shown: no --only, or its kind (or "fuse", "fold") is
/// listed.
bool selectsAction(const RenderOptions &options, const ActionLine &line);

/// The actions of `view`'s plan that --only shows, in plan order: those
/// whose line (describeActions) is selected, the deletes a selected replace
/// absorbs, and an action without a line of its own whose kind is listed.
/// Every action without --only.
std::vector<const PlanAction *> selectedActions(const PairView &view,
                                                const RenderOptions &options);

/// Whether anything differs in the selected graphs (a plan with actions or
/// that renames its graph, a graph added, removed or changed): the exit code
/// with --func.
bool isSelectionDifferent(const DiffResult &report,
                          const RenderOptions &options);

/// The views of the selected graph pairs, in report order.
std::vector<PairView> selectedViews(const DiffResult &report,
                                    const RenderOptions &options);

/// The summary of the selected graphs, graphs only one side has included
/// (their nodes count as deleted or inserted).
DiffSummary summarizeSelection(const DiffResult &report,
                               llvm::ArrayRef<PairView> views,
                               const RenderOptions &options);

/// A graph's symbol path as the IR prints it: `@f`, `@outer::@f`.
std::string printPath(mlir::SymbolRefAttr path);

/// "50.0%".
std::string formatPercent(double value);

/// The action's verb in the past tense: "fused", "added output".
std::string actionVerb(const ActionLine &line);

/// What happened, in the past tense and without names: "fused Conv2d + ReLU
/// into ConvReLU (init)", "deleted Dropout", "added output #0".
std::string actionHeadline(const ActionLine &line);

/// The names the action involves, each side said: "source @c1 + @r1 ->
/// target @f1", "target @softmax"; "" when it names no node.
std::string actionPlaces(const ActionLine &line);

/// What one change of an update is about: the attribute's name, `operand
/// #1`, `result types`.
std::string detailSubject(const ChangeDetail &detail);

/// The side an operand reference of an update names, and its name there: a
/// plan reference is a source value (`source`, `%3`) or a node the plan adds
/// (`new @norm`: `target`, `@norm (new)`); `none` has no side ("").
std::pair<std::string, std::string> operandSide(llvm::StringRef ref);

/// Two values (an attribute's, a type list) shortened for one line, as
/// `diff -u` shows a hunk: a pair that fits in `limit` characters each is
/// whole; else each keeps the part where the two differ with `context`
/// characters either side, its other parts written `...` (the part that
/// differs itself cut at `limit` characters). Two values that differ only at
/// their end therefore still read differently. Cuts fall between UTF-8
/// characters.
std::pair<std::string, std::string> abbreviateChange(llvm::StringRef before,
                                                     llvm::StringRef after,
                                                     size_t limit = 60,
                                                     size_t context = 20);

/// One change of an update as words: `value: dense<1.0> -> dense<2.0>`,
/// `operand #1: source %3 -> source %7`, `result types: f32 -> f16`.
std::string detailText(const ChangeDetail &detail);

/// Every change of an update (detailText), joined by "; "; "" if none.
std::string actionDetails(const ActionLine &line);

/// Identical changes (same verb, change and stage) of one graph, folded.
struct FoldedActions {
  const ActionLine *first;
  std::vector<const ActionLine *> all;
};

/// The selected actions of `lines`, folded unless `options.fold` is false.
std::vector<FoldedActions> foldActions(llvm::ArrayRef<ActionLine> lines,
                                       const RenderOptions &options);

} // namespace graphdiff

#endif // GRAPHDIFF_RENDERERS_REPORTTEXT_H
