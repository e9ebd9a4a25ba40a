//===- ConventionRegions.h - Regions conventions name -----------*- C++ -*-===//
//
// Part of graph-diff.
//
// Private to the differ: step 0 of region settling (GraphDiffer.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_LIB_DIFFER_CONVENTIONREGIONS_H
#define GRAPHDIFF_LIB_DIFFER_CONVENTIONREGIONS_H

#include "mlir/IR/Value.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"

namespace graphdiff {
class Graph;
class NodeMapping;

/// For each result of target node `t`: the source values its paired users
/// (and the graph outputs) read in its place, taking, for a user whose number
/// of operands changed, every source operand it may read there.
using OutImagesFn =
    llvm::function_ref<llvm::SmallVector<llvm::SmallVector<mlir::Value, 2>>(
        unsigned)>;

/// For each result of target node `t`: the source values that the regions
/// of the new nodes reading it read from outside those regions (by position
/// when such a region is one node reading as many values as the new node:
/// ml_switcheroo's fused node keeps its head's inputs).
llvm::SmallVector<llvm::SmallVector<mlir::Value, 2>>
regionReads(const Graph &source, const Graph &target,
            const NodeMapping &mapping, unsigned t);

/// Gives each target node of `conventions` (whose region is, so far, the one
/// source node its convention names) its region: every free node on a path
/// from the named node to what the new node stands for (`outImages`, and what
/// other new nodes' regions read from it, if downstream of the named node);
/// for a new node nothing reads, the chain downstream of the named node.
/// `sourceRank` is each source node's canonical rank. The caller then grows
/// the regions over their exclusive feeders.
void settleConventionRegions(const Graph &source, const Graph &target,
                             NodeMapping &mapping,
                             llvm::ArrayRef<unsigned> conventions,
                             llvm::ArrayRef<unsigned> sourceRank,
                             OutImagesFn outImages);

} // namespace graphdiff

#endif // GRAPHDIFF_LIB_DIFFER_CONVENTIONREGIONS_H
