//===- Matchers.h - The stages that pair nodes ------------------*- C++ -*-===//
//
// Part of graph-diff.
//
// Each matcher is one small stage with one job. Stages run in order of trust
// and only ever look at nodes that earlier stages left free; each records
// itself as the stage that decided its pairs and regions.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_DIFFER_MATCHERS_H
#define GRAPHDIFF_DIFFER_MATCHERS_H

#include "GraphDiff/Differ/NodeMapping.h"

namespace graphdiff {
class Graph;

/// Pairs `lg` nodes that have the same id.
void matchByIds(const Graph &source, const Graph &target, NodeMapping &mapping);

/// Gives each target node with `fused_from` provenance the region of free
/// source nodes it names.
void matchByProvenance(const Graph &source, const Graph &target,
                       NodeMapping &mapping);

/// Pairs ops whose locations are equal and unique on both sides (ignoring
/// unknown locations): optimizers propagate them, and upstream fusion gives the
/// fused op the consumer's location.
void matchByLocations(const Graph &source, const Graph &target,
                      NodeMapping &mapping);

/// The seed's conventions: a target node `fused_<id>`, or one whose metadata
/// names an `anchor`, absorbs the free source node `<id>`. That node is one
/// member of the region the new node replaces (ml_switcheroo's optimizer
/// names a fused chain after its head), not necessarily its anchor: region
/// settling grows the region to the sink (GraphDiffer.cpp).
void matchByConventions(const Graph &source, const Graph &target,
                        NodeMapping &mapping);

} // namespace graphdiff

#endif // GRAPHDIFF_DIFFER_MATCHERS_H
