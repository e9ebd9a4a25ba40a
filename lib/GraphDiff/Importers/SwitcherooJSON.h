//===- SwitcherooJSON.h - Shared ml_switcheroo JSON pieces ------*- C++ -*-===//
//
// Part of graph-diff.
//
// How a node is written in ml_switcheroo's JSON, shared by the graph exporter
// (Switcheroo.cpp) and the plan exporter (SwitcherooPlan.cpp). Private to the
// library.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_LIB_IMPORTERS_SWITCHEROOJSON_H
#define GRAPHDIFF_LIB_IMPORTERS_SWITCHEROOJSON_H

#include "mlir/IR/Operation.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/Support/JSON.h"

#include <string>

namespace graphdiff::switcheroo {

/// Writes `"metadata": {...}` for `op`: an `lg` node's metadata dictionary
/// plus `stateful` and `fused_from` written back, keys sorted; `{}` for
/// anything else.
void writeMetadata(llvm::json::OStream &j, mlir::Operation *op);

/// Fails with an error at `op` if writeMetadata cannot write its metadata: a
/// float that is infinite or NaN, which JSON has no number for.
mlir::LogicalResult checkMetadata(mlir::Operation *op);

/// The LogicalGraph id of a node: an `lg` node's id, else `fallback`.
std::string nodeId(mlir::Operation *op, llvm::StringRef fallback);

/// The LogicalGraph kind of a node: an `lg` node's kind, else the op name.
std::string kindOf(mlir::Operation *op);

/// The LogicalGraph ids of the inputs of `graph` (an `lg.graph` or another
/// function), as both exporters write them: the name an input has of its
/// own (an argument attribute whose key ends in "name" holding a non-empty
/// string, as graph-diff-api reads argument names; else a NameLoc of its
/// location, which importers and nameGraphInputsFromText give), else
/// `argN`, as plans call input N. Fails, with an error at the input, if two
/// inputs, or an input and an `lg` node, would have the same id.
mlir::FailureOr<llvm::SmallVector<std::string>>
inputNames(mlir::FunctionOpInterface graph);

} // namespace graphdiff::switcheroo

#endif // GRAPHDIFF_LIB_IMPORTERS_SWITCHEROOJSON_H
