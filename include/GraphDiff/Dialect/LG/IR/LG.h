//===- LG.h - The logical-graph dialect -------------------------*- C++ -*-===//
//
// Part of graph-diff. The `lg` dialect: logical graphs with stable node ids.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_DIALECT_LG_IR_LG_H
#define GRAPHDIFF_DIALECT_LG_IR_LG_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/RegionKindInterface.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "GraphDiff/Dialect/LG/IR/LGOpsDialect.h.inc"

namespace graphdiff::lg {
class NodeOp;
class OutputOp;
} // namespace graphdiff::lg

#define GET_OP_CLASSES
#include "GraphDiff/Dialect/LG/IR/LGOps.h.inc"

#endif // GRAPHDIFF_DIALECT_LG_IR_LG_H
