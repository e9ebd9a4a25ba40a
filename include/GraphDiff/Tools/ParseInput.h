//===- ParseInput.h - Read an input of a diff -------------------*- C++ -*-===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_TOOLS_PARSEINPUT_H
#define GRAPHDIFF_TOOLS_PARSEINPUT_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"

namespace llvm {
class MemoryBuffer;
class SourceMgr;
} // namespace llvm

namespace mlir {
class AsmParserState;
} // namespace mlir

namespace graphdiff {

/// Parses `filename` into `context` and verifies it, recording the names the
/// file gives its values in `parserState`. The file's buffer goes into
/// `diagnosticsMgr`, so that diagnostics about any input, now or later, show
/// the offending line. Several inputs can share one context and one
/// `diagnosticsMgr`. Returns null after reporting an error.
mlir::OwningOpRef<mlir::ModuleOp>
parseInputFile(llvm::StringRef filename, llvm::SourceMgr &diagnosticsMgr,
               mlir::MLIRContext &context, mlir::AsmParserState &parserState);

/// Likewise for an input already in memory; `buffer`'s identifier names it in
/// locations.
mlir::OwningOpRef<mlir::ModuleOp>
parseInputBuffer(std::unique_ptr<llvm::MemoryBuffer> buffer,
                 llvm::SourceMgr &diagnosticsMgr, mlir::MLIRContext &context,
                 mlir::AsmParserState &parserState);

} // namespace graphdiff

#endif // GRAPHDIFF_TOOLS_PARSEINPUT_H
