//===- APIRenderers.h - Reports of API diffs --------------------*- C++ -*-===//
//
// Part of graph-diff.
//
// Text (grouped, coloured, one line per change), JSON (docs/APIDiff.md has
// the schema), HTML (one self-contained page), compspec's own facts, and the
// plan as `patch` IR.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_API_RENDER_APIRENDERERS_H
#define GRAPHDIFF_API_RENDER_APIRENDERERS_H

#include "GraphDiff/API/Diff/APIGroups.h"
#include "GraphDiff/API/Diff/CompspecFacts.h"
#include "llvm/Support/raw_ostream.h"

#include <string>
#include <utility>
#include <vector>

namespace graphdiff {

enum class APIReportFormat { Text, JSON, HTML, Compspec, CompspecTable, MLIR };

/// One input's description: file, source format, version key.
struct APIInputInfo {
  std::string file, source, version;
};

/// What the renderers read.
struct APIReport {
  APIInputInfo oldInput, newInput;
  APIDiff diff;
  APIGroupBy groupBy = APIGroupBy::None;
  /// The groups with changes, in order; only the first `shownGroups` are
  /// reported (all of them unless the diff stopped at the first break).
  std::vector<APIGroup> groups;
  size_t shownGroups = 0;
  bool stoppedEarly = false;
  /// compspec mode: the groups (as compspec names them) with facts, in
  /// order, up to the first one when stopping early.
  std::vector<std::pair<std::string, CompspecFacts>> compspecGroups;
};

/// "module", "function", "level" or "none".
llvm::StringRef stringifyAPIGroupBy(APIGroupBy groupBy);

void renderAPIReport(const APIReport &report, APIReportFormat format,
                     llvm::raw_ostream &os, bool color);

} // namespace graphdiff

#endif // GRAPHDIFF_API_RENDER_APIRENDERERS_H
