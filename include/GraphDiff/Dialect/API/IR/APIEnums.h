//===- APIEnums.h - Enums of the API dialect --------------------*- C++ -*-===//
//
// Part of graph-diff. The parameter kinds of `api.param` (ParamKind) and the
// kinds of change an API diff reports (APIChangeKind), generated from
// APIEnums.td with their `stringify*`/`symbolize*` functions. Light enough
// for code that only needs the enums.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_DIALECT_API_IR_APIENUMS_H
#define GRAPHDIFF_DIALECT_API_IR_APIENUMS_H

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/DenseMapInfo.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>

#include "GraphDiff/Dialect/API/IR/APIEnums.h.inc"

#endif // GRAPHDIFF_DIALECT_API_IR_APIENUMS_H
