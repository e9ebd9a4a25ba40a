//===- SnapshotDiffPassTest.cpp - graph-snapshot/graph-diff via the API ---===//
//
// A pass manager started on a module nested in another (as the transform
// dialect's apply_registered_pass does) runs the passes on that module
// alone: graph-diff writes its report at once, with graphs named from the
// top of the IR, with threads and without.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"

#include "gtest/gtest.h"

using namespace mlir;
using namespace graphdiff;

static const char *kInput = R"mlir(
module @a {
  func.func @f(%x: i32) -> i32 {
    %0 = arith.addi %x, %x : i32
    %1 = arith.addi %x, %x : i32
    %2 = arith.muli %0, %1 : i32
    return %2 : i32
  }
}
module @b {
  func.func @f(%x: i32) -> i32 {
    %0 = arith.subi %x, %x : i32
    %1 = arith.subi %x, %x : i32
    %2 = arith.addi %0, %1 : i32
    return %2 : i32
  }
}
)mlir";

/// The text report of graph-snapshot, cse, graph-diff run by a pass manager
/// started on the nested module `name`.
static std::string reportOfNested(bool threads, StringRef name) {
  MLIRContext context(threads ? MLIRContext::Threading::ENABLED
                              : MLIRContext::Threading::DISABLED);
  context.loadDialect<arith::ArithDialect, func::FuncDialect,
                      patch::PatchDialect>();
  OwningOpRef<ModuleOp> top = parseSourceString<ModuleOp>(kInput, &context);
  if (!top)
    return "<parse error>";
  ModuleOp nested;
  top->walk([&](ModuleOp module) {
    if (module.getSymName() == name)
      nested = module;
  });
  if (!nested)
    return "<no module>";
  llvm::SmallString<128> path;
  if (llvm::sys::fs::createTemporaryFile("snapshot-diff", "txt", path))
    return "<no temporary file>";
  std::string text;
  {
    PassManager pm(&context);
    pm.addPass(createGraphSnapshot());
    pm.addPass(createCSEPass());
    GraphDiffPassOptions options;
    options.output = path.str().str();
    options.format = ReportFormat::Text;
    pm.addPass(createGraphDiffPass(options));
    if (failed(pm.run(nested)))
      text = "<pass manager failed>";
  }
  if (text.empty()) {
    llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> file =
        llvm::MemoryBuffer::getFile(path);
    text = file ? (*file)->getBuffer().str() : "<no report>";
  }
  llvm::sys::fs::remove(path);
  return text;
}

TEST(SnapshotDiffPassTest, PassManagerOnANestedModuleReportsAtOnce) {
  for (bool threads : {true, false}) {
    std::string report = reportOfNested(threads, "b");
    EXPECT_NE(report.find("graph @b::@f (similarity 60.0%)"), std::string::npos)
        << (threads ? "threads: " : "no threads: ") << report;
    EXPECT_EQ(report.find("@a::"), std::string::npos) << report;
  }
  // With threads, the first module of its parent too (without, nothing tells
  // the pass that its siblings do not run: see SnapshotAndDiff.cpp).
  std::string report = reportOfNested(/*threads=*/true, "a");
  EXPECT_NE(report.find("graph @a::@f (similarity 60.0%)"), std::string::npos)
      << report;
}
