//===- ProfileFuzzer.cpp - Fuzz graph-diff-profile's scope files ----------===//
//
// Part of graph-diff.
//
// The blob is one to three tfprof scope files separated by `// -----`, read
// as `graph-diff-profile a.scope b.scope ...` reads them (importTFProfScope)
// and diffed (diffProfiles). Checked (docs/Testing.md):
//   - a file imports or fails with located errors only;
//   - an imported profile verifies; printed as `prof` IR it reads back the
//     same; written back as a scope file (`--format=scope --metric=all`) it
//     reads back to the same tree, names and unknown values, each value as
//     tfprof's spelling rounds it, and writing that again gives the same
//     text;
//   - a profile diffed against itself (each metric) shows no difference and
//     every node's diff is 0;
//   - the files diffed (each metric of the first, and `--swap`, which
//     negates every diff) render in every format, the JSON one parses, and
//     the same diff renders the same twice.
//
//===----------------------------------------------------------------------===//

#include "FuzzSupport.h"

#include "GraphDiff/Profile/Diff/ProfileDiff.h"
#include "GraphDiff/Profile/Import/TFProfScope.h"
#include "GraphDiff/Profile/Render/ProfileRenderers.h"
#include "mlir/IR/Verifier.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/JSON.h"

#include <cmath>
#include <cstddef>
#include <cstdint>

using namespace mlir;
using namespace graphdiff;
using namespace graphdiff::fuzz;
using prof::ProfileOp;
using prof::ScopeOp;

namespace {
std::string print(Operation *op) {
  std::string text;
  llvm::raw_string_ostream os(text);
  op->print(os, OpPrintingFlags().enableDebugInfo(false, false));
  return text;
}

ProfileOp firstProfile(ModuleOp module) {
  auto profiles = module.getOps<ProfileOp>();
  return profiles.empty() ? ProfileOp() : *profiles.begin();
}

/// The largest error tfprof's spelling of `value` makes (ProfileUnits.cpp: an
/// integer under 1000, else two decimals of the unit), with room for the
/// double arithmetic of reading it back.
double roundingOf(int64_t value, MetricKind kind) {
  if (value < 1000)
    return 0;
  double unit = value < 1000000 ? 1e3 : 1e6;
  if (kind == MetricKind::Count && value >= 1000000000)
    unit = 1e9;
  return 0.005 * unit + std::ldexp(std::fabs(double(value)), -50) + 1;
}

/// `read` is `written` read back from its scope file: the same tree and
/// unknowns, each value within the rounding of its spelling.
void compareScopes(Session &session, ScopeOp written, ScopeOp read,
                   ArrayRef<MetricKind> kinds) {
  if (!written.isRoot() && written.getName() != read.getName())
    session.fail("a scope file written back reads back with scope '" +
                 read.getName() + "' for '" + written.getName() + "'");
  for (unsigned i = 0; i < kinds.size(); ++i) {
    int64_t selfW = written.getSelfValue(i), selfR = read.getSelfValue(i);
    int64_t totalW = written.getTotal()[i], totalR = read.getTotal()[i];
    if ((selfW == ScopeOp::kUnknown) != (selfR == ScopeOp::kUnknown))
      session.fail("a scope file written back reads back with another "
                   "unknown self value in '" +
                   written.getName() + "'");
    auto far = [&](int64_t a, int64_t b) {
      return std::fabs(double(a) - double(b)) > roundingOf(a, kinds[i]);
    };
    if ((selfW != ScopeOp::kUnknown && far(selfW, selfR)) ||
        far(totalW, totalR))
      session.fail("a scope file written back reads back with other values "
                   "in '" +
                   written.getName() + "': self " + Twine(selfW) + " -> " +
                   Twine(selfR) + ", total " + Twine(totalW) + " -> " +
                   Twine(totalR));
  }
  SmallVector<ScopeOp, 4> childrenW = written.getChildren(),
                          childrenR = read.getChildren();
  if (childrenW.size() != childrenR.size())
    session.fail("a scope file written back reads back with " +
                 Twine(childrenR.size()) + " children of '" +
                 written.getName() + "' for " + Twine(childrenW.size()));
  for (auto [w, r] : llvm::zip(childrenW, childrenR))
    compareScopes(session, w, r, kinds);
}

/// `--format=scope --metric=all`.
std::string writeScopeFile(Session &session, ProfileOp profile) {
  std::string text;
  llvm::raw_string_ostream os(text);
  if (failed(writeTFProfScope(profile, {}, os)))
    session.fail("a profile read from a scope file does not write back");
  session.expectNoErrors("writing a scope file");
  return text;
}

/// Whether every value of `profile` has a tfprof spelling that reads back
/// as at most what a profile holds: the writer refuses the others, with an
/// error at the scope (docs/ProfileDiff.md), rather than write a file that
/// cannot be read. A value the reader took may be such a one (a hand-made
/// `9223372036854775000B` is written `9223372036854.78MB`).
bool spellable(ProfileOp profile) {
  return !profile
              .walk([&](ScopeOp scope) {
                for (auto [index, metric] :
                     llvm::enumerate(profile.getMetrics())) {
                  MetricKind kind =
                      metricKindOf(cast<StringAttr>(metric).getValue());
                  for (int64_t value :
                       {scope.getSelfValue(index), scope.getTotal()[index]}) {
                    if (value == ScopeOp::kUnknown)
                      continue;
                    std::optional<double> read =
                        parseTFProfValue(formatTFProfValue(value, kind), kind);
                    if (!read || !fitsProfileValue(*read))
                      return WalkResult::interrupt();
                  }
                }
                return WalkResult::advance();
              })
              .wasInterrupted();
}

/// Writes `profile` back as a scope file, reads that and checks that it is
/// the same profile, up to the rounding of tfprof's spelling.
void checkWriteBack(Session &session, ProfileOp profile, StringRef file,
                    StringRef name) {
  MLIRContext *context = profile.getContext();
  // (test/ProfileDiff/hostile-sizes.test checks the refusal.)
  if (!spellable(profile))
    return;
  std::string written = writeScopeFile(session, profile);
  session.addInput((file + " (written back)").str(), written);
  OwningOpRef<ModuleOp> reread =
      importTFProfScope(written, "written.scope", name, context);
  if (!reread)
    session.fail("a scope file written back does not read back");
  session.expectNoErrors("reading a scope file written back");
  ProfileOp again = firstProfile(*reread);
  if (again.getMetrics() != profile.getMetrics())
    session.fail("a scope file written back reads back with other metrics");
  SmallVector<MetricKind> kinds;
  for (Attribute metric : profile.getMetrics())
    kinds.push_back(metricKindOf(cast<StringAttr>(metric).getValue()));
  compareScopes(session, profile.getRoot(), again.getRoot(), kinds);
  if (writeScopeFile(session, again) != written)
    session.fail("a scope file written back twice is not the same text");
}

std::string render(Session &session, const ProfileDiff &diff) {
  ProfileRenderOptions options;
  std::string all;
  for (int format = 0; format < 3; ++format) {
    std::string text;
    llvm::raw_string_ostream os(text);
    if (format == 0)
      renderProfileDiffText(diff, options, os);
    else if (format == 1)
      renderProfileDiffJSON(diff, options, os);
    else
      renderProfileDiffHTML(diff, options, os);
    if (format == 1)
      if (llvm::Expected<llvm::json::Value> parsed = llvm::json::parse(text);
          !parsed)
        session.fail("the JSON profile diff does not parse: " +
                     llvm::toString(parsed.takeError()));
    all += text;
  }
  return all;
}

/// Diffs `inputs` by `metric` and checks the diff; `same` if they are one
/// profile.
void checkProfileDiff(Session &session, ArrayRef<ProfileInput> inputs,
                      StringRef metric, bool same) {
  ProfileDiffOptions options;
  options.metric = metric.str();
  std::string error;
  FailureOr<ProfileDiff> diff = diffProfiles(inputs, options, error);
  if (failed(diff)) {
    // Only a file without the metric: a whole-file error.
    if (!StringRef(error).contains("has no metric"))
      session.fail("the profile diff failed: " + error);
    return;
  }
  if (same) {
    for (const ProfileDiffNode &node : diff->nodes)
      if (node.diff != 0)
        session.fail("a profile diffed against itself has a difference at '" +
                     node.path + "'");
    if (diff->differs())
      session.fail("a profile diffed against itself differs");
  }
  std::string rendered = render(session, *diff);
  FailureOr<ProfileDiff> again = diffProfiles(inputs, options, error);
  if (failed(again) || render(session, *again) != rendered)
    session.fail("the profile diff renders differently the second time");
  options.swap = true;
  FailureOr<ProfileDiff> swapped = diffProfiles(inputs, options, error);
  if (failed(swapped) || swapped->nodes.size() != diff->nodes.size())
    session.fail("the profile diff with --swap has another tree");
  for (auto [node, other] : llvm::zip(diff->nodes, swapped->nodes))
    if (node.path != other.path || node.diff != -other.diff)
      session.fail("--swap does not negate the diff of '" + node.path + "'");
  render(session, *swapped);
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  SmallVector<StringRef> parts =
      splitInputs(StringRef(reinterpret_cast<const char *>(data), size));
  if (parts.size() > 3)
    return -1;
  Session session;
  MLIRContext &context = session.getContext();
  std::vector<OwningOpRef<ModuleOp>> modules;
  std::vector<ProfileInput> inputs;
  for (auto [index, part] : llvm::enumerate(parts)) {
    std::string file = std::string(1, char('a' + index)) + ".scope";
    std::string name = "step" + std::to_string(index + 1);
    session.addInput(file, part);
    OwningOpRef<ModuleOp> module =
        importTFProfScope(part, file, name, &context);
    if (!module) {
      session.expectLocatedErrors("reading a scope file");
      return 0;
    }
    session.expectNoErrors("reading a scope file");
    ProfileOp profile = firstProfile(*module);
    if (!profile || failed(verify(*module)))
      session.fail("a scope file read into no valid profile");

    // `--format=mlir` reads back as `prof` IR.
    std::string printed = print(*module);
    AsmParserState state;
    OwningOpRef<ModuleOp> reparsed =
        session.parse(printed, file + ".mlir", state);
    if (!reparsed || print(*reparsed) != printed)
      session.fail("a profile printed as IR does not read back the same");

    // Written back, it reads back as the same profile (up to rounding).
    checkWriteBack(session, profile, file, name);

    // The profile against itself, in every metric.
    ProfileInput input{name, file, profile, /*fromScopeFile=*/true};
    for (Attribute metric : profile.getMetrics())
      checkProfileDiff(session, {input, input},
                       cast<StringAttr>(metric).getValue(), /*same=*/true);
    inputs.push_back(input);
    modules.push_back(std::move(module));
  }
  if (inputs.size() >= 2)
    for (Attribute metric : inputs.front().profile.getMetrics())
      checkProfileDiff(session, inputs, cast<StringAttr>(metric).getValue(),
                       /*same=*/false);
  session.expectNoErrors("diffing profiles");
  return 0;
}
