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

#include <initializer_list>
#include <memory>
#include <string>
#include <vector>

namespace graphdiff::test {

/// Source values (what new nodes' results stand for) and node lists, as
/// the differ keeps them.
using Values = llvm::SmallVector<mlir::Value, 2>;
using Nodes = llvm::SmallVector<unsigned, 4>;

/// The text of graph @g(%x: i32) -> i32 whose nodes form a chain, each
/// reading the one before (the first reads %x): one entry per node, `id Kind`
/// followed by anything else its `lg.node` says (`f BC fused_from [@b]`).
inline std::string chain(std::initializer_list<llvm::StringRef> nodes) {
  std::string text = "lg.graph @g(%x: i32) -> i32 {\n";
  std::string last = "%x";
  for (llvm::StringRef entry : nodes) {
    auto [id, rest] = entry.split(' ');
    auto [kind, extra] = rest.split(' ');
    text += "  %" + id.str() + " = lg.node @" + id.str() + " \"" + kind.str() +
            "\"(" + last + ") " + extra.str() + " : (i32) -> i32\n";
    last = "%" + id.str();
  }
  return text + "  lg.output " + last + " : i32\n}\n";
}

/// The chain @a -> @b -> @c -> @d.
inline const std::string kChain = chain({"a A", "b B", "c C", "d D"});

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
      if (graph.getNodeRef(i).getName() == id)
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
