//===- DifferTestSupport.h - Graphs from text for differ tests --*- C++ -*-===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_TEST_UNIT_DIFFERTESTSUPPORT_H
#define GRAPHDIFF_TEST_UNIT_DIFFERTESTSUPPORT_H

#include "GraphDiff/Dialect/LG/IR/LG.h"
#include "GraphDiff/Dialect/Patch/IR/Patch.h"
#include "GraphDiff/Graph/Graph.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Parser/Parser.h"

#include "gtest/gtest.h"

#include <memory>
#include <string>
#include <vector>

namespace graphdiff::test {

/// A chain @a -> @b -> @c -> @d of `lg` nodes, graph @g.
constexpr const char *kChain = R"mlir(
lg.graph @g(%x: i32) -> i32 {
  %a = lg.node @a "A"(%x) : (i32) -> i32
  %b = lg.node @b "B"(%a) : (i32) -> i32
  %c = lg.node @c "C"(%b) : (i32) -> i32
  %d = lg.node @d "D"(%c) : (i32) -> i32
  lg.output %d : i32
}
)mlir";

/// A context with the `lg` and `patch` dialects that parses modules and
/// keeps them alive for the test.
class DifferTest : public ::testing::Test {
protected:
  DifferTest() { context.loadDialect<lg::LGDialect, patch::PatchDialect>(); }

  mlir::ModuleOp parse(llvm::StringRef text) {
    mlir::OwningOpRef<mlir::ModuleOp> module =
        mlir::parseSourceString<mlir::ModuleOp>(text, &context);
    EXPECT_TRUE(module) << text.str();
    if (!module)
      return nullptr;
    modules.push_back(std::move(module));
    return *modules.back();
  }

  /// The graph view of the graph `name` of `text`.
  std::unique_ptr<Graph> graph(llvm::StringRef text,
                               llvm::StringRef name = "g") {
    mlir::ModuleOp module = parse(text);
    if (!module)
      return nullptr;
    mlir::Operation *op = mlir::SymbolTable::lookupSymbolIn(module, name);
    EXPECT_TRUE(op) << "no graph @" << name.str();
    if (!op)
      return nullptr;
    mlir::FailureOr<std::unique_ptr<Graph>> result = Graph::build(op);
    EXPECT_TRUE(mlir::succeeded(result));
    return mlir::succeeded(result) ? std::move(*result) : nullptr;
  }

  /// The index of the node of `graph` with `lg` id `id`.
  static unsigned node(const Graph &graph, llvm::StringRef id) {
    for (unsigned i = 0; i < graph.size(); ++i)
      if (graph.getNodeRef(i).getName().getValue() == id)
        return i;
    ADD_FAILURE() << "no node @" << id.str();
    return 0;
  }

  /// `op` printed.
  static std::string print(mlir::Operation *op) {
    std::string text;
    llvm::raw_string_ostream os(text);
    op->print(os);
    return text;
  }

  mlir::MLIRContext context;
  std::vector<mlir::OwningOpRef<mlir::ModuleOp>> modules;
};

} // namespace graphdiff::test

#endif // GRAPHDIFF_TEST_UNIT_DIFFERTESTSUPPORT_H
