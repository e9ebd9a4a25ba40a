//===- LGDialect.cpp - The logical-graph dialect --------------------------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Dialect/LG/IR/LG.h"

using namespace mlir;
using namespace graphdiff::lg;

#include "GraphDiff/Dialect/LG/IR/LGOpsDialect.cpp.inc"

void LGDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "GraphDiff/Dialect/LG/IR/LGOps.cpp.inc"
      >();
}
