//===- StructuralSimilarity.h - The differ's similarity, N x N --*- C++ -*-===//
//
// Part of graph-diff.
//
// For MLIR inputs the metric is the differ's own: the similarity the plan
// summary reports (DiffSummary::similarity, the Dice coefficient of the two
// node sets with an updated pair counting half), over all graphs of the two
// modules, where a graph only one side has counts as all deleted or all
// inserted. Every input is parsed once into one context; the N(N-1)/2 diffs
// read the parsed modules and run in parallel.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_SIMILARITY_DIFF_STRUCTURALSIMILARITY_H
#define GRAPHDIFF_SIMILARITY_DIFF_STRUCTURALSIMILARITY_H

#include "GraphDiff/Graph/Graph.h"
#include "GraphDiff/Similarity/Diff/SimilarityResults.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/ADT/StringMap.h"

#include <memory>

namespace llvm {
class SourceMgr;
} // namespace llvm

namespace graphdiff {

/// A parsed MLIR input.
struct ModelInput {
  std::string label;
  std::string path;
  mlir::OwningOpRef<mlir::ModuleOp> module;
  /// The user's SSA names (null for a module made in memory).
  std::unique_ptr<SourceNames> names;
  /// Node count of each graph the differ compares, by symbol name.
  llvm::StringMap<uint64_t> graphSizes;
  /// xxh3 of the file's bytes (0 for a module made in memory): part of the
  /// run's identity (runFingerprint).
  uint64_t digest = 0;
};

/// Parses every input into `context` (diagnostics go through
/// `diagnosticsMgr`), checks that each graph can be viewed as one, and
/// labels each input (its manifest label, else its file name without
/// `.mlir`). Fails, having reported a located error, on bad input or a
/// repeated label.
mlir::LogicalResult loadModels(llvm::ArrayRef<InputSpec> specs,
                               mlir::MLIRContext &context,
                               llvm::SourceMgr &diagnosticsMgr,
                               std::vector<ModelInput> &models);

/// Fills `model.graphSizes` (and checks each graph), for a module made in
/// memory or parsed.
mlir::LogicalResult indexGraphs(ModelInput &model);

/// The results of `pairs`: structural_sim (the first of a pair is the diff's
/// source) and semver_sim of the labels. Diffs run in parallel when the
/// context has a thread pool; results are in pair order at any thread
/// count. With `summaries`, each pair keeps the head of the text report.
mlir::FailureOr<SimilarityResults>
computeStructuralSimilarity(llvm::ArrayRef<ModelInput> models,
                            llvm::ArrayRef<PairIndex> pairs,
                            mlir::MLIRContext &context, bool summaries);

/// Runs `pipeline` (textual, anchored on builtin.module, as mlir-opt's
/// --pass-pipeline) on a copy of `input` one pass at a time and compares the
/// IR after each pass with the input and with the step before. Step 0 is the
/// input. Fails with a message in `error` on a bad pipeline or a failing
/// pass.
mlir::FailureOr<std::vector<PipelineStep>>
runPipelineSteps(const ModelInput &input, llvm::StringRef pipeline,
                 mlir::MLIRContext &context, std::string &error);

/// The leaf passes of a textual pipeline, each wrapped in its anchors below
/// the top one: "builtin.module(func.func(a,b),c)" gives "func.func(a)",
/// "func.func(b)", "c". Fails on unbalanced brackets.
mlir::FailureOr<std::vector<std::string>>
splitPipeline(llvm::StringRef pipeline, std::string &topAnchor);

} // namespace graphdiff

#endif // GRAPHDIFF_SIMILARITY_DIFF_STRUCTURALSIMILARITY_H
