//===- SourceRefs.h - How a plan names its source's nodes -------*- C++ -*-===//
//
// Part of graph-diff.
//
// The `#patch.ref`s a plan writes for the nodes and values of its source
// graph: the graph's own names for them (Graph::getNodeRef, getValueRef) as
// attributes, each node's made once, for a plan names many nodes more than
// once (a replace's anchor, the values new nodes read).
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_DIFFER_SOURCEREFS_H
#define GRAPHDIFF_DIFFER_SOURCEREFS_H

#include "GraphDiff/Dialect/Patch/IR/Patch.h"
#include "GraphDiff/Graph/Graph.h"
#include "llvm/ADT/DenseMap.h"

namespace graphdiff {

class SourceRefs {
public:
  SourceRefs(const Graph &source, mlir::MLIRContext *context)
      : source(source), context(context) {}

  /// Node `s`: `@id`, `%17`.
  patch::RefAttr node(unsigned s) const;
  /// `value`: a result of a node (`%17`, `%17#1`) or an input (`%arg0`);
  /// null if it is not a value of the source graph.
  patch::RefAttr value(mlir::Value value) const;

private:
  const Graph &source;
  mlir::MLIRContext *context;
  /// node() by node, made on first use.
  mutable llvm::DenseMap<unsigned, patch::RefAttr> nodes;
};

} // namespace graphdiff

#endif // GRAPHDIFF_DIFFER_SOURCEREFS_H
