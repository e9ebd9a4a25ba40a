//===- Escape.h - Text made safe for HTML and XML ---------------*- C++ -*-===//
//
// Part of graph-diff.
//
// One escaper for every page and picture graph-diff writes (the diff's HTML
// and SVG, the profile flame graph, the similarity matrices).
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_SUPPORT_ESCAPE_H
#define GRAPHDIFF_SUPPORT_ESCAPE_H

#include "llvm/ADT/StringRef.h"

#include <string>

namespace graphdiff {

/// `text` with `&`, `<`, `>` and `"` replaced by their entities: safe in
/// HTML, SVG and XML text and in double-quoted attributes.
std::string escapeXML(llvm::StringRef text);

} // namespace graphdiff

#endif // GRAPHDIFF_SUPPORT_ESCAPE_H
