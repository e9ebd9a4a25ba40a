//===- PythonFloat.cpp - Floats as Python writes them ---------------------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Support/PythonFloat.h"

#include "llvm/ADT/StringRef.h"
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

using namespace graphdiff;
using llvm::StringRef;

static std::string printfString(const char *format, double value) {
  char buffer[64];
  std::snprintf(buffer, sizeof(buffer), format, value);
  return buffer;
}

std::string graphdiff::formatPythonFloat(double value) {
  if (std::isnan(value))
    return "nan";
  if (std::isinf(value))
    return value < 0 ? "-inf" : "inf";
  // The shortest `%.Ne` that reads back as the same double.
  std::string scientific;
  for (int precision = 0; precision <= 17; ++precision) {
    char format[16];
    std::snprintf(format, sizeof(format), "%%.%de", precision);
    scientific = printfString(format, value);
    if (std::strtod(scientific.c_str(), nullptr) == value)
      break;
  }
  StringRef text(scientific);
  bool negative = text.consume_front("-");
  auto [mantissa, exponentText] = text.split('e');
  int exponent = 0;
  exponentText.consume_front("+");
  exponentText.getAsInteger(10, exponent);
  std::string digits;
  for (char c : mantissa)
    if (c != '.')
      digits.push_back(c);
  while (digits.size() > 1 && digits.back() == '0')
    digits.pop_back();
  std::string out = negative ? "-" : "";
  if (exponent >= -4 && exponent < 16) {
    if (exponent < 0)
      return out + "0." + std::string(-exponent - 1, '0') + digits;
    std::string whole =
        digits.substr(0, std::min<size_t>(digits.size(), exponent + 1));
    whole.append(exponent + 1 - whole.size(), '0');
    std::string fraction = digits.size() > size_t(exponent + 1)
                               ? digits.substr(exponent + 1)
                               : "0";
    return out + whole + "." + fraction;
  }
  out += digits.substr(0, 1);
  if (digits.size() > 1)
    out += "." + digits.substr(1);
  return out + printfString(exponent < 0 ? "e-%02.0f" : "e+%02.0f",
                            std::fabs(static_cast<double>(exponent)));
}
