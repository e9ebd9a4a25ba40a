//===- StructuralSimilarity.cpp - The differ's similarity, N x N ----------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Similarity/Diff/StructuralSimilarity.h"

#include "GraphDiff/Differ/DiffResult.h"
#include "GraphDiff/Differ/GraphDiffer.h"
#include "GraphDiff/Importers/ParseInput.h"
#include "GraphDiff/Renderers/Renderers.h"
#include "GraphDiff/Renderers/ReportModel.h"
#include "GraphDiff/Similarity/Diff/SemVer.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/xxhash.h"

using namespace mlir;
using namespace graphdiff;
using llvm::StringRef;

LogicalResult graphdiff::indexGraphs(ModelInput &model) {
  LogicalResult result = success();
  model.module->walk([&](Operation *op) {
    if (!isDiffableGraph(op))
      return WalkResult::advance();
    auto name = op->getAttrOfType<StringAttr>(SymbolTable::getSymbolAttrName());
    if (!name)
      return WalkResult::skip();
    FailureOr<std::unique_ptr<Graph>> graph =
        Graph::build(op, model.names.get());
    if (failed(graph)) {
      result = failure();
      return WalkResult::interrupt();
    }
    model.graphSizes[name.getValue()] += (*graph)->size();
    return WalkResult::skip();
  });
  return result;
}

LogicalResult graphdiff::loadModels(llvm::ArrayRef<InputSpec> specs,
                                    MLIRContext &context,
                                    llvm::SourceMgr &diagnosticsMgr,
                                    std::vector<ModelInput> &models) {
  llvm::StringMap<std::string> seen;
  for (const InputSpec &spec : specs) {
    ModelInput model;
    model.path = spec.path;
    model.label = spec.label;
    if (model.label.empty()) {
      StringRef name = llvm::sys::path::filename(spec.path);
      name.consume_back(".mlir");
      model.label = name.str();
    }
    auto [it, fresh] = seen.try_emplace(model.label, spec.path);
    if (!fresh) {
      llvm::errs() << (spec.origin.empty() ? spec.path : spec.origin)
                   << ": error: label '" << model.label << "' already names '"
                   << it->second
                   << "' (give inputs distinct labels in a manifest)\n";
      return failure();
    }
    std::string error;
    std::unique_ptr<llvm::MemoryBuffer> file = openInputFile(spec.path, &error);
    if (!file) {
      llvm::errs() << (spec.origin.empty() ? spec.path : spec.origin)
                   << ": error: " << error << "\n";
      return failure();
    }
    model.digest = llvm::xxh3_64bits(file->getBuffer());
    model.names = std::make_unique<SourceNames>();
    model.module = parseInputBuffer(std::move(file), diagnosticsMgr, context,
                                    *model.names);
    if (!model.module)
      return failure();
    if (failed(indexGraphs(model)))
      return failure();
    models.push_back(std::move(model));
  }
  return success();
}

namespace {
/// One diff, reduced to what a similarity matrix needs.
struct PairDiff {
  DiffSummary summary;
  std::string text;
};
} // namespace

/// The first `limit` lines of a text report and its last line (the
/// summary), saying how many were left out.
static std::string headLines(StringRef text, unsigned limit) {
  llvm::SmallVector<StringRef> lines;
  text.rtrim('\n').split(lines, '\n');
  if (lines.size() <= limit + 1)
    return text.rtrim('\n').str();
  std::string out = llvm::join(llvm::ArrayRef(lines).take_front(limit), "\n");
  return out + "\n  ... " + std::to_string(lines.size() - limit - 1) +
         " more lines (graph-diff-opt --format=text shows them)\n" +
         lines.back().str();
}

static FailureOr<PairDiff> diffPair(const ModelInput &source,
                                    const ModelInput &target,
                                    MLIRContext &context, bool wantText) {
  DiffOptions options;
  options.sourceNames = source.names.get();
  options.targetNames = target.names.get();
  options.sourceFile = source.label;
  options.targetFile = target.label;
  FailureOr<DiffResult> result =
      diffModules(*source.module, *target.module, options);
  if (failed(result))
    return failure();
  const DiffResult &report = *result;
  PairDiff diff;
  diff.summary = summarize(viewsOf(report));
  // Graphs one side lacks: all deleted, or all inserted.
  for (const std::string &name : report.removedGraphs) {
    uint64_t nodes = source.graphSizes.lookup(name);
    diff.summary.deleted += nodes;
    diff.summary.sourceNodes += nodes;
  }
  for (const std::string &name : report.addedGraphs) {
    uint64_t nodes = target.graphSizes.lookup(name);
    diff.summary.inserted += nodes;
    diff.summary.targetNodes += nodes;
  }
  if (wantText) {
    std::string text;
    llvm::raw_string_ostream os(text);
    RenderOptions options;
    options.color = false;
    if (failed(renderText(report, os, options)))
      return failure();
    diff.text = headLines(text, 40);
  }
  return diff;
}

FailureOr<SimilarityResults>
graphdiff::computeStructuralSimilarity(llvm::ArrayRef<ModelInput> models,
                                       llvm::ArrayRef<PairIndex> pairs,
                                       MLIRContext &context, bool summaries) {
  SimilarityResults results;
  results.kind = InputKind::MLIR;
  for (const ModelInput &model : models)
    results.labels.push_back(model.label);
  bool versioned = hasVersionLabels(results.labels);
  results.metrics = metricNames(InputKind::MLIR, versioned);
  results.numInputs = models.size();
  std::vector<std::pair<std::string, uint64_t>> inputs;
  for (const ModelInput &model : models)
    inputs.emplace_back(model.label, model.digest);
  results.run = runFingerprint(InputKind::MLIR, results.metrics, inputs);
  results.pairs.resize(pairs.size());
  std::vector<char> failedPairs(pairs.size(), 0);
  llvm::ThreadPoolInterface *pool =
      context.isMultithreadingEnabled() ? &context.getThreadPool() : nullptr;
  parallelForIndex(pool, pairs.size(), [&](size_t k) {
    const ModelInput &a = models[pairs[k].first];
    const ModelInput &b = models[pairs[k].second];
    PairResult &result = results.pairs[k];
    result.pair = pairs[k];
    result.firstLabel = a.label;
    result.secondLabel = b.label;
    FailureOr<PairDiff> diff = diffPair(a, b, context, summaries);
    if (failed(diff)) {
      failedPairs[k] = 1;
      return;
    }
    result.values = {diff->summary.similarity()};
    if (versioned)
      result.values.push_back(semverSimilarity(a.label, b.label));
    result.summary = std::move(diff->text);
  });
  if (llvm::is_contained(failedPairs, 1))
    return failure();
  return results;
}

//===----------------------------------------------------------------------===//
// Pass pipelines, one pass at a time
//===----------------------------------------------------------------------===//

namespace {
/// Splits a textual pipeline into leaf passes wrapped in their anchors.
class PipelineSplitter {
public:
  explicit PipelineSplitter(StringRef text) : text(text) {}

  bool parseList(llvm::SmallVectorImpl<StringRef> &anchors,
                 std::vector<std::string> &leaves) {
    while (true) {
      skipSpace();
      size_t start = pos;
      while (pos < text.size() && !StringRef("{(),").contains(text[pos]))
        ++pos;
      StringRef name = text.slice(start, pos).trim();
      if (name.empty())
        return false;
      if (pos < text.size() && text[pos] == '{' && !skipBalanced('{', '}'))
        return false;
      StringRef element = text.slice(start, pos).trim();
      if (pos < text.size() && text[pos] == '(') {
        ++pos;
        anchors.push_back(name);
        if (!parseList(anchors, leaves) || pos >= text.size() ||
            text[pos] != ')')
          return false;
        ++pos;
        anchors.pop_back();
      } else {
        std::string wrapped = element.str();
        for (StringRef anchor :
             llvm::reverse(llvm::ArrayRef(anchors).drop_front()))
          wrapped = (anchor + "(" + wrapped + ")").str();
        leaves.push_back(wrapped);
      }
      skipSpace();
      if (pos < text.size() && text[pos] == ',') {
        ++pos;
        continue;
      }
      return true;
    }
  }

  bool atEnd() {
    skipSpace();
    return pos == text.size();
  }

private:
  void skipSpace() {
    while (pos < text.size() && llvm::isSpace(text[pos]))
      ++pos;
  }
  bool skipBalanced(char open, char close) {
    unsigned depth = 0;
    for (; pos < text.size(); ++pos) {
      if (text[pos] == open)
        ++depth;
      else if (text[pos] == close && --depth == 0) {
        ++pos;
        return true;
      }
    }
    return false;
  }

  StringRef text;
  size_t pos = 0;
};
} // namespace

FailureOr<std::vector<std::string>>
graphdiff::splitPipeline(StringRef pipeline, std::string &topAnchor) {
  // A pipeline is one anchored element; its passes are inside.
  pipeline = pipeline.trim();
  size_t open = pipeline.find('(');
  if (open == StringRef::npos || !pipeline.ends_with(")"))
    return failure();
  topAnchor = pipeline.take_front(open).trim().str();
  PipelineSplitter splitter(pipeline.slice(open + 1, pipeline.size() - 1));
  llvm::SmallVector<StringRef> anchors = {StringRef(topAnchor)};
  std::vector<std::string> leaves;
  if (!splitter.parseList(anchors, leaves) || !splitter.atEnd())
    return failure();
  return leaves;
}

FailureOr<std::vector<PipelineStep>>
graphdiff::runPipelineSteps(const ModelInput &input, StringRef pipeline,
                            MLIRContext &context, std::string &error) {
  std::string message;
  llvm::raw_string_ostream errors(message);
  FailureOr<OpPassManager> whole = parsePassPipeline(pipeline, errors);
  if (failed(whole)) {
    error = "error: bad --pipeline: " + message;
    return failure();
  }
  std::string anchor;
  FailureOr<std::vector<std::string>> leaves = splitPipeline(pipeline, anchor);
  if (failed(leaves) || anchor != ModuleOp::getOperationName()) {
    error = "error: --pipeline must be anchored on builtin.module, as in "
            "'builtin.module(func.func(cse),canonicalize)'";
    return failure();
  }

  // Step k's module: the input, then each pass applied to a copy.
  std::vector<ModelInput> snapshots(leaves->size() + 1);
  snapshots[0].label = "input";
  snapshots[0].module = cast<ModuleOp>(input.module.get()->clone());
  for (auto [k, leaf] : llvm::enumerate(*leaves)) {
    ModelInput &step = snapshots[k + 1];
    step.label = leaf;
    step.module = cast<ModuleOp>(snapshots[k].module->getOperation()->clone());
    PassManager pm(&context);
    if (failed(parsePassPipeline(leaf, pm, errors))) {
      error = "error: cannot run pass '" + leaf + "': " + message;
      return failure();
    }
    if (failed(pm.run(*step.module))) {
      error = "error: pass '" + leaf + "' failed on the model";
      return failure();
    }
  }
  for (ModelInput &snapshot : snapshots)
    if (failed(indexGraphs(snapshot))) {
      error = "error: a step's IR is not a graph the differ can read";
      return failure();
    }

  // Every step against the input and against the step before.
  std::vector<PairIndex> pairs;
  for (unsigned k = 1; k < snapshots.size(); ++k) {
    pairs.push_back({0, k});
    pairs.push_back({k - 1, k});
  }
  std::vector<FailureOr<PairDiff>> diffs(pairs.size(), failure());
  llvm::ThreadPoolInterface *pool =
      context.isMultithreadingEnabled() ? &context.getThreadPool() : nullptr;
  parallelForIndex(pool, pairs.size(), [&](size_t k) {
    diffs[k] = diffPair(snapshots[pairs[k].first], snapshots[pairs[k].second],
                        context, /*wantText=*/false);
  });
  std::vector<PipelineStep> steps(snapshots.size());
  for (auto [k, step] : llvm::enumerate(steps)) {
    step.pass = snapshots[k].label;
    for (const auto &entry : snapshots[k].graphSizes)
      step.nodes += entry.second;
    if (k == 0)
      continue;
    const FailureOr<PairDiff> &toInput = diffs[2 * (k - 1)];
    const FailureOr<PairDiff> &toPrevious = diffs[2 * (k - 1) + 1];
    if (failed(toInput) || failed(toPrevious)) {
      error = "error: cannot diff the IR after '" + step.pass + "'";
      return failure();
    }
    step.toInput = toInput->summary.similarity();
    step.toPrevious = toPrevious->summary.similarity();
    const DiffSummary &change = toPrevious->summary;
    step.summary = (llvm::Twine(change.unchanged) + " unchanged, " +
                    llvm::Twine(change.updated) + " updated, " +
                    llvm::Twine(change.replaced) + " replaced, " +
                    llvm::Twine(change.deleted) + " deleted, " +
                    llvm::Twine(change.inserted) + " inserted")
                       .str();
  }
  return steps;
}
