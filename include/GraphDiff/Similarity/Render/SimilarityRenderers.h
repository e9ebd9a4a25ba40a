//===- SimilarityRenderers.h - Matrices for people and programs -*- C++ -*-===//
//
// Part of graph-diff.
//
// Text tables, CSV, caliper's JSON, JSON lines, one SVG heatmap per metric,
// and one self-contained HTML page with every metric (hover for a value,
// click for what differs), plus the table and plot of a pass pipeline.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_SIMILARITY_RENDER_SIMILARITYRENDERERS_H
#define GRAPHDIFF_SIMILARITY_RENDER_SIMILARITYRENDERERS_H

#include "GraphDiff/Renderers/Renderers.h"
#include "GraphDiff/Similarity/Diff/SimilarityResults.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>

namespace graphdiff {

/// The output formats of graph-diff-sim.
enum class SimFormat { Text, CSV, CaliperJSON, JSONLines, SVG, HTML };
std::optional<SimFormat> parseSimFormat(llvm::StringRef name);

/// One N x N table per metric, in input order, 4 decimals, "-" where a pair
/// was not compared.
void renderMatrixText(const SimilarityMatrix &matrix,
                      llvm::ArrayRef<unsigned> metrics, llvm::raw_ostream &os);
/// One row per ordered pair (diagonal included): `a,b,<metric>...`, values
/// as the shortest text that reads back exactly; empty where not compared.
void renderMatrixCSV(const SimilarityMatrix &matrix,
                     llvm::ArrayRef<unsigned> metrics, llvm::raw_ostream &os);
/// caliper's sims JSON: an object keyed "<a>..<b>" (the two labels sorted
/// as strings), one key per unordered pair in input order (i <= j, as
/// caliper's loop makes them), diagonal 1, indented by 4 like Python's
/// json.dump(indent=4).
void renderCaliperJSON(const SimilarityMatrix &matrix,
                       llvm::ArrayRef<unsigned> metrics, llvm::raw_ostream &os);
/// A heatmap of `metric`, versions in version order (versionOrder), every
/// cell titled with its pair and value.
void renderHeatmapSVG(const SimilarityMatrix &matrix, unsigned metric,
                      llvm::raw_ostream &os);
/// One page, no external resource: a heatmap per metric, versions in version
/// order, the value of the cell under the pointer, and on a click the pair's
/// values and summary. `#pair=<a>..<b>` in the URL clicks a pair on load,
/// `#hover=<a>..<b>` points at one (joined by '&').
void renderHeatmapHTML(const SimilarityMatrix &matrix,
                       llvm::ArrayRef<unsigned> metrics, llvm::raw_ostream &os);

void renderPipelineText(llvm::ArrayRef<PipelineStep> steps,
                        llvm::raw_ostream &os);
void renderPipelineCSV(llvm::ArrayRef<PipelineStep> steps,
                       llvm::raw_ostream &os);
void renderPipelineJSON(llvm::ArrayRef<PipelineStep> steps,
                        llvm::raw_ostream &os);
/// Both similarities against the step number, one polyline each.
void renderPipelineSVG(llvm::ArrayRef<PipelineStep> steps,
                       llvm::raw_ostream &os);
/// The plot and the table on one page.
void renderPipelineHTML(llvm::ArrayRef<PipelineStep> steps,
                        llvm::StringRef title, llvm::raw_ostream &os);

} // namespace graphdiff

#endif // GRAPHDIFF_SIMILARITY_RENDER_SIMILARITYRENDERERS_H
