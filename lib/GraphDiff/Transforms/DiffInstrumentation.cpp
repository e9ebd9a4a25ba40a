//===- DiffInstrumentation.cpp - The plan of every pass that changed IR ---===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Transforms/Passes.h"

#include "Holders.h"

#include "GraphDiff/Differ/DiffResult.h"
#include "GraphDiff/Differ/GraphDiffer.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/Pass/PassInstrumentation.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/JSON.h"

#include <mutex>

using namespace mlir;
using namespace graphdiff;

/// `json` without the whitespace between its tokens.
static std::string compactJSON(StringRef json) {
  std::string out;
  out.reserve(json.size());
  bool inString = false, escaped = false;
  for (char c : json) {
    if (inString) {
      out += c;
      if (escaped)
        escaped = false;
      else if (c == '\\')
        escaped = true;
      else if (c == '"')
        inString = false;
      continue;
    }
    if (c == ' ' || c == '\n' || c == '\t' || c == '\r')
      continue;
    if (c == '"')
      inString = true;
    out += c;
  }
  return out;
}

namespace {
/// Before each pass, copies the op it runs on; after it, if the op changed,
/// prints the plan from the copy to the op.
class DiffAfterChange : public PassInstrumentation {
public:
  DiffAfterChange(llvm::raw_ostream &os, ReportFormat format)
      : os(os), format(format) {}

  void runBeforePass(Pass *pass, Operation *op) override {
    if (!isInteresting(pass, op))
      return;
    Snapshot snapshot{OperationFingerPrint(op), op->clone()};
    std::lock_guard<std::mutex> lock(mutex);
    before[{pass, op}] = std::move(snapshot);
  }

  void runAfterPass(Pass *pass, Operation *op) override {
    if (!isInteresting(pass, op))
      return;
    Snapshot snapshot = takeSnapshot(pass, op);
    if (!snapshot.copy || *snapshot.fingerPrint == OperationFingerPrint(op)) {
      if (snapshot.copy)
        snapshot.copy->erase();
      return;
    }
    std::string text = diff(pass, snapshot.copy, op);
    snapshot.copy->erase();
    std::lock_guard<std::mutex> lock(mutex);
    os << text;
    os.flush();
  }

  void runAfterPassFailed(Pass *pass, Operation *op) override {
    if (!isInteresting(pass, op))
      return;
    Snapshot snapshot = takeSnapshot(pass, op);
    if (snapshot.copy)
      snapshot.copy->erase();
  }

private:
  struct Snapshot {
    std::optional<OperationFingerPrint> fingerPrint;
    Operation *copy = nullptr;
  };

  /// Real passes on modules or graphs; not the adaptors that run nested
  /// pipelines (they have no argument), whose changes their passes report.
  static bool isInteresting(Pass *pass, Operation *op) {
    return !pass->getArgument().empty() &&
           (isa<ModuleOp>(op) || isDiffableGraph(op));
  }

  Snapshot takeSnapshot(Pass *pass, Operation *op) {
    std::lock_guard<std::mutex> lock(mutex);
    auto it = before.find({pass, op});
    if (it == before.end())
      return {};
    Snapshot snapshot = std::move(it->second);
    before.erase(it);
    return snapshot;
  }

  /// What changed from `copy` to `op`, with the pass's name.
  std::string diff(Pass *pass, Operation *copy, Operation *op) const {
    // diffModules compares modules, and names graphs by their symbol paths
    // from the top of the IR. The copy of a nested module, and a lone graph
    // and its copy, go in holders named as the modules around `op`
    // (Holders.h), so that plans name the graphs of the whole IR.
    auto source = dyn_cast<ModuleOp>(copy);
    auto target = dyn_cast<ModuleOp>(op);
    OwningOpRef<ModuleOp> sourceHolder, targetHolder;
    if (!target || op->getParentOp()) {
      Block *sourceBody;
      sourceHolder = makeHolders(op->getParentOp(), op->getLoc(), sourceBody);
      sourceBody->push_back(copy->clone());
      source = target ? cast<ModuleOp>(sourceBody->back()) : *sourceHolder;
    }
    if (!target) {
      Block *targetBody;
      targetHolder = makeHolders(op->getParentOp(), op->getLoc(), targetBody);
      targetBody->push_back(op->clone());
      target = *targetHolder;
    }
    DiffOptions diffOptions;
    diffOptions.sourceFile = ("before " + pass->getArgument()).str();
    diffOptions.targetFile = ("after " + pass->getArgument()).str();
    FailureOr<DiffResult> diff = diffModules(source, target, diffOptions);
    if (failed(diff))
      return "";
    const DiffResult &report = *diff;
    std::string text;
    llvm::raw_string_ostream out(text);
    if (format == ReportFormat::JSON) {
      // One line per pass: the report as renderJSON writes it, its layout
      // whitespace dropped (numbers keep their spelling).
      std::string json;
      llvm::raw_string_ostream jsonOs(json);
      if (failed(renderReport(report, format, jsonOs)))
        return "";
      out << "{\"pass\":";
      llvm::json::OStream(out).value(pass->getArgument());
      out << ",\"report\":" << compactJSON(json) << "}\n";
      return text;
    }
    out << "// -----// " << (format == ReportFormat::MLIR ? "Plan" : "Diff")
        << " after " << pass->getArgument() << " //----- //\n";
    RenderOptions options;
    options.width = 100;
    if (failed(renderReport(report, format, out, options)))
      return "";
    return text;
  }

  llvm::raw_ostream &os;
  ReportFormat format;
  std::mutex mutex;
  llvm::DenseMap<std::pair<Pass *, Operation *>, Snapshot> before;
};
} // namespace

void graphdiff::addDiffAfterChangeInstrumentation(PassManager &pm,
                                                  llvm::raw_ostream &os,
                                                  ReportFormat format) {
  // Plans are patch IR; dialects cannot be loaded once passes run threads.
  pm.getContext()->getOrLoadDialect<patch::PatchDialect>();
  pm.addInstrumentation(std::make_unique<DiffAfterChange>(os, format));
}
