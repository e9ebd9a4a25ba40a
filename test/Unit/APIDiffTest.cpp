//===- APIDiffTest.cpp - The API differ and compspec's rules, as a library ===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/API/Diff/APIDiffer.h"
#include "GraphDiff/API/Diff/CompspecFacts.h"
#include "GraphDiff/Dialect/API/IR/API.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include <gtest/gtest.h>

using namespace mlir;
using namespace graphdiff;

namespace {
class APIDiffTest : public ::testing::Test {
protected:
  APIDiffTest() { context.loadDialect<api::APIDialect>(); }

  OwningOpRef<ModuleOp> parse(StringRef text) {
    OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(text, &context);
    EXPECT_TRUE(module);
    return module;
  }

  /// The changes as "kind old -> new" lines.
  static std::vector<std::string> describe(const APIDiff &diff) {
    std::vector<std::string> lines;
    for (const APIChange &change : diff.changes)
      lines.push_back(stringifyAPIChangeKind(change.kind).str() + " " +
                      change.oldPath + " -> " + change.newPath +
                      (change.breaking ? " !" : ""));
    return lines;
  }

  MLIRContext context;
};
} // namespace

// Three leftovers share one signature: a tie. Nothing is paired by
// structure, each is marked ambiguous, and the report says so.
TEST_F(APIDiffTest, TiesAreNeverGuessed) {
  auto oldAPI = parse(R"(
    api.module @m {
      api.func @f { api.param "x" }
      api.func @g { api.param "x" }
      api.func @keep { api.param "y" }
    })");
  auto newAPI = parse(R"(
    api.module @m {
      api.func @h { api.param "x" }
      api.func @keep { api.param "y" }
    })");
  APIDiff diff = diffAPIs(*oldAPI, *newAPI);
  // m and keep pair by name; nothing by structure.
  ASSERT_EQ(diff.oldObjects.size(), 4u);
  EXPECT_EQ(diff.mapping.getTarget(0), 0u);
  EXPECT_EQ(diff.mapping.getPairStage(0), MatchStage::Id);
  EXPECT_FALSE(diff.mapping.getTarget(1));
  EXPECT_FALSE(diff.mapping.getTarget(2));
  EXPECT_TRUE(diff.mapping.isSourceAmbiguous(1));
  EXPECT_TRUE(diff.mapping.isSourceAmbiguous(2));
  EXPECT_TRUE(diff.mapping.isTargetAmbiguous(1));
  EXPECT_EQ(describe(diff),
            (std::vector<std::string>{"removed m.f ->  !", "removed m.g ->  !",
                                      "added  -> m.h"}));
  EXPECT_NE(diff.changes[0].detail.find("ambiguous: 1 new objects"),
            std::string::npos);
  EXPECT_TRUE(diff.isBreaking());
}

// A unique signature pairs a renamed function by structure; its parameters
// then compare as usual.
TEST_F(APIDiffTest, RenameByStructureRecordsItsStage) {
  auto oldAPI = parse(R"(
    api.func @load { api.param "path" : "str"  api.param "mode" = "'r'" }
  )");
  auto newAPI = parse(R"(
    api.func @open_file { api.param "path" : "str"  api.param "mode" = "'r'" }
  )");
  APIDiff diff = diffAPIs(*oldAPI, *newAPI);
  ASSERT_EQ(diff.mapping.getTarget(0), 0u);
  EXPECT_EQ(diff.mapping.getPairStage(0), MatchStage::Structure);
  EXPECT_EQ(describe(diff),
            (std::vector<std::string>{"renamed load -> open_file !"}));
}

// Defaults and kinds: a new optional parameter is compatible, a removed
// default breaks, a private function's changes never do.
TEST_F(APIDiffTest, DefaultsKindsAndPrivacy) {
  auto oldAPI = parse(R"(
    api.func @f { api.param "a" = "1"  api.param "b" }
    api.func private @_g { api.param "a" }
  )");
  auto newAPI = parse(R"(
    api.func @f {
      api.param "a"
      api.param "b" attributes {kind = "keyword_only"}
      api.param "c" = "None"
    }
    api.func private @_g { api.param "a"  api.param "b" }
  )");
  APIDiff diff = diffAPIs(*oldAPI, *newAPI);
  EXPECT_EQ(describe(diff), (std::vector<std::string>{
                                "default-removed f(a) -> f(a) !",
                                "param-kind-changed f(b) -> f(b) !",
                                "optional-param-added  -> f(c)",
                                "required-param-added  -> _g(b)",
                            }));
}

// compspec's rules, on graphs small enough to derive by hand (and checked
// with clingo on is-compatible.lp): an id that changed type under a parent of
// the same type gives both removed_node shapes; a changed function value
// hides its parameters' changes (changed_parent).
TEST(CompspecFactsTest, RemovedNodeShapesAndChangedParents) {
  auto graph = [](std::vector<std::array<std::string, 3>> nodes) {
    CompspecGraph g;
    for (auto &[id, type, value] : nodes) {
      CompspecNode node;
      node.id = id;
      node.type = type;
      node.value = value;
      node.parent = g.nodes.empty() ? -1 : static_cast<int>(g.nodes.size()) - 1;
      if (node.parent >= 0) {
        const CompspecNode &up = g.nodes[node.parent];
        node.path = (up.parent < 0 ? up.type + ":" + up.value : up.path) +
                    "->" + type + ":" + value;
      }
      g.nodes.push_back(node);
    }
    return g;
  };
  CompspecFacts facts = computeCompspecFacts(graph({{"id0", "cu", "a"},
                                                    {"id1", "function", "f"},
                                                    {"id2", "parameter", "x"}}),
                                             graph({{"id0", "cu", "a"},
                                                    {"id1", "function", "f"},
                                                    {"id2", "type", "int"}}));
  using Facts = std::vector<std::vector<std::string>>;
  EXPECT_EQ(facts.removedNodes, (Facts{{"A", "B", "id2", "parameter",
                                        "cu:a->function:f->parameter:x"},
                                       {"A", "B", "id2", "parameter", "x",
                                        "cu:a->function:f->parameter:x"}}));
  EXPECT_EQ(facts.addedNodes, (Facts{{"A", "B", "id2", "type", "int",
                                      "cu:a->function:f->type:int"}}));
  EXPECT_TRUE(facts.changedNodeValues.empty());

  facts = computeCompspecFacts(graph({{"id0", "cu", "a"},
                                      {"id1", "function", "f"},
                                      {"id2", "parameter", "x"}}),
                               graph({{"id0", "cu", "a"},
                                      {"id1", "function", "g"},
                                      {"id2", "parameter", "y"}}));
  EXPECT_EQ(facts.changedNodeValues,
            (Facts{{"A", "B", "id1", "id1", "function", "f", "g",
                    "cu:a->function:f", "cu:a->function:g"}}));
  EXPECT_TRUE(facts.removedNodes.empty());
  EXPECT_TRUE(facts.addedNodes.empty());
}
