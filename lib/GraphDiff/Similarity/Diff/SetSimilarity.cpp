//===- SetSimilarity.cpp - Interned string sets and their overlap ---------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Similarity/Diff/SetSimilarity.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Twine.h"

#include <algorithm>

using namespace graphdiff;
using llvm::StringRef;

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

/// "x, y, +2 more": the strings of `ids` and how many were left out.
static std::string listExamples(const StringInterner &interner,
                                llvm::ArrayRef<uint32_t> ids, size_t total) {
  std::string out;
  for (auto [i, id] : llvm::enumerate(ids)) {
    if (i)
      out += ", ";
    out += interner.lookup(id).str();
  }
  if (total > ids.size())
    out += (", +" + llvm::Twine(total - ids.size()) + " more").str();
  return out;
}

std::string graphdiff::describeSetDifference(const StringInterner &interner,
                                             llvm::ArrayRef<uint32_t> a,
                                             llvm::ArrayRef<uint32_t> b,
                                             StringRef nameA, StringRef nameB,
                                             unsigned examples) {
  llvm::SmallVector<uint32_t, 4> firstOnlyA, firstOnlyB;
  size_t onlyA = 0, onlyB = 0;
  auto note = [&](llvm::SmallVectorImpl<uint32_t> &first, size_t &count,
                  uint32_t id) {
    if (first.size() < examples)
      first.push_back(id);
    ++count;
  };
  const uint32_t *x = a.begin(), *y = b.begin();
  while (x != a.end() || y != b.end()) {
    if (y == b.end() || (x != a.end() && *x < *y)) {
      note(firstOnlyA, onlyA, *x++);
    } else if (x == a.end() || *y < *x) {
      note(firstOnlyB, onlyB, *y++);
    } else {
      ++x;
      ++y;
    }
  }
  std::string out =
      (nameA + " has " + llvm::Twine(a.size()) + ", " + nameB + " has " +
       llvm::Twine(b.size()) + ", " + llvm::Twine(a.size() - onlyA) + " shared")
          .str();
  if (onlyA)
    out += ("; only in " + nameA + ": ").str() +
           listExamples(interner, firstOnlyA, onlyA);
  if (onlyB)
    out += ("; only in " + nameB + ": ").str() +
           listExamples(interner, firstOnlyB, onlyB);
  return out;
}
