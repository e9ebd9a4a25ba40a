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
/// HTML, SVG and XML text and in double-quoted attributes. Characters XML
/// cannot hold even escaped are shown instead, never written raw: a C0
/// control other than tab, newline and carriage return, and DEL, as its
/// Unicode control picture (NUL as U+2400, `␀`); a byte that is not part of
/// well-formed UTF-8, a C1 control, U+FFFE and U+FFFF as U+FFFD (`�`).
std::string escapeXML(llvm::StringRef text);

} // namespace graphdiff

#endif // GRAPHDIFF_SUPPORT_ESCAPE_H
