//===- Allocator.cpp - The C allocator's settings for large inputs --------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Tools/Allocator.h"

#include <cstdlib>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

void graphdiff::configureAllocator() {
#if defined(__GLIBC__)
  if (std::getenv("GLIBC_TUNABLES") || std::getenv("MALLOC_TOP_PAD_"))
    return;
  mallopt(M_TOP_PAD, static_cast<int>(kHeapGrowthBytes));
#endif
}
