//===- SecondThread.h - When graph-diff starts a thread ---------*- C++ -*-===//
//
// Part of graph-diff.
//
// Two steps of graph-diff-opt run on a thread of their own beside the one
// that runs the tool: the target's parse (Importers/ParseInput.h) and the MLIR
// verifier of an applied plan (Plan/Isomorphism.h). That shortens the wait
// only when a second core is there to run it: on one core the two threads
// take turns, and the run pays for a second malloc arena and for sharing
// MLIR's uniquer for nothing.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_SUPPORT_SECONDTHREAD_H
#define GRAPHDIFF_SUPPORT_SECONDTHREAD_H

#include "mlir/IR/MLIRContext.h"

namespace graphdiff {

/// Whether a step may run on a second thread: the context may use threads
/// (not `--mlir-disable-threading`) and its thread pool has more than one,
/// that is, this process may run on more than one core (LLVM counts the
/// cores of the process's affinity mask, so `taskset -c 0` means one).
inline bool useSecondThread(mlir::MLIRContext &context) {
  return context.getNumThreads() > 1;
}

} // namespace graphdiff

#endif // GRAPHDIFF_SUPPORT_SECONDTHREAD_H
