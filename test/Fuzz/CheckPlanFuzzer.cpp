//===- CheckPlanFuzzer.cpp - Fuzz graph-diff-opt --check-plan -------------===//
//
// Part of graph-diff.
//
// The blob is a source, a target and a plan file separated by `// -----`.
// They are read as graph-diff-opt reads them and the plans checked as
// --check-plan checks them (parse, find the graphs, apply, compare). Hostile
// plans must never crash the applier or the isomorphism check: a plan that
// does not apply or does not give the target fails with located errors.
//
//===----------------------------------------------------------------------===//

#include "FuzzSupport.h"

#include <cstddef>
#include <cstdint>

using namespace mlir;
using namespace graphdiff;
using namespace graphdiff::fuzz;

extern "C" size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size,
                                          size_t maxSize, unsigned seed) {
  return mutateIR(data, size, maxSize, seed);
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  SmallVector<StringRef> parts =
      splitInputs(StringRef(reinterpret_cast<const char *>(data), size));
  if (parts.size() != 3)
    return -1; // not source, target, plan: keep it out of the corpus
  Session session;
  AsmParserState sourceState, targetState, planState;
  const char *names[] = {"source.mlir", "target.mlir", "plan.mlir"};
  AsmParserState *states[] = {&sourceState, &targetState, &planState};
  OwningOpRef<ModuleOp> modules[3];
  for (int i = 0; i < 3; ++i) {
    modules[i] = session.parse(parts[i], names[i], *states[i]);
    if (!modules[i]) {
      session.expectLocatedErrors(std::string("reading the ") + names[i]);
      return 0;
    }
  }
  SourceNames sourceNames(sourceState), targetNames(targetState);
  if (failed(checkPlans(*modules[2], *modules[0], *modules[1], &sourceNames,
                        &targetNames)))
    session.expectLocatedErrors("checking the plans");
  else
    session.expectNoErrors("checking the plans");
  return 0;
}
