//===- Blame.h - The history of every op through a pipeline -----*- C++ -*-===//
//
// Part of graph-diff.
//
// Blame composes the diffs of a pass pipeline, one per pass that changed a
// graph, into one history per op: for every op of the output, the pass that
// created it or last changed it, the passes before that and the input ops it
// comes from; for every input op, what became of it at each pass (kept,
// updated, fused, replaced, erased).
//
// The history is a forest of *versions*. A version is one op as one pass
// left it: an input op, or an op that a pass updated, created or made from a
// region of ops (a fusion). A version lasts until a pass changes it; it then
// has one successor (the updated op, the op of the region it went into) or
// none (erased). Ops that a pass leaves alone keep their version, so a pass
// that changes nothing costs nothing. Node identities chain by position: the
// IR after a pass is the IR before the next one, and the graph view built
// from the same IR numbers its nodes in block order.
//
// The engine never prints; BlameRenderers.h does.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_BLAME_BLAME_H
#define GRAPHDIFF_BLAME_BLAME_H

#include "GraphDiff/Dialect/Patch/IR/PatchEnums.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace mlir {
class PassManager;
} // namespace mlir

namespace graphdiff {
class Graph;
struct GraphDiff;

namespace blame {

/// How a version came to be.
enum class Origin : uint8_t {
  /// An op of the input.
  Input,
  /// A pass changed the op (its kind, attributes, types, regions, inputs).
  Updated,
  /// A pass replaced several ops by this one.
  Fused,
  /// A pass replaced one op by this one.
  Replaced,
  /// A pass made this op from nothing the diff could pair it with.
  Created,
  /// A pass made this constant after an earlier pass erased one of the
  /// same op, attributes and type: it stands for that one (its only
  /// parent), as a constant is its value.
  Recreated,
};

/// What became of a version.
enum class Fate : uint8_t {
  /// It is in the output.
  Live,
  /// A pass changed it into its successor.
  Updated,
  /// A pass fused it with others into its successor.
  Fused,
  /// A pass replaced it by its successor.
  Replaced,
  /// A pass erased it.
  Erased,
};

/// "input", "updated", "fused", "replaced", "created", "recreated".
llvm::StringRef stringifyOrigin(Origin origin);
/// "live", "updated", "fused", "replaced", "erased".
llvm::StringRef stringifyFate(Fate fate);

/// No pass: the input.
constexpr unsigned kInputPass = 0;

/// One op as one pass left it.
struct Version {
  Origin origin = Origin::Input;
  /// The pass that made it (1, 2, ...; kInputPass for an input op).
  unsigned pass = kInputPass;
  /// The versions it was made from: the op it updates (one), the region it
  /// replaces (in the region's canonical order); none for an input op or a
  /// created one.
  llvm::SmallVector<unsigned, 1> parents;
  /// For an updated version, what the pass changed.
  patch::NodeChange changes = patch::NodeChange::None;
  /// The op's name (`linalg.generic`), owned by the context.
  llvm::StringRef opName;
  Fate fate = Fate::Live;
  /// The pass that ended it (Fate other than Live).
  unsigned endPass = kInputPass;
  /// The version it became (Updated, Fused, Replaced), or, for an erased
  /// constant, the identical one a later pass made (Origin::Recreated).
  std::optional<unsigned> successor;
};

/// An op of the input: its version, and how the input names it.
struct InputOp {
  /// The node's reference as the printer names the input (`%3`, `%cst`,
  /// `@id` for an `lg` node).
  std::string name;
  /// Its location, `file:line:col` (the first such part of a fused or named
  /// location), or "" if it has none.
  std::string location;
};

/// An op of the output.
struct OutputOp {
  unsigned version = 0;
  /// The node's reference as the printer names the output.
  std::string name;
  /// Its line in the output as printed (1-based; 0 if not known).
  unsigned line = 0;
};

/// The history of one graph (an `lg.graph` or a function with a body).
struct GraphHistory {
  /// The graph's symbol path as reports print it after `@` (`f`,
  /// `outer::@f`).
  std::string name;
  /// Every version; the first `inputs.size()` are the input ops, in block
  /// order.
  std::vector<Version> versions;
  std::vector<InputOp> inputs;
  /// The output's ops in block order (empty if the graph is gone).
  std::vector<OutputOp> outputs;
  /// Whether the graph is in the input / in the output.
  bool inInput = true, inOutput = true;
  /// The pass that made the graph (kInputPass if it was in the input) or
  /// removed it (0 if it is in the output).
  unsigned createdBy = kInputPass, removedBy = 0;

  /// The input ops (indices into `inputs`) that `version` comes from,
  /// ascending.
  llvm::SmallVector<unsigned> originsOf(unsigned version) const;
  /// `version` and the versions it was made from, all the way back, ordered
  /// by the pass that made them (then by index): the op's history.
  std::vector<unsigned> ancestryOf(unsigned version) const;
  /// The versions that input op `input` went through, from its input
  /// version to the last (live or ended): its successors in turn.
  std::vector<unsigned> lineageOf(unsigned input) const;
};

/// One pass that ran, and what it did to all graphs.
struct PassRun {
  /// Its position in the run (1, 2, ...) and its argument.
  unsigned index = 0;
  std::string name;
  /// How many ops it created, changed (updated), fused (ops that went into
  /// a fusion, and fusions made), replaced one for one, and erased.
  uint64_t created = 0, updated = 0, fusedOps = 0, fusions = 0, replaced = 0,
           erased = 0;
  /// Graphs it changed.
  uint64_t graphs = 0;
};

/// The whole history of a run.
struct BlameResult {
  /// The input and output files, as the report names them.
  std::string inputFile, outputFile;
  /// Every pass that ran, in order (the passes of a nested pipeline count
  /// once, however many graphs they ran on).
  std::vector<PassRun> passes;
  /// The graphs: those of the output in output order, then those only the
  /// input had, by name.
  std::vector<GraphHistory> graphs;
};

/// Composes one pass's diff of a graph into its history. `current` holds the
/// version of every node of the diff's source graph (by node index) and is
/// replaced by that of every node of its target graph, `target`. The pass
/// is `pass`.
void composeDiff(GraphHistory &history, std::vector<unsigned> &current,
                 const GraphDiff &diff, const Graph &target, unsigned pass);

/// Fills `result.passes`' counts from the graphs' versions.
void countPasses(BlameResult &result);

/// Follows the graphs of a run: see Recorder.cpp.
class Recorder;
std::shared_ptr<Recorder> createRecorder(std::string inputFile,
                                         std::string outputFile);

/// Adds blame to `pm`, once the pipeline's passes are in it: an
/// instrumentation that records the input's graphs before the first pass and
/// composes the diff of every pass that changed a graph, and a last pass,
/// which names the output's ops (and their lines as the module prints with
/// the command line's printing flags) and hands the result to `finish`. If
/// `finish` fails, so does the pipeline.
void addBlame(mlir::PassManager &pm, std::shared_ptr<Recorder> recorder,
              std::function<mlir::LogicalResult(const BlameResult &)> finish);

} // namespace blame
} // namespace graphdiff

#endif // GRAPHDIFF_BLAME_BLAME_H
