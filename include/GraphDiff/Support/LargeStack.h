//===- LargeStack.h - The stack of threads that walk deep IR ----*- C++ -*-===//
//
// Part of graph-diff.
//
// The parser, the MLIR verifier and the printer recurse once per level of
// nesting, as deep as checkNestingDepth (Importers/ParseInput.h) lets an input
// go. Every thread of graph-diff that runs one of them gets this stack:
// runOnLargeStack's, the one that parses a diff's target, the one that
// verifies an applied plan.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_SUPPORT_LARGESTACK_H
#define GRAPHDIFF_SUPPORT_LARGESTACK_H

namespace graphdiff {

/// The stack size, in bytes, of a thread that parses, verifies or prints IR.
/// Virtual address space only: pages are touched as the stack grows.
inline constexpr unsigned kLargeStackBytes = 1u << 30;

} // namespace graphdiff

#endif // GRAPHDIFF_SUPPORT_LARGESTACK_H
