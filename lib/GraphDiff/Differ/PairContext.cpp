//===- PairContext.cpp - What settling and emission share -----------------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Differ/PairContext.h"

#include "GraphDiff/Differ/NodeMapping.h"
#include "GraphDiff/Graph/Graph.h"
#include "llvm/ADT/DenseMap.h"

#include <algorithm>

using namespace mlir;
using namespace graphdiff;

PairContext::PairContext(const Graph &source, const Graph &target,
                         NodeMapping &mapping)
    : source(source), target(target), mapping(mapping),
      sourceOrder(source.getCanonicalOrder()),
      targetOrder(target.getCanonicalOrder()),
      sourceRank(source.getCanonicalRanks()),
      inputImage(source.getInputs().size()),
      inputSource(alignInputs(source, target, mapping)) {
  for (auto [t, s] : llvm::enumerate(inputSource))
    if (s)
      inputImage[*s] = t;
}

unsigned PairContext::numKeptInputs() const {
  return llvm::count_if(
      inputSource, [](std::optional<unsigned> s) { return s.has_value(); });
}

std::vector<std::optional<unsigned>>
graphdiff::alignInputs(const Graph &source, const Graph &target,
                       const NodeMapping &mapping, uint64_t maxCells) {
  auto sourceInputs = source.getInputs(), targetInputs = target.getInputs();
  size_t n = sourceInputs.size(), m = targetInputs.size();
  std::vector<std::optional<unsigned>> paired(m);
  auto sameType = [&](size_t i, size_t j) {
    return sourceInputs[i].getType() == targetInputs[j].getType();
  };
  if (uint64_t(n + 1) * uint64_t(m + 1) > maxCells) {
    for (size_t j = 0; j < std::min(n, m); ++j)
      if (sameType(j, j))
        paired[j] = j;
    return paired;
  }

  // How many reading slots agree on each pair (i, j) of the same type: a
  // slot of a paired reader of target input j whose source reader reads
  // source input i there, or a graph output that is j in the target and i
  // in the source.
  llvm::DenseMap<std::pair<unsigned, unsigned>, int64_t> agree;
  auto sourceInput = [&](Value value) -> std::optional<unsigned> {
    auto arg = dyn_cast_or_null<BlockArgument>(value);
    if (!arg || arg.getOwner() != &source.getBody())
      return std::nullopt;
    return arg.getArgNumber();
  };
  for (size_t j = 0; j < m; ++j)
    for (const Graph::Use &use : target.getInputUses(j)) {
      std::optional<unsigned> s = mapping.getSource(use.user);
      if (!s || use.slot >= source.getSlots(*s).size())
        continue;
      if (std::optional<unsigned> i =
              sourceInput(source.getSlots(*s)[use.slot]);
          i && sameType(*i, j))
        ++agree[{*i, unsigned(j)}];
    }
  auto sourceOutputs = source.getOutputs(), targetOutputs = target.getOutputs();
  for (size_t k = 0; k < std::min(sourceOutputs.size(), targetOutputs.size());
       ++k) {
    auto arg = dyn_cast<BlockArgument>(targetOutputs[k]);
    std::optional<unsigned> i = sourceInput(sourceOutputs[k]);
    if (arg && arg.getOwner() == &target.getBody() && i &&
        sameType(*i, arg.getArgNumber()))
      ++agree[{*i, arg.getArgNumber()}];
  }

  // A pair weighs K for the remove and add it saves, plus K per agreeing
  // slot, plus 1 if both sit at the same position; K exceeds the number of
  // pairs, so the positional bonus only ever breaks ties.
  const int64_t k = int64_t(std::min(n, m)) + 1;
  auto weight = [&](size_t i, size_t j) -> std::optional<int64_t> {
    if (!sameType(i, j))
      return std::nullopt;
    return k * (2 + agree.lookup({unsigned(i), unsigned(j)})) + (i == j);
  };
  // best[i][j]: the heaviest alignment of the first i source and first j
  // target inputs.
  std::vector<int64_t> best((n + 1) * (m + 1), 0);
  auto at = [&](size_t i, size_t j) -> int64_t & {
    return best[i * (m + 1) + j];
  };
  for (size_t i = 1; i <= n; ++i)
    for (size_t j = 1; j <= m; ++j) {
      int64_t value = std::max(at(i - 1, j), at(i, j - 1));
      if (std::optional<int64_t> w = weight(i - 1, j - 1))
        value = std::max(value, at(i - 1, j - 1) + *w);
      at(i, j) = value;
    }
  for (size_t i = n, j = m; i > 0 && j > 0;) {
    std::optional<int64_t> w = weight(i - 1, j - 1);
    if (w && at(i, j) == at(i - 1, j - 1) + *w) {
      paired[j - 1] = i - 1;
      --i;
      --j;
    } else if (at(i, j) == at(i - 1, j)) {
      --i;
    } else {
      --j;
    }
  }
  return paired;
}

Value PairContext::sourceImage(Value value) const {
  if (auto arg = dyn_cast<BlockArgument>(value)) {
    if (arg.getOwner() != &target.getBody())
      return nullptr;
    std::optional<unsigned> s = inputSource[arg.getArgNumber()];
    return s ? Value(source.getInputs()[*s]) : Value();
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

ValueSet PairContext::inputImages(unsigned t) const {
  ValueSet images;
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
