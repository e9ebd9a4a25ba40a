//===- DiffDriver.cpp - A whole diff from two texts -----------------------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Driver/DiffDriver.h"

#include "GraphDiff/Dialect/LG/IR/LG.h"
#include "GraphDiff/Dialect/Patch/IR/Patch.h"
#include "GraphDiff/Differ/DiffResult.h"
#include "GraphDiff/Driver/Registration.h"
#include "GraphDiff/Importers/ParseInput.h"
#include "GraphDiff/Importers/Switcheroo.h"
#include "GraphDiff/Plan/ApplyPlan.h"
#include "GraphDiff/Plan/Isomorphism.h"
#include "GraphDiff/Renderers/ReportText.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

#include <mutex>

using namespace mlir;
using namespace graphdiff;

namespace {
/// One diff's context, with every diagnostic collected as the tool would
/// print it rather than printed.
class Session {
public:
  explicit Session(bool allowUnregistered)
      : context(makeRegistry(), MLIRContext::Threading::DISABLED),
        handler(sourceMgr, &context, diagnosticStream) {
    context.allowUnregisteredDialects(allowUnregistered);
    // Plans are built in our dialects whatever the inputs hold; upstream
    // dialects load as the parser meets them.
    context.loadDialect<lg::LGDialect, patch::PatchDialect>();
    context.printOpOnDiagnostic(false);
  }

  /// An error holding the diagnostics so far (or `fallback` if none).
  llvm::Error error(StringRef fallback) {
    std::string text = diagnostics.empty() ? fallback.str() : diagnostics;
    while (!text.empty() && text.back() == '\n')
      text.pop_back();
    return llvm::createStringError(llvm::inconvertibleErrorCode(), text);
  }

  /// Forgets the diagnostics so far (a later error reports only its own).
  void clearDiagnostics() { diagnostics.clear(); }

  MLIRContext context;
  llvm::SourceMgr sourceMgr;

private:
  static DialectRegistry makeRegistry() {
    DialectRegistry registry;
    registerGraphDiffDialects(registry);
    return registry;
  }

  std::string diagnostics;
  llvm::raw_string_ostream diagnosticStream{diagnostics};
  SourceMgrDiagnosticHandler handler;
};
} // namespace

static std::unique_ptr<llvm::MemoryBuffer> copyBuffer(StringRef text,
                                                      StringRef name) {
  return llvm::MemoryBuffer::getMemBufferCopy(text, name);
}

namespace graphdiff {
struct DiffSession::Impl {
  explicit Impl(bool allowUnregistered) : session(allowUnregistered) {}

  Session session;
  SourceNames sourceNames, targetNames;
  OwningOpRef<ModuleOp> sourceModule, targetModule;
  std::optional<DiffResult> diff;
  /// Rendering (and selecting) reads the context, which runs without locks
  /// (threading disabled), and writes the diagnostics: one at a time.
  std::mutex renderMutex;
};
} // namespace graphdiff

DiffSession::DiffSession(std::unique_ptr<Impl> impl) : impl(std::move(impl)) {}
DiffSession::~DiffSession() = default;

llvm::Expected<std::unique_ptr<DiffSession>>
DiffSession::create(StringRef source, StringRef sourceName, StringRef target,
                    StringRef targetName, const DriverOptions &options) {
  auto impl = std::make_unique<Impl>(options.allowUnregisteredDialects);
  Session &session = impl->session;
  impl->sourceModule =
      parseInputBuffer(copyBuffer(source, sourceName), session.sourceMgr,
                       session.context, impl->sourceNames);
  if (!impl->sourceModule)
    return session.error("cannot parse " + sourceName.str());
  impl->targetModule =
      parseInputBuffer(copyBuffer(target, targetName), session.sourceMgr,
                       session.context, impl->targetNames);
  if (!impl->targetModule)
    return session.error("cannot parse " + targetName.str());

  DiffOptions diffOptions;
  diffOptions.structure = options.structure;
  diffOptions.sourceNames = &impl->sourceNames;
  diffOptions.targetNames = &impl->targetNames;
  diffOptions.sourceFile = sourceName.str();
  diffOptions.targetFile = targetName.str();
  FailureOr<DiffResult> diff =
      diffModules(*impl->sourceModule, *impl->targetModule, diffOptions);
  if (failed(diff))
    return session.error("cannot diff " + sourceName.str());
  // The plans verifyPlan applied are verified already (applyPlan verifies
  // a plan before it applies it): the rest of the module is left.
  SmallVector<patch::PlanOp> verifiedPlans;
  if (options.verify)
    for (GraphPairDiff &pair : diff->pairs) {
      if (failed(verifyPlan(pair.plan, *pair.source, *pair.target,
                            pair.sourceOfTarget())))
        return session.error("a plan does not verify");
      verifiedPlans.push_back(pair.plan);
    }
  if (failed(verifyPlanModule(*diff->plans, verifiedPlans)))
    return session.error("the plan is not valid patch IR");
  impl->diff.emplace(std::move(*diff));
  return std::unique_ptr<DiffSession>(new DiffSession(std::move(impl)));
}

const DiffResult &DiffSession::getResult() const { return *impl->diff; }

llvm::Expected<std::string> DiffSession::render(ReportFormat format,
                                                const RenderOptions &options,
                                                bool stat) const {
  if (llvm::Error error = checkSelection(options))
    return std::move(error);
  // Every plan was verified when the session was made: the MLIR renderer
  // prints without verifying again.
  RenderOptions render = options;
  render.plansVerified = true;
  std::lock_guard<std::mutex> lock(impl->renderMutex);
  impl->session.clearDiagnostics();
  std::string output;
  llvm::raw_string_ostream os(output);
  if (failed(stat ? renderStat(*impl->diff, os, render)
                  : renderReport(*impl->diff, format, os, render)))
    return impl->session.error("cannot render the report");
  return output;
}

bool DiffSession::isDifferent(const RenderOptions &options) const {
  std::lock_guard<std::mutex> lock(impl->renderMutex);
  return isSelectionDifferent(*impl->diff, options);
}

llvm::Expected<DriverResult>
graphdiff::diffSources(StringRef source, StringRef sourceName, StringRef target,
                       StringRef targetName, const DriverOptions &options) {
  llvm::Expected<std::unique_ptr<DiffSession>> session =
      DiffSession::create(source, sourceName, target, targetName, options);
  if (!session)
    return session.takeError();
  DriverResult result;
  llvm::Expected<std::string> output =
      (*session)->render(options.format, options.render);
  if (!output)
    return output.takeError();
  result.output = std::move(*output);
  result.different = (*session)->isDifferent(options.render);
  return result;
}

llvm::Expected<std::string> graphdiff::diffLogicalGraphs(StringRef sourceJson,
                                                         StringRef targetJson) {
  Session session(/*allowUnregistered=*/false);
  OwningOpRef<ModuleOp> source =
      importSwitcherooGraph(sourceJson, "source.json", &session.context);
  if (!source)
    return session.error("cannot import the source graph");
  OwningOpRef<ModuleOp> target =
      importSwitcherooGraph(targetJson, "target.json", &session.context);
  if (!target)
    return session.error("cannot import the target graph");

  FailureOr<DiffResult> diff = diffModules(*source, *target);
  if (failed(diff))
    return session.error("cannot diff the graphs");
  for (GraphPairDiff &pair : diff->pairs)
    if (failed(verifyPlan(pair.plan, *pair.source, *pair.target,
                          pair.sourceOfTarget())))
      return session.error("a plan does not verify");

  std::string actions;
  llvm::raw_string_ostream os(actions);
  if (failed(exportSwitcherooPlan(*diff->plans, os)))
    return session.error("cannot export the plan");
  return actions;
}
