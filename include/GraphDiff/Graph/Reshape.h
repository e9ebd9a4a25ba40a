//===- Reshape.h - Ops that only reshape a tensor ---------------*- C++ -*-===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_GRAPH_RESHAPE_H
#define GRAPHDIFF_GRAPH_RESHAPE_H

namespace mlir {
class Operation;
} // namespace mlir

namespace graphdiff {

/// Whether `op` only reshapes a tensor: its one result holds the data of its
/// first operand, element for element, in another shape. That is what a
/// pass puts around an op it rewrote at another rank: `tensor.expand_shape`
/// and `tensor.collapse_shape`, or (`--linalg-fold-unit-extent-dims` with
/// rank-reducing slices) a `tensor.extract_slice` or `tensor.insert_slice`
/// at offset 0 with unit strides that moves as many elements as the whole
/// tensor holds.
bool isPureReshape(mlir::Operation *op);

} // namespace graphdiff

#endif // GRAPHDIFF_GRAPH_RESHAPE_H
