//===- DiffFuzzer.cpp - Fuzz the diff path of graph-diff-opt --------------===//
//
// Part of graph-diff.
//
// The blob is a source and a target file separated by `// -----`. Both are
// read as graph-diff-opt reads them; if both are valid, they are diffed and
// the result checked (checkDiff: exit 0 or 1, every plan verifies, the
// printed plans read back and verify). Each valid input is also diffed
// against itself, which must give exit 0. Invalid input must give located
// errors.
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
  if (parts.size() != 2)
    return -1; // not a pair: keep it out of the corpus
  Session session;
  AsmParserState sourceState, targetState;
  OwningOpRef<ModuleOp> source =
      session.parse(parts[0], "source.mlir", sourceState);
  if (!source) {
    session.expectLocatedErrors("reading the source");
    return 0;
  }
  OwningOpRef<ModuleOp> target =
      session.parse(parts[1], "target.mlir", targetState);
  if (!target) {
    session.expectLocatedErrors("reading the target");
    return 0;
  }
  SourceNames sourceNames(sourceState), targetNames(targetState);
  if (!checkDiff(session, *source, *target, &sourceNames, &targetNames))
    return 0;
  // A valid graph is the same as itself.
  for (auto [module, names] : {std::make_pair(*source, &sourceNames),
                               std::make_pair(*target, &targetNames)})
    if (std::optional<bool> differ =
            checkDiff(session, module, module, names, names);
        !differ || *differ)
      session.fail("a module diffed against itself does not exit 0");
  return 0;
}
