//===- API.h - The API dialect ----------------------------------*- C++ -*-===//
//
// Part of graph-diff. The `api` dialect: a library's API as IR.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_DIALECT_API_IR_API_H
#define GRAPHDIFF_DIALECT_API_IR_API_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/SymbolTable.h"

#include "GraphDiff/Dialect/API/IR/APIEnums.h"

#include "GraphDiff/Dialect/API/IR/APIOpsDialect.h.inc"

#define GET_OP_CLASSES
#include "GraphDiff/Dialect/API/IR/APIOps.h.inc"

namespace graphdiff::api {

/// Whether `op` is an API object: an `api.module`, `api.class` or `api.func`.
bool isAPIObject(mlir::Operation *op);

/// The nested region's block of an `api` op, or null when it has none.
mlir::Block *getBodyBlock(mlir::Operation *op);

} // namespace graphdiff::api

#endif // GRAPHDIFF_DIALECT_API_IR_API_H
