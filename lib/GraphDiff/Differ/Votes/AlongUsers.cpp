//===- AlongUsers.cpp - Votes for the one free user at a slot -------------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Differ/Votes/AlongUsers.h"

#include "GraphDiff/Graph/Graph.h"

using namespace mlir;
using namespace graphdiff;

void UserVoter::vote(VoteContext &context, unsigned s, unsigned t,
                     Votes &votes) {
  const Graph &source = context.source;
  const Graph &target = context.target;
  NodeMapping &mapping = context.mapping;
  ArrayRef<Graph::Use> sourceUses = source.getUses(s);
  ArrayRef<Graph::Use> targetUses = target.getUses(t);
  // Most pairs have no free user left on one side: nothing to vote for.
  if (llvm::all_of(sourceUses,
                   [&](const Graph::Use &use) {
                     return mapping.isSourceTaken(use.user);
                   }) ||
      llvm::all_of(targetUses, [&](const Graph::Use &use) {
        return mapping.isTargetTaken(use.user);
      }))
    return;
  // (result, slot) -> the one free user there on each side, or -1 if several
  // (-2: none yet). A node has few uses: the positions are kept in a list
  // searched from its end (a node's uses come by user, then slot), indexed
  // by a map only for nodes with many.
  constexpr unsigned maxScanned = 16;
  slotUsers.clear();
  bool indexed = sourceUses.size() + targetUses.size() > maxScanned;
  if (indexed)
    slotUserIndex.clear();
  auto positionOf = [](const Graph::Use &use) {
    return (static_cast<uint64_t>(use.result) << 32) | use.slot;
  };
  auto find = [&](uint64_t position) -> SlotUsers * {
    if (indexed) {
      auto it = slotUserIndex.find(position);
      return it == slotUserIndex.end() ? nullptr : &slotUsers[it->second];
    }
    for (SlotUsers &entry : llvm::reverse(slotUsers))
      if (entry.position == position)
        return &entry;
    return nullptr;
  };
  auto entryAt = [&](uint64_t position) -> SlotUsers & {
    if (SlotUsers *entry = find(position))
      return *entry;
    if (indexed)
      slotUserIndex[position] = slotUsers.size();
    slotUsers.push_back({position, -2, -2, false});
    return slotUsers.back();
  };
  auto note = [&](int &slotUser, unsigned user) {
    slotUser = slotUser == -2 ? static_cast<int>(user) : -1;
  };
  for (const Graph::Use &use : sourceUses)
    if (!mapping.isSourceTaken(use.user))
      note(entryAt(positionOf(use)).source, use.user);
  for (const Graph::Use &use : targetUses)
    if (!mapping.isTargetTaken(use.user))
      note(entryAt(positionOf(use)).target, use.user);
  // Visit in target use order (deterministic), each position once.
  for (const Graph::Use &use : targetUses) {
    SlotUsers *entry = find(positionOf(use));
    if (!entry || entry->visited)
      continue;
    entry->visited = true;
    int a = entry->source, b = entry->target;
    // A slot position means the same in both users only if they read as
    // many values: a fused op reads its producers' inputs too, and its slot
    // that reads the pair (or a shared init) says nothing about which op of
    // the chain it took the place of (the consumer, reached along operands).
    if (a < 0 || b < 0 ||
        source.getNodeInputs(a).size() != target.getNodeInputs(b).size() ||
        !context.compatible(a, b))
      continue;
    context.cast(votes, a, b);
  }
}
