//===- AlongUsers.h - Votes for the one free user at a slot -----*- C++ -*-===//
//
// Part of graph-diff.
//
// Votes for: at each (result, slot) position where pair (`s`, `t`) is read,
// the one free user on each side, if both users read as many values.
// Evidence: a matched pair's results are read by corresponding users at
// corresponding positions; a position read by several free users on a side
// says nothing, and so does one whose users read different numbers of
// values (a fused op reads its producers' inputs too: the slot that reads
// the pair says nothing about which op of its chain it took the place of).
// A vote needs a pair the filter allows.
// Kind: a general principle.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_DIFFER_VOTES_ALONGUSERS_H
#define GRAPHDIFF_DIFFER_VOTES_ALONGUSERS_H

#include "GraphDiff/Differ/Votes/VoteContext.h"
#include "llvm/ADT/DenseMap.h"

#include <cstdint>

namespace graphdiff {

/// The rule, with the scratch space it keeps between calls so that no call
/// allocates.
class UserVoter {
public:
  /// Votes for the one free user at the same (result, slot) on each side
  /// of pair (`s`, `t`), in target use order, each position once.
  void vote(VoteContext &context, unsigned s, unsigned t, Votes &votes);

private:
  /// A (result, slot) position with its one free user on each side (-1 if
  /// several, -2 none yet), and whether it was voted on.
  struct SlotUsers {
    uint64_t position;
    int source, target;
    bool visited;
  };
  llvm::SmallVector<SlotUsers, 8> slotUsers;
  /// For nodes with many uses: slotUsers by position.
  llvm::DenseMap<uint64_t, unsigned> slotUserIndex;
};

} // namespace graphdiff

#endif // GRAPHDIFF_DIFFER_VOTES_ALONGUSERS_H
