//===- KeyFilter.h - A filter of hash keys ----------------------*- C++ -*-===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_LIB_DIFFER_STAGES_KEYFILTER_H
#define GRAPHDIFF_LIB_DIFFER_STAGES_KEYFILTER_H

#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <cstdint>
#include <vector>

namespace graphdiff {
/// A bit per hash of a key, a few bits per key: says "not one of the keys"
/// for most other keys without a lookup in the set or map that holds them.
class KeyFilter {
public:
  explicit KeyFilter(size_t numKeys) {
    size_t bits = std::max<size_t>(64, llvm::NextPowerOf2(16 * numKeys));
    shift = 64 - llvm::Log2_64(bits);
    words.assign(bits / 64, 0);
  }
  void insert(size_t key) {
    size_t bit = bitOf(key);
    words[bit / 64] |= uint64_t(1) << (bit % 64);
  }
  bool mayContain(size_t key) const {
    size_t bit = bitOf(key);
    return words[bit / 64] >> (bit % 64) & 1;
  }

private:
  size_t bitOf(size_t key) const {
    return static_cast<size_t>((key * 0x9E3779B97F4A7C15ull) >> shift);
  }
  std::vector<uint64_t> words;
  unsigned shift;
};
} // namespace graphdiff

#endif // GRAPHDIFF_LIB_DIFFER_STAGES_KEYFILTER_H
