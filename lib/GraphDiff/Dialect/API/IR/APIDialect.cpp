//===- APIDialect.cpp - The API dialect -----------------------------------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Dialect/API/IR/API.h"

using namespace mlir;
using namespace graphdiff::api;

#include "GraphDiff/Dialect/API/IR/APIOpsDialect.cpp.inc"

#include "GraphDiff/Dialect/API/IR/APIEnums.cpp.inc"

void APIDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "GraphDiff/Dialect/API/IR/APIOps.cpp.inc"
      >();
}
