//===- PairContext.cpp - What settling and emission share -----------------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Differ/PairContext.h"

#include "GraphDiff/Differ/NodeMapping.h"
#include "GraphDiff/Graph/Graph.h"

using namespace mlir;
using namespace graphdiff;

PairContext::PairContext(const Graph &source, const Graph &target,
                         NodeMapping &mapping)
    : source(source), target(target), mapping(mapping),
      sourceOrder(source.getCanonicalOrder()),
      targetOrder(target.getCanonicalOrder()),
      sourceRank(source.getCanonicalRanks()) {
  unsigned common =
      std::min(source.getInputs().size(), target.getInputs().size());
  for (unsigned i = 0; i < common; ++i)
    if (source.getInputs()[i].getType() == target.getInputs()[i].getType())
      keptInputs.insert(i);
}

Value PairContext::sourceImage(Value value) const {
  if (auto arg = dyn_cast<BlockArgument>(value)) {
    if (arg.getOwner() == &target.getBody() &&
        keptInputs.contains(arg.getArgNumber()))
      return source.getInputs()[arg.getArgNumber()];
    return nullptr;
  }
  std::optional<unsigned> producer = target.getProducer(value);
  if (!producer)
    return nullptr;
  std::optional<unsigned> s = mapping.getSource(*producer);
  if (!s)
    return nullptr;
  unsigned result = cast<OpResult>(value).getResultNumber();
  if (result >= source.getNode(*s)->getNumResults())
    return nullptr;
  return source.getNode(*s)->getResult(result);
}

llvm::DenseSet<Value> PairContext::inputImages(unsigned t) const {
  llvm::DenseSet<Value> images;
  for (Value input : target.getNodeInputs(t))
    if (Value image = sourceImage(input))
      images.insert(image);
  return images;
}

void PairContext::sortBySourceRank(SmallVectorImpl<unsigned> &nodes) const {
  llvm::sort(nodes, [&](unsigned a, unsigned b) {
    return sourceRank[a] < sourceRank[b];
  });
}
