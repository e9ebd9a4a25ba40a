//===- LoopNests.h - Ops and the loop nests they become ---------*- C++ -*-===//
//
// Part of graph-diff.
//
// What the buffer stage (BufferFlow.cpp) asks of an op and a loop nest that
// may be it lowered: the buffers they write, what they compute, how many
// iterations they run.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_LIB_DIFFER_STAGES_LOOPNESTS_H
#define GRAPHDIFF_LIB_DIFFER_STAGES_LOOPNESTS_H

#include "GraphDiff/Graph/Graph.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>

namespace graphdiff {

/// `type` as a buffer of the identity layout: what a tensor of its shape
/// becomes, and what a buffer holds whatever its layout. Null for a type
/// that is neither a ranked tensor nor a ranked buffer.
mlir::Type asPlainBuffer(mlir::Type type);

/// Whether one of `a` and `b` is a loop nest that may be the other lowered
/// (`--convert-linalg-to-loops`, `-affine-loops`, `-parallel-loops`): a
/// loop and an op that is none, writing buffers of the same types; or, for
/// an op on tensors that was bufferized and then lowered, a loop writing
/// buffers of the shapes and element types of the op's tensor results; or
/// two loops of different dialects (`--lower-affine`) writing buffers of
/// the same types and computing the same ops (computeOps).
bool loopNestForms(mlir::Operation *a, mlir::Operation *b);

/// The names of the ops that compute data in `op`'s nested regions, sorted,
/// each once: what is left of a linalg op's payload once it is a loop nest.
/// Loop structure, memory accesses, constants, terminators and index
/// arithmetic (loop bounds, addresses, `linalg.index`) are left out.
llvm::SmallVector<llvm::StringRef> computeOps(mlir::Operation *op);

/// The trip counts, other than 1, of the loops of loop nest `loop` (every
/// `scf.for` in it, itself included), sorted; none if a bound or step is
/// not a constant or a loop is of another kind.
std::optional<llvm::SmallVector<int64_t>> loopTrips(mlir::Operation *loop);

/// The static ranges, other than 1, of linalg op `op`'s loops, sorted: the
/// loops it becomes (a loop of one trip folds away); none if it is not a
/// linalg op or a range is not static.
std::optional<llvm::SmallVector<int64_t>> linalgTrips(mlir::Operation *op);

/// Whether `op` makes only ranked tensors (and something).
bool makesTensors(mlir::Operation *op);

/// Whether `--linalg-fuse-elementwise-ops` may fuse node `p` of `graph`
/// into the nodes of `chain` that read it: all are generics, `p` runs only
/// parallel loops and writes its result through a permutation, and each
/// reads it as an input.
bool fusesElementwise(const Graph &graph, unsigned p,
                      llvm::ArrayRef<unsigned> chain);

} // namespace graphdiff

#endif // GRAPHDIFF_LIB_DIFFER_STAGES_LOOPNESTS_H
