//===- AttributeEquivalence.h - When two attribute values are the same -*-===//
//
// Part of graph-diff.
//
// Both inputs of a diff are parsed into one MLIRContext, where most attribute
// values are uniqued, so equal values are the same pointer. One exception:
// each input's `dense_resource` blobs are its own (ResourceBlobs.h), so the
// same weights read from two files get two handles, under one key or two. The
// differ (did a node change?) and the isomorphism check (is the applied plan
// the target?) must agree on what "the same" means, for the attributes of a
// node as for those of the ops nested in its regions; this is where they do.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_GRAPH_ATTRIBUTEEQUIVALENCE_H
#define GRAPHDIFF_GRAPH_ATTRIBUTEEQUIVALENCE_H

#include "mlir/IR/Attributes.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/Hashing.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <string>

namespace graphdiff {

/// Whether two attribute values are the same: equal, or two `dense_resource`
/// elements of the same type whose blobs hold the same bytes, or whose files
/// both give no data for them (elided when printed) under the same key. A
/// handle without data is known by its key alone: two of different keys are
/// not known to be the same, so they differ.
bool isSameAttribute(mlir::Attribute a, mlir::Attribute b);

/// Whether two attribute dictionaries hold the same names with the same
/// values, in the sense of isSameAttribute.
bool isSameAttrDictionary(mlir::DictionaryAttr a, mlir::DictionaryAttr b);

/// A hash of `attr` consistent with isSameAttribute: two same values hash
/// alike. A `dense_resource` blob is hashed by its type and bytes (by its type
/// and key when it has no data), any other
/// value by its uniqued storage (so hash values differ from run to run and
/// must only group candidates).
llvm::hash_code hashAttribute(mlir::Attribute attr);

/// `attr` as MLIR prints it, cut to about `limit` characters: an elements
/// attribute of more than 8 values prints as `dense<...N values>` with its
/// type, and any longer text ends in `...`; "none" for a null attribute.
std::string abbreviateAttribute(mlir::Attribute attr, size_t limit = 60);

/// Whether `list`, a graph's argument or result attributes (`arg_attrs`,
/// `res_attrs`), holds no attribute: it is absent, or every entry is an empty
/// dictionary. Such a list is no attribute of the graph: graphAttributes
/// leaves it out, and applying a plan drops it.
bool isEmptyAttrList(mlir::ArrayAttr list);

/// The attributes of graph op `graph` that are its own, not its nodes' nor
/// its signature's: all but its symbol name and (for a function) its
/// function type; `arg_attrs` and `res_attrs` only when not isEmptyAttrList.
/// What `patch.set_graph_attributes` sets.
mlir::DictionaryAttr graphAttributes(mlir::Operation *graph);

/// Says whether two values defined outside what isSameRegion or isSameOp
/// compares (operands of the ops compared, values a body captures)
/// correspond.
using OuterValueMatch = llvm::function_ref<bool(mlir::Value, mlir::Value)>;

/// Whether regions `a` and `b` compute the same: as many blocks, with
/// arguments of the same types, holding ops that are the same one by one
/// (name, attributes and properties in the sense of isSameAttribute, operand
/// and result types, successors, nested regions and, unless `ignoreLocations`,
/// locations). A value defined inside must be used where the value at the
/// same position inside the other is; values from outside are compared by
/// `outer`.
bool isSameRegion(mlir::Region &a, mlir::Region &b, OuterValueMatch outer,
                  bool ignoreLocations);

/// Whether ops `a` and `b` are the same as isSameRegion compares the ops it
/// holds; their operands, and any value from outside that their regions use,
/// are compared by `outer`.
bool isSameOp(mlir::Operation *a, mlir::Operation *b, OuterValueMatch outer,
              bool ignoreLocations);

} // namespace graphdiff

#endif // GRAPHDIFF_GRAPH_ATTRIBUTEEQUIVALENCE_H
