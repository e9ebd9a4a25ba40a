//===- StageStatsRenderer.cpp - What each matcher stage did ---------------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Differ/DiffResult.h"
#include "GraphDiff/Graph/Graph.h"
#include "GraphDiff/Renderers/Renderers.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

using namespace graphdiff;

void graphdiff::renderStageStats(const DiffResult &report,
                                 llvm::raw_ostream &os) {
  for (const GraphPairDiff &pair : report.pairs) {
    os << "matcher stages of @" << pair.source->getName() << " ("
       << pair.source->size() << " -> " << pair.target->size() << " nodes):\n";
    os << llvm::format("  %-20s %8s %8s %8s %9s %11s %11s\n", "stage", "paired",
                       "undone", "regions", "ambiguous", "free source",
                       "free target");
    for (const StageStats &stage : pair.stages)
      os << llvm::format("  %-20s %8u %8u %8u %9u %11u %11u%s\n",
                         stage.name.str().c_str(), stage.paired, stage.unpaired,
                         stage.regions, stage.ambiguous, stage.freeSource,
                         stage.freeTarget, stage.weak ? "  (weak)" : "");
  }
}
