// consumer SRC TGT: diffs two MLIR files through graph-diff's installed C++
// API and prints the text report, verified; exits as graph-diff-opt does.
#include "GraphDiff/Driver/DiffDriver.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

int main(int argc, char **argv) {
  if (argc != 3) {
    llvm::errs() << "usage: consumer SRC TGT\n";
    return 2;
  }
  auto source = llvm::MemoryBuffer::getFile(argv[1]);
  auto target = llvm::MemoryBuffer::getFile(argv[2]);
  if (!source || !target) {
    llvm::errs() << "consumer: cannot read the inputs\n";
    return 2;
  }
  graphdiff::DriverOptions options;
  options.format = graphdiff::ReportFormat::Text;
  options.verify = true;
  llvm::Expected<graphdiff::DriverResult> result =
      graphdiff::diffSources((*source)->getBuffer(), argv[1],
                             (*target)->getBuffer(), argv[2], options);
  if (!result) {
    llvm::errs() << llvm::toString(result.takeError()) << "\n";
    return 2;
  }
  llvm::outs() << result->output;
  return result->different ? 1 : 0;
}
