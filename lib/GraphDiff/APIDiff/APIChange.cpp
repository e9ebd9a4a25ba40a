//===- APIChange.cpp - What an API change is and where -------------------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/APIDiff/APIDiffer.h"

#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace graphdiff;

StringRef graphdiff::stringifyAPIChangeKind(APIChangeKind kind) {
  switch (kind) {
  case APIChangeKind::Removed:
    return "removed";
  case APIChangeKind::Added:
    return "added";
  case APIChangeKind::Renamed:
    return "renamed";
  case APIChangeKind::Moved:
    return "moved";
  case APIChangeKind::MadePrivate:
    return "made-private";
  case APIChangeKind::MadePublic:
    return "made-public";
  case APIChangeKind::ParamRemoved:
    return "param-removed";
  case APIChangeKind::ParamRenamed:
    return "param-renamed";
  case APIChangeKind::ParamMoved:
    return "param-moved";
  case APIChangeKind::RequiredParamAdded:
    return "required-param-added";
  case APIChangeKind::OptionalParamAdded:
    return "optional-param-added";
  case APIChangeKind::ParamKindChanged:
    return "param-kind-changed";
  case APIChangeKind::DefaultChanged:
    return "default-changed";
  case APIChangeKind::DefaultRemoved:
    return "default-removed";
  case APIChangeKind::DefaultAdded:
    return "default-added";
  case APIChangeKind::ParamTypeChanged:
    return "param-type-changed";
  case APIChangeKind::ResultTypeChanged:
    return "result-type-changed";
  case APIChangeKind::ResultAdded:
    return "result-added";
  case APIChangeKind::ResultRemoved:
    return "result-removed";
  case APIChangeKind::NodeRemoved:
    return "fact-removed";
  case APIChangeKind::NodeAdded:
    return "fact-added";
  case APIChangeKind::NodeValueChanged:
    return "fact-changed";
  }
  return "change";
}

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
