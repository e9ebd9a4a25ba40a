//===- PythonFloat.h - Floats as Python writes them -------------*- C++ -*-===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_SUPPORT_PYTHONFLOAT_H
#define GRAPHDIFF_SUPPORT_PYTHONFLOAT_H

#include <string>

namespace graphdiff {

/// Python's `repr()` and `str()` of a float: the shortest digits that read
/// back as the same double, in fixed notation for decimal exponents -4 to
/// 15 (`10.0`, `15.000000000000002`, `0.0001`), else in scientific notation
/// with at least two exponent digits (`1e+16`, `1.5e-05`); `nan`, `inf`,
/// `-inf`. What the seed tools, written in Python, print.
std::string formatPythonFloat(double value);

} // namespace graphdiff

#endif // GRAPHDIFF_SUPPORT_PYTHONFLOAT_H
