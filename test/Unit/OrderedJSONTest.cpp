//===- OrderedJSONTest.cpp - The API importers' JSON tree -----------------===//
//
// parseOrderedJSON reads with the one JSON reader (Support/JsonDocument.h)
// and gives the importers a tree whose values know their line and column,
// whose objects keep their members in file order, repeated keys included.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Importers/OrderedJSON.h"

#include "gtest/gtest.h"

using namespace graphdiff;

namespace {

TEST(OrderedJSONTest, KeepsOrderPositionsAndIntegers) {
  std::string error;
  std::optional<JSONValue> root = parseOrderedJSON(
      "{\"b\": [1, -20, 1.5, 3e2],\n  \"a\": {\"x\": \"\\u00e9\"},\n"
      "  \"b\": true, \"n\": null}",
      "t.json", error);
  ASSERT_TRUE(root) << error;
  ASSERT_TRUE(root->isObject());
  ASSERT_EQ(root->members.size(), 4u);
  EXPECT_EQ(root->members[0].first, "b");
  EXPECT_EQ(root->members[1].first, "a");
  EXPECT_EQ(root->members[2].first, "b");
  // The first of a repeated key.
  ASSERT_TRUE(root->get("b") && root->get("b")->isArray());

  const JSONValue &list = *root->get("b");
  EXPECT_EQ(list.line, 1u);
  EXPECT_EQ(list.column, 7u);
  ASSERT_EQ(list.elements.size(), 4u);
  EXPECT_EQ(list.elements[0].integer, 1);
  EXPECT_EQ(list.elements[1].integer, -20);
  EXPECT_EQ(list.elements[1].column, 11u);
  EXPECT_EQ(list.elements[2].integer, std::nullopt);
  EXPECT_EQ(list.elements[2].text, "1.5");
  EXPECT_EQ(list.elements[3].integer, std::nullopt);

  const JSONValue &inner = *root->get("a")->get("x");
  EXPECT_EQ(inner.text, "\xc3\xa9");
  EXPECT_EQ(inner.line, 2u);
  EXPECT_EQ(inner.column, 14u);
  EXPECT_EQ(root->members[2].second.kind, JSONValue::Kind::Bool);
  EXPECT_TRUE(root->members[2].second.boolean);
  EXPECT_EQ(root->members[2].second.line, 3u);
  EXPECT_EQ(root->get("n")->kind, JSONValue::Kind::Null);
  EXPECT_EQ(root->get("n")->describeKind(), "null");
}

TEST(OrderedJSONTest, LocatesSyntaxErrors) {
  std::string error;
  EXPECT_FALSE(parseOrderedJSON("{\n  \"f\": [\"a\",\n", "cut.json", error));
  EXPECT_EQ(error, "cut.json:3:1: error: unexpected end of the JSON text");
  EXPECT_FALSE(parseOrderedJSON("[1,\n  2,, 3]", "t.json", error));
  EXPECT_EQ(error, "t.json:2:5: error: expected a JSON value");
}

TEST(OrderedJSONTest, AppendsPointerTokensEscaped) {
  EXPECT_EQ(appendJSONPointer("/a", "b/c~d"), "/a/b~1c~0d");
}

} // namespace
