//===- Profile.h - The hierarchical-profile dialect -------------*- C++ -*-===//
//
// Part of graph-diff. The `prof` dialect: profiles as trees of named scopes
// with one value per metric.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_DIALECT_PROFILE_IR_PROFILE_H
#define GRAPHDIFF_DIALECT_PROFILE_IR_PROFILE_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/SymbolTable.h"

#include "GraphDiff/Dialect/Profile/IR/ProfileOpsDialect.h.inc"

namespace graphdiff::prof {
class ProfileOp;
class ScopeOp;
} // namespace graphdiff::prof

#define GET_OP_CLASSES
#include "GraphDiff/Dialect/Profile/IR/ProfileOps.h.inc"

#endif // GRAPHDIFF_DIALECT_PROFILE_IR_PROFILE_H
