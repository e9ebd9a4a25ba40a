//===- CommandLine.cpp - What every tool's command line shares ------------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/ToolSupport/CommandLine.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>

// GRAPH_DIFF_VERSION_STRING, GRAPH_DIFF_COMMIT_STRING: written at build time
// by cmake/GenerateVersion.cmake.
#include "VCSVersion.inc"

using namespace graphdiff;
namespace cl = llvm::cl;

std::string graphdiff::getVersionString() {
  return std::string(GRAPH_DIFF_VERSION_STRING) + " (" +
         GRAPH_DIFF_COMMIT_STRING + ")";
}

void graphdiff::printVersion(llvm::raw_ostream &os, llvm::StringRef tool) {
  os << tool << " (graph-diff) " << GRAPH_DIFF_VERSION_STRING << "\n"
     << "  commit " << GRAPH_DIFF_COMMIT_STRING << "\n"
     << "  built with LLVM " << LLVM_VERSION_STRING << "\n";
}

void graphdiff::registerInCategory(cl::OptionCategory &category,
                                   llvm::function_ref<void()> registerOptions) {
  llvm::SmallPtrSet<cl::Option *, 32> before;
  for (auto &entry : cl::getRegisteredOptions())
    before.insert(entry.second);
  registerOptions();
  for (auto &entry : cl::getRegisteredOptions()) {
    cl::Option *option = entry.second;
    // addCategory replaces the general category an option has by default.
    if (!before.contains(option))
      option->addCategory(category);
  }
}

/// Our `--debug-only`, registered on first call unless libLLVM has its own
/// (then null: that one's value is not readable from here).
static cl::list<std::string> *debugOnlyOption() {
  static cl::list<std::string> *option = []() -> cl::list<std::string> * {
    if (cl::getRegisteredOptions().count("debug-only"))
      return nullptr;
    // Reachable for the whole run, as a static option would be.
    return new cl::list<std::string>(
        "debug-only",
        cl::desc("Print the traces of these kinds on stderr "
                 "(graph-diff-stages: what each matcher stage did)"),
        cl::value_desc("kind"), cl::CommaSeparated, cl::Hidden);
  }();
  return option;
}

bool graphdiff::isDebugTypeEnabled(llvm::StringRef type) {
  cl::list<std::string> *option = debugOnlyOption();
  return option && llvm::is_contained(*option, type);
}

ToolCommandLine::ToolCommandLine(llvm::StringRef tool) {
  for (auto &entry : cl::getRegisteredOptions())
    libraryOptions.insert(entry.second);
  debugOnlyOption();
  std::string name = tool.str();
  cl::SetVersionPrinter(
      [name](llvm::raw_ostream &os) { printVersion(os, name); });
}

void ToolCommandLine::tidyHelp(llvm::ArrayRef<cl::OptionCategory *> own,
                               llvm::StringRef moreTitle,
                               llvm::StringRef moreDescription) {
  // Categories live as long as the options that point at them.
  static cl::OptionCategory other("other options");
  static std::unique_ptr<cl::OptionCategory> moreCategory;
  if (!moreTitle.empty() && !moreCategory)
    moreCategory =
        std::make_unique<cl::OptionCategory>(moreTitle, moreDescription);
  cl::OptionCategory *more = moreTitle.empty() ? nullptr : moreCategory.get();
  for (auto &entry : cl::getRegisteredOptions()) {
    cl::Option *option = entry.second;
    bool generic = llvm::any_of(option->Categories, [](cl::OptionCategory *c) {
      return c->getName() == "Generic Options";
    });
    bool ours = llvm::any_of(option->Categories, [&](cl::OptionCategory *c) {
      return llvm::is_contained(own, c);
    });
    if (generic) {
      // --help, --version, ...: after the tool's own options.
      option->Categories.assign({&other});
    } else if (ours) {
      continue;
    } else if (libraryOptions.contains(option) || !more) {
      if (option->getOptionHiddenFlag() == cl::NotHidden)
        option->setHiddenFlag(cl::Hidden);
    } else {
      option->Categories.assign({more});
    }
  }
}
