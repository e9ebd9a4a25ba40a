//===- OrderedJSONTest.cpp - The API importers' JSON tree -----------------===//
//
// parseOrderedJSON reads with the one JSON reader (Support/JsonDocument.h)
// and gives the importers a tree whose values know their line and column,
// whose objects keep their members in file order, one per key: a repeated
// key has its last value at its first place, as Python's json module reads it.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/API/Import/OrderedJSON.h"

#include "gtest/gtest.h"

using namespace graphdiff;

namespace {

TEST(OrderedJSONTest, KeepsOrderOneMemberPerKey) {
  std::string error;
  std::optional<JSONValue> root = parseOrderedJSON(
      "{\"b\": [1, -20, 1.5, 3e2],\n  \"a\": {\"x\": \"\\u00e9\"},\n"
      "  \"b\": true, \"n\": null}",
      "t.json", error);
  ASSERT_TRUE(root) << error;
  ASSERT_TRUE(root->isObject());
  ASSERT_EQ(root->members.size(), 3u);
  EXPECT_EQ(root->members[0].first, "b");
  EXPECT_EQ(root->members[1].first, "a");
  EXPECT_EQ(root->members[2].first, "n");
  // A repeated key: its last value, at its first place (Python's dict).
  ASSERT_TRUE(root->get("b"));
  EXPECT_EQ(root->get("b"), &root->members[0].second);
  EXPECT_EQ(root->members[0].second.kind, JSONValue::Kind::Bool);
  EXPECT_TRUE(root->members[0].second.boolean);
  EXPECT_EQ(root->members[0].second.line, 3u);
  EXPECT_EQ(root->members[0].second.column, 8u);
}

TEST(OrderedJSONTest, RepeatedKeysInLargeAndNestedObjects) {
  // Twenty keys (past the size where members are indexed, not searched),
  // then three repeats; the last holds an object with a repeat of its own.
  std::string text = "{";
  for (int i = 0; i < 20; ++i)
    text += "\"k" + std::to_string(i) + "\": " + std::to_string(i) + ", ";
  text += "\"k5\": 50, \"k19\": 190,\n\"k0\": {\"x\": 1, \"y\": 2, \"x\": 3}}";
  std::string error;
  std::optional<JSONValue> root = parseOrderedJSON(text, "t.json", error);
  ASSERT_TRUE(root) << error;
  ASSERT_EQ(root->members.size(), 20u);
  for (int i = 0; i < 20; ++i)
    EXPECT_EQ(root->members[i].first, "k" + std::to_string(i));
  EXPECT_EQ(root->members[5].second.integer, 50);
  EXPECT_EQ(root->members[19].second.integer, 190);
  EXPECT_EQ(root->members[6].second.integer, 6);
  const JSONValue &last = root->members[0].second;
  ASSERT_TRUE(last.isObject());
  EXPECT_EQ(last.line, 2u);
  EXPECT_EQ(last.column, 7u);
  ASSERT_EQ(last.members.size(), 2u);
  EXPECT_EQ(last.members[0].first, "x");
  EXPECT_EQ(last.members[0].second.integer, 3);
  EXPECT_EQ(last.members[1].first, "y");
}

TEST(OrderedJSONTest, PositionsAndIntegers) {
  std::string error;
  std::optional<JSONValue> root = parseOrderedJSON(
      "{\"b\": [1, -20, 1.5, 3e2],\n  \"a\": {\"x\": \"\\u00e9\"},\n"
      "  \"n\": null}",
      "t.json", error);
  ASSERT_TRUE(root) << error;
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
