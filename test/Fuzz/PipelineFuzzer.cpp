//===- PipelineFuzzer.cpp - Fuzz pass pipelines with our passes -----------===//
//
// Part of graph-diff.
//
// The blob is a pass list and an MLIR file separated by `// -----`. The pass
// list holds one pass a line, from a fixed list: ours (graph-snapshot,
// graph-diff, graph-apply-plans) and a few upstream ones (cse,
// canonicalize, linalg-fuse-elementwise-ops, ...); other lines are ignored.
// Without graph-snapshot and graph-diff lines the pipeline is wrapped in
// them; a graph-diff right after another (no snapshot between them) is
// left out. The file is read as graph-diff-opt reads it, then, on copies
// of it in the session's context, the passes that change the IR run one at
// a time, keeping the IR before each pass, and the pipeline runs as one
// pass manager (`-pass-pipeline='builtin.module(...)'`) twice: its
// graph-diffs without and with `verify=true`. Checked (docs/Testing.md):
//   - a failing pipeline fails with located errors only, with or without
//     `verify`; a pipeline fails only where a pass fails alone or a
//     graph-diff has no snapshot or refuses the IR: one that fails only
//     with `verify` has a plan that does not verify;
//   - the pipeline and the passes one at a time end with the same IR, and
//     each graph-diff prints the same plans with and without `verify`;
//   - each graph-diff's plans read back and verify (`--check-plan`) against
//     the IR of its graph-snapshot (the source) and the IR it saw (the
//     target).
//
// graph-snapshot keeps its copy per context until a graph-diff takes it; a
// run that leaves one (a pipeline that fails, or ends with a snapshot) drops
// it before its context goes, so that no later run, whose context may get
// the same address, sees it.
//
//===----------------------------------------------------------------------===//

#include "FuzzSupport.h"

#include "GraphDiff/Driver/Registration.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>

using namespace mlir;
using namespace graphdiff;
using namespace graphdiff::fuzz;

namespace {
/// The passes a line may name; the pipeline text of each.
constexpr const char *kPasses[] = {
    "graph-snapshot",
    "graph-diff",
    "graph-apply-plans",
    "cse",
    "canonicalize",
    "symbol-dce",
    "sccp",
    "inline",
    "loop-invariant-code-motion",
    "func.func(linalg-fuse-elementwise-ops)",
    "func.func(linalg-generalize-named-ops)",
    "func.func(canonicalize)",
    "func.func(cse)",
};
constexpr size_t kMaxPasses = 12;

const std::string &scratchDirectory() {
  static const std::string *directory = [] {
    registerAllGraphDiffPasses();
    llvm::SmallString<128> path;
    if (llvm::sys::fs::createUniqueDirectory("graph-diff-fuzz-pipeline",
                                             path)) {
      llvm::errs() << "graph-diff fuzz: cannot make a scratch directory\n";
      std::abort();
    }
    auto *result = new std::string(path.str());
    std::atexit([] { llvm::sys::fs::remove_directories(scratchDirectory()); });
    return result;
  }();
  return *directory;
}

std::string scratchFile(StringRef name) {
  llvm::SmallString<128> path(scratchDirectory());
  llvm::sys::path::append(path, name);
  return path.str().str();
}

std::string print(ModuleOp module) {
  std::string text;
  llvm::raw_string_ostream os(text);
  module.print(os);
  return text;
}

std::string readFile(StringRef path) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buffer =
      llvm::MemoryBuffer::getFile(path);
  return buffer ? (*buffer)->getBuffer().str() : std::string("(missing)");
}

/// The pass at `index` as pipeline text; a graph-diff writes to `output`.
std::string passText(StringRef pass, StringRef output, bool verify) {
  if (pass != "graph-diff")
    return pass.str();
  return ("graph-diff{output=" + output + (verify ? " verify=true" : "") + "}")
      .str();
}

/// Runs `pipeline` (the passes of a builtin.module) on `module`.
LogicalResult runPipeline(Session &session, ModuleOp module,
                          StringRef pipeline) {
  PassManager pm(&session.getContext(), ModuleOp::getOperationName());
  std::string error;
  llvm::raw_string_ostream os(error);
  if (failed(parsePassPipeline(pipeline, pm, os)))
    session.fail("the pipeline '" + pipeline + "' does not parse: " + error);
  return pm.run(module);
}

/// Drops a snapshot a run left, if any (see the file comment): a new one
/// replaces it, and a graph-diff takes that.
void dropSnapshot(Session &session) {
  OwningOpRef<ModuleOp> empty =
      ModuleOp::create(UnknownLoc::get(&session.getContext()));
  if (failed(runPipeline(session, *empty,
                         "graph-snapshot,graph-diff{output=" +
                             scratchFile("cleanup.mlir") + "}")))
    session.fail("a snapshot and a diff of an empty module fail");
}

struct SnapshotCleanup {
  Session &session;
  ~SnapshotCleanup() { dropSnapshot(session); }
};
} // namespace

extern "C" size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size,
                                          size_t maxSize, unsigned seed) {
  return mutateIR(data, size, maxSize, seed);
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  SmallVector<StringRef> parts =
      splitInputs(StringRef(reinterpret_cast<const char *>(data), size));
  if (parts.size() != 2)
    return -1;
  scratchDirectory();
  std::vector<std::string> passes;
  SmallVector<StringRef> lines;
  parts[0].split(lines, '\n');
  for (StringRef line : lines)
    for (const char *pass : kPasses)
      if (line.trim() == pass && passes.size() < kMaxPasses)
        passes.push_back(pass);
  if (!llvm::is_contained(passes, "graph-snapshot") &&
      !llvm::is_contained(passes, "graph-diff")) {
    passes.insert(passes.begin(), "graph-snapshot");
    passes.push_back("graph-diff");
  }
  // A graph-diff after another with no snapshot between them is left out:
  // whether the first one took the snapshot is what the snapshot store's
  // rework changes (docs/Testing.md).
  bool diffed = false, snapshotSinceDiff = false;
  llvm::erase_if(passes, [&](const std::string &pass) {
    if (pass == "graph-snapshot")
      snapshotSinceDiff = true;
    if (pass != "graph-diff")
      return false;
    bool repeated = diffed && !snapshotSinceDiff;
    diffed = true;
    snapshotSinceDiff = false;
    return repeated;
  });

  Session session;
  session.addInput("passes", parts[0]);
  AsmParserState state;
  OwningOpRef<ModuleOp> input = session.parse(parts[1], "input.mlir", state);
  if (!input) {
    session.expectLocatedErrors("reading the input");
    return 0;
  }
  SnapshotCleanup cleanup{session};

  // The IR before each pass: the passes that change it run one at a time
  // (graph-snapshot and graph-diff do not).
  std::vector<OwningOpRef<ModuleOp>> before;
  OwningOpRef<ModuleOp> stepped = input->clone();
  bool steppedFailed = false;
  for (const std::string &pass : passes) {
    before.push_back(stepped->clone());
    if (pass == "graph-snapshot" || pass == "graph-diff")
      continue;
    if (failed(runPipeline(session, *stepped, pass))) {
      steppedFailed = true;
      break;
    }
  }
  unsigned steppedErrors = session.errorCount();

  // The pipeline as one pass manager, its graph-diffs with and without
  // `verify`.
  bool wholeFailed[2];
  OwningOpRef<ModuleOp> whole[2];
  for (int verifies = 0; verifies < 2; ++verifies) {
    std::string pipeline;
    for (auto [index, pass] : llvm::enumerate(passes)) {
      std::string output = scratchFile("diff-" + std::to_string(verifies) +
                                       "-" + std::to_string(index));
      llvm::sys::fs::remove(output);
      pipeline += (index ? "," : "") + passText(pass, output, verifies);
    }
    session.addInput("pipeline", pipeline);
    whole[verifies] = input->clone();
    wholeFailed[verifies] =
        failed(runPipeline(session, *whole[verifies], pipeline));
    dropSnapshot(session);
  }
  if (wholeFailed[0]) {
    // Only a pass that fails alone, or a graph-diff that has no snapshot or
    // refuses the IR.
    session.expectLocatedErrors("running the pipeline");
    if (!wholeFailed[1])
      session.fail("the pipeline fails without graph-diff's verify but not "
                   "with it");
    return 0;
  }
  if (wholeFailed[1])
    session.fail("a plan of graph-diff does not verify in the pass "
                 "(verify=true)");
  if (steppedFailed)
    session.fail("a pass fails alone but not in the pipeline");
  if (steppedErrors != 0 || session.errorCount() != 0)
    session.expectNoErrors("running the pipeline");
  for (OwningOpRef<ModuleOp> &module : whole) {
    if (failed(verify(*module)))
      session.fail("the IR after the pipeline does not verify");
    if (print(*module) != print(*stepped))
      session.fail("the pipeline as one pass manager and one pass at a time "
                   "end with different IR");
  }

  // Each graph-diff's plans, against its snapshot and the IR it saw.
  std::optional<size_t> snapshot;
  for (auto [index, pass] : llvm::enumerate(passes)) {
    if (pass == "graph-snapshot") {
      snapshot = index;
      continue;
    }
    if (pass != "graph-diff")
      continue;
    if (!snapshot)
      session.fail("a graph-diff without a snapshot before it succeeded");
    std::string name = std::to_string(index);
    std::string plans = readFile(scratchFile("diff-0-" + name));
    if (plans != readFile(scratchFile("diff-1-" + name)))
      session.fail("graph-diff #" + Twine(index) +
                   " prints other plans with verify=true");
    session.addInput("plans of graph-diff #" + name, plans);
    AsmParserState planState;
    OwningOpRef<ModuleOp> reread =
        session.parse(plans, "plans-" + name + ".mlir", planState);
    if (!reread)
      session.fail("graph-diff's plans do not read back");
    if (failed(checkPlans(*reread, *before[*snapshot], *before[index], nullptr,
                          nullptr)))
      session.fail("graph-diff's plans do not verify against its snapshot "
                   "and the IR it saw (--check-plan)");
    session.expectNoErrors("checking graph-diff's plans");
    if (std::getenv("GRAPH_DIFF_FUZZ_VERBOSE")) {
      unsigned plans = 0, actions = 0;
      for (auto plan : reread->getOps<patch::PlanOp>()) {
        ++plans;
        actions += plan.getActions().front().getOperations().size();
      }
      llvm::errs() << "graph-diff #" << index << ": " << plans << " plan(s), "
                   << actions << " action(s) checked\n";
    }
  }
  return 0;
}
