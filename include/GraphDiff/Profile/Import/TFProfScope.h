//===- TFProfScope.h - tfprof scope files in and out ------------*- C++ -*-===//
//
// Part of graph-diff.
//
// The text `tfprof scope` prints (docs/ProfileDiff.md): header lines, then a
// tree from `_TFProfRoot`, one node per line, `name (self/total)` with `--`
// for a value not accounted, children indented two more spaces than their
// parent, names as full `/`-separated paths, several selected statistics
// joined by `, ` (`1.20k/3.40k params, 0B/32B`).
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_PROFILE_IMPORT_TFPROFSCOPE_H
#define GRAPHDIFF_PROFILE_IMPORT_TFPROFSCOPE_H

#include "GraphDiff/Dialect/Profile/IR/Profile.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/raw_ostream.h"

namespace graphdiff {

/// Parses a tfprof scope file into a module holding one `prof.profile`
/// named `profileName`. Statistics become metrics: memory (`B`, `KB`, `MB`,
/// `GB`) is `bytes`, `... params` is `params`, `... flops` is `flops`, times
/// (`us`, `ms`, `sec`) are `micros`; shapes (`3x3x64`) are skipped. Lines
/// before the `_TFProfRoot` line are ignored; a line of `=` ends the tree.
/// Returns null after emitting an error located at `filename:line:col` if a
/// line of the tree is malformed.
///
/// A profile holds integers, but tfprof_diff computes with each total as it
/// reads it, the double `float(number) * 10**unit`: `66.65GB` is
/// 66650000000.00001, which rounds to 3 digits otherwise than 66650000000.
/// If `readTotals` is given, it receives those doubles, one per metric, for
/// every scope op.
using TFProfReadTotals =
    llvm::DenseMap<mlir::Operation *, llvm::SmallVector<double, 1>>;
mlir::OwningOpRef<mlir::ModuleOp>
importTFProfScope(llvm::StringRef text, llvm::StringRef filename,
                  llvm::StringRef profileName, mlir::MLIRContext *ctx,
                  TFProfReadTotals *readTotals = nullptr);

/// Writes `profile` as tfprof scope output with the given metrics (all of
/// them if empty), in tfprof's spelling, so tfprof_diff can read it (it reads
/// files of one metric). Fails, having emitted an error at the scope, on a
/// name tfprof_diff could not read back (empty, or holding white space), or
/// an unknown metric; nothing is written then.
mlir::LogicalResult writeTFProfScope(prof::ProfileOp profile,
                                     llvm::ArrayRef<std::string> metrics,
                                     llvm::raw_ostream &os);

} // namespace graphdiff

#endif // GRAPHDIFF_PROFILE_IMPORT_TFPROFSCOPE_H
