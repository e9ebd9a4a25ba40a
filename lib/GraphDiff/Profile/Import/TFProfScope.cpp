//===- TFProfScope.cpp - tfprof scope files in and out --------------------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Profile/Import/TFProfScope.h"

#include "GraphDiff/Support/ProfileUnits.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Verifier.h"
#include "llvm/ADT/StringExtras.h"
#include <cmath>

using namespace mlir;
using namespace graphdiff;
using prof::ProfileOp;
using prof::ScopeOp;

/// The white space of Python's `str.split()` in ASCII, but the blank: what
/// tfprof_diff would split a line of the tree on.
static constexpr StringLiteral kOtherBlanks("\t\n\v\f\r\x1c\x1d\x1e\x1f");

namespace {

/// One `self/total` statistic of a line.
struct Stat {
  MetricKind kind;
  StringRef word; // "params", "flops" or empty: the metric's spelling
  StringRef self, total;
};

/// Reads a tfprof scope file line by line.
class ScopeFileReader {
public:
  ScopeFileReader(StringRef filename, MLIRContext *ctx,
                  TFProfReadTotals *readTotals)
      : filename(filename), ctx(ctx), readTotals(readTotals) {}

  OwningOpRef<ModuleOp> read(StringRef text, StringRef profileName);

private:
  Location loc(unsigned column) {
    return FileLineColLoc::get(ctx, filename, lineNumber, column);
  }
  InFlightDiagnostic error(unsigned column) { return emitError(loc(column)); }
  /// Column (1-based) of `part`, a slice of the current line.
  unsigned columnOf(StringRef part) {
    return static_cast<unsigned>(part.data() - line.data()) + 1;
  }

  LogicalResult parseStat(StringRef text, std::optional<Stat> &stat);
  LogicalResult parseValue(StringRef text, const Stat &stat, bool allowUnknown,
                           int64_t &value, double *read = nullptr);
  /// Parses `name (stats)` into the name and one self and total per metric.
  LogicalResult parseNode(StringRef text, StringRef &name,
                          SmallVectorImpl<Stat> &stats);

  StringRef filename;
  MLIRContext *ctx;
  TFProfReadTotals *readTotals;
  unsigned lineNumber = 0;
  StringRef line;
};

} // namespace

static bool isShape(StringRef text) {
  return !text.empty() && llvm::all_of(text, [](char c) {
    return llvm::isDigit(c) || c == 'x' || c == '-';
  });
}

LogicalResult ScopeFileReader::parseStat(StringRef text,
                                         std::optional<Stat> &stat) {
  auto [self, total] = text.split('/');
  if (total.empty() && !text.contains('/')) {
    if (isShape(text))
      return success(); // a tensor shape: not a statistic
    return error(columnOf(text))
           << "expected a 'self/total' statistic, found '" << text << "'";
  }
  Stat result{MetricKind::Count, "", self, total};
  if (total == "--")
    return error(columnOf(total)) << "a total must be accounted, not '--'";
  if (total.consume_back(" params"))
    result.word = "params";
  else if (total.consume_back(" flops"))
    result.word = "flops";
  else if (total.ends_with("B"))
    result.kind = MetricKind::Bytes;
  else if (total.ends_with("us") || total.ends_with("ms") ||
           total.ends_with("sec"))
    result.kind = MetricKind::Micros;
  else
    return error(columnOf(total))
           << "unknown statistic '" << text
           << "': expected a memory size (B, KB, MB, GB), a time (us, ms, "
              "sec), or a number of params or flops";
  result.total = total;
  stat = result;
  return success();
}

LogicalResult ScopeFileReader::parseValue(StringRef text, const Stat &stat,
                                          bool allowUnknown, int64_t &value,
                                          double *read) {
  if (text == "--") {
    if (allowUnknown) {
      value = ScopeOp::kUnknown;
      return success();
    }
    return error(columnOf(text)) << "a total must be accounted, not '--'";
  }
  std::optional<double> parsed = parseTFProfValue(text, stat.kind);
  if (!parsed)
    return error(columnOf(text))
           << "malformed value '" << text << "'"
           << (stat.kind == MetricKind::Bytes
                   ? ": expected a size such as 532B, 1.06KB or 2844.73MB"
                   : "");
  if (!fitsProfileValue(*parsed))
    return error(columnOf(text))
           << "value '" << text << "' is more than " << kMaxProfileValue
           << ", the most a profile holds";
  value = static_cast<int64_t>(std::llround(*parsed));
  if (read)
    *read = *parsed;
  return success();
}

LogicalResult ScopeFileReader::parseNode(StringRef text, StringRef &name,
                                         SmallVectorImpl<Stat> &stats) {
  size_t space = text.find(' ');
  name = text.take_front(space);
  StringRef rest = space == StringRef::npos ? "" : text.drop_front(space + 1);
  if (rest.empty() || !rest.starts_with("("))
    return error(columnOf(name) + name.size())
           << "expected 'name (self/total)' after '" << name << "'";
  if (!rest.ends_with(")"))
    return error(columnOf(rest) + rest.size())
           << "expected ')' at the end of the line";
  StringRef body = rest.drop_front().drop_back();
  SmallVector<StringRef> parts;
  body.split(parts, ", ");
  for (StringRef part : parts) {
    std::optional<Stat> stat;
    if (failed(parseStat(part, stat)))
      return failure();
    if (stat)
      stats.push_back(*stat);
  }
  if (stats.empty())
    return error(columnOf(rest))
           << "no 'self/total' statistic in '" << rest << "'";
  return success();
}

static std::string metricName(const Stat &stat) {
  if (!stat.word.empty())
    return stat.word.str();
  return stat.kind == MetricKind::Bytes ? "bytes" : "micros";
}

OwningOpRef<ModuleOp> ScopeFileReader::read(StringRef text,
                                            StringRef profileName) {
  Location fileLoc = FileLineColLoc::get(ctx, filename, 1, 1);
  OwningOpRef<ModuleOp> module = ModuleOp::create(fileLoc);
  OpBuilder builder(ctx);
  ProfileOp profile;
  SmallVector<std::string> metrics, statNames;
  // The open scopes: indentation and op, innermost last.
  SmallVector<std::pair<size_t, ScopeOp>> open;

  SmallVector<StringRef> lines;
  text.split(lines, '\n');
  for (StringRef rawLine : lines) {
    ++lineNumber;
    line = rawLine.rtrim("\r");
    StringRef trimmed = line.trim(' ');
    if (!profile) {
      if (!trimmed.starts_with("_TFProfRoot"))
        continue; // a header line
    } else if (trimmed.empty()) {
      continue;
    } else if (trimmed.starts_with("=")) {
      break; // "=====...End of Report====="
    }
    // tfprof_diff splits a line on Python's white space; a name cannot
    // hold any, and the only separator kept here is the blank.
    size_t blank = line.find_first_of(kOtherBlanks);
    if (blank != StringRef::npos)
      return error(columnOf(line.substr(blank)))
                 << (line[blank] == '\t' ? "tab"
                                         : "white space other than a "
                                           "blank")
                 << " in a line of the tree",
             nullptr;
    StringRef name;
    SmallVector<Stat> stats;
    if (failed(parseNode(trimmed, name, stats)))
      return nullptr;
    size_t indent = line.size() - line.ltrim(' ').size();

    if (!profile) {
      for (const Stat &stat : stats) {
        std::string metric = metricName(stat);
        statNames.push_back(metric);
        std::string unique = metric;
        for (unsigned n = 2; llvm::is_contained(metrics, unique); ++n)
          unique = metric + "_" + std::to_string(n);
        metrics.push_back(unique);
      }
      builder.setInsertionPointToEnd(module->getBody());
      SmallVector<StringRef> metricRefs(metrics.begin(), metrics.end());
      profile = ProfileOp::create(builder, fileLoc, profileName,
                                  builder.getStrArrayAttr(metricRefs));
      builder.setInsertionPointToEnd(&profile.getBody().emplaceBlock());
    } else {
      if (stats.size() != metrics.size() ||
          llvm::any_of(llvm::enumerate(stats), [&](auto stat) {
            return metricName(stat.value()) != statNames[stat.index()];
          }))
        return error(columnOf(trimmed))
                   << "expected the statistics of the root line ("
                   << llvm::join(metrics, ", ") << "), found " << stats.size()
                   << " other ones",
               nullptr;
      while (!open.empty() && open.back().first >= indent)
        open.pop_back();
      if (open.empty())
        return error(columnOf(trimmed))
                   << "indented " << indent
                   << " spaces: not under the _TFProfRoot line",
               nullptr;
      if (indent != open.back().first + 2)
        return error(columnOf(trimmed))
                   << "indented " << indent << " spaces, but a child is "
                   << "indented 2 more than its parent '"
                   << open.back().second.getName() << "' (" << open.back().first
                   << ")",
               nullptr;
      builder.setInsertionPointToEnd(&open.back().second.getOrCreateBody());
    }

    SmallVector<int64_t> self, total;
    SmallVector<double, 1> totalRead;
    for (const Stat &stat : stats) {
      int64_t selfValue, totalValue;
      double read;
      if (failed(
              parseValue(stat.self, stat, /*allowUnknown=*/true, selfValue)) ||
          failed(parseValue(stat.total, stat, /*allowUnknown=*/false,
                            totalValue, &read)))
        return nullptr;
      self.push_back(selfValue);
      total.push_back(totalValue);
      totalRead.push_back(read);
    }
    auto scope = ScopeOp::create(
        builder, loc(columnOf(trimmed)), builder.getStringAttr(name),
        builder.getDenseI64ArrayAttr(self), builder.getDenseI64ArrayAttr(total),
        builder.getI64IntegerAttr(0));
    if (readTotals)
      (*readTotals)[scope] = std::move(totalRead);
    open.emplace_back(indent, scope);
  }
  if (!profile) {
    lineNumber = 1;
    line = text;
    return error(1) << "no '_TFProfRoot' line: not a tfprof scope file",
           nullptr;
  }
  if (failed(verify(*module)))
    return nullptr;
  return module;
}

OwningOpRef<ModuleOp>
graphdiff::importTFProfScope(StringRef text, StringRef filename,
                             StringRef profileName, MLIRContext *ctx,
                             TFProfReadTotals *readTotals) {
  ctx->getOrLoadDialect<prof::ProfDialect>();
  return ScopeFileReader(filename, ctx, readTotals).read(text, profileName);
}

//===----------------------------------------------------------------------===//
// Writer
//===----------------------------------------------------------------------===//

/// tfprof's name and one-line description of a metric, for the header.
static std::pair<std::string, std::string> describeMetric(StringRef metric) {
  if (metric == "bytes")
    return {"requested bytes",
            "The memory requested by the operation, accumulatively."};
  if (metric == "params")
    return {"# parameters", "Number of parameters (in the Variable)."};
  if (metric == "flops")
    return {"# float_ops", "Number of float operations."};
  if (metric == "micros")
    return {"execution time", "The time the operation took, accumulatively."};
  if (metric == "param_bytes")
    return {"parameter bytes",
            "The memory the constants (parameters) of the scope occupy."};
  return {metric.str(), "A metric of the profile."};
}

static void writeScope(ScopeOp scope, ArrayRef<unsigned> indices,
                       ArrayRef<MetricKind> kinds, ArrayRef<StringRef> words,
                       unsigned depth, llvm::raw_ostream &os) {
  os.indent(2 * depth) << (depth == 0 ? StringRef("_TFProfRoot")
                                      : scope.getName())
                       << " (";
  for (auto [position, index] : llvm::enumerate(indices)) {
    if (position)
      os << ", ";
    int64_t self = scope.getSelfValue(index);
    os << (self == ScopeOp::kUnknown ? "--"
                                     : formatTFProfValue(self, kinds[position]))
       << "/" << formatTFProfValue(scope.getTotal()[index], kinds[position]);
    if (!words[position].empty())
      os << " " << words[position];
  }
  os << ")\n";
  for (ScopeOp child : scope.getChildren())
    writeScope(child, indices, kinds, words, depth + 1, os);
}

LogicalResult graphdiff::writeTFProfScope(ProfileOp profile,
                                          ArrayRef<std::string> metrics,
                                          llvm::raw_ostream &os) {
  SmallVector<unsigned> indices;
  SmallVector<StringRef> names;
  if (metrics.empty()) {
    for (auto [index, metric] : llvm::enumerate(profile.getMetrics())) {
      indices.push_back(index);
      names.push_back(cast<StringAttr>(metric).getValue());
    }
  }
  for (const std::string &metric : metrics) {
    int index = profile.getMetricIndex(metric);
    if (index < 0)
      return profile.emitError("profile @")
             << profile.getSymName() << " has no metric '" << metric << "'";
    indices.push_back(index);
    names.push_back(cast<StringAttr>(profile.getMetrics()[index]).getValue());
  }
  // Names tfprof_diff splits on white space and reads up to the first space;
  // values whose spelling (rounded to 2 decimals) would read back as more
  // than a profile holds.
  WalkResult bad = profile.walk([&](ScopeOp scope) {
    if (!scope.isRoot() &&
        (scope.getName().contains(' ') ||
         scope.getName().find_first_of(kOtherBlanks) != StringRef::npos)) {
      scope.emitError("scope name '")
          << scope.getName()
          << "' holds white space, which a scope file cannot hold";
      return WalkResult::interrupt();
    }
    for (auto [position, index] : llvm::enumerate(indices)) {
      MetricKind kind = metricKindOf(names[position]);
      for (int64_t value :
           {scope.getSelfValue(index), scope.getTotal()[index]}) {
        if (value == ScopeOp::kUnknown)
          continue;
        std::string spelling = formatTFProfValue(value, kind);
        std::optional<double> read = parseTFProfValue(spelling, kind);
        if (read && fitsProfileValue(*read))
          continue;
        scope.emitError("value ")
            << value << " of metric '" << names[position] << "' is written '"
            << spelling << "', which reads back as more "
            << "than " << kMaxProfileValue
            << ", the most a profile holds: a scope file cannot hold it";
        return WalkResult::interrupt();
      }
    }
    return WalkResult::advance();
  });
  if (bad.wasInterrupted())
    return failure();

  SmallVector<MetricKind> kinds;
  SmallVector<StringRef> words;
  SmallVector<std::string> titles;
  os << "Doc:\n"
     << "scope: The nodes in the model graph are organized by their names, "
        "which is hierarchical like filesystem.\n";
  for (StringRef name : names) {
    auto [title, description] = describeMetric(name);
    os << title << ": " << description << "\n";
    titles.push_back(title);
    kinds.push_back(metricKindOf(name));
    // A repeated statistic is spelled as its first (`0/0 flops`), and read
    // back as a repeat again.
    words.push_back(kinds.back() == MetricKind::Count ? metricBaseName(name)
                                                      : StringRef());
  }
  os << "\nProfile:\nnode name | " << llvm::join(titles, " | ") << "\n";
  writeScope(profile.getRoot(), indices, kinds, words, 0, os);
  return success();
}
