//===- ProfileUnits.cpp - Sizes as tfprof writes them ---------------------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Support/ProfileUnits.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"
#include <cmath>
#include <cstdlib>

using namespace graphdiff;
using llvm::StringRef;

StringRef graphdiff::metricBaseName(StringRef metric) {
  // A statistic repeated on a line is read as `<name>_2`, `<name>_3`, ...
  size_t underscore = metric.rfind('_');
  if (underscore != StringRef::npos && underscore + 1 < metric.size() &&
      llvm::all_of(metric.drop_front(underscore + 1), llvm::isDigit))
    return metric.take_front(underscore);
  return metric;
}

MetricKind graphdiff::metricKindOf(StringRef metric) {
  // A repeat is of its name's kind.
  metric = metricBaseName(metric);
  if (metric.ends_with("bytes"))
    return MetricKind::Bytes;
  if (metric == "micros")
    return MetricKind::Micros;
  return MetricKind::Count;
}

static std::string printfString(const char *format, double value) {
  char buffer[64];
  std::snprintf(buffer, sizeof(buffer), format, value);
  return buffer;
}

std::string graphdiff::formatTFProfValue(int64_t value, MetricKind kind) {
  double v = static_cast<double>(value);
  switch (kind) {
  case MetricKind::Bytes:
    if (value < 1000)
      return std::to_string(value) + "B";
    if (value < 1000000)
      return printfString("%.2fKB", v / 1e3);
    return printfString("%.2fMB", v / 1e6);
  case MetricKind::Micros:
    if (value < 1000)
      return std::to_string(value) + "us";
    if (value < 1000000)
      return printfString("%.2fms", v / 1e3);
    return printfString("%.2fsec", v / 1e6);
  case MetricKind::Count:
    if (value < 1000)
      return std::to_string(value);
    if (value < 1000000)
      return printfString("%.2fk", v / 1e3);
    if (value < 1000000000)
      return printfString("%.2fm", v / 1e6);
    return printfString("%.2fb", v / 1e9);
  }
  return std::to_string(value);
}

std::optional<double> graphdiff::parseTFProfValue(StringRef text,
                                                  MetricKind kind) {
  StringRef number = text;
  double scale = 1;
  auto suffix = [&](StringRef unit, double factor) {
    if (!number.consume_back(unit))
      return false;
    scale = factor;
    return true;
  };
  switch (kind) {
  case MetricKind::Bytes:
    if (!suffix("GB", 1e9) && !suffix("MB", 1e6) && !suffix("KB", 1e3) &&
        !suffix("B", 1))
      return std::nullopt;
    break;
  case MetricKind::Micros:
    if (!suffix("sec", 1e6) && !suffix("ms", 1e3) && !suffix("us", 1))
      return std::nullopt;
    break;
  case MetricKind::Count:
    suffix("k", 1e3) || suffix("m", 1e6) || suffix("b", 1e9);
    break;
  }
  double parsed;
  if (number.empty() || number.getAsDouble(parsed) || parsed < 0 ||
      !std::isfinite(parsed))
    return std::nullopt;
  return parsed * scale;
}

bool graphdiff::fitsProfileValue(double value) {
  // 2^63 is the first double above kMaxProfileValue; the double below it,
  // 2^63 - 1024, rounds to an int64.
  return value >= 0 && value < 0x1p63;
}

std::string graphdiff::formatSignificant(double value, MetricKind kind) {
  // Round to 3 significant digits in decimal, as `%.3g` does, then scale.
  double rounded = std::strtod(printfString("%.3g", value).c_str(), nullptr);
  unsigned magnitude = 0;
  while (std::fabs(rounded) >= 1000 && magnitude < 2) {
    ++magnitude;
    rounded /= 1000.0;
  }
  std::string digits = printfString("%f", rounded);
  StringRef trimmed = StringRef(digits).rtrim('0').rtrim('.');
  static const char *const byteSuffixes[] = {"B", "KB", "MB"};
  static const char *const countSuffixes[] = {"", "K", "M"};
  return trimmed.str() +
         (kind == MetricKind::Bytes ? byteSuffixes : countSuffixes)[magnitude];
}

std::optional<double> graphdiff::parseSizeOption(StringRef text) {
  StringRef rest = text.trim();
  rest.consume_back("B");
  double scale = 1;
  if (rest.consume_back("K") || rest.consume_back("k"))
    scale = 1e3;
  else if (rest.consume_back("M") || rest.consume_back("m"))
    scale = 1e6;
  else if (rest.consume_back("G") || rest.consume_back("g"))
    scale = 1e9;
  if (rest.empty())
    return std::nullopt;
  double number;
  if (rest.getAsDouble(number) || number < 0 || !std::isfinite(number))
    return std::nullopt;
  return number * scale;
}
