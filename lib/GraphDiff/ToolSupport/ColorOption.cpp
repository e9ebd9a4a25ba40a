//===- ColorOption.cpp - The tools' --color=auto|always|never -------------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/ToolSupport/ColorOption.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Process.h"

#include <memory>

namespace cl = llvm::cl;

namespace {
enum class ColorChoice { Auto, Always, Never };

cl::opt<ColorChoice> &colorOption(cl::OptionCategory *category) {
  static cl::opt<ColorChoice> *choice = [category] {
    // LLVM registers its own boolean `--color` (WithColor) among the common
    // options, which getRegisteredOptions() makes sure are registered; ours
    // takes its name.
    if (cl::Option *llvmColor = cl::getRegisteredOptions().lookup("color"))
      llvmColor->removeArgument();
    auto *option = new cl::opt<ColorChoice>(
        "color", cl::desc("Colour the text format"),
        cl::values(clEnumValN(ColorChoice::Auto, "auto",
                              "when the output is a terminal (default)"),
                   clEnumValN(ColorChoice::Always, "always", "always"),
                   clEnumValN(ColorChoice::Never, "never", "never")),
        cl::init(ColorChoice::Auto));
    if (category)
      option->addCategory(*category);
    return option;
  }();
  return *choice;
}
} // namespace

void graphdiff::registerColorOption(cl::OptionCategory *category,
                                    llvm::StringRef oldName) {
  cl::opt<ColorChoice> &option = colorOption(category);
  // Lives as long as the option (a tool registers its options once).
  static std::unique_ptr<cl::alias> alias;
  if (!oldName.empty() && !alias)
    alias = std::make_unique<cl::alias>(oldName, cl::desc("Alias for --color"),
                                        cl::aliasopt(option), cl::Hidden);
}

bool graphdiff::shouldColor(llvm::StringRef outputFilename) {
  ColorChoice choice = colorOption(nullptr);
  return choice == ColorChoice::Always ||
         (choice == ColorChoice::Auto && outputFilename == "-" &&
          llvm::sys::Process::StandardOutIsDisplayed());
}

bool graphdiff::colorOptionGiven() {
  return colorOption(nullptr).getNumOccurrences() > 0;
}
