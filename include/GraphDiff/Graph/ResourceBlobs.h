//===- ResourceBlobs.h - Each input's dense_resource keys -------*- C++ -*-===//
//
// Part of graph-diff.
//
// The builtin dialect keeps every `dense_resource` blob of a context in one
// blob manager, under a key unique in that manager: when a second file
// declares a key the first one took, the parser renames it (`w` -> `w_1`).
// The inputs of a diff share one context, and they are parsed at once, so
// which input kept `w` would depend on which thread got there first, and
// the name a file gives a blob would be lost. So each input is parsed with a
// blob manager of its own (InputResourceBlobs): its handles keep the keys its
// file gives them, whatever was parsed before or beside it. A handle with no
// data (its file's `dialect_resources` does not define it, as in a dump
// printed with elided constants) has no identity but that key.
//
// Something that holds handles from two inputs (a plan holds target nodes
// and the source's old values) may then hold two handles under one key; it
// prints correctly once makeResourceKeysUnique gave them keys of their own.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_GRAPH_RESOURCEBLOBS_H
#define GRAPHDIFF_GRAPH_RESOURCEBLOBS_H

#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/StringRef.h"

#include <memory>

namespace mlir {
class DialectResourceBlobManager;
} // namespace mlir

namespace graphdiff {

/// Whether parsing `text` may declare a builtin resource handle: whether it
/// mentions `dense_resource` (the only syntax of a builtin handle in the IR)
/// or `dialect_resources` (the file metadata that defines them). Text that
/// does neither leaves the builtin dialect's blob manager alone.
bool mayDeclareResources(llvm::StringRef text);

/// While it lives, the builtin dialect of `context` keeps the blobs that are
/// parsed into a fresh blob manager: their handles keep the keys their file
/// gives them. The manager lives as long as the context; the one before is
/// back once this ends. Not for use while another thread may parse
/// `dense_resource` into the same context (the manager is one per context).
class InputResourceBlobs {
public:
  explicit InputResourceBlobs(mlir::MLIRContext &context);
  ~InputResourceBlobs();
  InputResourceBlobs(const InputResourceBlobs &) = delete;
  InputResourceBlobs &operator=(const InputResourceBlobs &) = delete;

private:
  mlir::MLIRContext &context;
  std::shared_ptr<mlir::DialectResourceBlobManager> previous;
};

/// Gives the distinct `dense_resource` handles under `root` (in attributes,
/// properties, types and locations) distinct keys, so that `root` prints
/// with a `dialect_resources` section that reads back as it is. Only needed
/// where an InputResourceBlobs was used with `root`'s context, and only
/// where two handles under `root` share a key. Of those, one stays as it is:
/// the first without data, in walk order, else the first. A handle without
/// data is known by its key alone, so the others without data become that
/// one; so does a blob of the same bytes; any other blob gets a copy under a
/// key that no handle under `root` has, renamed as the parser renames
/// (`w_1`). The result does not depend on the order the inputs were parsed
/// in. Returns whether it replaced any handle.
bool makeResourceKeysUnique(mlir::Operation *root);

} // namespace graphdiff

#endif // GRAPHDIFF_GRAPH_RESOURCEBLOBS_H
