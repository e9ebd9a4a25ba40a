//===- DifferBenchmark.cpp - How the differ scales ------------------------===//
//
// Part of graph-diff. Google Benchmark over generated lg graphs of 1k to 1M
// nodes with realistic optimizer edits (one edit per 50 nodes: fusions,
// deletions, insertions, updates, rewirings, and a reordering). Reports the
// time per node of the diff alone, of diff + apply + isomorphism check, and
// the process's peak resident memory. Speed goals are met here, never in
// timed tests.
//
//===----------------------------------------------------------------------===//

#include "../Support/RandomGraph.h"

#include "GraphDiff/Dialect/LG/IR/LG.h"
#include "GraphDiff/Dialect/Patch/IR/Patch.h"
#include "GraphDiff/Differ/DiffResult.h"
#include "GraphDiff/Plan/ApplyPlan.h"
#include "GraphDiff/Plan/Isomorphism.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include <benchmark/benchmark.h>
#include <sys/resource.h>

using namespace mlir;
using namespace graphdiff;
using namespace graphdiff::testing;

namespace {
struct Inputs {
  MLIRContext context{MLIRContext::Threading::DISABLED};
  OwningOpRef<ModuleOp> source, target;

  explicit Inputs(unsigned numNodes) {
    context.loadDialect<lg::LGDialect, patch::PatchDialect>();
    source = ModuleOp::create(UnknownLoc::get(&context));
    target = ModuleOp::create(UnknownLoc::get(&context));
    RandomGraphOptions options;
    options.numNodes = numNodes;
    options.numInputs = 4;
    lg::GraphOp graph = buildRandomGraph(*source, "model", 42, options);
    editRandomly(graph, *target, 4242, numNodes / 50);
  }

  /// Both inputs as text, as the tool reads them.
  std::pair<std::string, std::string> print() {
    std::string a, b;
    llvm::raw_string_ostream osA(a), osB(b);
    source->print(osA);
    target->print(osB);
    return {a, b};
  }
};

double peakMegabytes();

/// Adds ns/node (time per node of the graph) and the peak memory so far.
void reportPerNode(benchmark::State &state) {
  // Seconds per (node * 1e-9), i.e. nanoseconds per node.
  state.counters["ns/node"] = benchmark::Counter(
      state.range(0) * 1e-9, benchmark::Counter::kIsIterationInvariantRate |
                                 benchmark::Counter::kInvert);
  state.counters["peak_MB"] = peakMegabytes();
}

double peakMegabytes() {
  struct rusage usage;
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_maxrss / 1024.0;
}

/// Diffs the inputs.
FailureOr<DiffResult> diff(benchmark::State &state, Inputs &inputs) {
  FailureOr<DiffResult> result = diffModules(*inputs.source, *inputs.target);
  if (failed(result))
    state.SkipWithError("diff failed");
  return result;
}

void diffOnly(benchmark::State &state) {
  Inputs inputs(state.range(0));
  for (auto _ : state) {
    FailureOr<DiffResult> result = diff(state, inputs);
    benchmark::DoNotOptimize(succeeded(result) ? result->pairs.size() : 0);
  }
  reportPerNode(state);
}

void diffApplyVerify(benchmark::State &state) {
  Inputs inputs(state.range(0));
  for (auto _ : state) {
    FailureOr<DiffResult> result = diff(state, inputs);
    if (failed(result))
      continue;
    for (GraphPairDiff &pair : result->pairs)
      if (failed(verifyPlan(pair.plan, *pair.source, *pair.target)))
        state.SkipWithError("the plan does not give the target");
  }
  reportPerNode(state);
}
} // namespace

/// The floor: parsing both inputs, which any diff of two files must do.
void parseBoth(benchmark::State &state) {
  Inputs inputs(state.range(0));
  auto [sourceText, targetText] = inputs.print();
  for (auto _ : state) {
    OwningOpRef<ModuleOp> a =
        parseSourceString<ModuleOp>(sourceText, &inputs.context);
    OwningOpRef<ModuleOp> b =
        parseSourceString<ModuleOp>(targetText, &inputs.context);
    if (!a || !b)
      state.SkipWithError("parse failed");
  }
  reportPerNode(state);
}

BENCHMARK(parseBoth)->Arg(1000)->Arg(10000)->Arg(100000)->Arg(1000000)->Unit(
    benchmark::kMillisecond);
BENCHMARK(diffOnly)->Arg(1000)->Arg(10000)->Arg(100000)->Arg(1000000)->Unit(
    benchmark::kMillisecond);
BENCHMARK(diffApplyVerify)
    ->Arg(1000)
    ->Arg(10000)
    ->Arg(100000)
    ->Arg(1000000)
    ->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
