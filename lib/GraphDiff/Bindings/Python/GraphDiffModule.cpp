//===- GraphDiffModule.cpp - The `graph_diff` Python module ---------------===//
//
// Part of graph-diff.
//
// pybind11 bindings over the driver (GraphDiff/Driver/DiffDriver.h):
//
//   import graph_diff
//   graph_diff.diff(src_text, tgt_text, format="json")  -> str
//   graph_diff.diff_logical_graphs(src_dict, tgt_dict)  -> list[dict]
//
// Errors raise graph_diff.GraphDiffError (a ValueError) whose message is the
// located diagnostics, as graph-diff-opt prints them.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Driver/DiffDriver.h"

#include <pybind11/pybind11.h>

namespace py = pybind11;
using namespace graphdiff;

namespace {
struct GraphDiffError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

template <typename T> T unwrap(llvm::Expected<T> value) {
  if (!value)
    throw GraphDiffError(llvm::toString(value.takeError()));
  return std::move(*value);
}

ReportFormat parseFormat(const std::string &name) {
  std::optional<ReportFormat> format = parseReportFormat(name);
  if (!format)
    throw py::value_error("unknown format '" + name +
                          "' (expected mlir, text, json, dot, html, markdown "
                          "or model-explorer)");
  return *format;
}

py::object diff(const std::string &source, const std::string &target,
                const std::string &format, bool verify, bool fold,
                bool ignoreLocations, bool ignoreDiscardableAttrs,
                bool allowUnregisteredDialects, const std::string &sourceName,
                const std::string &targetName) {
  DriverOptions options;
  options.format = parseFormat(format);
  // As the tool's --no-fold: an option that does not apply to the report
  // asked for is an error, never ignored (docs/Renderers.md).
  if (!fold && options.format != ReportFormat::Text &&
      options.format != ReportFormat::Markdown)
    throw py::value_error("fold=False does not apply to format='" + format +
                          "'; it applies to format='text' and "
                          "format='markdown'");
  options.verify = verify;
  options.render.fold = fold;
  options.structure.ignoreLocations = ignoreLocations;
  options.structure.ignoreDiscardableAttrs = ignoreDiscardableAttrs;
  options.allowUnregisteredDialects = allowUnregisteredDialects;
  // The diff runs without the GIL: other Python threads go on meanwhile.
  std::optional<llvm::Expected<DriverResult>> diffed;
  {
    py::gil_scoped_release release;
    diffed.emplace(
        diffSources(source, sourceName, target, targetName, options));
  }
  return py::str(unwrap(std::move(*diffed)).output);
}

py::object diffLogicalGraphDicts(const py::object &source,
                                 const py::object &target) {
  py::module_ json = py::module_::import("json");
  std::string sourceJson = py::str(json.attr("dumps")(source));
  std::string targetJson = py::str(json.attr("dumps")(target));
  std::string actions = unwrap(diffLogicalGraphs(sourceJson, targetJson));
  return json.attr("loads")(actions);
}
} // namespace

PYBIND11_MODULE(_graph_diff, m) {
  m.doc() = "graph-diff: patch plans between two dataflow graphs";
  py::register_exception<GraphDiffError>(m, "GraphDiffError", PyExc_ValueError);
  m.def("diff", &diff, py::arg("source"), py::arg("target"),
        py::arg("format") = "mlir", py::arg("verify") = false,
        py::arg("fold") = true, py::arg("ignore_locations") = true,
        py::arg("ignore_discardable_attrs") = false,
        py::arg("allow_unregistered_dialects") = false,
        py::arg("source_name") = "source.mlir",
        py::arg("target_name") = "target.mlir",
        "Diffs MLIR text `source` against `target` and returns the report "
        "in `format` (mlir, text, json, dot, html, markdown or "
        "model-explorer). `fold=False` (text, markdown) lists identical "
        "changes one by one. Raises ValueError for a format it does not know "
        "or an option that does not apply to it, GraphDiffError with the "
        "located diagnostics if an input is not valid IR, or if `verify` is "
        "set and a plan does not rebuild its target.");
  m.def("diff_logical_graphs", &diffLogicalGraphDicts, py::arg("source"),
        py::arg("target"),
        "Diffs two ml_switcheroo LogicalGraph dicts ({'name', 'nodes', "
        "'edges'}) and returns the action list its source patcher applies "
        "(DeleteAction / ReplaceAction dicts). Every plan is verified first.");
}
