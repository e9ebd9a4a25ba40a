//===- VoteRuleFixture.h - Running one vote rule on one pair ----*- C++ -*-===//
//
// The fixture of the vote rule tests: a source and a target graph parsed
// from text, the structural state on them, and a VoteContext that logs
// every vote a rule casts, so that a test runs one rule for one pair and
// asserts exactly which votes it cast.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_TEST_UNIT_VOTERULEFIXTURE_H
#define GRAPHDIFF_TEST_UNIT_VOTERULEFIXTURE_H

#include "GraphDiff/Differ/Votes/VoteContext.h"
#include "GraphDiff/Differ/Votes/Votes.h"

#include "GraphFixture.h"

#include <memory>

namespace graphdiff::test {

/// The votes a rule cast, (source node, target node) in order.
using Cast = llvm::SmallVector<NodePair>;

class VoteRuleFixture : public GraphFixture {
protected:
  /// Parses the pair (GraphFixture::parsePair) and sets up an empty vote
  /// table and a context whose filter is the strict kind (sameKind),
  /// across a lowering if `lowered`.
  bool parseVoters(llvm::StringRef sourceText, llvm::StringRef targetText,
                   bool lowered = false) {
    if (!parsePair(sourceText, targetText))
      return false;
    votes = Votes(source->size(), target->size());
    cast.clear();
    context = std::make_unique<VoteContext>(*state, sameKind, lowered);
    context->log = &cast;
    return true;
  }

  std::unique_ptr<VoteContext> context;
  Votes votes;
  /// Every vote cast through `context`.
  Cast cast;
};

} // namespace graphdiff::test

#endif // GRAPHDIFF_TEST_UNIT_VOTERULEFIXTURE_H
