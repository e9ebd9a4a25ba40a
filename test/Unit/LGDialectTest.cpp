//===- LGDialectTest.cpp - C++ API of the lg dialect ----------------------===//

#include "GraphDiff/Dialect/LG/IR/LG.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"

#include "gtest/gtest.h"

using namespace mlir;
using namespace graphdiff;

namespace {
class LGDialectTest : public ::testing::Test {
protected:
  LGDialectTest() { context.getOrLoadDialect<lg::LGDialect>(); }
  MLIRContext context;
};
} // namespace

TEST_F(LGDialectTest, BuildsAndVerifiesAGraph) {
  OpBuilder builder(&context);
  Location loc = builder.getUnknownLoc();
  auto module = ModuleOp::create(loc);
  builder.setInsertionPointToEnd(module.getBody());
  Type t = RankedTensorType::get({4}, builder.getF32Type());
  auto graph =
      lg::GraphOp::create(builder, loc, "g", builder.getFunctionType({t}, {t}));
  builder.setInsertionPointToEnd(&graph.getBody().front());
  auto relu = lg::NodeOp::create(builder, loc, "relu", "ReLU", TypeRange{t},
                                 ValueRange{graph.getArgument(0)});
  lg::OutputOp::create(builder, loc, relu->getResults());

  EXPECT_TRUE(succeeded(verify(module)));
  EXPECT_EQ(graph.lookupNode("relu"), relu);
  EXPECT_EQ(graph.lookupNode("missing"), nullptr);
  EXPECT_EQ(graph.getOutputOp().getValues().front(), relu.getResult(0));
  module->erase();
}

TEST_F(LGDialectTest, RejectsACycleAndNamesIt) {
  const char *text = R"mlir(
    lg.graph @g(%x: i32) -> i32 {
      %a = lg.node @a "Add"(%x, %b) : (i32, i32) -> i32
      %b = lg.node @b "Neg"(%a) : (i32) -> i32
      lg.output %b : i32
    })mlir";
  std::string message;
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
    message = diag.str();
    return success();
  });
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(text, &context);
  EXPECT_FALSE(module);
  EXPECT_NE(message.find("cycle in graph @g"), std::string::npos) << message;
  EXPECT_NE(message.find("@a"), std::string::npos) << message;
  EXPECT_NE(message.find("@b"), std::string::npos) << message;
}

TEST_F(LGDialectTest, ResultsArePrintedWithTheNodeId) {
  const char *text = R"mlir(
    lg.graph @g(%x: i32) -> i32 {
      %0 = lg.node @conv1 "Conv2d"(%x) stateful : (i32) -> i32
      lg.output %0 : i32
    })mlir";
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(text, &context);
  ASSERT_TRUE(module);
  std::string printed;
  llvm::raw_string_ostream os(printed);
  module->print(os);
  EXPECT_NE(printed.find("%conv1 = lg.node @conv1 \"Conv2d\"(%arg0) stateful"),
            std::string::npos)
      << printed;
}
