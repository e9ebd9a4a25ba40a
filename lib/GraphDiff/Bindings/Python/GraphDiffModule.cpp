//===- GraphDiffModule.cpp - The `graph_diff` Python module ---------------===//
//
// Part of graph-diff.
//
// pybind11 bindings over the driver (GraphDiff/Driver/DiffDriver.h), the
// extension `graph_diff._graph_diff` that python/graph_diff wraps:
//
//   _graph_diff.Session(src, src_name, tgt, tgt_name, ...)  one DiffSession
//   session.render(format, fold, width, color, only, func)  -> str
//   session.different(func)                                 -> bool
//   _graph_diff.check_selection(only, func)                 (ValueError)
//   _graph_diff.diff_logical_graphs(src_dict, tgt_dict)     -> list[dict]
//
// The result object, typed actions, paths and the checks of which option
// applies to which report are the package's (python/graph_diff/__init__.py);
// everything here reads the engine's one DiffResult. Input errors raise
// graph_diff.GraphDiffError (python/graph_diff/_errors.py), built from the
// located diagnostics as graph-diff-opt prints them. Type stubs:
// _graph_diff.pyi.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Driver/DiffDriver.h"
#include "GraphDiff/Renderers/ReportText.h"

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <memory>
#include <optional>
#include <vector>

namespace py = pybind11;
using namespace graphdiff;

namespace {
/// An input error: its message is the located diagnostics.
struct GraphDiffError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

template <typename T> T unwrap(llvm::Expected<T> value) {
  if (!value)
    throw GraphDiffError(llvm::toString(value.takeError()));
  return std::move(*value);
}

/// The report formats of `graph-diff-opt --format`, and "stat" for --stat.
struct Format {
  ReportFormat format = ReportFormat::MLIR;
  bool stat = false;
};

Format parseFormat(const std::string &name) {
  if (name == "stat")
    return {ReportFormat::MLIR, true};
  std::optional<ReportFormat> format = parseReportFormat(name);
  if (!format)
    throw py::value_error("unknown format '" + name +
                          "' (expected mlir, text, markdown, json, dot, html, "
                          "model-explorer or stat)");
  return {*format, false};
}

RenderOptions selection(const std::vector<std::string> &only,
                        const std::vector<std::string> &func) {
  RenderOptions options;
  options.onlyKinds = only;
  options.functions = func;
  // "--only=frob: not an action kind (...)": named as the keyword here.
  if (llvm::Error error = checkSelection(options))
    throw py::value_error(
        llvm::StringRef(llvm::toString(std::move(error))).ltrim('-').str());
  return options;
}

/// One diff, kept: every report renders from its DiffResult.
class Session {
public:
  Session(const std::string &source, const std::string &sourceName,
          const std::string &target, const std::string &targetName, bool verify,
          bool ignoreLocations, bool ignoreDiscardableAttrs,
          bool allowUnregisteredDialects) {
    DriverOptions options;
    options.verify = verify;
    options.structure.ignoreLocations = ignoreLocations;
    options.structure.ignoreDiscardableAttrs = ignoreDiscardableAttrs;
    options.allowUnregisteredDialects = allowUnregisteredDialects;
    // The diff runs without the GIL: other Python threads go on meanwhile.
    std::optional<llvm::Expected<std::unique_ptr<DiffSession>>> made;
    {
      py::gil_scoped_release release;
      made.emplace(
          DiffSession::create(source, sourceName, target, targetName, options));
    }
    session = unwrap(std::move(*made));
  }

  std::string render(const std::string &formatName, bool fold, unsigned width,
                     bool color, const std::vector<std::string> &only,
                     const std::vector<std::string> &func) const {
    Format format = parseFormat(formatName);
    RenderOptions options = selection(only, func);
    options.fold = fold;
    options.width = width;
    options.color = color;
    std::optional<llvm::Expected<std::string>> rendered;
    {
      py::gil_scoped_release release;
      rendered.emplace(session->render(format.format, options, format.stat));
    }
    return unwrap(std::move(*rendered));
  }

  bool different(const std::vector<std::string> &func) const {
    RenderOptions options = selection({}, func);
    py::gil_scoped_release release;
    return session->isDifferent(options);
  }

private:
  std::unique_ptr<DiffSession> session;
};

py::object diffLogicalGraphDicts(const py::object &source,
                                 const py::object &target) {
  py::module_ json = py::module_::import("json");
  std::string sourceJson = py::str(json.attr("dumps")(source));
  std::string targetJson = py::str(json.attr("dumps")(target));
  std::string actions = unwrap(diffLogicalGraphs(sourceJson, targetJson));
  return json.attr("loads")(actions);
}

std::vector<std::string> actionKinds() {
  std::vector<std::string> kinds;
  for (llvm::StringRef kind : actionKindNames())
    kinds.push_back(kind.str());
  return kinds;
}
} // namespace

PYBIND11_MODULE(_graph_diff, m) {
  m.doc() = "graph-diff's engine, wrapped by the graph_diff package";
  // Input errors become graph_diff.GraphDiffError, which parses the
  // location out of the diagnostics (python/graph_diff/_errors.py).
  py::register_exception_translator([](std::exception_ptr thrown) {
    try {
      if (thrown)
        std::rethrow_exception(thrown);
    } catch (const GraphDiffError &error) {
      py::object type =
          py::module_::import("graph_diff._errors").attr("GraphDiffError");
      PyErr_SetObject(type.ptr(), py::str(error.what()).ptr());
    }
  });
  py::class_<Session>(m, "Session")
      .def(py::init<const std::string &, const std::string &,
                    const std::string &, const std::string &, bool, bool, bool,
                    bool>(),
           py::arg("source"), py::arg("source_name"), py::arg("target"),
           py::arg("target_name"), py::arg("verify"),
           py::arg("ignore_locations"), py::arg("ignore_discardable_attrs"),
           py::arg("allow_unregistered_dialects"))
      .def("render", &Session::render, py::arg("format"), py::arg("fold"),
           py::arg("width"), py::arg("color"), py::arg("only"), py::arg("func"))
      .def("different", &Session::different, py::arg("func"));
  m.def(
      "check_selection",
      [](const std::vector<std::string> &only,
         const std::vector<std::string> &func) { selection(only, func); },
      py::arg("only"), py::arg("func"),
      "Raises ValueError for an unknown action kind or a bad glob.");
  m.def("action_kinds", &actionKinds,
        "The action kinds `only` takes, as graph-diff-opt --only.");
  m.def("diff_logical_graphs", &diffLogicalGraphDicts, py::arg("source"),
        py::arg("target"),
        "Diffs two ml_switcheroo LogicalGraph dicts ({'name', 'nodes', "
        "'edges'}) and returns the action list its source patcher applies "
        "(DeleteAction / ReplaceAction dicts). Every plan is verified first.");
}
