//===- APIChange.cpp - What an API change is and where -------------------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/API/Diff/APIDiffer.h"

#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace graphdiff;

bool APIDiff::isBreaking() const {
  return llvm::any_of(changes, [](const APIChange &change) {
    return change.breaking && !change.suppressed;
  });
}

std::string graphdiff::formatAPILocation(std::optional<Location> loc) {
  if (!loc)
    return "";
  if (auto file = dyn_cast<FileLineColLoc>(*loc))
    return (file.getFilename().getValue() + ":" + llvm::Twine(file.getLine()))
        .str();
  if (auto named = dyn_cast<NameLoc>(*loc)) {
    std::string inner = formatAPILocation(named.getChildLoc());
    StringRef name = named.getName().getValue();
    if (name.starts_with("/") && !inner.empty())
      return inner + "#" + name.str();
    return inner;
  }
  if (auto fused = dyn_cast<FusedLoc>(*loc))
    for (Location part : fused.getLocations())
      if (std::string text = formatAPILocation(part); !text.empty())
        return text;
  if (auto callSite = dyn_cast<CallSiteLoc>(*loc))
    return formatAPILocation(callSite.getCallee());
  return "";
}
