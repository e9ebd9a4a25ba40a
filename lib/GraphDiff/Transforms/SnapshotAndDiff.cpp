//===- SnapshotAndDiff.cpp - graph-snapshot and graph-diff passes ---------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Transforms/Passes.h"

#include "GraphDiff/Differ/DiffResult.h"
#include "GraphDiff/Plan/Isomorphism.h"
#include "GraphDiff/Renderers/Renderers.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/ToolOutputFile.h"

#include <mutex>

namespace graphdiff {
#define GEN_PASS_DEF_GRAPHSNAPSHOT
#define GEN_PASS_DEF_GRAPHDIFFPASS
#include "GraphDiff/Transforms/Passes.h.inc"
} // namespace graphdiff

using namespace mlir;
using namespace graphdiff;

namespace {
/// The snapshots, one per context. A snapshot lives until `graph-diff` takes
/// it; one never taken is leaked on purpose, as the context it belongs to may
/// be gone by the time static destructors run.
struct SnapshotStore {
  std::mutex mutex;
  llvm::DenseMap<MLIRContext *, Operation *> snapshots;

  static SnapshotStore &get() {
    static auto *store = new SnapshotStore();
    return *store;
  }
  void put(MLIRContext *context, OwningOpRef<ModuleOp> module) {
    std::lock_guard<std::mutex> lock(mutex);
    Operation *&slot = snapshots[context];
    if (slot)
      slot->erase();
    slot = module.release().getOperation();
  }
  OwningOpRef<ModuleOp> take(MLIRContext *context) {
    std::lock_guard<std::mutex> lock(mutex);
    Operation *op = snapshots.lookup(context);
    snapshots.erase(context);
    return OwningOpRef<ModuleOp>(op ? cast<ModuleOp>(op) : ModuleOp());
  }
};

struct GraphSnapshotPass
    : public graphdiff::impl::GraphSnapshotBase<GraphSnapshotPass> {
  void runOnOperation() override {
    SnapshotStore::get().put(&getContext(), getOperation().clone());
    markAllAnalysesPreserved();
  }
};

struct GraphDiffPassImpl
    : public graphdiff::impl::GraphDiffPassBase<GraphDiffPassImpl> {
  using GraphDiffPassBase::GraphDiffPassBase;

  void runOnOperation() override {
    markAllAnalysesPreserved();
    OwningOpRef<ModuleOp> snapshot = SnapshotStore::get().take(&getContext());
    if (!snapshot) {
      // At the location only: the module itself would be printed with an
      // error attached to it.
      emitError(getOperation().getLoc(),
                "graph-diff: no graph-snapshot ran before it in this "
                "pipeline");
      return signalPassFailure();
    }
    DiffOptions diffOptions;
    diffOptions.sourceFile = "graph-snapshot";
    diffOptions.targetFile = "graph-diff";
    FailureOr<DiffResult> diff =
        diffModules(*snapshot, getOperation(), diffOptions);
    if (failed(diff))
      return signalPassFailure();
    if (verify)
      for (GraphPairDiff &pair : diff->pairs)
        if (failed(verifyPlan(pair.plan, *pair.source, *pair.target,
                              pair.sourceOfTarget())))
          return signalPassFailure();
    std::string error;
    std::unique_ptr<llvm::ToolOutputFile> file = openOutputFile(output, &error);
    if (!file) {
      emitError(getOperation().getLoc(), "graph-diff: ") << error;
      return signalPassFailure();
    }
    RenderOptions options;
    options.width = 100;
    if (failed(renderReport(*diff, format, file->os(), options)))
      return signalPassFailure();
    file->keep();
  }
};
} // namespace
