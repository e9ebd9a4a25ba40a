//===- StringSets.h - Strings interned once, sets of their ids --*- C++ -*-===//
//
// Part of graph-diff.
//
// What a similarity input becomes: its strings interned once (string ->
// 32-bit id) and each of its sets a sorted vector of ids, so that the
// metrics (Diff/SetSimilarity.h) compare integer arrays.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_SIMILARITY_IMPORT_STRINGSETS_H
#define GRAPHDIFF_SIMILARITY_IMPORT_STRINGSETS_H

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Allocator.h"

#include <array>
#include <cstdint>
#include <mutex>
#include <vector>

namespace graphdiff {

/// A set of interned strings: ids, sorted ascending, without repeats.
using IdSet = std::vector<uint32_t>;

/// Maps strings to ids; intern() is safe to call from many threads at once
/// (the table is split into independently locked shards), so the ids it
/// hands out depend on timing. Once every string is in, sortByString()
/// renumbers them to their rank in string order: the ids become
/// deterministic, and a set sorted by id is sorted by string.
class StringInterner {
public:
  StringInterner() = default;
  StringInterner(const StringInterner &) = delete;
  StringInterner &operator=(const StringInterner &) = delete;

  /// Not after sortByString().
  uint32_t intern(llvm::StringRef string);
  /// Makes each id the rank of its string in byte order and returns the map
  /// from old ids to new ones (indexed by old id). Not thread-safe.
  std::vector<uint32_t> sortByString();
  /// The string of `id` (valid for the interner's lifetime). Lock-free after
  /// sortByString().
  llvm::StringRef lookup(uint32_t id) const;
  size_t size() const;

private:
  /// The strings by id, once sorted.
  std::vector<llvm::StringRef> sorted;
  bool isSorted = false;

  static constexpr unsigned shardBits = 6;
  struct Shard {
    mutable std::mutex mutex;
    llvm::StringMap<uint32_t, llvm::BumpPtrAllocator> ids;
    std::vector<llvm::StringRef> strings;
  };
  std::array<Shard, 1u << shardBits> shards;
};

/// Sorts and deduplicates `ids` into a set.
IdSet makeIdSet(std::vector<uint32_t> ids);

} // namespace graphdiff

#endif // GRAPHDIFF_SIMILARITY_IMPORT_STRINGSETS_H
