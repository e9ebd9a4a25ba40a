//===- SourceRefs.cpp - How a plan names its source's nodes ---------------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Differ/SourceRefs.h"

using namespace mlir;
using namespace graphdiff;

patch::RefAttr SourceRefs::node(unsigned s) const {
  patch::RefAttr &ref = nodes[s];
  if (!ref)
    ref = patch::RefAttr::get(context, source.getNodeRef(s));
  return ref;
}

patch::RefAttr SourceRefs::value(Value value) const {
  if (auto result = dyn_cast<OpResult>(value)) {
    std::optional<unsigned> producer = source.getProducer(value);
    if (!producer)
      return nullptr;
    // A first result is named as its node is: the node's reference.
    patch::RefAttr ref = node(*producer);
    if (result.getResultNumber() == 0)
      return ref;
    return patch::RefAttr::get(context, ref.getName(), ref.getSymbol(),
                               result.getResultNumber(), /*isNew=*/false);
  }
  NameRef input = source.getValueRef(value);
  return input ? patch::RefAttr::get(context, input) : nullptr;
}
