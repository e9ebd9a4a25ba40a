//===- PatchEnums.h - Enums of the patch-plan dialect -----------*- C++ -*-===//
//
// Part of graph-diff. The matcher stages (MatchStage) and node change kinds
// (NodeChange) that `patch` actions record, and what a plan does to a node
// (NodeStatus), generated from PatchEnums.td with their
// `stringify*`/`symbolize*` functions. Light enough for code that only needs
// the enums (the differ's NodeMapping).
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_DIALECT_PATCH_IR_PATCHENUMS_H
#define GRAPHDIFF_DIALECT_PATCH_IR_PATCHENUMS_H

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/DenseMapInfo.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <string>
#include <type_traits>

#include "GraphDiff/Dialect/Patch/IR/PatchEnums.h.inc"

namespace graphdiff::patch {

/// The flags set in `bits`, lowest bit first: `Kind | Inputs` gives
/// `{Kind, Inputs}`, the order in which they are printed.
template <typename BitEnumT>
llvm::SmallVector<BitEnumT> getSetBits(BitEnumT bits) {
  using Underlying = std::underlying_type_t<BitEnumT>;
  llvm::SmallVector<BitEnumT> set;
  for (auto rest = static_cast<Underlying>(bits); rest; rest &= rest - 1)
    set.push_back(static_cast<BitEnumT>(rest & ~(rest - 1)));
  return set;
}

} // namespace graphdiff::patch

#endif // GRAPHDIFF_DIALECT_PATCH_IR_PATCHENUMS_H
