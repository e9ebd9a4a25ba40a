//===- BlameText.h - How the blame renderers name things -------*- C++ -*-===//
//
// Part of graph-diff.
//
// The pieces of text the blame renderers share (BlameRenderers.cpp writes
// the listing, the JSON document and the queries; BlameHTML.cpp the page),
// so that each op's history reads the same in every format.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_LIB_BLAME_BLAMETEXT_H
#define GRAPHDIFF_LIB_BLAME_BLAMETEXT_H

#include "GraphDiff/Blame/Blame.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

namespace graphdiff::blame {

/// The version input op `input`'s lineage ends in.
unsigned lastOf(const GraphHistory &graph, unsigned input);

/// The output op of each live version.
llvm::DenseMap<unsigned, const OutputOp *>
outputsByVersion(const GraphHistory &graph);

/// The names of `changes` (`kind`, `inputs`, ...).
std::vector<std::string> changeNames(patch::NodeChange changes);

/// `#2 cse`, or `(input)` for kInputPass.
std::string passLabel(const BlameResult &result, unsigned pass);

/// How an input op is named: its name and, for an op of the input file, its
/// line (`%1@6`); else its whole location.
std::string inputLabel(const BlameResult &result, const InputOp &input);

/// What a pass did, as the summary lists it: `1 created, 2 fused into 1`, or
/// `no change`.
std::string passCounts(const PassRun &pass);

/// What the pass that made version `v` did: `updated linalg.add into
/// linalg.generic (kind)`, `fused 2 ops into linalg.generic`, `replaced X by
/// Y`, `created X`; "" for an input op.
std::string describeStep(const GraphHistory &graph, unsigned v);

/// The history of output op `out` (what `--blame=%N` prints for it).
void printOutputHistory(const BlameResult &result, const GraphHistory &graph,
                        const OutputOp &out, llvm::raw_ostream &os);

/// The history of input op `input` (what `--blame=FILE:LINE` prints for it);
/// `outputs` is outputsByVersion(graph).
void printInputHistory(
    const BlameResult &result, const GraphHistory &graph,
    const llvm::DenseMap<unsigned, const OutputOp *> &outputs, unsigned input,
    llvm::raw_ostream &os);

} // namespace graphdiff::blame

#endif // GRAPHDIFF_LIB_BLAME_BLAMETEXT_H
