//===- SnapshotAndDiff.cpp - graph-snapshot and graph-diff passes ---------===//
//
// Part of graph-diff.
//
// graph-snapshot keeps a copy of the module it runs on with that module's
// analyses; graph-diff diffs the copy against the module as it is then. A
// pipeline nested in a module runs them on each of its modules, on several
// threads if the pass manager has them: every module has its own snapshot,
// and the modules of one parent make one report, diffed and written by the
// graph-diff that comes last among them, so that the output is the same
// whichever thread finishes first.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Transforms/Passes.h"

#include "Holders.h"

#include "GraphDiff/Differ/DiffResult.h"
#include "GraphDiff/Plan/Isomorphism.h"
#include "GraphDiff/Renderers/Renderers.h"
#include "GraphDiff/Support/WriteOutput.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <mutex>
#include <optional>
#include <vector>

namespace graphdiff {
#define GEN_PASS_DEF_GRAPHSNAPSHOT
#define GEN_PASS_DEF_GRAPHDIFFPASS
#include "GraphDiff/Transforms/Passes.h.inc"
} // namespace graphdiff

using namespace mlir;
using namespace graphdiff;

namespace {
/// The copy of a module that graph-snapshot took, kept with the module's
/// analyses: it lasts as long as the pipeline that runs on that module (the
/// pass manager clears a module's analyses when its pipeline ends), whatever
/// the passes in between preserve, since it is a copy and not a fact about
/// the module. Only the thread that runs that pipeline touches it.
struct Snapshot {
  explicit Snapshot(Operation *) {}
  bool isInvalidated(const AnalysisManager::PreservedAnalyses &) {
    return false;
  }
  OwningOpRef<ModuleOp> copy;
};

/// What one module hands in to the report of its group: copies of its
/// snapshot and of itself when graph-diff runs on it (the report may be made
/// on another thread, while this module goes on through its pipeline).
struct Entry {
  OwningOpRef<ModuleOp> source, target;
};

/// The modules of one parent that one graph-diff runs on: the parent's
/// children that are modules (every one of them runs the nested pipeline),
/// by their positions in IR order, and what each has handed in.
struct Group {
  llvm::DenseMap<Operation *, size_t> position;
  std::vector<std::optional<Entry>> entries;
  size_t handedIn = 0;
};

/// The groups not yet whole, by graph-diff pass (the one its copies for
/// threads were made from) and parent.
class Groups {
public:
  static Groups &get() {
    // Leaked on purpose, as the passes that empty it may outlive it.
    static auto *groups = new Groups();
    return *groups;
  }

  /// Hands in `entry` of `module` for `pass`. Returns the whole group once
  /// every member has handed in, and then forgets it; or a group of `module`
  /// alone if it runs without its siblings.
  std::optional<Group> handIn(const Pass *pass, Operation *module, Entry entry,
                              bool sequential) {
    Operation *parent = module->getParentOp();
    std::lock_guard<std::mutex> lock(mutex);
    auto key = std::make_pair(pass, parent);
    auto it = groups.find(key);
    // A group that a failed run left unfinished: a module that handed in to
    // it is back, or this one was not among its members.
    if (it != groups.end()) {
      auto at = it->second.position.find(module);
      if (at == it->second.position.end() || it->second.entries[at->second]) {
        groups.erase(it);
        it = groups.end();
      }
    }
    if (it == groups.end()) {
      Group group;
      for (Region &region : parent->getRegions())
        for (Operation &child : region.getOps())
          if (isa<ModuleOp>(child)) {
            size_t next = group.position.size();
            group.position[&child] = next;
          }
      group.entries.resize(group.position.size());
      it = groups.try_emplace(key, std::move(group)).first;
    }
    Group &group = it->second;
    size_t position = group.position.lookup(module);
    // Without threads the modules of a parent run one after the other, so
    // the earlier ones have all handed in, unless the pass manager was
    // started on this module itself (then nothing runs beside it). If it was
    // started on the first module of a parent, nothing tells: the group
    // waits for modules that do not run, and is dropped with the pass.
    if (sequential && group.handedIn != position) {
      if (group.handedIn == 0)
        groups.erase(it);
      return alone(module, std::move(entry));
    }
    group.entries[position] = std::move(entry);
    if (++group.handedIn < group.entries.size())
      return std::nullopt;
    Group whole = std::move(group);
    groups.erase(it);
    return whole;
  }

  /// Drops the groups of `pass`, which is going away (with its pass manager).
  void forget(const Pass *pass) {
    std::lock_guard<std::mutex> lock(mutex);
    for (auto it = groups.begin(); it != groups.end();)
      it = it->first.first == pass ? groups.erase(it) : std::next(it);
  }

  /// A group of `module` alone.
  static Group alone(Operation *module, Entry entry) {
    Group group;
    group.position[module] = 0;
    group.entries.push_back(std::move(entry));
    group.handedIn = 1;
    return group;
  }

private:
  std::mutex mutex;
  std::map<std::pair<const Pass *, Operation *>, Group> groups;
};

/// Serialises the reports of passes that run on several threads, so that
/// each comes out whole.
std::mutex &outputMutex() {
  static std::mutex mutex;
  return mutex;
}

/// An op outside `parent`'s modules that may run the same pipeline at the
/// same time as they do: a sibling module of `parent` or of an op that holds
/// it (or a sibling of the same kind), below the top. Reports of modules in
/// different parents could not be put in one order.
Operation *parallelCousin(Operation *parent) {
  for (Operation *holder = parent; Operation *above = holder->getParentOp();
       holder = above)
    for (Region &region : above->getRegions())
      for (Operation &sibling : region.getOps())
        if (&sibling != holder &&
            (isa<ModuleOp>(sibling) || sibling.getName() == holder->getName()))
          return &sibling;
  return nullptr;
}

struct GraphSnapshotPass
    : public graphdiff::impl::GraphSnapshotBase<GraphSnapshotPass> {
  void runOnOperation() override {
    getAnalysis<Snapshot>().copy = getOperation().clone();
    markAllAnalysesPreserved();
  }
};

struct GraphDiffPassImpl
    : public graphdiff::impl::GraphDiffPassBase<GraphDiffPassImpl> {
  using GraphDiffPassBase::GraphDiffPassBase;
  GraphDiffPassImpl() = default;
  GraphDiffPassImpl(const GraphDiffPassImpl &) = default;
  ~GraphDiffPassImpl() override { Groups::get().forget(this); }

  void runOnOperation() override {
    markAllAnalysesPreserved();
    ModuleOp module = getOperation();
    std::optional<std::reference_wrapper<Snapshot>> snapshot =
        getCachedAnalysis<Snapshot>();
    if (!snapshot || !snapshot->get().copy) {
      // At the location only: the module itself would be printed with an
      // error attached to it.
      emitError(module.getLoc(),
                "graph-diff: no graph-snapshot ran before it in this "
                "pipeline");
      return signalPassFailure();
    }
    ModuleOp copy = *snapshot->get().copy;
    Operation *parent = module->getParentOp();
    // The top of the IR: nothing runs beside it, and graphs are named from
    // here on both sides.
    if (!parent) {
      if (failed(report(copy, module, module.getLoc())))
        signalPassFailure();
      return;
    }

    // With threads, the pass manager runs the modules of a parent on copies
    // of the pass made for its threads; the pass itself runs only if the
    // pass manager was started on this module, and then nothing beside it.
    bool threads = getContext().isMultithreadingEnabled();
    bool alone = threads && !getThreadingSibling();
    if (Operation *cousin = alone ? nullptr : parallelCousin(parent)) {
      InFlightDiagnostic diag =
          emitError(module.getLoc())
          << "graph-diff: modules in other parents run beside this one, so "
             "their reports have no one order; run graph-snapshot and "
             "graph-diff on a module that holds them all";
      diag.attachNote(cousin->getLoc()) << "such a parent is here";
      return signalPassFailure();
    }
    Entry entry{copy.clone(), module.clone()};
    std::optional<Group> group =
        alone ? Groups::alone(module, std::move(entry))
              : Groups::get().handIn(getThreadingSiblingOrThis(), module,
                                     std::move(entry),
                                     /*sequential=*/!threads);
    if (group && failed(reportGroup(*group, parent)))
      signalPassFailure();
  }

  /// Diffs the modules of `group` (children of `parent`) as one, and writes
  /// the report. Both sides hold the copies where `parent` holds the
  /// modules (makeHolders), so that their graphs have the symbol paths they
  /// have in the whole IR (`@a::@f`), under which `--check-plan` finds them
  /// in the input and the output.
  LogicalResult reportGroup(Group &group, Operation *parent) {
    Location loc = group.entries.front()->target->getLoc();
    Block *sourceBody, *targetBody;
    OwningOpRef<ModuleOp> source = makeHolders(parent, loc, sourceBody);
    OwningOpRef<ModuleOp> target = makeHolders(parent, loc, targetBody);
    for (std::optional<Entry> &entry : group.entries) {
      sourceBody->push_back(entry->source.release());
      targetBody->push_back(entry->target.release());
    }
    return report(*source, *target, loc);
  }

  /// Diffs `source` against `target` and writes the report to `output`.
  LogicalResult report(ModuleOp source, ModuleOp target, Location loc) {
    DiffOptions diffOptions;
    diffOptions.sourceFile = "graph-snapshot";
    diffOptions.targetFile = "graph-diff";
    FailureOr<DiffResult> diff = diffModules(source, target, diffOptions);
    if (failed(diff))
      return failure();
    if (verify)
      for (GraphPairDiff &pair : diff->pairs)
        if (failed(verifyPlan(pair.plan, *pair.source, *pair.target,
                              pair.sourceOfTarget())))
          return failure();
    std::string text;
    llvm::raw_string_ostream os(text);
    RenderOptions options;
    options.width = 100;
    if (failed(renderReport(*diff, format, os, options)))
      return failure();
    std::lock_guard<std::mutex> lock(outputMutex());
    std::string why;
    if (failed(writeOutput(
            output,
            [&](llvm::raw_ostream &out) {
              out << text;
              return success();
            },
            [&](StringRef path, StringRef reason) {
              why = (path + ": " + reason).str();
            })))
      return emitError(loc) << "graph-diff: " << why;
    return success();
  }
};
} // namespace
