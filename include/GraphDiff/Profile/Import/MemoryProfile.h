//===- MemoryProfile.h - Memory profiles of MLIR models ---------*- C++ -*-===//
//
// Part of graph-diff.
//
// The bytes the results of a model's ops occupy, per scope
// (docs/ProfileDiff.md): every op directly in the body of a function-like op
// counts the bytes of its results (statically shaped tensors, memrefs and
// vectors: elements x element size; scalars: their size); a result whose size
// is not known statically (a dynamic or unranked shape, a type without a size)
// is counted as `unsized`, never guessed. An op's scope is the name its
// location gives (a NameLoc's name; a CallSiteLoc's names from caller to callee
// joined with `/`; the last name inside a FusedLoc), else `<function>/<node
// id>` for an `lg.node` and `<function>/<op name>` for any other op. Constants
// (ops with the ConstantLike trait) also count towards the second metric,
// `param_bytes`.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_PROFILE_IMPORT_MEMORYPROFILE_H
#define GRAPHDIFF_PROFILE_IMPORT_MEMORYPROFILE_H

#include "GraphDiff/Dialect/Profile/IR/Profile.h"
#include "GraphDiff/Support/ProfileUnits.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include <optional>
#include <string>

namespace graphdiff {

/// The bytes a value of `type` occupies, or nullopt if that is not known
/// statically. Computed without overflow: fails (silently) if the size is
/// more than a profile holds (kMaxProfileValue bytes).
mlir::FailureOr<std::optional<int64_t>> staticByteSize(mlir::Type type);

/// The scope name `loc` gives an op ("" if it holds no name).
std::string scopeNameOf(mlir::Location loc);

/// Builds the memory profile of `module`, named `name`, with metrics
/// `["bytes", "param_bytes"]`. The root is `_TFProfRoot`; children are sorted
/// by name, as tfprof sorts them. Returns null after an error at the op if a
/// result, or the bytes of a scope, are more than a profile holds
/// (kMaxProfileValue).
mlir::OwningOpRef<mlir::ModuleOp> buildMemoryProfile(mlir::ModuleOp module,
                                                     llvm::StringRef name);

} // namespace graphdiff

#endif // GRAPHDIFF_PROFILE_IMPORT_MEMORYPROFILE_H
