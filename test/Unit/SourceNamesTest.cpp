//===- SourceNamesTest.cpp - The user's SSA names, read from the text -----===//
//
// graph-diff reads the names the user gave ops' results from the input's
// text at each op's location (readSourceNames), instead of recording the
// parser's state, which costs a quarter of the parse. These tests parse each
// input once with the parser's state and read the names both ways from the
// same ops: they must agree op for op. They also check when the text scan
// declines (and the parser's state is asked instead), and which inputs write
// their own locations (checkNestingDepth).
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Driver/Registration.h"
#include "GraphDiff/Graph/Graph.h"
#include "GraphDiff/Importers/ParseInput.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/AsmParser/AsmParserState.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ThreadPool.h"

#include <gtest/gtest.h>

using namespace mlir;
using namespace graphdiff;

namespace {

class SourceNamesTest : public ::testing::Test {
protected:
  SourceNamesTest() {
    DialectRegistry registry;
    registerGraphDiffDialects(registry);
    context.appendDialectRegistry(registry);
    context.loadAllAvailableDialects();
    context.allowUnregisteredDialects();
  }

  /// Parses `text` with the parser's state into `module`; null on error.
  void parse(StringRef text) {
    mgr.AddNewSourceBuffer(llvm::MemoryBuffer::getMemBuffer(text, "in.mlir"),
                           SMLoc());
    Block block;
    ParserConfig config(&context);
    ASSERT_TRUE(succeeded(parseAsmSourceFile(mgr, &block, config, &state)));
    module = detail::constructContainerOpForParserIfNecessary<ModuleOp>(
        &block, &context, FileLineColLoc::get(&context, "in.mlir", 1, 1));
    ASSERT_TRUE(module);
  }

  /// The name of every op with results, in walk order, as `names` gives it.
  std::vector<std::string> listNames(const SourceNames &names) {
    std::vector<std::string> list;
    module->walk([&](Operation *op) {
      if (op->getNumResults())
        list.push_back(op->getName().getStringRef().str() + " " +
                       names.lookup(op).str());
    });
    return list;
  }

  /// Checks that the text scan reads `text` as the parser's state does and
  /// returns the names, in walk order.
  std::vector<std::string> readBothWays(StringRef text) {
    parse(text);
    if (!module)
      return {};
    std::optional<SourceNames> read = readSourceNames(*module, mgr, 1);
    EXPECT_TRUE(read.has_value()) << text.str();
    if (!read)
      return {};
    std::vector<std::string> fromState = listNames(SourceNames(state));
    std::vector<std::string> fromText = listNames(*read);
    EXPECT_EQ(fromText, fromState);
    return fromText;
  }

  MLIRContext context;
  llvm::SourceMgr mgr;
  AsmParserState state;
  OwningOpRef<ModuleOp> module;
};

// Result groups (`%pair:2`, two groups `%lo, %hi`), uses of a group's second
// result (`%pair#1`), names with dots, dollars and dashes, numbered names,
// the generic syntax, ops in nested regions, block arguments (which are not
// op results), an op whose results are not named, and an op whose dialect
// goes without saying (`return`).
constexpr const char *kNames = R"mlir(
func.func @f(%in.x: i32, %y$: i32, %t: tensor<4xf32>) -> (i32, i32, i1, tensor<4xf32>) {
  %pair:2 = arith.addui_extended %in.x, %y$ : i32, i1
  %lo, %hi = arith.mului_extended %pair#0, %in.x : i32
  %a.b$c-d = arith.addi %lo, %hi : i32
  %0 = "arith.muli"(%a.b$c-d, %pair#0) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
  %17:2 = "arith.addui_extended"(%0, %0) : (i32, i32) -> (i32, i1)
  "arith.constant"() <{value = 7 : i32}> : () -> i32
  %e = tensor.empty() : tensor<4xf32>
  %g = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%t : tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%arg.in: f32, %out: f32):
    %inner.sum = arith.addf %arg.in, %out : f32
    linalg.yield %inner.sum : f32
  } -> tensor<4xf32>
  %c = arith.cmpi slt, %17#0, %pair#0 : i32
  %sel = scf.if %c -> (i32) {
    %then = arith.addi %0, %0 : i32
    scf.yield %then : i32
  } else {
    scf.yield %0 : i32
  }
  return %sel, %17#0, %17#1, %g : i32, i32, i1, tensor<4xf32>
}
)mlir";

TEST_F(SourceNamesTest, ReadsNamesAsTheParserStateDoes) {
  std::vector<std::string> names = readBothWays(kNames);
  std::vector<std::string> expected = {"arith.addui_extended pair",
                                       "arith.mului_extended lo",
                                       "arith.addi a.b$c-d",
                                       "arith.muli 0",
                                       "arith.addui_extended 17",
                                       "arith.constant ",
                                       "tensor.empty e",
                                       "arith.addf inner.sum",
                                       "linalg.generic g",
                                       "arith.cmpi c",
                                       "arith.addi then",
                                       "scf.if sel"};
  EXPECT_EQ(names, expected);
}

// Lookups with a cursor (Graph::build's: a graph's nodes in order) give what
// lookup(op) gives, in walk order and out of it (the index answers then): a
// node whose region holds more names than the cursor looks ahead, the first
// node of a second function, a fresh cursor per graph.
TEST_F(SourceNamesTest, CursorLookupsAgreeWithTheIndex) {
  std::string text = "func.func @f(%x: i32, %c: i1) -> i32 {\n"
                     "  %r = scf.if %c -> (i32) {\n";
  for (int i = 0; i < 40; ++i)
    text += "    %v" + std::to_string(i) + " = arith.addi %x, %x : i32\n";
  text += "    scf.yield %v39 : i32\n  } else {\n    scf.yield %x : i32\n  }\n"
          "  %s = arith.addi %r, %x : i32\n  return %s : i32\n}\n"
          "func.func @g(%y: i32) -> i32 {\n"
          "  %t = arith.addi %y, %y : i32\n  return %t : i32\n}\n";
  parse(text);
  ASSERT_TRUE(module);
  std::optional<SourceNames> names = readSourceNames(*module, mgr, 1);
  ASSERT_TRUE(names.has_value());
  std::vector<Operation *> ops;
  module->walk([&](Operation *op) {
    if (op->getNumResults())
      ops.push_back(op);
  });
  ASSERT_EQ(ops.size(), 43u);
  auto check = [&](ArrayRef<Operation *> order) {
    SourceNames::Cursor cursor;
    for (Operation *op : order)
      EXPECT_EQ(names->lookup(op, cursor), names->lookup(op));
  };
  check(ops);
  check(std::vector<Operation *>(ops.rbegin(), ops.rend()));
  // Each function's nodes with a fresh cursor, as Graph::build asks.
  std::vector<std::string> seen;
  module->walk([&](func::FuncOp func) {
    SourceNames::Cursor cursor;
    for (Operation &node : func.getBody().front().without_terminator())
      seen.push_back(names->lookup(&node, cursor).str());
  });
  EXPECT_EQ(seen, (std::vector<std::string>{"r", "s", "t"}));
  // An op with no name: "" either way, and the cursor stays usable.
  SourceNames::Cursor cursor;
  EXPECT_EQ(names->lookup(module->getOperation(), cursor), "");
  EXPECT_EQ(names->lookup(ops.front(), cursor), "v0");
}

// SourceNames keeps its names in chunks of 4096, 8192, ... entries: names on
// both sides of the first two chunk boundaries, read from the text as the
// parser's state reads them, and found with a cursor and with the index.
TEST_F(SourceNamesTest, NamesPastChunkBoundaries) {
  std::string text = "func.func @f(%x: i32) -> i32 {\n";
  constexpr int kOps = 4096 + 8192 + 10;
  for (int i = 0; i < kOps; ++i)
    text += "  %n" + std::to_string(i) + " = arith.addi %x, %x : i32\n";
  text += "  return %x : i32\n}\n";
  std::vector<std::string> names = readBothWays(text);
  ASSERT_EQ(names.size(), size_t(kOps));
  for (int i : {0, 4095, 4096, 4097, 12287, 12288, kOps - 1})
    EXPECT_EQ(names[i], "arith.addi n" + std::to_string(i));
  std::optional<SourceNames> read = readSourceNames(*module, mgr, 1);
  ASSERT_TRUE(read.has_value());
  EXPECT_EQ(read->size(), unsigned(kOps));
  SourceNames::Cursor cursor;
  int i = 0;
  module->walk([&](arith::AddIOp op) {
    EXPECT_EQ(read->lookup(op, cursor), "n" + std::to_string(i++));
  });
}

// Names need not lie in one text: a name before its chunk's first name (or
// more than 4 GiB after it) is kept aside, and found all the same.
TEST_F(SourceNamesTest, NamesFromAnywhere) {
  parse("func.func @f(%x: i32) -> i32 {\n"
        "  %a = arith.addi %x, %x : i32\n"
        "  %b = arith.addi %a, %x : i32\n"
        "  %c = arith.addi %b, %x : i32\n"
        "  return %c : i32\n}\n");
  ASSERT_TRUE(module);
  std::vector<Operation *> ops;
  module->walk([&](arith::AddIOp op) { ops.push_back(op); });
  ASSERT_EQ(ops.size(), 3u);
  std::string first = "first", second = "second";
  std::string &low = first.data() < second.data() ? first : second;
  std::string &high = first.data() < second.data() ? second : first;
  SourceNames names;
  names.set(ops[0], high);
  names.set(ops[1], low); // before the chunk's base: aside
  names.set(ops[2], StringRef(high).drop_front(2));
  EXPECT_EQ(names.size(), 3u);
  SourceNames::Cursor cursor;
  EXPECT_EQ(names.lookup(ops[0], cursor), high);
  EXPECT_EQ(names.lookup(ops[1], cursor), low);
  EXPECT_EQ(names.lookup(ops[2], cursor), high.substr(2));
  EXPECT_EQ(names.lookup(ops[1]), low);
  EXPECT_EQ(names.lookup(module->getOperation()), "");
}

// An op located on a line before that of the op read last (locations the
// input wrote, each at the other op's name): the line cursor asks SourceMgr
// for that one. The scan reads the name at each location (parseInputBuffer
// asks the parser's state for inputs that write locations).
TEST_F(SourceNamesTest, LocationsThatGoBack) {
  parse("func.func @f(%x: i32) -> i32 {\n"
        "  %a = arith.addi %x, %x : i32 loc(\"in.mlir\":3:8)\n"
        "  %b = arith.addi %a, %x : i32 loc(\"in.mlir\":2:8)\n"
        "  return %b : i32\n}\n");
  ASSERT_TRUE(module);
  std::optional<SourceNames> read = readSourceNames(*module, mgr, 1);
  ASSERT_TRUE(read.has_value());
  std::vector<std::string> names;
  module->walk(
      [&](arith::AddIOp op) { names.push_back(read->lookup(op).str()); });
  EXPECT_EQ(names, (std::vector<std::string>{"b", "a"}));
}

// Comments and line breaks between the tokens of a result list, a comment
// that looks like a result list (the scan must not read `%fake`), and a
// string holding `//` on a line the scan passes.
constexpr const char *kComments = R"mlir(
func.func @f(%x: i32) -> (i32, i32, i32, i32) {
  %real =
  // %fake =
      arith.addi %x, %x : i32
  %first, // the low half
  // and the high half:
  %second
    = arith.mului_extended %real, %x : i32
  %pair : 2 = arith.addui_extended %x, %x : i32, i1
  %s = arith.addi %first, %second {note = "a // b, %not ="} : i32
  %t,
  %u = arith.mului_extended %s, %s : i32
  return %real, %pair#0, %t, %u : i32, i32, i32, i32
}
)mlir";

TEST_F(SourceNamesTest, ReadsThroughCommentsAndLineBreaks) {
  std::vector<std::string> names = readBothWays(kComments);
  std::vector<std::string> expected = {
      "arith.addi real", "arith.mului_extended first",
      "arith.addui_extended pair", "arith.addi s", "arith.mului_extended t"};
  EXPECT_EQ(names, expected);
}

// Ops whose locations the input writes: they say nothing of where the op is,
// so the scan declines and the caller asks the parser's state.
TEST_F(SourceNamesTest, DeclinesOpsLocatedElsewhere) {
  parse(R"mlir(
func.func @f(%x: i32) -> i32 {
  %a = arith.addi %x, %x : i32 loc("encoder/linear")
  return %a : i32
}
)mlir");
  ASSERT_TRUE(module);
  EXPECT_FALSE(readSourceNames(*module, mgr, 1).has_value());
}

// A written location that still points into the buffer at another op's name:
// the op names do not agree, so the scan declines.
TEST_F(SourceNamesTest, DeclinesALocationAtAnotherOp) {
  parse(R"mlir(
func.func @f(%x: i32) -> i32 {
  %a = arith.addi %x, %x : i32
  %b = arith.muli %a, %a : i32 loc("in.mlir":3:8)
  return %b : i32
}
)mlir");
  ASSERT_TRUE(module);
  EXPECT_FALSE(readSourceNames(*module, mgr, 1).has_value());
}

/// Whether checkNestingDepth finds a written location in `text`.
bool writesLocations(StringRef text) {
  llvm::SourceMgr mgr;
  unsigned id = mgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBuffer(text, "in.mlir"), SMLoc());
  bool writes = true;
  EXPECT_TRUE(succeeded(checkNestingDepth(mgr, id, &writes)));
  return writes;
}

TEST(WrittenLocationsTest, FindsLocButNotAllocStringsOrComments) {
  EXPECT_TRUE(writesLocations("%a = arith.addi %x, %x : i32 loc(\"a\")"));
  EXPECT_TRUE(writesLocations("%a = arith.addi %x, %x : i32 loc (\"a\")"));
  EXPECT_TRUE(writesLocations("#loc = loc(unknown)\n"));
  EXPECT_TRUE(writesLocations("loc(#loc)"));
  EXPECT_FALSE(writesLocations("%m = memref.alloc() : memref<4xf32>"));
  EXPECT_FALSE(writesLocations("%m = memref.alloca() : memref<4xf32>"));
  EXPECT_FALSE(writesLocations("\"test.op\"() {s = \"loc(\"} : () -> ()"));
  EXPECT_FALSE(writesLocations("// loc(\"a\")\n%a = arith.addi %x, %x : i32"));
  EXPECT_FALSE(writesLocations("%a = arith.addi %x, %x : i32"));
}

// The whole path, parseInputBuffer: the same names whether the input writes
// locations (read with the parser's state) or not (read from the text).
TEST(ParseInputNamesTest, NamesWithAndWithoutWrittenLocations) {
  DialectRegistry registry;
  registerGraphDiffDialects(registry);
  MLIRContext context(registry);
  context.loadAllAvailableDialects();
  llvm::SourceMgr mgr;
  SourceMgrDiagnosticHandler handler(mgr, &context);
  auto namesOf = [&](StringRef text) {
    SourceNames names;
    OwningOpRef<ModuleOp> module =
        parseInputBuffer(llvm::MemoryBuffer::getMemBufferCopy(text, "in.mlir"),
                         mgr, context, names);
    std::vector<std::string> list;
    if (!module)
      return list;
    module->walk([&](Operation *op) {
      if (op->getNumResults())
        list.push_back(names.lookup(op).str());
    });
    return list;
  };
  std::vector<std::string> expected = {"pair", "s.1"};
  EXPECT_EQ(namesOf(R"mlir(
func.func @f(%x: i32) -> i32 {
  %pair:2 = arith.addui_extended %x, %x : i32, i1
  %s.1 = arith.addi %pair#0, %x : i32
  return %s.1 : i32
}
)mlir"),
            expected);
  EXPECT_EQ(namesOf(R"mlir(
func.func @f(%x: i32) -> i32 {
  %pair:2 = arith.addui_extended %x, %x : i32, i1 loc(#a)
  %s.1 = arith.addi %pair#0, %x : i32 loc("b")
  return %s.1 : i32
}
#a = loc("a")
)mlir"),
            expected);
}

// parseInputPair reads both inputs, on two threads when the context's
// threading is enabled and its pool has two: the names and the diagnostics
// are the same either way, the source's diagnostics first even when the
// target fails sooner. A pool of one thread (one core) reads them in turn.
TEST(ParseInputPairTest, SameWithAndWithoutThreads) {
  // A source that fails late (in the verifier, after many ops) and a target
  // that fails at once (its first line).
  std::string late = "func.func @f(%x: i32) -> i32 {\n";
  for (int i = 0; i < 3000; ++i)
    late += "  %v" + std::to_string(i) + " = arith.addi %x, %x : i32\n";
  late += "  return %x : i32\n}\nfunc.func @g() {\n  return %y : i32\n}\n";
  std::string good = "func.func @f(%x: i32) -> i32 {\n"
                     "  %sum = arith.addi %x, %x : i32\n"
                     "  return %sum : i32\n}\n";
  // 0: threading disabled; else a pool of that many threads.
  auto run = [&](unsigned threads, StringRef source, StringRef target,
                 std::vector<std::string> &log) {
    DialectRegistry registry;
    registerGraphDiffDialects(registry);
    // Made before the context, which must not outlive it.
    std::optional<llvm::DefaultThreadPool> pool;
    MLIRContext context(registry, MLIRContext::Threading::DISABLED);
    if (threads) {
      pool.emplace(llvm::hardware_concurrency(threads));
      context.setThreadPool(*pool);
    }
    context.loadAllAvailableDialects();
    context.getDiagEngine().registerHandler([&](Diagnostic &diag) {
      auto at = dyn_cast<FileLineColLoc>(diag.getLocation());
      log.push_back(
          (at ? at.getFilename().str() + ":" + std::to_string(at.getLine())
              : std::string("unlocated")) +
          ": " + diag.str());
    });
    llvm::SourceMgr mgr;
    OwningOpRef<ModuleOp> sourceModule, targetModule;
    SourceNames sourceNames, targetNames;
    std::vector<std::pair<unsigned, bool>> started;
    LogicalResult result =
        parseInputPair(llvm::MemoryBuffer::getMemBufferCopy(source, "src.mlir"),
                       llvm::MemoryBuffer::getMemBufferCopy(target, "tgt.mlir"),
                       mgr, context, sourceModule, sourceNames, targetModule,
                       targetNames, [&](unsigned side, bool secondThread) {
                         started.push_back({side, secondThread});
                       });
    EXPECT_EQ(started, (std::vector<std::pair<unsigned, bool>>{
                           {0, false}, {1, threads > 1}}))
        << threads;
    if (succeeded(result)) {
      EXPECT_TRUE(sourceModule && targetModule);
      for (auto [module, names] : {std::pair(*sourceModule, &sourceNames),
                                   std::pair(*targetModule, &targetNames)})
        module->walk([&, names = names](arith::AddIOp op) {
          log.push_back("name " + names->lookup(op).str());
        });
    }
    return succeeded(result);
  };
  for (unsigned threads : {2u, 1u, 0u}) {
    std::vector<std::string> log;
    EXPECT_TRUE(run(threads, good, good, log));
    EXPECT_EQ(log, (std::vector<std::string>{"name sum", "name sum"}));
    log.clear();
    EXPECT_FALSE(run(threads, late, "func.func @h(", log));
    ASSERT_EQ(log.size(), 2u) << threads;
    EXPECT_EQ(log[0].substr(0, 13), "src.mlir:3005");
    EXPECT_EQ(log[1].substr(0, 11), "tgt.mlir:1:");
    log.clear();
    EXPECT_FALSE(run(threads, good, late, log));
    ASSERT_EQ(log.size(), 1u);
    EXPECT_EQ(log[0].substr(0, 13), "tgt.mlir:3005");
  }
}

// The checks before parsing report through the context's diagnostics,
// located, when the caller has a context: a library user's handler sees them
// as it sees the parser's errors. What the upstream parsers read passes.
TEST(InputTextTest, ParserCrashesReportedThroughTheContext) {
  MLIRContext context;
  std::vector<std::string> errors;
  context.getDiagEngine().registerHandler([&](Diagnostic &diag) {
    std::string text;
    llvm::raw_string_ostream os(text);
    auto at = dyn_cast<FileLineColLoc>(diag.getLocation());
    os << (at ? at.getFilename().str() + ":" + std::to_string(at.getLine()) +
                    ":" + std::to_string(at.getColumn())
              : std::string("unlocated"))
       << ": " << diag;
    errors.push_back(text);
    return success();
  });
  auto check = [&](StringRef text) {
    llvm::SourceMgr mgr;
    unsigned id = mgr.AddNewSourceBuffer(
        llvm::MemoryBuffer::getMemBufferCopy(text, "in.mlir"), SMLoc());
    errors.clear();
    return succeeded(checkInputText(mgr, id, nullptr, &context));
  };
  const char *prefix = "%r = linalg.transpose ins(%b : tensor<3x2xf32>)\n"
                       "  outs(%c : tensor<2x3xf32>) permutation = ";
  EXPECT_TRUE(check((Twine(prefix) + "[1, 0]").str()));
  EXPECT_TRUE(check((Twine(prefix) + "[ -1 , 0x1 ] // x").str()));
  EXPECT_TRUE(check((Twine(prefix) + "[]").str()));
  EXPECT_TRUE(check((Twine(prefix) + "[true, false]").str()));
  EXPECT_TRUE(errors.empty());
  EXPECT_FALSE(check((Twine(prefix) + "[1, 0.5]").str()));
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].substr(0, 14), "in.mlir:2:48: ");
  EXPECT_NE(errors[0].find("'permutation = ['"), std::string::npos);
  EXPECT_FALSE(check((Twine(prefix) + "[9223372036854775808]").str()));
  // A NUL character is a blank to MLIR's lexer: the list after one is the
  // op's all the same.
  errors.clear();
  EXPECT_FALSE(check(std::string("%r = linalg.broadcast ins(%a : t)\0\0") +
                     "outs(%b : t) dimensions = [1<2]"));
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_NE(errors[0].find("'dimensions = ['"), std::string::npos);
  EXPECT_TRUE(check((Twine(prefix) + "[-9223372036854775808]").str()));
  // A resource blob aligned to 0, which the parser passes to `operator new`.
  auto blob = [](StringRef hex) {
    return ("{-#\n dialect_resources: { builtin: {\n  w: \"0x" + hex +
            "\"\n} }\n#-}\n")
        .str();
  };
  EXPECT_TRUE(check(blob("0100000002000000")));
  EXPECT_TRUE(check(blob("000000800000")));
  EXPECT_TRUE(check(blob("000000000"))); // odd: not a blob
  EXPECT_TRUE(errors.empty());
  EXPECT_FALSE(check(blob("0000000001")));
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].substr(0, 13), "in.mlir:3:6: ");
  EXPECT_NE(errors[0].find("resource 'w' encodes alignment 0"),
            std::string::npos);
  // Not the custom form, or not read as code: not checked.
  EXPECT_TRUE(check("\"linalg.transpose\"() {permutation = 3} : () -> ()"));
  EXPECT_TRUE(check("// linalg.transpose permutation = x\n"));
  EXPECT_TRUE(check("\"t.op\"() {s = \"linalg.transpose permutation = x\"} "
                    ": () -> ()"));
  // Without a context, the error is printed, not emitted.
  llvm::SourceMgr mgr;
  unsigned id = mgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(
          "linalg.reduce ins(%b : t) outs(%a : t) dimensions = z", "in.mlir"),
      SMLoc());
  std::string printed;
  llvm::raw_string_ostream os(printed);
  mgr.setDiagHandler(
      [](const llvm::SMDiagnostic &diag, void *out) {
        diag.print("", *static_cast<llvm::raw_string_ostream *>(out));
      },
      &os);
  errors.clear();
  EXPECT_TRUE(failed(checkInputText(mgr, id)));
  EXPECT_TRUE(errors.empty());
  EXPECT_NE(printed.find("in.mlir:1:53: error: expected 'dimensions = ['"),
            std::string::npos);
}

} // namespace
