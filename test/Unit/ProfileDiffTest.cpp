//===- ProfileDiffTest.cpp - Profile diffs: units and the engine ---------===//
//
// Expected spellings are Python's (tfprof_diff's print_memory and str() of a
// float), computed with python3.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Profile/Diff/ProfileDiff.h"
#include "GraphDiff/Dialect/Profile/IR/Profile.h"
#include "GraphDiff/Support/ProfileUnits.h"
#include "GraphDiff/Support/PythonFloat.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include "gtest/gtest.h"

using namespace mlir;
using namespace graphdiff;

TEST(ProfileUnitsTest, ThreeSignificantDigitsAsTfprofDiff) {
  std::pair<double, const char *> cases[] = {
      {6218170000, "6220MB"}, {40312000, "40.3MB"},
      {-390940000, "-391MB"}, {0, "0B"},
      {999, "999B"},          {1500, "1.5KB"},
      {2165, "2.16KB"},       {1e12, "1000000MB"},
      {0.5, "0.5B"},          {-0.0004, "-0.0004B"}};
  for (auto [value, text] : cases)
    EXPECT_EQ(formatSignificant(value, MetricKind::Bytes), text) << value;
  EXPECT_EQ(formatSignificant(3400, MetricKind::Count), "3.4K");
}

TEST(ProfileUnitsTest, PythonFloatSpelling) {
  std::pair<double, const char *> cases[] = {
      {0.1 * 100, "10.0"}, {0.15 * 100, "15.0"},
      {1e16, "1e+16"},     {1.5e-05, "1.5e-05"},
      {0.0001, "0.0001"},  {123456.0, "123456.0"},
      {0.0, "0.0"},        {0.07 * 100, "7.000000000000001"}};
  for (auto [value, text] : cases)
    EXPECT_EQ(formatPythonFloat(value), text) << value;
}

TEST(ProfileUnitsTest, TfprofSpelling) {
  EXPECT_EQ(formatTFProfValue(532, MetricKind::Bytes), "532B");
  EXPECT_EQ(formatTFProfValue(1060, MetricKind::Bytes), "1.06KB");
  EXPECT_EQ(formatTFProfValue(2844730000, MetricKind::Bytes), "2844.73MB");
  EXPECT_EQ(formatTFProfValue(3400, MetricKind::Count), "3.40k");
  EXPECT_EQ(formatTFProfValue(1000000000, MetricKind::Count), "1.00b");
  EXPECT_EQ(formatTFProfValue(12, MetricKind::Micros), "12us");
  EXPECT_EQ(formatTFProfValue(3000000, MetricKind::Micros), "3.00sec");
}

TEST(ProfileUnitsTest, SizeOptions) {
  EXPECT_EQ(parseSizeOption("1MB"), 1e6);
  EXPECT_EQ(parseSizeOption("0.5KB"), 500);
  EXPECT_EQ(parseSizeOption("2G"), 2e9);
  EXPECT_EQ(parseSizeOption("12"), 12);
  EXPECT_EQ(parseSizeOption("0B"), 0);
  for (const char *bad : {"1XB", "", "B", "-1MB", "MB", "1e999"})
    EXPECT_FALSE(parseSizeOption(bad).has_value()) << bad;
}

namespace {
/// Parses two profiles from prof IR and diffs them.
class ProfileDiffTest : public ::testing::Test {
protected:
  ProfileDiffTest() { context.getOrLoadDialect<prof::ProfDialect>(); }

  FailureOr<ProfileDiff> diff(llvm::StringRef left, llvm::StringRef right,
                              const ProfileDiffOptions &options,
                              std::string &error) {
    std::vector<ProfileInput> inputs;
    for (auto [name, text] : {std::pair{"left", left}, {"right", right}}) {
      modules.push_back(parseSourceString<ModuleOp>(text, &context));
      EXPECT_TRUE(modules.back()) << text.str();
      if (!modules.back())
        return failure();
      inputs.push_back({name, std::string(name) + ".mlir",
                        *modules.back()->getOps<prof::ProfileOp>().begin()});
    }
    return diffProfiles(inputs, options, error);
  }

  MLIRContext context;
  std::vector<OwningOpRef<ModuleOp>> modules;
};

ProfileDiffOptions showEverything() {
  ProfileDiffOptions options;
  options.minSize = 0;
  return options;
}
} // namespace

// A scope whose parents a file does not list gets parents with no data, and
// those are always shown (tfprof_diff's rule: no data counts as missing).
TEST_F(ProfileDiffTest, ParentsWithoutDataAreShown) {
  const char *profile = R"mlir(
    prof.profile @p metrics ["bytes"] {
      prof.scope "_TFProfRoot" total [10] {
        prof.scope "a/b/c" total [5]
        prof.scope "z" total [5]
      }
    })mlir";
  std::string error;
  FailureOr<ProfileDiff> result =
      diff(profile, profile, showEverything(), error);
  ASSERT_TRUE(succeeded(result)) << error;
  std::vector<std::string> shown;
  for (const ProfileDiffNode &node : result->nodes)
    if (node.shown)
      shown.push_back(node.path);
  // a and a/b have no data; a/b/c and z are equal on both sides.
  EXPECT_EQ(shown, (std::vector<std::string>{"", "a", "a/b"}));
  // Shown as tfprof_diff shows them, but no difference: the exit code is 0.
  EXPECT_TRUE(result->showsTree());
  EXPECT_FALSE(result->differs());
  const ProfileDiffNode &a = result->nodes[result->nodes.front().children[0]];
  EXPECT_EQ(a.path, "a");
  EXPECT_FALSE(a.values[0].has_value());
  EXPECT_FALSE(a.ratio.has_value());
}

// Equal differences keep the order in which the inputs first name the
// children, whatever the names: the output does not depend on hashing.
TEST_F(ProfileDiffTest, TiesKeepFirstNamedOrder) {
  std::string error;
  FailureOr<ProfileDiff> result = diff(R"mlir(
    prof.profile @l metrics ["bytes"] {
      prof.scope "_TFProfRoot" total [30] {
        prof.scope "zeta" total [10]
        prof.scope "alpha" total [10]
        prof.scope "mid" total [10]
      }
    })mlir",
                                       R"mlir(
    prof.profile @r metrics ["bytes"] {
      prof.scope "_TFProfRoot" total [3] {
        prof.scope "omega" total [3]
      }
    })mlir",
                                       showEverything(), error);
  ASSERT_TRUE(succeeded(result)) << error;
  std::vector<std::string> order;
  for (unsigned child : result->nodes.front().children)
    order.push_back(result->nodes[child].path);
  EXPECT_EQ(order, (std::vector<std::string>{"zeta", "alpha", "mid", "omega"}));
}

TEST_F(ProfileDiffTest, MissingMetricIsAnError) {
  std::string error;
  EXPECT_TRUE(failed(diff(
      R"mlir(prof.profile @l metrics ["bytes"] { prof.scope "r" total [1] })mlir",
      R"mlir(prof.profile @r metrics ["params"] { prof.scope "r" total [1] })mlir",
      ProfileDiffOptions(), error)));
  EXPECT_EQ(error, "right.mlir: profile has no metric 'bytes'");
}
