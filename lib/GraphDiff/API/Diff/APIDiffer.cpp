//===- APIDiffer.cpp - Breaking changes between two APIs ------------------===//
//
// Part of graph-diff.
//
// The steps, each in its own file: APIMatcher.cpp (staged matching),
// APIPlanEmitter.cpp (the patch plan), APIBreaks.cpp (the break rules, read
// off the plan), APIApplyPlan.cpp (applying and verifying a plan).
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/API/Diff/APIDiffer.h"

#include "APIStages.h"
#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace graphdiff;
using namespace graphdiff::apidiff;

SymbolRefAttr graphdiff::getAPIName(ModuleOp api) {
  StringRef name = "api";
  if (std::optional<StringRef> symbol = api.getSymName())
    name = *symbol;
  else if (auto version = api->getAttrOfType<StringAttr>("api.version"))
    name = version.getValue();
  return FlatSymbolRefAttr::get(api.getContext(), name);
}

APIDiff graphdiff::diffAPIs(ModuleOp oldAPI, ModuleOp newAPI) {
  MLIRContext *context = oldAPI.getContext();
  context->getOrLoadDialect<patch::PatchDialect>();
  Side oldSide, newSide;
  oldSide.collect(oldAPI);
  newSide.collect(newAPI);
  APIDiff diff;
  diff.mapping = NodeMapping(oldSide.objects.size(), newSide.objects.size());
  matchAPIObjects(oldSide, newSide, diff.mapping, diff.oldTies, diff.newTies);

  diff.plans = ModuleOp::create(UnknownLoc::get(context));
  OpBuilder builder = OpBuilder::atBlockEnd(diff.plans->getBody());
  diff.plan = emitAPIPlan(oldSide, newSide, diff.mapping, diff.oldTies, builder,
                          getAPIName(oldAPI), getAPIName(newAPI));
  diff.changes =
      classifyAPIPlan(oldSide, newSide, diff.mapping, diff.newTies, diff.plan);
  // Old-side preorder, then new-only objects; stable within one object.
  llvm::stable_sort(diff.changes, [](const APIChange &a, const APIChange &b) {
    return a.order < b.order;
  });
  diff.oldObjects = std::move(oldSide.objects);
  diff.newObjects = std::move(newSide.objects);
  diff.oldNames = std::move(oldSide.names);
  diff.newNames = std::move(newSide.names);
  return diff;
}
