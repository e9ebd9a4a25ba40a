//===- BlameRenderers.cpp - Print the history of a pipeline ---------------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Blame/BlameRenderers.h"
#include "BlameText.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/JSON.h"

using namespace mlir;
using namespace graphdiff;
using namespace graphdiff::blame;

unsigned blame::lastOf(const GraphHistory &graph, unsigned input) {
  unsigned v = input;
  while (std::optional<unsigned> next = graph.versions[v].successor)
    v = *next;
  return v;
}

llvm::DenseMap<unsigned, const OutputOp *>
blame::outputsByVersion(const GraphHistory &graph) {
  llvm::DenseMap<unsigned, const OutputOp *> outputs;
  for (const OutputOp &out : graph.outputs)
    outputs[out.version] = &out;
  return outputs;
}

std::vector<std::string> blame::changeNames(patch::NodeChange changes) {
  std::vector<std::string> names;
  for (patch::NodeChange change : patch::getSetBits(changes))
    names.push_back(patch::stringifyNodeChange(change));
  return names;
}

std::string blame::passCounts(const PassRun &pass) {
  SmallVector<std::string> parts;
  if (pass.created)
    parts.push_back(std::to_string(pass.created) + " created");
  if (pass.updated)
    parts.push_back(std::to_string(pass.updated) + " changed");
  if (pass.fusions)
    parts.push_back(std::to_string(pass.fusedOps) + " fused into " +
                    std::to_string(pass.fusions));
  if (pass.replaced)
    parts.push_back(std::to_string(pass.replaced) + " replaced");
  if (pass.erased)
    parts.push_back(std::to_string(pass.erased) + " erased");
  return parts.empty() ? "no change" : llvm::join(parts, ", ");
}

//===----------------------------------------------------------------------===//
// Text
//===----------------------------------------------------------------------===//

std::string blame::passLabel(const BlameResult &result, unsigned pass) {
  if (pass == kInputPass || pass > result.passes.size())
    return "(input)";
  return "#" + std::to_string(pass) + " " + result.passes[pass - 1].name;
}

std::string blame::inputLabel(const BlameResult &result, const InputOp &input) {
  StringRef location = input.location;
  StringRef file = result.inputFile;
  if (location.consume_front(file) && location.consume_front(":")) {
    StringRef line = location.split(':').first;
    return input.name + "@" + line.str();
  }
  if (location.empty())
    return input.name;
  return input.name + "@" + input.location;
}

namespace {
class TextRenderer {
public:
  TextRenderer(const BlameResult &result, llvm::raw_ostream &os)
      : result(result), os(os) {}

  void render() {
    os << "blame: " << result.inputFile << " -> " << result.outputFile
       << " through " << result.passes.size() << " pass"
       << (result.passes.size() == 1 ? "" : "es") << "\n";
    for (const GraphHistory &graph : result.graphs)
      renderGraph(graph);
    renderSummary();
  }

private:
  std::string passLabel(unsigned pass) const {
    return blame::passLabel(result, pass);
  }
  std::string inputLabel(const InputOp &input) const {
    return blame::inputLabel(result, input);
  }

  void renderGraph(const GraphHistory &graph) {
    os << "\ngraph @" << graph.name;
    if (!graph.inInput)
      os << " (made by " << passLabel(graph.createdBy) << ")";
    if (!graph.inOutput)
      os << " (removed by " << passLabel(graph.removedBy) << ")";
    os << "\n";
    // Columns: line, op, pass, origins.
    std::vector<std::array<std::string, 4>> rows;
    for (const OutputOp &out : graph.outputs) {
      const Version &version = graph.versions[out.version];
      std::array<std::string, 4> row;
      row[0] = out.line ? std::to_string(out.line) : "-";
      row[1] = out.name + " " + version.opName.str();
      row[2] = passLabel(version.pass);
      if (version.origin != Origin::Input)
        row[2] += " (" + stringifyOrigin(version.origin).str() + ")";
      std::string from;
      for (unsigned input : graph.originsOf(out.version)) {
        if (!from.empty())
          from += " ";
        from += inputLabel(graph.inputs[input]);
      }
      row[3] = from.empty() ? "(new)" : from;
      rows.push_back(std::move(row));
    }
    size_t width[3] = {4, 2, 4};
    for (const auto &row : rows)
      for (unsigned c = 0; c < 3; ++c)
        width[c] = std::max(width[c], row[c].size());
    if (!rows.empty())
      os << "  " << llvm::right_justify("line", width[0]) << "  "
         << llvm::left_justify("op", width[1]) << "  "
         << llvm::left_justify("pass", width[2]) << "  from\n";
    for (const auto &row : rows)
      os << "  " << llvm::right_justify(row[0], width[0]) << "  "
         << llvm::left_justify(row[1], width[1]) << "  "
         << llvm::left_justify(row[2], width[2]) << "  " << row[3] << "\n";
    // The input ops that did not reach the output.
    bool first = true;
    for (unsigned i = 0, e = graph.inputs.size(); i < e; ++i) {
      const Version &last = graph.versions[lastOf(graph, i)];
      if (last.fate != Fate::Erased)
        continue;
      if (first)
        os << "  erased:\n";
      first = false;
      os << "    " << inputLabel(graph.inputs[i]) << " "
         << graph.versions[i].opName << " by " << passLabel(last.endPass);
      if (lastOf(graph, i) != i)
        os << " (as " << last.opName << ")";
      os << "\n";
    }
  }

  void renderSummary() {
    os << "\npasses:\n";
    size_t width = 0;
    for (unsigned p = 1; p <= result.passes.size(); ++p)
      width = std::max(width, passLabel(p).size());
    for (const PassRun &pass : result.passes)
      os << "  " << llvm::left_justify(passLabel(pass.index), width) << "  "
         << passCounts(pass) << "\n";
  }

  const BlameResult &result;
  llvm::raw_ostream &os;
};
} // namespace

//===----------------------------------------------------------------------===//
// JSON
//===----------------------------------------------------------------------===//

static void writePass(llvm::json::OStream &j, unsigned pass) {
  if (pass == kInputPass)
    j.value(nullptr);
  else
    j.value(pass);
}

/// The `fates` of input op `input`: what each pass that touched it did.
static void writeFates(llvm::json::OStream &j, const GraphHistory &graph,
                       unsigned input) {
  for (unsigned v : graph.lineageOf(input)) {
    const Version &version = graph.versions[v];
    if (version.origin == Origin::Recreated)
      j.object([&] {
        j.attribute("pass", version.pass);
        j.attribute("fate", "recreated");
        j.attribute("op", version.opName);
      });
    if (version.fate == Fate::Live)
      continue;
    j.object([&] {
      j.attribute("pass", version.endPass);
      j.attribute("fate", stringifyFate(version.fate));
      if (!version.successor || version.fate == Fate::Erased)
        return;
      const Version &next = graph.versions[*version.successor];
      j.attribute("op", next.opName);
      if (version.fate == Fate::Updated)
        j.attribute("changes", llvm::json::Array(changeNames(next.changes)));
      if (version.fate == Fate::Fused)
        j.attribute("parts", next.parents.size());
    });
  }
}

static void writeJSON(const BlameResult &result, llvm::raw_ostream &os) {
  llvm::json::OStream j(os, 2);
  j.objectBegin();
  j.attribute("version", 1);
  j.attribute("input", result.inputFile);
  j.attribute("output", result.outputFile);
  j.attributeArray("passes", [&] {
    for (const PassRun &pass : result.passes)
      j.object([&] {
        j.attribute("index", pass.index);
        j.attribute("name", pass.name);
        j.attribute("created", pass.created);
        j.attribute("updated", pass.updated);
        j.attribute("fused", pass.fusedOps);
        j.attribute("fusions", pass.fusions);
        j.attribute("replaced", pass.replaced);
        j.attribute("erased", pass.erased);
        j.attribute("graphs", pass.graphs);
      });
  });
  j.attributeArray("graphs", [&] {
    for (const GraphHistory &graph : result.graphs) {
      auto outputs = outputsByVersion(graph);
      j.objectBegin();
      j.attribute("name", graph.name);
      j.attributeBegin("created_by");
      writePass(j, graph.createdBy);
      j.attributeEnd();
      j.attributeBegin("removed_by");
      writePass(j, graph.inOutput ? kInputPass : graph.removedBy);
      j.attributeEnd();
      j.attributeArray("outputs", [&] {
        for (const OutputOp &out : graph.outputs) {
          const Version &version = graph.versions[out.version];
          j.object([&] {
            j.attribute("name", out.name);
            j.attribute("op", version.opName);
            j.attribute("line", out.line);
            j.attribute("origin", stringifyOrigin(version.origin));
            j.attributeBegin("pass");
            writePass(j, version.pass);
            j.attributeEnd();
            j.attributeArray("from", [&] {
              for (unsigned input : graph.originsOf(out.version))
                j.value(graph.inputs[input].name);
            });
            j.attributeArray("history", [&] {
              for (unsigned v : graph.ancestryOf(out.version)) {
                const Version &step = graph.versions[v];
                if (step.origin == Origin::Input)
                  continue;
                j.object([&] {
                  j.attribute("pass", step.pass);
                  j.attribute("origin", stringifyOrigin(step.origin));
                  j.attribute("op", step.opName);
                  if (step.origin == Origin::Updated)
                    j.attribute("changes",
                                llvm::json::Array(changeNames(step.changes)));
                  if (step.origin == Origin::Fused ||
                      step.origin == Origin::Replaced)
                    j.attribute("parts", step.parents.size());
                });
              }
            });
          });
        }
      });
      j.attributeArray("inputs", [&] {
        for (unsigned i = 0, e = graph.inputs.size(); i < e; ++i) {
          const InputOp &input = graph.inputs[i];
          j.object([&] {
            j.attribute("name", input.name);
            j.attribute("op", graph.versions[i].opName);
            j.attribute("location", input.location);
            j.attributeArray("fates", [&] { writeFates(j, graph, i); });
            auto out = outputs.find(lastOf(graph, i));
            if (out != outputs.end())
              j.attribute("output", out->second->name);
            else
              j.attribute("output", nullptr);
          });
        }
      });
      j.objectEnd();
    }
  });
  j.objectEnd();
  os << "\n";
}

//===----------------------------------------------------------------------===//
// Queries
//===----------------------------------------------------------------------===//

/// Whether `file` names `path`: the same text, or its last component.
static bool namesFile(StringRef file, StringRef path) {
  if (file.empty() || path.empty())
    return false;
  if (file == path)
    return true;
  return path.ends_with(("/" + file).str()) ||
         file.ends_with(("/" + path).str());
}

static std::string changeList(patch::NodeChange changes) {
  return llvm::join(changeNames(changes), ", ");
}

std::string blame::describeStep(const GraphHistory &graph, unsigned v) {
  const Version &step = graph.versions[v];
  switch (step.origin) {
  case Origin::Input:
    break;
  case Origin::Updated:
    return ("updated " + graph.versions[step.parents.front()].opName +
            " into " + step.opName + " (" + changeList(step.changes) + ")")
        .str();
  case Origin::Fused:
    return "fused " + std::to_string(step.parents.size()) + " ops into " +
           step.opName.str();
  case Origin::Replaced:
    return ("replaced " + graph.versions[step.parents.front()].opName + " by " +
            step.opName)
        .str();
  case Origin::Created:
    return "created " + step.opName.str();
  case Origin::Recreated:
    return "created " + step.opName.str() +
           " again, as an earlier pass erased it";
  }
  return "";
}

void blame::printOutputHistory(const BlameResult &result,
                               const GraphHistory &graph, const OutputOp &out,
                               llvm::raw_ostream &os) {
  const Version &last = graph.versions[out.version];
  os << out.name << " " << last.opName << ", line " << out.line << " of "
     << result.outputFile << " (graph @" << graph.name << ")\n";
  std::vector<unsigned> ancestry = graph.ancestryOf(out.version);
  if (last.origin == Origin::Input)
    os << "  no pass changed it\n";
  size_t width = 0;
  for (unsigned v : ancestry)
    width = std::max(width, passLabel(result, graph.versions[v].pass).size());
  for (unsigned v : ancestry) {
    const Version &step = graph.versions[v];
    if (step.origin == Origin::Input)
      continue;
    os << "  " << llvm::left_justify(passLabel(result, step.pass), width)
       << "  " << describeStep(graph, v) << "\n";
  }
  SmallVector<unsigned> origins = graph.originsOf(out.version);
  if (origins.empty()) {
    os << "  from no input op\n";
    return;
  }
  os << "  from:";
  for (unsigned input : origins)
    os << " " << inputLabel(result, graph.inputs[input]) << " "
       << graph.versions[input].opName;
  os << "\n";
}

void blame::printInputHistory(
    const BlameResult &result, const GraphHistory &graph,
    const llvm::DenseMap<unsigned, const OutputOp *> &outputs, unsigned input,
    llvm::raw_ostream &os) {
  const InputOp &op = graph.inputs[input];
  os << op.name << " " << graph.versions[input].opName;
  if (!op.location.empty())
    os << " at " << op.location;
  os << " (graph @" << graph.name << ")\n";
  llvm::DenseMap<unsigned, unsigned> endedAt;     // pass -> version it ended
  llvm::DenseMap<unsigned, unsigned> madeAgainAt; // pass -> version
  std::vector<unsigned> lineage = graph.lineageOf(input);
  for (unsigned v : lineage) {
    if (graph.versions[v].fate != Fate::Live)
      endedAt[graph.versions[v].endPass] = v;
    if (graph.versions[v].origin == Origin::Recreated)
      madeAgainAt[graph.versions[v].pass] = v;
  }
  bool gone = false;
  size_t width = 0;
  for (unsigned p = 1; p <= result.passes.size(); ++p)
    width = std::max(width, passLabel(result, p).size());
  for (unsigned p = 1; p <= result.passes.size(); ++p) {
    os << "  " << llvm::left_justify(passLabel(result, p), width) << "  ";
    if (auto again = madeAgainAt.find(p); again != madeAgainAt.end()) {
      os << "made again (" << graph.versions[again->second].opName << ")\n";
      gone = false;
      continue;
    }
    auto it = endedAt.find(p);
    if (it == endedAt.end()) {
      os << (gone ? "-" : "kept") << "\n";
      continue;
    }
    const Version &version = graph.versions[it->second];
    if (!version.successor) {
      os << "erased\n";
      break;
    }
    if (version.fate == Fate::Erased) {
      os << "erased\n";
      gone = true;
      continue;
    }
    const Version &next = graph.versions[*version.successor];
    switch (version.fate) {
    case Fate::Updated:
      os << "updated into " << next.opName << " (" << changeList(next.changes)
         << ")";
      break;
    case Fate::Fused:
      os << "fused with " << next.parents.size() - 1 << " other op"
         << (next.parents.size() == 2 ? "" : "s") << " into " << next.opName;
      break;
    default:
      os << "replaced by " << next.opName;
      break;
    }
    os << "\n";
  }
  auto out = outputs.find(lineage.back());
  if (out != outputs.end())
    os << "  now: " << out->second->name << " "
       << graph.versions[lineage.back()].opName << ", line "
       << out->second->line << " of " << result.outputFile << "\n";
}

llvm::Error blame::renderBlameQuery(const BlameResult &result, StringRef query,
                                    llvm::raw_ostream &os) {
  std::string text;
  llvm::raw_string_ostream out(text);
  bool first = true;
  auto separate = [&] {
    if (!first)
      out << "\n";
    first = false;
  };
  auto [file, lineText] = query.rsplit(':');
  unsigned line = 0;
  bool byLine =
      !lineText.empty() && file != query && !lineText.getAsInteger(10, line);
  for (const GraphHistory &graph : result.graphs) {
    std::optional<llvm::DenseMap<unsigned, const OutputOp *>> outputs;
    if (!byLine) {
      for (const OutputOp &op : graph.outputs)
        if (op.name == query) {
          separate();
          printOutputHistory(result, graph, op, out);
        }
      continue;
    }
    if (namesFile(file, result.outputFile))
      for (const OutputOp &op : graph.outputs)
        if (op.line == line) {
          separate();
          printOutputHistory(result, graph, op, out);
        }
    for (unsigned i = 0, e = graph.inputs.size(); i < e; ++i) {
      StringRef location = graph.inputs[i].location;
      auto [inputFileAndLine, column] = location.rsplit(':');
      auto [inputFile, inputLine] = inputFileAndLine.rsplit(':');
      unsigned number = 0;
      if (inputLine.getAsInteger(10, number) || number != line)
        continue;
      if (!namesFile(file, inputFile))
        continue;
      separate();
      if (!outputs)
        outputs = outputsByVersion(graph);
      printInputHistory(result, graph, *outputs, i, out);
    }
  }
  if (first)
    return llvm::createStringError(
        byLine ? "--blame=" + query.str() +
                     ": no op of the input or the output is at that line"
               : "--blame=" + query.str() + ": no op of the output is named " +
                     query.str());
  os << text;
  return llvm::Error::success();
}

void blame::renderBlame(const BlameResult &result, BlameFormat format,
                        llvm::raw_ostream &os) {
  switch (format) {
  case BlameFormat::Text:
    TextRenderer(result, os).render();
    break;
  case BlameFormat::JSON:
    writeJSON(result, os);
    break;
  case BlameFormat::HTML:
    renderBlameHTML(result, os);
    break;
  }
}
