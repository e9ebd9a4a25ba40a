//===- SetSimilarity.cpp - Interned string sets and their overlap ---------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Similarity/SetSimilarity.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Twine.h"

#include <algorithm>

using namespace graphdiff;
using llvm::StringRef;

// An id is the shard index in the low bits and the position in the shard
// above them.
uint32_t StringInterner::intern(StringRef string) {
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

StringRef StringInterner::lookup(uint32_t id) const {
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

size_t graphdiff::countCommon(llvm::ArrayRef<uint32_t> a,
                              llvm::ArrayRef<uint32_t> b) {
  if (a.size() > b.size())
    std::swap(a, b);
  size_t common = 0;
  // Far apart in size: binary-search each element of the small set in the
  // shrinking rest of the large one.
  if (a.size() * 16 < b.size()) {
    const uint32_t *from = b.begin();
    for (uint32_t id : a) {
      from = std::lower_bound(from, b.end(), id);
      if (from == b.end())
        break;
      if (*from == id)
        ++common;
    }
    return common;
  }
  const uint32_t *x = a.begin(), *xEnd = a.end();
  const uint32_t *y = b.begin(), *yEnd = b.end();
  while (x != xEnd && y != yEnd) {
    uint32_t u = *x, v = *y;
    common += u == v;
    x += u <= v;
    y += v <= u;
  }
  return common;
}

double graphdiff::diceSimilarity(size_t sizeA, size_t sizeB, size_t common) {
  size_t total = sizeA + sizeB;
  if (total == 0)
    return 1.0;
  return 2.0 * static_cast<double>(common) / static_cast<double>(total);
}

/// The smallest `limit` strings of `ids` (as strings), and how many there are.
static std::string listExamples(const StringInterner &interner,
                                llvm::ArrayRef<uint32_t> ids, unsigned limit) {
  std::vector<StringRef> strings;
  strings.reserve(ids.size());
  for (uint32_t id : ids)
    strings.push_back(interner.lookup(id));
  size_t shown = std::min<size_t>(limit, strings.size());
  std::partial_sort(strings.begin(), strings.begin() + shown, strings.end());
  std::string out;
  for (size_t i = 0; i < shown; ++i) {
    if (i)
      out += ", ";
    out += strings[i].str();
  }
  if (strings.size() > shown)
    out += (", +" + llvm::Twine(strings.size() - shown) + " more").str();
  return out;
}

std::string graphdiff::describeSetDifference(const StringInterner &interner,
                                             llvm::ArrayRef<uint32_t> a,
                                             llvm::ArrayRef<uint32_t> b,
                                             StringRef nameA, StringRef nameB,
                                             unsigned examples) {
  std::vector<uint32_t> onlyA, onlyB;
  std::set_difference(a.begin(), a.end(), b.begin(), b.end(),
                      std::back_inserter(onlyA));
  std::set_difference(b.begin(), b.end(), a.begin(), a.end(),
                      std::back_inserter(onlyB));
  size_t common = a.size() - onlyA.size();
  std::string out =
      (nameA + " has " + llvm::Twine(a.size()) + ", " + nameB + " has " +
       llvm::Twine(b.size()) + ", " + llvm::Twine(common) + " shared")
          .str();
  if (!onlyA.empty())
    out += ("; only in " + nameA + ": ").str() +
           listExamples(interner, onlyA, examples);
  if (!onlyB.empty())
    out += ("; only in " + nameB + ": ").str() +
           listExamples(interner, onlyB, examples);
  return out;
}
