//===- StringSets.cpp - Strings interned once, sets of their ids ----------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Similarity/Import/StringSets.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>

using namespace graphdiff;
using llvm::StringRef;

// An id is the shard index in the low bits and the position in the shard
// above them.
uint32_t StringInterner::intern(StringRef string) {
  assert(!isSorted && "interning after sortByString");
  uint32_t hash = llvm::StringMap<uint32_t>::hash(string);
  unsigned shardIndex = hash & ((1u << shardBits) - 1);
  Shard &shard = shards[shardIndex];
  std::lock_guard<std::mutex> lock(shard.mutex);
  auto [it, inserted] = shard.ids.try_emplace_with_hash(
      string, hash, static_cast<uint32_t>(shard.strings.size()));
  if (inserted)
    shard.strings.push_back(it->getKey());
  return (it->second << shardBits) | shardIndex;
}

std::vector<uint32_t> StringInterner::sortByString() {
  std::vector<std::pair<StringRef, uint32_t>> all;
  uint32_t maxId = 0;
  for (auto [index, shard] : llvm::enumerate(shards))
    for (auto [local, string] : llvm::enumerate(shard.strings)) {
      uint32_t id = (static_cast<uint32_t>(local) << shardBits) | index;
      all.push_back({string, id});
      maxId = std::max(maxId, id);
    }
  llvm::sort(all,
             [](const auto &x, const auto &y) { return x.first < y.first; });
  std::vector<uint32_t> remap(all.empty() ? 0 : maxId + 1, 0);
  sorted.clear();
  sorted.reserve(all.size());
  for (auto [rank, entry] : llvm::enumerate(all)) {
    remap[entry.second] = rank;
    sorted.push_back(entry.first);
  }
  isSorted = true;
  return remap;
}

StringRef StringInterner::lookup(uint32_t id) const {
  if (isSorted)
    return sorted[id];
  const Shard &shard = shards[id & ((1u << shardBits) - 1)];
  std::lock_guard<std::mutex> lock(shard.mutex);
  return shard.strings[id >> shardBits];
}

size_t StringInterner::size() const {
  size_t total = 0;
  for (const Shard &shard : shards) {
    std::lock_guard<std::mutex> lock(shard.mutex);
    total += shard.strings.size();
  }
  return total;
}

IdSet graphdiff::makeIdSet(std::vector<uint32_t> ids) {
  llvm::sort(ids);
  ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
  return ids;
}
