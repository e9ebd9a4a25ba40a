//===- SettlingFixture.h - One settling rule on a small pair ----*- C++ -*-===//
//
// Part of graph-diff.
//
// What the tests of the settling rules (Differ/Settling/Rules.h) share: a
// source and a target graph parsed from text (locations kept, so refusal
// reasons say line:col), a mapping made by hand, and a Settler over them on
// which one rule runs alone.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_TEST_UNIT_SETTLING_SETTLINGFIXTURE_H
#define GRAPHDIFF_TEST_UNIT_SETTLING_SETTLINGFIXTURE_H

#include "../DifferTestSupport.h"
#include "GraphDiff/Differ/NodeMapping.h"
#include "GraphDiff/Differ/PairContext.h"
#include "GraphDiff/Differ/Settling/Rules.h"
#include "GraphDiff/Differ/Settling/Settler.h"
#include "mlir/InitAllDialects.h"

#include <memory>

namespace graphdiff::test {

class SettlingTest : public DifferTest {
protected:
  /// Every upstream dialect besides `lg` and `patch`, for the tests that
  /// need real constants and reshapes.
  SettlingTest() {
    mlir::DialectRegistry registry;
    mlir::registerAllDialects(registry);
    context.appendDialectRegistry(registry);
    context.loadAllAvailableDialects();
  }

  /// Parses the graph `name` of each text; nothing is paired yet.
  void parsePair(llvm::StringRef sourceText, llvm::StringRef targetText,
                 llvm::StringRef name = "g") {
    source = graph(sourceText, name);
    target = graph(targetText, name);
    ASSERT_TRUE(source && target);
    mapping = std::make_unique<NodeMapping>(source->size(), target->size());
  }

  /// The source (target) node with `lg` id `id`.
  unsigned src(llvm::StringRef id) const { return node(*source, id); }
  unsigned tgt(llvm::StringRef id) const { return node(*target, id); }
  /// Result `k` of the source node with `lg` id `id`.
  mlir::Value srcValue(llvm::StringRef id, unsigned k = 0) const {
    return source->getNode(src(id))->getResult(k);
  }

  /// Pairs the source and target nodes of each `lg` id in `ids`.
  void pairIds(std::initializer_list<llvm::StringRef> ids,
               MatchStage stage = MatchStage::Structure) {
    for (llvm::StringRef id : ids)
      mapping->pair(src(id), tgt(id), stage);
  }

  /// A Settler over the pair as the mapping stands now (the canonical
  /// orders and the kept inputs are read here, as settleRegions does after
  /// the matchers).
  settling::Settler &settle() {
    pair = std::make_unique<PairContext>(*source, *target, *mapping);
    settler = std::make_unique<settling::Settler>(*pair);
    return *settler;
  }

  /// The region of target node `t`, sorted by node index.
  Nodes regionOf(unsigned t) const {
    Nodes region(mapping->getRegion(t));
    llvm::sort(region);
    return region;
  }
  /// Source nodes with `lg` ids `ids`, sorted by node index.
  Nodes srcs(std::initializer_list<llvm::StringRef> ids) const {
    Nodes nodes;
    for (llvm::StringRef id : ids)
      nodes.push_back(src(id));
    llvm::sort(nodes);
    return nodes;
  }

  std::unique_ptr<Graph> source, target;
  std::unique_ptr<NodeMapping> mapping;
  std::unique_ptr<PairContext> pair;
  std::unique_ptr<settling::Settler> settler;
};

} // namespace graphdiff::test

#endif // GRAPHDIFF_TEST_UNIT_SETTLING_SETTLINGFIXTURE_H
