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

TEST(PatchRefTest, RejectsMalformedReferences) {
  MLIRContext context;
  context.getOrLoadDialect<patch::PatchDialect>();
  for (const char *text : {"conv1", "@", "@a[x]", "%5#", "new", "@a b"}) {
    std::string error;
    EXPECT_FALSE(patch::parseRefText(&context, text, error)) << text;
    EXPECT_FALSE(error.empty()) << text;
  }
}
