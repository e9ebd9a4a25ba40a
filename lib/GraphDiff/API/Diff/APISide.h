//===- APISide.h - One side of an API diff, as the stages see it -*- C++
//-*-===//
//
// Part of graph-diff. Internal to the APIDiff library.
//
// An API is a tree of objects (api.module, api.class, api.func). Each stage of
// the API diff (matching, plan emission, break classification, plan
// application) sees a side the same way: its objects in preorder, their
// qualified names, the names plans give them, and each object's *own
// content*: its attributes and the parameters, results and facts in its
// body, without the objects nested in it (those are nodes of their own).
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_LIB_APIDIFF_APISIDE_H
#define GRAPHDIFF_LIB_APIDIFF_APISIDE_H

#include "GraphDiff/Dialect/API/IR/API.h"
#include "GraphDiff/Dialect/Patch/IR/Patch.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/StringMap.h"

#include <optional>
#include <string>
#include <vector>

namespace graphdiff::apidiff {

bool isPrivateSymbol(mlir::Operation *op);

/// `name` as a component of a qualified name: itself, or `""` if empty, so
/// that an object with an empty name has a path (and plans a reference).
std::string displayName(llvm::StringRef name);
/// The qualified name of `name` in the scope whose qualified name is
/// `prefix` ("" for the top level): `prefix.name`, or `name`.
std::string qualifiedName(llvm::StringRef prefix, llvm::StringRef name);

/// One side's objects in preorder (file order within a scope).
struct Side {
  std::vector<mlir::Operation *> objects;
  /// Qualified names, "keras.layers.Dense.__init__", as reports print them.
  std::vector<std::string> names;
  /// The names plans give the objects (`@keras.layers.Dense`): the qualified
  /// name, made unique with a `#N` suffix where two objects share one.
  std::vector<std::string> refNames;
  std::vector<int> parent;
  std::vector<bool> publicChain;
  /// The last preorder index inside each object's subtree.
  std::vector<unsigned> subtreeEnd;
  /// Children of each object; rootChildren for the top level.
  std::vector<std::vector<unsigned>> children;
  std::vector<unsigned> rootChildren;
  /// refNames to index.
  llvm::StringMap<unsigned> byRef;

  /// Collects the objects of `root`, a builtin.module of api ops.
  void collect(mlir::Operation *root);

  const std::vector<unsigned> &childrenOf(int index) const {
    return index < 0 ? rootChildren : children[index];
  }
  /// The object a plan's reference names (its name, `new` or not), if any.
  std::optional<unsigned> lookup(patch::RefAttr ref) const;
  /// The reference naming object `index`: `@name`, or `new @name` for an
  /// object the plan makes.
  patch::RefAttr getRef(unsigned index, bool isNew) const;

  /// The qualified name of the nearest enclosing-or-self op of type OpTy.
  template <typename... OpTys> std::string keyOf(unsigned index) const {
    for (int walk = index; walk >= 0; walk = parent[walk])
      if (mlir::isa<OpTys...>(objects[walk]))
        return names[walk];
    return "";
  }

private:
  void collect(mlir::Operation *scope, int parentIndex,
               const std::string &prefix, bool parentPublic);
};

std::vector<api::ParamOp> paramsOf(mlir::Operation *func);
std::vector<api::ResultOp> resultsOf(mlir::Operation *func);
std::vector<api::NodeOp> nodesOf(mlir::Operation *op);

/// The attributes that make an object's content: all but `node_id`, which
/// records where an importer found it (as a location does).
mlir::DictionaryAttr contentAttributes(mlir::Operation *op);
/// Whether two objects have the same own content: op, attributes (but
/// `node_id`) and, in order, the parameters, results and facts of their
/// bodies, compared the same way. Locations and nested objects do not count.
bool isSameContent(mlir::Operation *a, mlir::Operation *b);
/// What an update of `oldObject` to `newObject` changes in its own content:
/// `kind` (the op or its `kind` attribute), `attributes` (name, visibility,
/// flags) and `regions` (the parameters, results and facts of its body).
patch::NodeChange contentChanges(mlir::Operation *oldObject,
                                 mlir::Operation *newObject);
/// A detached copy of `object` with its own content and an empty scope: the
/// node a plan writes out for it.
mlir::Operation *cloneOwnContent(mlir::Operation *object);

} // namespace graphdiff::apidiff

#endif // GRAPHDIFF_LIB_APIDIFF_APISIDE_H
