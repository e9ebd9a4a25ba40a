//===- Votes.cpp - The votes of one propagation ---------------------------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Differ/Votes/Votes.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/ErrorHandling.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>

using namespace graphdiff;
using llvm::SmallVector;

void Votes::Table::grow(unsigned node) {
  unsigned wanted = std::max({size, node + 1, 2 * capacity});
  auto *grown = static_cast<Entry *>(std::calloc(wanted, sizeof(Entry)));
  if (!grown)
    llvm::report_bad_alloc_error("Votes: out of memory");
  if (capacity)
    std::memcpy(grown, entries.get(), capacity * sizeof(Entry));
  entries.reset(grown);
  capacity = wanted;
}

void Votes::Table::Free::operator()(Entry *entries) const {
  std::free(entries);
}

void Votes::addOne(Table &table, Disputes &disputes, unsigned key,
                   unsigned value) {
  Entry &entry = table.at(key);
  if (entry.count == 0) {
    entry = Entry{static_cast<int>(value), 1};
    return;
  }
  if (entry.partner == static_cast<int>(value)) {
    ++entry.count;
    return;
  }
  SmallVector<Candidate, 4> &list = disputes[key];
  if (entry.partner != Conflict) {
    list.push_back({static_cast<unsigned>(entry.partner), entry.count});
    entry.partner = Conflict;
  }
  auto known = llvm::find_if(list, [&](const Candidate &candidate) {
    return candidate.first == value;
  });
  if (known != list.end())
    ++known->second;
  else
    list.push_back({value, 1});
}

SmallVector<Votes::Candidate, 4>
Votes::candidates(const Table &table, const Disputes &disputes, unsigned key) {
  const Entry *entry = table.find(key);
  if (!entry)
    return {};
  if (entry->partner != Conflict)
    return {{static_cast<unsigned>(entry->partner), entry->count}};
  return disputes.lookup(key);
}

void Votes::markConflicts(
    NodeMapping &mapping,
    llvm::function_ref<bool(bool isSource, unsigned node)> settled) const {
  // A disputed node and the candidates it was disputed between: each of
  // these could be the other's partner.
  auto markSource = [&](unsigned s) {
    if (!mapping.isSourceTaken(s) && !(settled && settled(true, s)))
      mapping.markSourceAmbiguous(s);
  };
  auto markTarget = [&](unsigned t) {
    if (!mapping.isTargetTaken(t) && !(settled && settled(false, t)))
      mapping.markTargetAmbiguous(t);
  };
  for (const auto &[s, candidates] : disputedSource) {
    if (mapping.isSourceTaken(s) || (settled && settled(true, s)))
      continue;
    markSource(s);
    for (const Candidate &candidate : candidates)
      markTarget(candidate.first);
  }
  for (const auto &[t, candidates] : disputedTarget) {
    if (mapping.isTargetTaken(t) || (settled && settled(false, t)))
      continue;
    markTarget(t);
    for (const Candidate &candidate : candidates)
      markSource(candidate.first);
  }
}
