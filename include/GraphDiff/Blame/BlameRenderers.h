//===- BlameRenderers.h - Print the history of a pipeline -------*- C++ -*-===//
//
// Part of graph-diff.
//
// The text listing (each op of the output with the pass that made it last
// and the input ops it comes from, as `git blame` lists lines, then what
// each pass did), the JSON document (docs/UserGuide.md, "Blame") and the
// HTML page (a timeline of the passes, the listing, and each op's history
// on a click). They only read a BlameResult.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_BLAME_BLAMERENDERERS_H
#define GRAPHDIFF_BLAME_BLAMERENDERERS_H

#include "GraphDiff/Blame/Blame.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

namespace graphdiff::blame {

enum class BlameFormat { Text, JSON, HTML };

/// Prints `result` in `format`: the listing of the output and the summary of
/// the passes.
void renderBlame(const BlameResult &result, BlameFormat format,
                 llvm::raw_ostream &os);

/// Prints `result` as one self-contained HTML page: the passes on a
/// timeline, the listing of the output (as the text), and the history of
/// the op or pass clicked (as renderBlameQuery prints an op's).
void renderBlameHTML(const BlameResult &result, llvm::raw_ostream &os);

/// Prints the history of the ops `query` names: `%5` or `@id`, an op of
/// the output so named; `FILE:LINE`, the ops of the output (if FILE is the
/// output file) or of the input (if it is the input file, or the file an
/// input op's location names) at that line. For an output op, the passes
/// that made it, oldest first, and the input ops it comes from; for an input
/// op, what each pass did to it and the output op it ended in. Fails if
/// nothing matches (nothing printed).
llvm::Error renderBlameQuery(const BlameResult &result, llvm::StringRef query,
                             llvm::raw_ostream &os);

} // namespace graphdiff::blame

#endif // GRAPHDIFF_BLAME_BLAMERENDERERS_H
