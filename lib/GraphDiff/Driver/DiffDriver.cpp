//===- DiffDriver.cpp - A whole diff from two texts -----------------------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Driver/DiffDriver.h"

#include "GraphDiff/Dialect/LG/IR/LG.h"
#include "GraphDiff/Dialect/Patch/IR/Patch.h"
#include "GraphDiff/Differ/DiffResult.h"
#include "GraphDiff/Importers/Switcheroo.h"
#include "GraphDiff/Plan/ApplyPlan.h"
#include "GraphDiff/Plan/Isomorphism.h"
#include "GraphDiff/Tools/ParseInput.h"
#include "GraphDiff/Tools/Registration.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

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

llvm::Expected<DriverResult>
graphdiff::diffSources(StringRef source, StringRef sourceName, StringRef target,
                       StringRef targetName, const DriverOptions &options) {
  Session session(options.allowUnregisteredDialects);
  SourceNames sourceNames, targetNames;
  OwningOpRef<ModuleOp> sourceModule =
      parseInputBuffer(copyBuffer(source, sourceName), session.sourceMgr,
                       session.context, sourceNames);
  if (!sourceModule)
    return session.error("cannot parse " + sourceName.str());
  OwningOpRef<ModuleOp> targetModule =
      parseInputBuffer(copyBuffer(target, targetName), session.sourceMgr,
                       session.context, targetNames);
  if (!targetModule)
    return session.error("cannot parse " + targetName.str());

  DiffOptions diffOptions;
  diffOptions.structure = options.structure;
  diffOptions.sourceNames = &sourceNames;
  diffOptions.targetNames = &targetNames;
  diffOptions.sourceFile = sourceName.str();
  diffOptions.targetFile = targetName.str();
  FailureOr<DiffResult> diff =
      diffModules(*sourceModule, *targetModule, diffOptions);
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
  // Verified just now: the MLIR renderer prints without verifying again.
  RenderOptions render = options.render;
  render.plansVerified = true;

  DriverResult result;
  llvm::raw_string_ostream os(result.output);
  if (failed(renderReport(*diff, options.format, os, render)))
    return session.error("cannot render the report");
  result.different = diff->isDifferent();
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
