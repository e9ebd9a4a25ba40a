//===- AttributeEquivalence.h - When two attribute values are the same -*-===//
//
// Part of graph-diff.
//
// Both inputs of a diff are parsed into one MLIRContext, where most attribute
// values are uniqued, so equal values are the same pointer. One exception:
// the parser renames a `dense_resource` blob whose key is already taken in
// the context, so the same weights read from two files get two handles. The
// differ (did a node change?) and the isomorphism check (is the applied plan
// the target?) must agree on what "the same" means; this is where they do.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_GRAPH_ATTRIBUTEEQUIVALENCE_H
#define GRAPHDIFF_GRAPH_ATTRIBUTEEQUIVALENCE_H

#include "mlir/IR/Attributes.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/ADT/Hashing.h"

namespace graphdiff {

/// Whether two attribute values are the same: equal, or two `dense_resource`
/// elements of the same type whose blobs hold the same bytes.
bool isSameAttribute(mlir::Attribute a, mlir::Attribute b);

/// Whether two attribute dictionaries hold the same names with the same
/// values, in the sense of isSameAttribute.
bool isSameAttrDictionary(mlir::DictionaryAttr a, mlir::DictionaryAttr b);

/// A hash of `attr` consistent with isSameAttribute: two same values hash
/// alike. A `dense_resource` blob is hashed by its type and bytes, any other
/// value by its uniqued storage (so hash values differ from run to run and
/// must only group candidates).
llvm::hash_code hashAttribute(mlir::Attribute attr);

} // namespace graphdiff

#endif // GRAPHDIFF_GRAPH_ATTRIBUTEEQUIVALENCE_H
