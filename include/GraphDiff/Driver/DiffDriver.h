//===- DiffDriver.h - A whole diff from two texts ---------------*- C++ -*-===//
//
// Part of graph-diff.
//
// The library entry points for programs that embed graph-diff (the Python
// module, a CI service, another MLIR project): parse two inputs held in
// memory, diff them, optionally verify every plan by applying it, and render
// the report. Errors come back as values carrying every diagnostic as the
// tool would print it (`name:line:col: error: ...`); nothing is printed.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_DRIVER_DIFFDRIVER_H
#define GRAPHDIFF_DRIVER_DIFFDRIVER_H

#include "GraphDiff/Differ/StructuralState.h"
#include "GraphDiff/Renderers/Renderers.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <string>

namespace graphdiff {

struct DiffResult;

/// How to diff and what to render.
struct DriverOptions {
  ReportFormat format = ReportFormat::MLIR;
  RenderOptions render;
  StructureOptions structure;
  /// Apply every plan to its source and check the result is the target.
  bool verify = false;
  /// Accept ops of dialects that are not registered.
  bool allowUnregisteredDialects = false;
};

/// A rendered diff.
struct DriverResult {
  /// The report in the requested format.
  std::string output;
  /// Whether the inputs differ (the tool's exit code 1 rather than 0).
  bool different = false;
};

/// Diffs the MLIR text `source` against `target`. `sourceName` and
/// `targetName` name the inputs in locations and diagnostics. Fails with the
/// located diagnostics if an input does not parse or verify, a graph cannot be
/// viewed as one, or (with `verify`) a plan does not rebuild its target.
llvm::Expected<DriverResult> diffSources(llvm::StringRef source,
                                         llvm::StringRef sourceName,
                                         llvm::StringRef target,
                                         llvm::StringRef targetName,
                                         const DriverOptions &options = {});

/// A diff kept for reading and rendering (the Python module's result object):
/// it owns the context, both parsed modules and the engine's one DiffResult,
/// so that every report renders from the same result, as often as asked.
/// Rendering is serialized: one session may be used from several threads.
class DiffSession {
public:
  /// Parses, diffs and (with `options.verify`) verifies as diffSources does;
  /// `options.format` and `options.render` are not used.
  static llvm::Expected<std::unique_ptr<DiffSession>>
  create(llvm::StringRef source, llvm::StringRef sourceName,
         llvm::StringRef target, llvm::StringRef targetName,
         const DriverOptions &options = {});
  ~DiffSession();

  /// The engine's result.
  const DiffResult &getResult() const;
  /// The report in `format`, or the --stat report with `stat`. Fails with
  /// the error if `options` selects with a bad glob or action kind.
  llvm::Expected<std::string> render(ReportFormat format,
                                     const RenderOptions &options,
                                     bool stat = false) const;
  /// Whether the graphs `options.functions` selects (all without) differ.
  bool isDifferent(const RenderOptions &options) const;

private:
  struct Impl;
  explicit DiffSession(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl;
};

/// ml_switcheroo's round trip: two LogicalGraph JSON texts in, the action list
/// its source patcher consumes out (JSON text, docs/SwitcherooInterop.md).
/// Every plan is verified before it is exported.
llvm::Expected<std::string> diffLogicalGraphs(llvm::StringRef sourceJson,
                                              llvm::StringRef targetJson);

} // namespace graphdiff

#endif // GRAPHDIFF_DRIVER_DIFFDRIVER_H
