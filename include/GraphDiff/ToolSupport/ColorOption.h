//===- ColorOption.h - The tools' --color=auto|always|never -----*- C++ -*-===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_TOOLSUPPORT_COLOROPTION_H
#define GRAPHDIFF_TOOLSUPPORT_COLOROPTION_H

#include "llvm/ADT/StringRef.h"

namespace llvm::cl {
class OptionCategory;
} // namespace llvm::cl

namespace graphdiff {

/// Registers `--color=auto|always|never` in `category` (or the general one),
/// replacing LLVM's boolean `--color`, and `--<oldName>`, if given, as a
/// hidden alias (a tool's spelling of old). Call once, before parsing the
/// command line.
void registerColorOption(llvm::cl::OptionCategory *category = nullptr,
                         llvm::StringRef oldName = "");

/// Whether text written to `outputFilename` gets colours: `always`, or `auto`
/// when writing to a standard output that is a terminal.
bool shouldColor(llvm::StringRef outputFilename);

/// Whether the command line gave `--color`.
bool colorOptionGiven();

} // namespace graphdiff

#endif // GRAPHDIFF_TOOLSUPPORT_COLOROPTION_H
