//===- WriteOutput.cpp - Write output where -o says ----------------------===//
//
// Part of graph-diff.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Support/WriteOutput.h"
#include "GraphDiff/Support/Supervisor.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/raw_ostream.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace mlir;
using namespace graphdiff;

namespace {
/// Where failures to write go.
using ErrorFn = llvm::function_ref<void(StringRef path, StringRef reason)>;
} // namespace

static LogicalResult fail(ErrorFn onError, StringRef path, const Twine &why) {
  onError(path, why.str());
  return failure();
}

/// Follows symbolic links from `path` to the name they finally lead to, which
/// may not exist yet (writing through a dangling link creates its target).
/// Sets `viaProc` if a link leads through /proc, whose links (/dev/stdout is
/// /proc/self/fd/1) name open files rather than paths.
static FailureOr<std::string> resolveLinks(StringRef path, ErrorFn onError,
                                           bool &viaProc) {
  std::string current = path.str();
  viaProc = false;
  for (unsigned hops = 0; hops < 40; ++hops) {
    struct stat status;
    if (lstat(current.c_str(), &status) != 0) {
      if (errno == ENOENT)
        return current;
      return fail(onError, path, std::strerror(errno));
    }
    if (!S_ISLNK(status.st_mode))
      return current;
    llvm::SmallString<256> link;
    link.resize(4096);
    ssize_t size = readlink(current.c_str(), link.data(), link.size());
    if (size < 0)
      return fail(onError, path, std::strerror(errno));
    link.resize(size);
    if (llvm::sys::path::is_relative(link)) {
      llvm::SmallString<256> joined(llvm::sys::path::parent_path(current));
      llvm::sys::path::append(joined, link);
      current = joined.str().str();
    } else {
      current = link.str().str();
    }
    viaProc |= StringRef(current).starts_with("/proc/");
  }
  return fail(onError, path, "too many levels of symbolic links");
}

/// Runs `write` on a stream over `fd` (which it closes), then reports any
/// error the stream met.
static LogicalResult writeToDescriptor(
    int fd, ErrorFn onError, StringRef path,
    llvm::function_ref<LogicalResult(llvm::raw_ostream &)> write) {
  llvm::raw_fd_ostream os(fd, /*shouldClose=*/true);
  LogicalResult written = write(os);
  os.close();
  if (os.has_error()) {
    std::string why = os.error().message();
    os.clear_error();
    return fail(onError, path, why);
  }
  return written;
}

LogicalResult graphdiff::writeOutput(
    StringRef path,
    llvm::function_ref<LogicalResult(llvm::raw_ostream &)> write,
    ErrorFn onError) {
  if (path == "-") {
    llvm::raw_fd_ostream &os = llvm::outs();
    LogicalResult written = write(os);
    os.flush();
    if (os.has_error()) {
      std::string why = os.error().message();
      os.clear_error();
      return fail(onError, "<stdout>", why);
    }
    return written;
  }

  // What the name leads to, links followed by the kernel.
  struct stat status;
  bool exists = stat(path.str().c_str(), &status) == 0;
  if (!exists && errno != ENOENT)
    return fail(onError, path, std::strerror(errno));
  bool viaProc = false;
  FailureOr<std::string> resolved = resolveLinks(path, onError, viaProc);
  if (failed(resolved))
    return failure();

  // Not a regular file (a FIFO, a device, /dev/stdout...): write to it in
  // place; there is nothing to replace. A regular file reached through
  // /proc (/dev/stdout redirected to a file) is an open file: append to it.
  if (exists && (!S_ISREG(status.st_mode) || viaProc)) {
    int flags = O_WRONLY | O_CLOEXEC | (S_ISREG(status.st_mode) ? O_APPEND : 0);
    int fd = open(path.str().c_str(), flags);
    if (fd < 0)
      return fail(onError, path, std::strerror(errno));
    return writeToDescriptor(fd, onError, path, write);
  }
  // A regular file (or a new one): a temporary file beside it, renamed over
  // it once complete.
  llvm::SmallString<256> model(llvm::sys::path::parent_path(*resolved));
  if (model.empty())
    model = ".";
  llvm::sys::path::append(model, "." + llvm::sys::path::filename(*resolved) +
                                     ".tmp-%%%%%%%%");
  int fd;
  llvm::SmallString<256> temporary;
  if (std::error_code error =
          llvm::sys::fs::createUniqueFile(model, fd, temporary))
    return fail(onError, path, error.message());
  // Removed if the tool dies before the rename: by LLVM's signal handler,
  // and by the supervisor (Support/Supervisor.h), which does not depend on
  // the dying process's state.
  llvm::sys::RemoveFileOnSignal(temporary);
  noteTemporaryFile(temporary.c_str());
  auto discard = [&] {
    llvm::sys::fs::remove(temporary);
    llvm::sys::DontRemoveFileOnSignal(temporary);
    forgetTemporaryFile(temporary.c_str());
    return failure();
  };
  if (exists) {
    // Keep the replaced file's mode, and its owner where that is allowed.
    if (fchmod(fd, status.st_mode & 07777) != 0) {
      std::string why = std::strerror(errno);
      close(fd);
      (void)discard();
      return fail(onError, path, why);
    }
    (void)!fchown(fd, status.st_uid, status.st_gid);
  }
  if (failed(writeToDescriptor(fd, onError, path, write)))
    return discard();
  if (rename(temporary.c_str(), resolved->c_str()) != 0) {
    std::string why = std::strerror(errno);
    (void)discard();
    return fail(onError, path, why);
  }
  llvm::sys::DontRemoveFileOnSignal(temporary);
  forgetTemporaryFile(temporary.c_str());
  return success();
}
