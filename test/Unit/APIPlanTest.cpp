//===- APIPlanTest.cpp - The plan of an API diff, applied and verified ----===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/API/Diff/APIPlan.h"
#include "GraphDiff/API/Diff/APIDiffer.h"
#include "GraphDiff/Dialect/API/IR/API.h"
#include "GraphDiff/Dialect/Patch/IR/Patch.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include <gtest/gtest.h>

using namespace mlir;
using namespace graphdiff;

namespace {
class APIPlanTest : public ::testing::Test {
protected:
  APIPlanTest() { context.loadDialect<api::APIDialect, patch::PatchDialect>(); }

  OwningOpRef<ModuleOp> parse(StringRef text) {
    OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(text, &context);
    EXPECT_TRUE(module);
    return module;
  }

  /// The plan's actions, one line each, without their bodies:
  /// "update @m.f changes [attributes] inputs(@m) stage structure".
  static std::vector<std::string> actions(patch::PlanOp plan) {
    std::vector<std::string> lines;
    for (Operation &action : plan.getActions().front()) {
      std::string line;
      llvm::raw_string_ostream os(line);
      os << action.getName().stripDialect();
      if (auto del = dyn_cast<patch::DeleteOp>(action)) {
        os << " " << del.getNode().str();
        if (del.getReason())
          os << " because";
      } else if (auto update = dyn_cast<patch::UpdateOp>(action)) {
        os << " " << update.getNode().str() << " changes ["
           << patch::stringifyNodeChange(update.getChanges()) << "]";
      } else if (auto replace = dyn_cast<patch::ReplaceOp>(action)) {
        os << " " << replace.getAnchor().str() << " with "
           << replace.getNewName().str();
      } else if (auto insert = dyn_cast<patch::InsertOp>(action)) {
        os << " " << insert.getNewName().str();
      }
      if (auto node = dyn_cast<patch::NewNodeOpInterface>(action)) {
        os << " inputs(";
        for (Attribute input : node.getInputs())
          os << cast<patch::RefAttr>(input).str();
        os << ")";
      }
      if (auto stage = cast<patch::ActionOpInterface>(action).getStage())
        os << " stage " << patch::stringifyMatchStage(*stage);
      lines.push_back(line);
    }
    return lines;
  }

  /// The changes as "kind old -> new" lines, "!" when breaking.
  static std::vector<std::string> describe(const APIDiff &diff) {
    std::vector<std::string> lines;
    for (const APIChange &change : diff.changes)
      lines.push_back(stringifyAPIChangeKind(change.kind).str() + " " +
                      change.oldPath + " -> " + change.newPath +
                      (change.breaking ? " !" : ""));
    return lines;
  }

  /// Runs verifyAPIPlan and returns its diagnostics ("" if it succeeds).
  std::string verifyErrors(patch::PlanOp plan, ModuleOp oldAPI,
                           ModuleOp newAPI) {
    std::string errors;
    ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
      errors += diag.str() + "\n";
      return success();
    });
    bool ok = succeeded(verifyAPIPlan(plan, oldAPI, newAPI));
    EXPECT_EQ(ok, errors.empty());
    return errors;
  }

  MLIRContext context;
};

const char *kOld = R"(
  api.module @geo {
    api.func @area { api.param "w" : "float"  api.param "h" : "float" }
    api.func @scale { api.param "x" : "float"  api.param "k" : "int" }
    api.func @legacy { api.param "q" : "str" }
    api.func @dist { api.param "a" : "Point"  api.param "b" : "Point" }
  })";
} // namespace

// A unique signature under a new name: one update of the name, anchored on
// the old function, decided by structure; read back as a rename.
TEST_F(APIPlanTest, RenameIsAnUpdateOfTheName) {
  auto oldAPI = parse(R"(
    api.module @geo { api.func @area { api.param "w" : "float" } })");
  auto newAPI = parse(R"(
    api.module @geo { api.func @surface { api.param "w" : "float" } })");
  APIDiff diff = diffAPIs(*oldAPI, *newAPI);
  EXPECT_EQ(actions(diff.plan),
            (std::vector<std::string>{"update @geo.area changes [attributes] "
                                      "inputs(@geo) stage structure"}));
  EXPECT_EQ(verifyErrors(diff.plan, *oldAPI, *newAPI), "");
  EXPECT_EQ(describe(diff),
            (std::vector<std::string>{"renamed geo.area -> geo.surface !"}));
}

// Into a new module: the module is inserted first, then the function's
// update moves it there (its input, the scope, changes).
TEST_F(APIPlanTest, MoveIsAnUpdateOfTheScope) {
  auto oldAPI = parse(R"(
    api.module @geo { api.func @dist { api.param "a" : "Point" } })");
  auto newAPI = parse(R"(
    api.module @geo {}
    api.module @metric { api.func @dist { api.param "a" : "Point" } })");
  APIDiff diff = diffAPIs(*oldAPI, *newAPI);
  EXPECT_EQ(actions(diff.plan),
            (std::vector<std::string>{
                "insert new @metric inputs()",
                "update @geo.dist changes [inputs] inputs(new @metric) stage "
                "structure"}));
  EXPECT_EQ(verifyErrors(diff.plan, *oldAPI, *newAPI), "");
  EXPECT_EQ(describe(diff),
            (std::vector<std::string>{"moved geo.dist -> metric.dist !",
                                      "added  -> metric"}));
}

// A removed function is a delete; a changed signature an update of the
// function's body, compared parameter by parameter.
TEST_F(APIPlanTest, RemovalAndChangedSignature) {
  auto oldAPI = parse(kOld);
  auto newAPI = parse(R"(
    api.module @geo {
      api.func @area { api.param "w" : "float"  api.param "h" : "float" }
      api.func @scale { api.param "x" : "float"  api.param "k" : "float" }
      api.func @dist { api.param "a" : "Point"  api.param "b" : "Point" }
    })");
  APIDiff diff = diffAPIs(*oldAPI, *newAPI);
  EXPECT_EQ(actions(diff.plan),
            (std::vector<std::string>{
                "update @geo.scale changes [regions] inputs(@geo) stage id",
                "delete @geo.legacy"}));
  EXPECT_EQ(verifyErrors(diff.plan, *oldAPI, *newAPI), "");
  EXPECT_EQ(describe(diff),
            (std::vector<std::string>{
                "param-type-changed geo.scale(k) -> geo.scale(k) !",
                "removed geo.legacy ->  !"}));
}

// Two old functions with one signature against one new: a tie. Nothing is
// guessed: both are deleted, saying why, and the new one inserted.
TEST_F(APIPlanTest, TieIsDeletesAndAnInsert) {
  auto oldAPI = parse(R"(
    api.func @f1 { api.param "v" : "int" }
    api.func @f2 { api.param "v" : "int" })");
  auto newAPI = parse(R"(
    api.func @g1 { api.param "v" : "int" })");
  APIDiff diff = diffAPIs(*oldAPI, *newAPI);
  EXPECT_EQ(
      actions(diff.plan),
      (std::vector<std::string>{"insert new @g1 inputs()", "delete @f1 because",
                                "delete @f2 because"}));
  auto del = cast<patch::DeleteOp>(
      &*std::next(diff.plan.getActions().front().begin()));
  EXPECT_EQ(del.getReason(),
            "ambiguous: 1 new objects with the same signature; not guessed");
  EXPECT_TRUE(diff.mapping.isSourceAmbiguous(0));
  EXPECT_TRUE(diff.mapping.isSourceAmbiguous(1));
  EXPECT_TRUE(diff.mapping.isTargetAmbiguous(0));
  EXPECT_EQ(verifyErrors(diff.plan, *oldAPI, *newAPI), "");
}

// A class that became a function of the same name: a replace of the class
// (its methods deleted), read back as a removal and an addition.
TEST_F(APIPlanTest, KindChangeIsAReplace) {
  auto oldAPI = parse(R"(
    api.class @Shape { api.func @area { api.param "self" } })");
  auto newAPI = parse(R"(
    api.func @Shape { api.param "kind" : "str" })");
  APIDiff diff = diffAPIs(*oldAPI, *newAPI);
  EXPECT_EQ(actions(diff.plan),
            (std::vector<std::string>{"replace @Shape with new @Shape inputs() "
                                      "stage id",
                                      "delete @Shape.area"}));
  EXPECT_EQ(verifyErrors(diff.plan, *oldAPI, *newAPI), "");
  EXPECT_EQ(describe(diff), (std::vector<std::string>{"removed Shape ->  !",
                                                      "added  -> Shape"}));
}

// Verification trusts no mapping: a plan that misses an action gives
// another API, and the first object that differs is named.
TEST_F(APIPlanTest, IncompletePlansFailVerification) {
  auto oldAPI = parse(kOld);
  auto newAPI = parse(R"(
    api.module @geo {
      api.func @area { api.param "w" : "float"  api.param "h" : "float" }
      api.func @scale { api.param "x" : "float"  api.param "k" : "float" }
      api.func @dist { api.param "a" : "Point"  api.param "b" : "Point" }
    })");
  APIDiff diff = diffAPIs(*oldAPI, *newAPI);
  Block &actionList = diff.plan.getActions().front();
  ASSERT_EQ(actionList.getOperations().size(), 2u);
  actionList.front().erase(); // the update of geo.scale
  EXPECT_NE(verifyErrors(diff.plan, *oldAPI, *newAPI)
                .find("the plan does not give the new API: geo.scale has "
                      "other parameters, results or facts"),
            std::string::npos);
  APIDiff again = diffAPIs(*oldAPI, *newAPI);
  again.plan.getActions().front().back().erase(); // the delete of geo.legacy
  EXPECT_NE(verifyErrors(again.plan, *oldAPI, *newAPI)
                .find("the plan does not give the new API: geo.legacy is not "
                      "in the target"),
            std::string::npos);
}

// A scope deleted while it still holds an object, and a reference to no
// object, are errors at the action.
TEST_F(APIPlanTest, BadPlansDoNotApply) {
  auto oldAPI = parse(kOld);
  auto newAPI = parse("");
  APIDiff diff = diffAPIs(*oldAPI, *newAPI);
  // delete @geo, then one delete per function.
  Block &actionList = diff.plan.getActions().front();
  ASSERT_EQ(actionList.getOperations().size(), 5u);
  EXPECT_EQ(verifyErrors(diff.plan, *oldAPI, *newAPI), "");
  actionList.back().erase(); // the delete of geo.dist
  EXPECT_NE(verifyErrors(diff.plan, *oldAPI, *newAPI)
                .find("removes an object that still holds @dist, which no "
                      "action deletes or moves out"),
            std::string::npos);
  OpBuilder builder = OpBuilder::atBlockEnd(&actionList);
  patch::DeleteOp::create(
      builder, builder.getUnknownLoc(),
      patch::RefAttr::get(&context, StringAttr::get(&context, "geo.nothing"),
                          true, 0, false),
      nullptr, nullptr, nullptr);
  EXPECT_NE(verifyErrors(diff.plan, *oldAPI, *newAPI)
                .find("names @geo.nothing, which is not an object of the "
                      "source API"),
            std::string::npos);
}
