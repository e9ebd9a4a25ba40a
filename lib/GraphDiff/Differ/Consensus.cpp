//===- Consensus.cpp - Pairing by agreeing votes of matched pairs ---------===//
//
// Part of graph-diff.
//
// The propagation driver: it runs the vote rules of Differ/Votes/ over the
// frontier of new pairs, resolves the votes a frontier at a time, and
// repeats to a fixpoint.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Differ/Consensus.h"

#include "GraphDiff/Differ/Stages/Stages.h"
#include "GraphDiff/Differ/Votes/AlongOperands.h"
#include "GraphDiff/Differ/Votes/AlongUsers.h"
#include "GraphDiff/Differ/Votes/DestinationInits.h"
#include "GraphDiff/Differ/Votes/DestinationInputs.h"
#include "GraphDiff/Differ/Votes/FromOutputs.h"
#include "GraphDiff/Differ/Votes/ThroughFusedChain.h"
#include "GraphDiff/Differ/Votes/ThroughPayload.h"
#include "GraphDiff/Differ/Votes/TieSettling.h"
#include "GraphDiff/Differ/Votes/VoteContext.h"
#include "GraphDiff/Graph/Graph.h"

#include <algorithm>

using namespace mlir;
using namespace graphdiff;

namespace {

/// One call of propagate(): the votes along operands and along users, and
/// the disputes settled as ties.
class Propagation {
public:
  Propagation(StructuralState &state, PairFilter compatible, unsigned flags)
      : context(state, compatible, flags & Lowered), flags(flags),
        operandVotes(state.source.size(), state.target.size()),
        userVotes(state.source.size(), state.target.size()) {}

  bool run(ArrayRef<NodePair> seeds, MadePairs *made);

private:
  /// The rules pair (`s`, `t`) votes by along operands, in order.
  void voteAlongOperandsOf(unsigned s, unsigned t);
  /// Votes along operands from every pair of `frontier`.
  void voteOperandFrontier(ArrayRef<NodePair> frontier);
  /// Votes along users from every pair of `frontier`.
  void voteUserFrontier(ArrayRef<NodePair> frontier);
  /// Pairs the touched target nodes whose votes agree both ways (and that
  /// `veto`, if given, allows); then settles the ties among the rest.
  SmallVector<NodePair> resolve(const Votes &votes, const Votes *veto);

  VoteContext context;
  unsigned flags;
  Votes operandVotes, userVotes;
  UserVoter users;
  SettledTies settled;
};

} // namespace

void Propagation::voteAlongOperandsOf(unsigned s, unsigned t) {
  // An elementwise op and the generic it became: its payload says which
  // input each operand is, or which producer was fused in; nothing else
  // votes for the pair.
  if (voteThroughPayload(context, s, t, operandVotes))
    return;
  // A pair renamed into destination style votes input by input; any other
  // slot by slot.
  if (!voteDestinationInputs(context, s, t, operandVotes))
    voteAlongOperands(context, s, t, operandVotes);
  // A fusion may have folded the chain above `s` into `t`.
  voteThroughFusedChain(context, s, t, operandVotes);
  // Destination-style ops whose slots differ still write the same inits.
  voteDestinationInits(context, s, t, operandVotes);
}

void Propagation::voteOperandFrontier(ArrayRef<NodePair> frontier) {
  const Graph &source = context.source;
  const Graph &target = context.target;
  const StructuralState &state = context.state;
  // The pairs come in no particular order, so each row read is a cache
  // miss on large graphs: where the rows start is fetched three steps
  // ahead, the rows of slots and producers two, and the values that the
  // votes compare the types of (those with a free source producer: the
  // others end before a value is read), with the producers' kind rows that
  // compatible() reads, one step ahead.
  constexpr unsigned Ahead = 8;
  for (unsigned i = 0, e = frontier.size(); i < e; ++i) {
    if (i + 3 * Ahead < e) {
      source.prefetchRowStart(frontier[i + 3 * Ahead].first);
      target.prefetchRowStart(frontier[i + 3 * Ahead].second);
    }
    if (i + 2 * Ahead < e) {
      source.prefetchSlotRows(frontier[i + 2 * Ahead].first);
      target.prefetchSlotRows(frontier[i + 2 * Ahead].second);
    }
    if (i + Ahead < e) {
      auto [ps, pt] = frontier[i + Ahead];
      ArrayRef<int> producers = source.getSlotProducers(ps);
      ArrayRef<int> targetProducers = target.getSlotProducers(pt);
      ArrayRef<Value> a = source.getSlots(ps), b = target.getSlots(pt);
      for (unsigned k = 0, n = producers.size(); k < n; ++k)
        if (producers[k] != Graph::kNoProducer &&
            !context.mapping.isSourceTaken(producers[k])) {
          __builtin_prefetch(a[k].getImpl());
          __builtin_prefetch(&state.sourceKinds[producers[k]]);
          if (k < b.size()) {
            __builtin_prefetch(b[k].getImpl());
            if (targetProducers[k] != Graph::kNoProducer)
              __builtin_prefetch(&state.targetKinds[targetProducers[k]]);
          }
        }
    }
    voteAlongOperandsOf(frontier[i].first, frontier[i].second);
  }
}

void Propagation::voteUserFrontier(ArrayRef<NodePair> frontier) {
  // The same for the rows of uses.
  constexpr unsigned Ahead = 8;
  for (unsigned i = 0, e = frontier.size(); i < e; ++i) {
    if (i + 2 * Ahead < e) {
      context.source.prefetchUseRowStart(frontier[i + 2 * Ahead].first);
      context.target.prefetchUseRowStart(frontier[i + 2 * Ahead].second);
    }
    if (i + Ahead < e) {
      context.source.prefetchUseRow(frontier[i + Ahead].first);
      context.target.prefetchUseRow(frontier[i + Ahead].second);
    }
    users.vote(context, frontier[i].first, frontier[i].second, userVotes);
  }
}

SmallVector<NodePair> Propagation::resolve(const Votes &agreed,
                                           const Votes *veto) {
  SmallVector<unsigned> &touched = context.touched;
  std::sort(touched.begin(), touched.end());
  touched.erase(std::unique(touched.begin(), touched.end()), touched.end());
  SmallVector<NodePair> pairs;
  SmallVector<unsigned> disputed;
  for (unsigned t : touched) {
    std::optional<int> s = agreed.ofTarget(t);
    if (!s)
      continue;
    if (*s < 0 || agreed.ofSource(*s) == Votes::Conflict) {
      disputed.push_back(t);
      continue;
    }
    if (!agreed.agrees(*s, t) || !context.state.isFree(*s, t) ||
        (veto && !veto->allows(*s, t)) || !context.compatible(*s, t))
      continue;
    context.state.pair(*s, t);
    pairs.push_back({static_cast<unsigned>(*s), t});
  }
  touched.clear();
  for (unsigned t : disputed)
    if (!context.mapping.isTargetTaken(t))
      settleTie(context, t, agreed, veto, pairs, settled);
  return pairs;
}

bool Propagation::run(ArrayRef<NodePair> seeds, MadePairs *made) {
  bool alongOperands = flags & AlongOperands;
  bool alongUsers = flags & AlongUsers;
  SmallVector<NodePair> operandFrontier(seeds.begin(), seeds.end());
  SmallVector<NodePair> userFrontier(seeds.begin(), seeds.end());
  bool any = false;
  if (alongOperands && (flags & FromOutputs)) {
    voteFromOutputs(context, operandVotes);
    SmallVector<NodePair> pairs = resolve(operandVotes, nullptr);
    if (made)
      made->add(pairs);
    operandFrontier.append(pairs);
    userFrontier.append(pairs);
    any |= !pairs.empty();
  }
  // Along operands to a fixpoint, then along users, and again while either
  // makes pairs.
  while (true) {
    SmallVector<NodePair> pairs;
    if (alongOperands && !operandFrontier.empty()) {
      voteOperandFrontier(operandFrontier);
      operandFrontier.clear();
      pairs = resolve(operandVotes, nullptr);
    } else if (alongUsers && !userFrontier.empty()) {
      voteUserFrontier(userFrontier);
      userFrontier.clear();
      pairs = resolve(userVotes, &operandVotes);
    } else {
      break;
    }
    any |= !pairs.empty();
    if (made)
      made->add(pairs);
    if (alongOperands)
      operandFrontier.append(pairs);
    if (alongUsers)
      userFrontier.append(pairs);
  }
  auto isSettled = [&](bool isSource, unsigned node) {
    return settled.contains(isSource, node);
  };
  operandVotes.markConflicts(context.mapping, isSettled);
  userVotes.markConflicts(context.mapping, isSettled);
  return any;
}

bool graphdiff::propagate(StructuralState &state, ArrayRef<NodePair> seeds,
                          unsigned flags, PairFilter compatible,
                          MadePairs *made) {
  return Propagation(state, compatible, flags).run(seeds, made);
}
