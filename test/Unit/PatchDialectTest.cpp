//===- PatchDialectTest.cpp - C++ API of the patch dialect ----------------===//

#include "GraphDiff/Dialect/Patch/IR/Patch.h"

#include "mlir/IR/MLIRContext.h"

#include "gtest/gtest.h"

using namespace mlir;
using namespace graphdiff;

TEST(PatchRefTest, ParsesAndPrintsEveryForm) {
  MLIRContext context;
  context.getOrLoadDialect<patch::PatchDialect>();
  for (const char *text :
       {"@conv1", "@split[2]", "%5", "%x#1", "new %7", "new @fused", "_"}) {
    std::string error;
    patch::RefAttr ref = patch::parseRefText(&context, text, error);
    ASSERT_TRUE(ref) << text << ": " << error;
    EXPECT_EQ(ref.str(), text);
  }
}

TEST(PatchRefTest, BareStrDropsOnlyTheNewMark) {
  MLIRContext context;
  context.getOrLoadDialect<patch::PatchDialect>();
  for (auto [text, bare] : {std::pair{"new %7", "%7"},
                            {"new @fused[1]", "@fused[1]"},
                            {"new @\"soft max\"", "@\"soft max\""},
                            {"@conv1", "@conv1"},
                            {"%x#1", "%x#1"},
                            {"_", "_"}}) {
    std::string error;
    patch::RefAttr ref = patch::parseRefText(&context, text, error);
    ASSERT_TRUE(ref) << text << ": " << error;
    EXPECT_EQ(ref.bareStr(), bare) << text;
  }
}

TEST(PatchRefTest, SplitsNameSigilAndResult) {
  MLIRContext context;
  context.getOrLoadDialect<patch::PatchDialect>();
  std::string error;
  patch::RefAttr ref = patch::parseRefText(&context, "@split[2]", error);
  ASSERT_TRUE(ref);
  EXPECT_EQ(ref.getName().getValue(), "split");
  EXPECT_TRUE(ref.getSymbol());
  EXPECT_EQ(ref.getResult(), 2u);
  EXPECT_FALSE(ref.getIsNew());
  EXPECT_EQ(ref.getNodeRef().str(), "@split");
}

TEST(PatchRefTest, QuotesNamesMLIRWouldQuote) {
  MLIRContext context;
  context.getOrLoadDialect<patch::PatchDialect>();
  struct Case {
    const char *name;
    const char *printed;
  } cases[] = {{"soft max", "@\"soft max\""},
               {"1st", "@\"1st\""},
               {"a\"b", "@\"a\\22b\""},
               {"a\\b", "@\"a\\\\b\""},
               {"plain_name.1$", "@plain_name.1$"}};
  for (const Case &c : cases) {
    auto ref = patch::RefAttr::get(&context, StringAttr::get(&context, c.name),
                                   /*symbol=*/true, 0, /*isNew=*/false);
    EXPECT_EQ(ref.str(), c.printed) << c.name;
    std::string error;
    patch::RefAttr back = patch::parseRefText(&context, ref.str(), error);
    ASSERT_TRUE(back) << c.printed << ": " << error;
    EXPECT_EQ(back, ref) << c.printed;
  }
  std::string error;
  patch::RefAttr ref =
      patch::parseRefText(&context, "new @\"soft max\"[1]", error);
  ASSERT_TRUE(ref) << error;
  EXPECT_EQ(ref.getName().getValue(), "soft max");
  EXPECT_EQ(ref.getResult(), 1u);
  EXPECT_TRUE(ref.getIsNew());
  EXPECT_FALSE(patch::parseRefText(&context, "@\"open", error));
}

TEST(PatchRefTest, RejectsMalformedReferences) {
  MLIRContext context;
  context.getOrLoadDialect<patch::PatchDialect>();
  for (const char *text : {"conv1", "@", "@a[x]", "%5#", "new", "@a b"}) {
    std::string error;
    EXPECT_FALSE(patch::parseRefText(&context, text, error)) << text;
    EXPECT_FALSE(error.empty()) << text;
  }
}
