//===- ProfileUnits.h - Sizes as tfprof writes them -------------*- C++ -*-===//
//
// Part of graph-diff.
//
// Sizes as tfprof and tfprof_diff write them, read by the tfprof scope
// importer and written by the profile diff. Decimal units (1KB = 1000B).
// tfprof writes `%dB` under 1000, `%.2fKB` under 10^6 and `%.2fMB` above;
// tfprof_diff rounds to 3 significant digits and scales by 1000 at most twice
// (`6220MB`, `40.3MB`, `-391MB`, `0B`).
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_SUPPORT_PROFILEUNITS_H
#define GRAPHDIFF_SUPPORT_PROFILEUNITS_H

#include "mlir/Support/LLVM.h"
#include <cstdint>
#include <optional>
#include <string>

namespace graphdiff {

/// The largest value a profile holds (a `prof.scope` value is an int64):
/// 9223372036854775807, about 9.2 EB. Larger sizes are errors, never wrapped.
constexpr int64_t kMaxProfileValue = INT64_MAX;

/// The kind of a metric, which decides how its values are written.
enum class MetricKind { Bytes, Count, Micros };

/// `bytes`, `param_bytes`, ... (a name ending in "bytes") are Bytes,
/// `micros` is Micros, everything else (`params`, `flops`) is Count. A
/// numbered repeat (`bytes_2`, as the scope reader names a statistic that a
/// line holds twice) is of its name's kind.
MetricKind metricKindOf(llvm::StringRef metric);

/// `metric` without the number of a repeat (`flops_2` -> `flops`): the word
/// a scope file spells it with.
llvm::StringRef metricBaseName(llvm::StringRef metric);

/// tfprof's spelling of a value of `kind`: `532B`, `1.06KB`, `2844.73MB`;
/// `12`, `1.20k`, `3.40m`, `1.00b`; `12us`, `1.20ms`, `3.40sec`.
std::string formatTFProfValue(int64_t value, MetricKind kind);

/// Reads tfprof's spelling of a value of `kind` (formatTFProfValue's; memory
/// also in `GB`) as tfprof_diff does, as the double `number * unit`. Nullopt
/// if `text` is not such a spelling (no number, another unit, negative, not
/// finite). The value may be more than kMaxProfileValue: see
/// fitsProfileValue.
std::optional<double> parseTFProfValue(llvm::StringRef text, MetricKind kind);

/// Whether `value` (from parseTFProfValue) rounds to at most
/// kMaxProfileValue.
bool fitsProfileValue(double value);

/// tfprof_diff's spelling: 3 significant digits, then `B`/`KB`/`MB` for
/// bytes (`K`/`M` suffixes without `B` for other metrics).
std::string formatSignificant(double value, MetricKind kind);

/// Parses a size given by the user: a decimal number with an optional
/// `K`/`M`/`G` (powers of 1000) and an optional `B` (`1MB`, `0.5KB`, `100`,
/// `2k`). Returns nullopt if the text is not one.
std::optional<double> parseSizeOption(llvm::StringRef text);

} // namespace graphdiff

#endif // GRAPHDIFF_SUPPORT_PROFILEUNITS_H
