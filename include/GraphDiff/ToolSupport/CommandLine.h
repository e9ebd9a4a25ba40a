//===- CommandLine.h - What every tool's command line shares ----*- C++ -*-===//
//
// Part of graph-diff.
//
// Every graph-diff tool prints the project's version for `--version`, and
// lists its own options first in `--help`: loading libLLVM registers
// hundreds of code-generation options (--aarch64-..., --x86-...) that an
// MLIR tool still accepts but never needs, so --help leaves them to
// --help-hidden.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_TOOLSUPPORT_COMMANDLINE_H
#define GRAPHDIFF_TOOLSUPPORT_COMMANDLINE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringRef.h"

#include <string>

namespace llvm {
class raw_ostream;
namespace cl {
class Option;
class OptionCategory;
} // namespace cl
} // namespace llvm

namespace graphdiff {

/// The project's version and the commit it was built from
/// (`0.1.0 (82e55e4f7c00)`; the commit is `unknown` outside a git checkout).
std::string getVersionString();

/// What `TOOL --version` prints: the tool, the project's version, its
/// commit, and the LLVM it was built with.
void printVersion(llvm::raw_ostream &os, llvm::StringRef tool);

/// Runs `registerOptions` and puts every option it registers in `category`
/// (as well as in the categories it gives them).
void registerInCategory(llvm::cl::OptionCategory &category,
                        llvm::function_ref<void()> registerOptions);

/// `--debug-only=TYPE[,TYPE...]`: the traces a tool prints on stderr
/// (`graph-diff-stages`: what each matcher stage did). LLVM registers an
/// option of that name only in a build with assertions, which Debian's
/// libLLVM is not; where it is absent, ToolCommandLine registers this one
/// (hidden). Whether the command line named `type`.
bool isDebugTypeEnabled(llvm::StringRef type);

/// A tool's command line, to set up before the tool registers its options.
class ToolCommandLine {
public:
  /// Remembers the options libLLVM and libMLIR registered when they were
  /// loaded, and makes `--version` print `tool`'s version (printVersion).
  explicit ToolCommandLine(llvm::StringRef tool);

  /// Tidies `--help` once every option is registered: the options of `own`
  /// first; then the options registered since the constructor ran that are
  /// in none of `own` (mlir-opt's or mlir-translate's, which the tool
  /// keeps), in a group `moreTitle`, if given (else they are hidden too);
  /// then --help and --version. The options registered at load time are
  /// listed only by --help-hidden, and still accepted. LLVM sorts the
  /// groups by name: the names of `own` must sort before `moreTitle`
  /// (`graph-diff-... options` before `mlir-... options`), which sorts
  /// before "other options".
  void tidyHelp(llvm::ArrayRef<llvm::cl::OptionCategory *> own,
                llvm::StringRef moreTitle = "",
                llvm::StringRef moreDescription = "");

private:
  llvm::SmallPtrSet<llvm::cl::Option *, 32> libraryOptions;
};

} // namespace graphdiff

#endif // GRAPHDIFF_TOOLSUPPORT_COMMANDLINE_H
