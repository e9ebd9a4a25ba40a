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
//   _graph_diff.BlameRun(src, src_name, pipeline, out_name, ...)
//                                     a pipeline run with blame (Blame.h)
//   run.render(format)                                      -> str
//   run.query(query)                                        -> str
//   run.output()                      the IR the pipeline left -> str
//
// The result object, typed actions, paths and the checks of which option
// applies to which report are the package's (python/graph_diff/__init__.py,
// and _blame.py for blame's history objects); everything here reads the
// engine's one DiffResult, or a pipeline's one BlameResult. Input errors raise
// graph_diff.GraphDiffError (python/graph_diff/_errors.py), built from the
// located diagnostics as graph-diff-opt prints them. Type stubs:
// _graph_diff.pyi.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Blame/Blame.h"
#include "GraphDiff/Blame/BlameRenderers.h"
#include "GraphDiff/Driver/DiffDriver.h"
#include "GraphDiff/Driver/Registration.h"
#include "GraphDiff/Importers/ParseInput.h"
#include "GraphDiff/Renderers/ReportText.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <memory>
#include <mutex>
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

/// A pipeline run on one input with blame (GraphDiff/Blame/Blame.h): the
/// history of every op, rendered and queried as graph-diff-opt
/// --graph-diff-blame and --blame do, and the IR the pipeline left. The
/// history names ops by the context's strings, so the run keeps its context.
class BlameRun {
public:
  BlameRun(const std::string &source, const std::string &sourceName,
           const std::string &pipeline, const std::string &outputName,
           bool allowUnregisteredDialects) {
    // Pass names resolve through the global registry.
    static std::once_flag registered;
    std::call_once(registered, registerAllGraphDiffPasses);
    std::optional<std::string> error;
    {
      // Parsing, passes and printing recurse per level of nesting: on the
      // tools' large stack, without the GIL.
      py::gil_scoped_release release;
      runOnLargeStack([&] {
        error = run(source, sourceName, pipeline, outputName,
                    allowUnregisteredDialects);
        return 0;
      });
    }
    if (error)
      throw GraphDiffError(*error);
  }

  std::string render(const std::string &formatName) const {
    blame::BlameFormat format;
    if (formatName == "text")
      format = blame::BlameFormat::Text;
    else if (formatName == "json")
      format = blame::BlameFormat::JSON;
    else if (formatName == "html")
      format = blame::BlameFormat::HTML;
    else
      throw py::value_error("unknown blame format '" + formatName +
                            "' (blame formats are text, json and html)");
    std::string text;
    llvm::raw_string_ostream os(text);
    blame::renderBlame(*result, format, os);
    return text;
  }

  std::string query(const std::string &query) const {
    std::string text;
    llvm::raw_string_ostream os(text);
    if (llvm::Error error = blame::renderBlameQuery(*result, query, os)) {
      // "--blame=%9: no op ...": named as the argument here.
      std::string message = llvm::toString(std::move(error));
      llvm::StringRef shown = message;
      shown.consume_front("--blame=");
      throw GraphDiffError(shown.str());
    }
    return text;
  }

  const std::string &output() const { return outputText; }

private:
  /// Parses `source`, runs `pipeline` on it with blame and keeps the result
  /// and the output's text; returns the diagnostics if anything fails.
  std::optional<std::string> run(const std::string &source,
                                 const std::string &sourceName,
                                 const std::string &pipeline,
                                 const std::string &outputName,
                                 bool allowUnregisteredDialects) {
    mlir::DialectRegistry registry;
    registerGraphDiffDialects(registry);
    context = std::make_unique<mlir::MLIRContext>(
        registry, mlir::MLIRContext::Threading::DISABLED);
    context->allowUnregisteredDialects(allowUnregisteredDialects);
    context->printOpOnDiagnostic(false);
    std::string diagnostics;
    llvm::raw_string_ostream diagnosticStream(diagnostics);
    llvm::SourceMgr sourceMgr;
    mlir::SourceMgrDiagnosticHandler handler(sourceMgr, context.get(),
                                             diagnosticStream);
    auto diagnosed = [&](llvm::StringRef fallback) {
      std::string text = diagnostics.empty() ? fallback.str() : diagnostics;
      while (!text.empty() && text.back() == '\n')
        text.pop_back();
      return text;
    };
    unsigned id = sourceMgr.AddNewSourceBuffer(
        llvm::MemoryBuffer::getMemBufferCopy(source, sourceName),
        llvm::SMLoc());
    if (mlir::failed(checkInputText(sourceMgr, id, nullptr, context.get())))
      return diagnosed("cannot parse " + sourceName);
    mlir::OwningOpRef<mlir::ModuleOp> module;
    if (mlir::failed(parseReportingFailure(*context, sourceName, [&] {
          module = mlir::parseSourceFile<mlir::ModuleOp>(
              sourceMgr, mlir::ParserConfig(context.get()));
          return mlir::success(bool(module));
        })))
      return diagnosed("cannot parse " + sourceName);

    {
      mlir::PassManager pm(context.get(), mlir::ModuleOp::getOperationName(),
                           mlir::PassManager::Nesting::Implicit);
      std::string pipelineErrors;
      llvm::raw_string_ostream pipelineStream(pipelineErrors);
      if (mlir::failed(addPipeline(pm, pipeline, pipelineStream))) {
        std::string text = pipelineErrors;
        while (!text.empty() && text.back() == '\n')
          text.pop_back();
        return text.empty() ? "invalid pass pipeline '" + pipeline + "'" : text;
      }
      blame::addBlame(pm, blame::createRecorder(sourceName, outputName),
                      [&](const blame::BlameResult &history) {
                        result.emplace(history);
                        return mlir::success();
                      });
      if (mlir::failed(pm.run(*module)))
        return diagnosed("the pipeline failed on " + sourceName);
    }
    if (!result)
      return diagnosed("the pipeline ran no blame");
    llvm::raw_string_ostream os(outputText);
    module->print(os);
    os << "\n";
    return std::nullopt;
  }

  /// `pipeline` into `pm`: `builtin.module(...)`, as graph-diff-opt's
  /// -pass-pipeline takes it, or the passes alone (`cse,canonicalize`,
  /// `func.func(...)`), nested where they run.
  static mlir::LogicalResult addPipeline(mlir::PassManager &pm,
                                         llvm::StringRef pipeline,
                                         llvm::raw_ostream &errors) {
    pipeline = pipeline.trim();
    size_t open = pipeline.find('(');
    if (open != llvm::StringRef::npos &&
        pipeline.take_front(open).rtrim() ==
            mlir::ModuleOp::getOperationName()) {
      mlir::FailureOr<mlir::OpPassManager> parsed =
          mlir::parsePassPipeline(pipeline, errors);
      if (mlir::failed(parsed))
        return mlir::failure();
      static_cast<mlir::OpPassManager &>(pm) = std::move(*parsed);
      return mlir::success();
    }
    return mlir::parsePassPipeline(pipeline, pm, errors);
  }

  std::unique_ptr<mlir::MLIRContext> context;
  std::optional<blame::BlameResult> result;
  std::string outputText;
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
  py::class_<BlameRun>(m, "BlameRun")
      .def(py::init<const std::string &, const std::string &,
                    const std::string &, const std::string &, bool>(),
           py::arg("source"), py::arg("source_name"), py::arg("pipeline"),
           py::arg("output_name"), py::arg("allow_unregistered_dialects"))
      .def("render", &BlameRun::render, py::arg("format"))
      .def("query", &BlameRun::query, py::arg("query"))
      .def("output", &BlameRun::output);
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
