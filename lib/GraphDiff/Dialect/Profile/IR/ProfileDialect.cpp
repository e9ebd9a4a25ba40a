//===- ProfileDialect.cpp - The hierarchical-profile dialect --------------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Dialect/Profile/IR/Profile.h"

using namespace mlir;
using namespace graphdiff::prof;

#include "GraphDiff/Dialect/Profile/IR/ProfileOpsDialect.cpp.inc"

void ProfDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "GraphDiff/Dialect/Profile/IR/ProfileOps.cpp.inc"
      >();
}
