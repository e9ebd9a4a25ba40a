//===- SimilarityTest.cpp - The similarity component's building blocks ----===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Similarity/Diff/SemVer.h"
#include "GraphDiff/Similarity/Diff/SetSimilarity.h"
#include "GraphDiff/Similarity/Diff/SimilarityResults.h"
#include "GraphDiff/Similarity/Import/Inputs.h"
#include "GraphDiff/Support/JsonDocument.h"
#include "llvm/Support/ThreadPool.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <random>
#include <set>

using namespace graphdiff;

namespace {

// Python's repr of the same doubles.
TEST(FormatDouble, MatchesPythonRepr) {
  EXPECT_EQ(formatDouble(1.0), "1.0");
  EXPECT_EQ(formatDouble(0.0), "0.0");
  EXPECT_EQ(formatDouble(0.5), "0.5");
  EXPECT_EQ(formatDouble(2.0 / 3.0), "0.6666666666666666");
  EXPECT_EQ(formatDouble(0.1 + 0.2), "0.30000000000000004");
  EXPECT_EQ(formatDouble(0.0001), "0.0001");
  EXPECT_EQ(formatDouble(0.00001), "1e-05");
  EXPECT_EQ(formatDouble(1.5e-7), "1.5e-07");
  EXPECT_EQ(formatDouble(123.0), "123.0");
  EXPECT_EQ(formatDouble(1e16), "1e+16");
  EXPECT_EQ(formatDouble(-2.5), "-2.5");
}

TEST(FormatDouble, ReadsBackExactly) {
  std::mt19937_64 rng(7);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  for (int i = 0; i < 10000; ++i) {
    double value = unit(rng);
    EXPECT_EQ(std::stod(formatDouble(value)), value);
  }
}

TEST(SetSimilarity, CountCommonAgreesWithSetIntersection) {
  std::mt19937 rng(11);
  for (int round = 0; round < 300; ++round) {
    // Sizes from equal to far apart (the galloping path).
    size_t sizeA = rng() % 50, sizeB = rng() % (round % 3 ? 60 : 3000);
    std::vector<uint32_t> a, b;
    for (size_t i = 0; i < sizeA; ++i)
      a.push_back(rng() % 4000);
    for (size_t i = 0; i < sizeB; ++i)
      b.push_back(rng() % 4000);
    IdSet x = makeIdSet(a), y = makeIdSet(b);
    std::vector<uint32_t> common;
    std::set_intersection(x.begin(), x.end(), y.begin(), y.end(),
                          std::back_inserter(common));
    EXPECT_EQ(countCommon(x, y), common.size());
    EXPECT_EQ(countCommon(y, x), common.size());
  }
}

TEST(SetSimilarity, Dice) {
  EXPECT_EQ(diceSimilarity(0, 0, 0), 1.0);
  EXPECT_EQ(diceSimilarity(2, 4, 1), 2.0 / 6.0);
  EXPECT_EQ(diceSimilarity(3, 3, 3), 1.0);
  EXPECT_EQ(diceSimilarity(3, 0, 0), 0.0);
}

TEST(SetSimilarity, InternerIsConsistentAcrossThreads) {
  StringInterner interner;
  std::vector<std::string> words;
  for (int i = 0; i < 2000; ++i)
    words.push_back("module.function_" + std::to_string(i % 700));
  std::vector<uint32_t> ids(words.size());
  llvm::StdThreadPool pool(llvm::hardware_concurrency(4));
  parallelForIndex(&pool, words.size(),
                   [&](size_t i) { ids[i] = interner.intern(words[i]); });
  EXPECT_EQ(interner.size(), 700u);
  for (size_t i = 0; i < words.size(); ++i) {
    EXPECT_EQ(ids[i], ids[i % 700]);
    EXPECT_EQ(interner.lookup(ids[i]), words[i]);
  }
  // Sorted: ids are ranks in string order, whatever the threads did.
  std::vector<uint32_t> remap = interner.sortByString();
  for (size_t i = 0; i < words.size(); ++i)
    EXPECT_EQ(interner.lookup(remap[ids[i]]), words[i]);
  for (uint32_t id = 1; id < 700; ++id)
    EXPECT_LT(interner.lookup(id - 1), interner.lookup(id));
}

TEST(SemVer, Parses) {
  auto v = parseVersionLabel("pypi-tensorflow-1.4.0-python-cp36");
  ASSERT_TRUE(v);
  EXPECT_EQ(v->release, (llvm::SmallVector<uint64_t, 4>{1, 4}));
  EXPECT_EQ(v->stage, VersionLabel::Stage::Final);
  auto rc = parseVersionLabel("v2.0.0-rc.3");
  ASSERT_TRUE(rc);
  EXPECT_EQ(rc->stage, VersionLabel::Stage::RC);
  EXPECT_EQ(rc->stageNumber, 3u);
  auto beta = parseVersionLabel("1.0b2");
  ASSERT_TRUE(beta);
  EXPECT_EQ(beta->stage, VersionLabel::Stage::Beta);
  EXPECT_EQ(beta->stageNumber, 2u);
  EXPECT_FALSE(parseVersionLabel("first"));
}

TEST(SemVer, OnlyLabelsThatLookLikeVersions) {
  // Digits inside a name are not a version.
  for (const char *name :
       {"vgg16", "resnet18", "cp37", "r1.15", "1.2.3x", "16GB",
        "mobilenet_v3small", "mobilenetv2", "keras2.0"})
    EXPECT_FALSE(parseVersionLabel(name)) << name;
  // A version after a name, with or without `v`, is one.
  auto v = parseVersionLabel("model-v2");
  ASSERT_TRUE(v);
  EXPECT_EQ(v->release, (llvm::SmallVector<uint64_t, 4>{2}));
  for (const char *label :
       {"keras_2.0.8", "Keras 2.0.8", "v2.0.8", "2.0.8+local", "vgg16-2.0.8",
        "tf-2.0.8-python-cp37"}) {
    auto version = parseVersionLabel(label);
    ASSERT_TRUE(version) << label;
    EXPECT_EQ(version->release, (llvm::SmallVector<uint64_t, 4>{2, 0, 8}))
        << label;
  }
  auto bare = parseVersionLabel("16");
  ASSERT_TRUE(bare);
  EXPECT_EQ(bare->release, (llvm::SmallVector<uint64_t, 4>{16}));
  // Names compare as labels: equal or not.
  EXPECT_EQ(semverSimilarity("vgg16", "vgg19"), 0.0);
  EXPECT_EQ(semverSimilarity("vgg16", "vgg16"), 1.0);
  EXPECT_EQ(semverSimilarity("vgg16", "16"), 0.0);
}

TEST(SemVer, Orders) {
  std::vector<std::string> labels = {"2.0.0",    "1.0.10",     "1.0.2",
                                     "2.0.0rc1", "2.0.0.dev1", "2.0.0.post1",
                                     "beta",     "1.0.2a1",    "alpha"};
  std::vector<std::string> ordered;
  for (unsigned i : versionOrder(labels))
    ordered.push_back(labels[i]);
  EXPECT_EQ(ordered, (std::vector<std::string>{
                         "1.0.2a1", "1.0.2", "1.0.10", "2.0.0.dev1", "2.0.0rc1",
                         "2.0.0", "2.0.0.post1", "alpha", "beta"}));
}

TEST(SemVer, Similarity) {
  EXPECT_EQ(semverSimilarity("1.2.3", "v1.2.3"), 1.0);
  EXPECT_EQ(semverSimilarity("2.0", "2.0.0"), 1.0);
  EXPECT_EQ(semverSimilarity("1.0.0", "2.0.0"), 0.25);
  EXPECT_EQ(semverSimilarity("1.0.0", "3.0.0"), 0.125);
  EXPECT_EQ(semverSimilarity("1.0.0", "1.1.0"), 0.75);
  EXPECT_EQ(semverSimilarity("1.0.0", "1.2.0"), 0.625);
  EXPECT_EQ(semverSimilarity("1.0.0", "1.0.1"), 0.95);
  EXPECT_EQ(semverSimilarity("1.0.0", "1.0.4"), 0.8);
  EXPECT_EQ(semverSimilarity("2.0.0rc1", "2.0.0"), 0.95);
  // 0.y.z: the minor number is the major.
  EXPECT_EQ(semverSimilarity("0.2.0", "0.3.0"), 0.25);
  EXPECT_EQ(semverSimilarity("0.3.0", "0.3.1"), 0.75);
  EXPECT_EQ(semverSimilarity("first", "first"), 1.0);
  EXPECT_EQ(semverSimilarity("first", "1.0"), 0.0);
  // Any major change is further than any minor one, and so on down.
  EXPECT_LT(semverSimilarity("1.0.0", "2.0.0"),
            semverSimilarity("1.0.0", "1.100.0"));
  EXPECT_LT(semverSimilarity("1.0.0", "1.1.0"),
            semverSimilarity("1.0.0", "1.0.100"));
}

TEST(JsonDocument, ParsesEscapesAndKeepsOrder) {
  std::string error;
  auto doc = JsonDocument::parse(
      llvm::MemoryBuffer::getMemBuffer(
          R"({"b": ["x\u00e9", "\ud83d\ude00", "a\\\"/\n"], "a": {}, "n": -1.5e3})",
          "t.json"),
      error);
  ASSERT_TRUE(doc) << error;
  const JsonNode &root = doc->getRoot();
  ASSERT_EQ(root.numChildren, 3u);
  EXPECT_EQ(doc->getKey(root, 0), "b");
  EXPECT_EQ(doc->getKey(root, 1), "a");
  const JsonNode &list = doc->getChild(root, 0);
  EXPECT_EQ(doc->getChild(list, 0).text, "x\xc3\xa9");
  EXPECT_EQ(doc->getChild(list, 1).text, "\xf0\x9f\x98\x80");
  EXPECT_EQ(doc->getChild(list, 2).text, "a\\\"/\n");
  EXPECT_EQ(doc->lookup(root, "n")->text, "-1.5e3");
}

TEST(JsonDocument, LocatesErrors) {
  std::string error;
  auto doc = JsonDocument::parse(
      llvm::MemoryBuffer::getMemBuffer("{\"a\": [1,\n  2,, 3]}", "t.json"),
      error);
  EXPECT_FALSE(doc);
  EXPECT_EQ(error, "t.json:2:5: error: expected a JSON value");
}

TEST(Shards, SlicesCoverThePairsOnceInOrder) {
  for (unsigned n : {0u, 1u, 2u, 7u, 12u})
    for (unsigned count : {1u, 2u, 4u, 5u, 100u}) {
      std::vector<PairIndex> pairs = enumeratePairs(n, PairRule::All);
      std::vector<PairIndex> joined;
      for (unsigned index = 0; index < count; ++index)
        for (PairIndex pair : shardSlice(pairs, ShardSpec{index, count}))
          joined.push_back(pair);
      ASSERT_EQ(joined.size(), pairs.size());
      for (size_t k = 0; k < pairs.size(); ++k) {
        EXPECT_EQ(joined[k].first, pairs[k].first);
        EXPECT_EQ(joined[k].second, pairs[k].second);
      }
    }
}

} // namespace
