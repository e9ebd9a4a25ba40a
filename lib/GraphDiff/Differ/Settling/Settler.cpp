//===- Settler.cpp - What the settling rules share ------------------------===//
//
// Part of graph-diff.
//
// The questions several settling rules ask of a pair as it stands: what a
// target node's readers read in its place, what its value is once the plan
// is applied, whether a pair's content changed.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Differ/Settling/Settler.h"

#include "GraphDiff/Differ/ContentChanges.h"
#include "GraphDiff/Differ/NodeMapping.h"
#include "GraphDiff/Differ/PairContext.h"
#include "GraphDiff/Graph/Graph.h"
#include "mlir/Interfaces/DestinationStyleOpInterface.h"
#include "llvm/ADT/DenseSet.h"

using namespace mlir;
using namespace graphdiff;
using namespace graphdiff::settling;

Settler::Settler(const PairContext &pair)
    : pair(pair), source(pair.source), target(pair.target),
      mapping(pair.mapping), sourceRank(pair.sourceRank),
      targetOrder(pair.targetOrder) {
  regions.sameContent.assign(target.size(), false);
}

std::string settling::lineColumn(Operation *op) {
  if (auto file = op->getLoc()->findInstanceOf<FileLineColLoc>())
    return " (" + std::to_string(file.getLine()) + ":" +
           std::to_string(file.getColumn()) + ")";
  return "";
}

std::string settling::describeNode(StringRef side, const Graph &graph,
                                   unsigned index) {
  return side.str() + " " + graph.getNodeRef(index).str() +
         lineColumn(graph.getNode(index));
}

/// Whether `use` is where a destination-style op writes its result and the
/// source op it stands for is not destination-style: an op rewritten into a
/// `linalg.generic` writes into a new `tensor.empty`, which stands for none
/// of the old op's operands.
static bool isNewInit(OpOperand &use, Operation *sourceUser) {
  auto dps = dyn_cast<DestinationStyleOpInterface>(use.getOwner());
  return dps && dps.isDpsInit(&use) &&
         !isa<DestinationStyleOpInterface>(sourceUser);
}

SmallVector<SmallVector<Value, 2>> Settler::outImages(unsigned t,
                                                      bool loose) const {
  Operation *node = target.getNode(t);
  SmallVector<SmallVector<Value, 2>> images(node->getNumResults());
  for (OpResult result : node->getResults()) {
    for (OpOperand &use : result.getUses()) {
      Operation *user = use.getOwner();
      Value seen;
      if (user == target.getTerminator()) {
        unsigned position = use.getOperandNumber();
        if (position < source.getOutputs().size())
          seen = source.getOutputs()[position];
      } else if (std::optional<unsigned> u = target.getIndex(user)) {
        if (std::optional<unsigned> s = mapping.getSource(*u)) {
          Operation *sourceUser = source.getNode(*s);
          auto &out = images[result.getResultNumber()];
          if (sourceUser->getNumOperands() == user->getNumOperands()) {
            seen = sourceUser->getOperand(use.getOperandNumber());
          } else if (loose && !isNewInit(use, sourceUser)) {
            // The user gained or lost operands (ml_switcheroo's optimizer
            // drops the edges that leave a fused chain's middle), so
            // positions do not correspond: it may read here any source
            // operand that none of its other operands stands for.
            llvm::SmallDenseSet<Value, 8> kept;
            for (Value operand : user->getOperands())
              if (Value image = pair.sourceImage(operand))
                kept.insert(image);
            for (Value operand : sourceUser->getOperands())
              if (!kept.contains(operand) && !llvm::is_contained(out, operand))
                out.push_back(operand);
          }
        }
      }
      if (seen && !llvm::is_contained(images[result.getResultNumber()], seen))
        images[result.getResultNumber()].push_back(seen);
    }
  }
  return images;
}

SmallVector<SmallVector<Value, 2>> Settler::regionReads(unsigned t) const {
  Operation *node = target.getNode(t);
  SmallVector<SmallVector<Value, 2>> reads(node->getNumResults());
  for (OpResult result : node->getResults())
    for (Operation *user : result.getUsers()) {
      std::optional<unsigned> u = target.getIndex(user);
      if (!u || *u == t)
        continue;
      ArrayRef<unsigned> theirs = mapping.getRegion(*u);
      auto &out = reads[result.getResultNumber()];
      // A region of one node that reads as many values as the new node: by
      // position (ml_switcheroo's fused node keeps its head's inputs).
      if (theirs.size() == 1 &&
          source.getNode(theirs.front())->getNumOperands() ==
              user->getNumOperands()) {
        for (OpOperand &use : result.getUses())
          if (use.getOwner() == user) {
            Value read = source.getNode(theirs.front())
                             ->getOperand(use.getOperandNumber());
            if (!llvm::is_contained(out, read))
              out.push_back(read);
          }
        continue;
      }
      for (unsigned member : theirs)
        for (Value input : source.getNodeInputs(member)) {
          std::optional<unsigned> p = source.getProducer(input);
          if (p && !llvm::is_contained(theirs, *p) &&
              !llvm::is_contained(out, input))
            out.push_back(input);
        }
    }
  return reads;
}

SmallVector<unsigned> Settler::freeProducersSeen(unsigned t, bool loose) const {
  SmallVector<unsigned> producers;
  for (auto &candidates : outImages(t, loose))
    for (Value v : candidates) {
      std::optional<unsigned> p = source.getProducer(v);
      if (p && !mapping.isSourceTaken(*p) && !llvm::is_contained(producers, *p))
        producers.push_back(*p);
    }
  return producers;
}

Value Settler::imageOf(Value value) const {
  if (Value image = pair.sourceImage(value))
    return image;
  auto result = dyn_cast<OpResult>(value);
  std::optional<unsigned> producer =
      result ? target.getProducer(value) : std::nullopt;
  if (!producer)
    return nullptr;
  auto it = regions.standsFor.find(*producer);
  if (it == regions.standsFor.end() ||
      result.getResultNumber() >= it->second.size())
    return nullptr;
  return it->second[result.getResultNumber()];
}

bool Settler::everyInputImage(unsigned t,
                              SmallVectorImpl<Value> &images) const {
  for (Value input : target.getNodeInputs(t)) {
    Value image = imageOf(input);
    if (!image)
      return false;
    if (!llvm::is_contained(images, image))
      images.push_back(image);
  }
  return true;
}

bool Settler::sameContent(unsigned s, unsigned t) const {
  patch::NodeChange changes = patch::NodeChange::None;
  return !contentChanged(source.getNode(s), target.getNode(t), changes);
}
