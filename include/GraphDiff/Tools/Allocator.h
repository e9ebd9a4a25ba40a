//===- Allocator.h - The C allocator's settings for large inputs -*- C++
//-*-===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//
//
// How the tools that read large inputs set up malloc before they start.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_TOOLS_ALLOCATOR_H
#define GRAPHDIFF_TOOLS_ALLOCATOR_H

namespace graphdiff {

/// The heap grows in steps of kHeapGrowthBytes (glibc's M_TOP_PAD; 128 KiB
/// by default). Parsing a large input allocates hundreds of MB in small
/// pieces: with the default, each step is a brk() or mprotect() call that
/// changes the address space while the other thread (parseInputPair reads
/// the two inputs at once) takes page faults in it, and the two contend in
/// the kernel. Untouched pages of a step cost no memory. glibc then maps
/// every block of 128 KiB or more on its own and unmaps it when freed (it no
/// longer raises that threshold as it goes), which keeps the peak low.
/// Does nothing where malloc is not glibc's, or where the user tunes it
/// (GLIBC_TUNABLES, MALLOC_TOP_PAD_ set). graph-diff-opt and the parse floor
/// it is measured against (scripts/bench.sh) both call it first thing.
void configureAllocator();

inline constexpr unsigned long kHeapGrowthBytes = 64ul << 20;

} // namespace graphdiff

#endif // GRAPHDIFF_TOOLS_ALLOCATOR_H
