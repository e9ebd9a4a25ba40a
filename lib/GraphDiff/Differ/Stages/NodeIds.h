//===- NodeIds.h - lg nodes by id -----------------------------------------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_LIB_DIFFER_STAGES_NODEIDS_H
#define GRAPHDIFF_LIB_DIFFER_STAGES_NODEIDS_H

#include "GraphDiff/Differ/NodeMapping.h"
#include "llvm/ADT/StringMap.h"

namespace graphdiff {
class Graph;

/// Source `lg` nodes by id.
llvm::StringMap<unsigned> indexIds(const Graph &graph);

/// The free source nodes that `ids` name, in the order given; stops at (and
/// returns nothing for) an id that is unknown or already taken, since a
/// region the optimizer describes must be taken whole.
llvm::SmallVector<unsigned>
freeNodesNamed(llvm::ArrayRef<llvm::StringRef> ids,
               const llvm::StringMap<unsigned> &byId,
               const NodeMapping &mapping);

} // namespace graphdiff

#endif // GRAPHDIFF_LIB_DIFFER_STAGES_NODEIDS_H
