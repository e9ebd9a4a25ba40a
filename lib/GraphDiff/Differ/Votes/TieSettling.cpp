//===- TieSettling.cpp - Ties between interchangeable candidates ----------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Differ/Votes/TieSettling.h"

#include "llvm/ADT/STLExtras.h"

#include <utility>

using namespace graphdiff;
using llvm::ArrayRef;
using llvm::SmallVector;

void graphdiff::settleTie(VoteContext &context, unsigned t, const Votes &votes,
                          const Votes *veto,
                          llvm::SmallVectorImpl<NodePair> &pairs,
                          SettledTies &settled) {
  StructuralState &state = context.state;
  NodeMapping &mapping = context.mapping;
  // The dispute: the nodes reachable from `t` through the partners votes
  // named, bounded.
  constexpr unsigned maxSide = 16;
  SmallVector<unsigned, 8> sources, targets{t};
  struct Edge {
    unsigned source, target;
  };
  SmallVector<Edge, 16> edges;
  for (unsigned next = 0, nextSource = 0;
       next < targets.size() || nextSource < sources.size();) {
    if (next < targets.size()) {
      unsigned u = targets[next++];
      for (const Votes::Candidate &candidate : votes.candidatesOfTarget(u)) {
        unsigned s = candidate.first;
        edges.push_back({s, u});
        if (!llvm::is_contained(sources, s))
          sources.push_back(s);
      }
    } else {
      unsigned s = sources[nextSource++];
      for (const Votes::Candidate &candidate : votes.candidatesOfSource(s))
        if (!llvm::is_contained(targets, candidate.first))
          targets.push_back(candidate.first);
    }
    if (sources.size() > maxSide || targets.size() > maxSide)
      return;
  }
  // A tie only if the candidates on each side are interchangeable: free,
  // with the same content over the same upstream cone. Otherwise the choice
  // would change the plan: a real ambiguity.
  auto interchangeable = [&](ArrayRef<unsigned> members, bool isSource) {
    const std::vector<llvm::hash_code> &forward =
        isSource ? state.sourceHashes.forward : state.targetHashes.forward;
    return llvm::all_of(members, [&](unsigned node) {
      return !(isSource ? mapping.isSourceTaken(node)
                        : mapping.isTargetTaken(node)) &&
             forward[node] == forward[members.front()];
    });
  };
  // And the two sides hold the same op: a tie between equal ops is CSE's
  // doing; pairing one op with a different one on a tie would be a guess.
  if (!interchangeable(sources, true) || !interchangeable(targets, false) ||
      state.sourceHashes.content[sources.front()] !=
          state.targetHashes.content[targets.front()])
    return;
  // In file order: CSE keeps the first of equal ops and erases the later
  // ones, so this tells what it did. (The most voted for candidate would save
  // a rewire here and there, but tell another story than the pass's.)
  llvm::sort(edges, [](const Edge &a, const Edge &b) {
    return std::make_pair(a.source, a.target) <
           std::make_pair(b.source, b.target);
  });
  auto vetoed = [&](unsigned s, unsigned u) {
    if (!veto)
      return false;
    std::optional<int> a = veto->ofSource(s), b = veto->ofTarget(u);
    return (a && *a >= 0 && *a != static_cast<int>(u)) ||
           (b && *b >= 0 && *b != static_cast<int>(s));
  };
  for (const Edge &edge : edges) {
    if (!state.isFree(edge.source, edge.target) ||
        !context.compatible(edge.source, edge.target) ||
        vetoed(edge.source, edge.target))
      continue;
    state.pair(edge.source, edge.target);
    pairs.push_back({edge.source, edge.target});
  }
  settled.sources.insert(sources.begin(), sources.end());
  settled.targets.insert(targets.begin(), targets.end());
}
