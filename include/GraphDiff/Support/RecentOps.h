//===- RecentOps.h - The latest ops of a walk, by address -------*- C++ -*-===//
//
// Part of graph-diff.
//
// A pass over a block's ops in order that asks, for each operand, the index
// of the op that made it mostly asks about ops made shortly before: a small
// table of the latest ops it entered answers those without a probe of a
// table of the whole block (the op, the table and the op list: a cache miss
// each on a large block). It holds ops, not guesses: a hit is the op itself.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_SUPPORT_RECENTOPS_H
#define GRAPHDIFF_SUPPORT_RECENTOPS_H

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>

namespace mlir {
class Operation;
} // namespace mlir

namespace graphdiff {

class RecentOps {
public:
  /// Enters `op` with its index, in place of the op that shared its slot.
  void note(mlir::Operation *op, unsigned index) {
    entries[slotOf(op)] = {op, index};
  }
  /// The index of `op` if it is still in the table.
  std::optional<unsigned> lookup(mlir::Operation *op) const {
    const Entry &entry = entries[slotOf(op)];
    if (entry.op == op)
      return entry.index;
    return std::nullopt;
  }

private:
  static constexpr unsigned kBits = 8;
  struct Entry {
    mlir::Operation *op = nullptr;
    unsigned index = 0;
  };
  static size_t slotOf(mlir::Operation *op) {
    // Fibonacci hashing: the multiply mixes every bit of the address into
    // the top ones.
    return (reinterpret_cast<uintptr_t>(op) * 0x9E3779B97F4A7C15ull) >>
           (64 - kBits);
  }
  std::array<Entry, size_t(1) << kBits> entries;
};

} // namespace graphdiff

#endif // GRAPHDIFF_SUPPORT_RECENTOPS_H
