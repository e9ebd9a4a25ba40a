//===- Supervisor.cpp - Contain a tool's crashes --------------------------===//
//
// Part of graph-diff.
//
// The supervisor is the process the user started: it forks before the tool
// has read an option or allocated anything of note, and from then on only
// waits, forwards signals and removes what a dead child left. Nothing the
// child does can corrupt it: what the two share (a few pages, mapped before
// the fork) the supervisor reads only once the child is gone.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Support/Supervisor.h"

#include <atomic>
#include <cerrno>
#include <climits>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <new>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

// A sanitizer report ends in abort() (test/Sanitizers/options.py asks for
// that, so that a report fails every test): the child marks it, and the
// supervisor then dies of the signal too instead of containing it.
#if defined(__has_feature)
#if __has_feature(address_sanitizer) ||                                        \
    __has_feature(undefined_behavior_sanitizer)
#define GRAPHDIFF_SANITIZED 1
#endif
#endif
#if !defined(GRAPHDIFF_SANITIZED) && defined(__SANITIZE_ADDRESS__)
#define GRAPHDIFF_SANITIZED 1
#endif
#ifdef GRAPHDIFF_SANITIZED
#include <sanitizer/common_interface_defs.h>
#endif

using namespace graphdiff;

namespace {

/// One temporary file the child is writing.
struct Slot {
  /// 0: free; 1: the child is filling or clearing it; 2: holds `path`.
  std::atomic<int> state;
  char path[PATH_MAX];
};

/// The memory the supervisor and the child share.
struct Shared {
  /// Set by the child's sanitizer runtime before it aborts on a report.
  std::atomic<int> sanitizerReport;
  /// A tool writes one `-o` file at a time; a few more for safety.
  Slot slots[8];
};

static_assert(std::atomic<int>::is_always_lock_free,
              "the two processes share these atomics");

/// The shared page, in the child (and null when unsupervised).
Shared *shared = nullptr;

/// The child, in the supervisor, for the signal handler.
volatile sig_atomic_t childPid = 0;

/// What the supervisor passes on to the child when it receives it.
constexpr int kForwarded[] = {SIGHUP,  SIGINT,  SIGQUIT, SIGTERM,
                              SIGUSR1, SIGUSR2, SIGALRM};

/// The signals a process dies of by itself: a fault of the tool (or of the
/// MLIR libraries), contained. Any other signal came from outside.
struct Fault {
  int number;
  const char *name;
  const char *meaning;
};
constexpr Fault kFaults[] = {
    {SIGSEGV, "SIGSEGV", "segmentation fault"},
    {SIGBUS, "SIGBUS", "bus error"},
    {SIGILL, "SIGILL", "illegal instruction"},
    {SIGFPE, "SIGFPE", "arithmetic exception"},
    {SIGABRT, "SIGABRT", "aborted"},
    {SIGTRAP, "SIGTRAP", "trap"},
    {SIGSYS, "SIGSYS", "bad system call"},
};

} // namespace

extern "C" {
static void forwardToChild(int number) {
  int saved = errno;
  if (childPid > 0)
    kill(static_cast<pid_t>(childPid), number);
  errno = saved;
}

#ifdef GRAPHDIFF_SANITIZED
static void markSanitizerReport() {
  if (shared)
    shared->sanitizerReport.store(1);
}
#endif
}

/// Dies of signal `number`, as the child did: the shell, `timeout`, `xargs` and
/// a pipeline see what they saw before there was a supervisor.
[[noreturn]] static void dieOf(int number) {
  // The child has dumped its core already, if it was to.
  struct rlimit noCore = {0, 0};
  setrlimit(RLIMIT_CORE, &noCore);
  std::signal(number, SIG_DFL);
  sigset_t only;
  sigemptyset(&only);
  sigaddset(&only, number);
  sigprocmask(SIG_UNBLOCK, &only, nullptr);
  raise(number);
  _exit(128 + number);
}

/// Waits for `child`, then exits or dies as it did (Supervisor.h).
[[noreturn]] static void supervise(const char *tool, pid_t child, Shared &page,
                                   const sigset_t &mask) {
  childPid = child;
  struct sigaction forward = {};
  forward.sa_handler = forwardToChild;
  sigemptyset(&forward.sa_mask);
  forward.sa_flags = SA_RESTART;
  for (int number : kForwarded) {
    // A signal the tool was started ignoring (`nohup`, `&` without job
    // control) stays ignored, in the child as well.
    struct sigaction current;
    if (sigaction(number, nullptr, &current) == 0 &&
        current.sa_handler == SIG_IGN)
      continue;
    sigaction(number, &forward, nullptr);
  }
  sigprocmask(SIG_SETMASK, &mask, nullptr);

  // Wait without reaping, so that the child's pid cannot be reused while a
  // signal may still be forwarded to it; then stop forwarding, and reap.
  siginfo_t info;
  for (;;) {
    std::memset(&info, 0, sizeof(info));
    if (waitid(P_PID, static_cast<id_t>(child), &info, WEXITED | WNOWAIT) == 0)
      break;
    if (errno != EINTR) {
      std::fprintf(stderr, "%s: error: lost the process running the tool: %s\n",
                   tool, std::strerror(errno));
      _exit(2);
    }
  }
  sigset_t forwarded;
  sigemptyset(&forwarded);
  for (int number : kForwarded)
    sigaddset(&forwarded, number);
  sigprocmask(SIG_BLOCK, &forwarded, nullptr);
  int status = 0;
  while (waitpid(child, &status, 0) < 0 && errno == EINTR) {
  }
  childPid = 0;

  // What the child was writing when it died (it removes its temporary files
  // itself when it can: on an error, on exit, from LLVM's signal handler).
  for (Slot &slot : page.slots)
    if (slot.state.load() == 2)
      unlink(slot.path);

  if (WIFEXITED(status))
    _exit(WEXITSTATUS(status));
  int number = WIFSIGNALED(status) ? WTERMSIG(status) : SIGKILL;
  if (page.sanitizerReport.load())
    dieOf(number);
  for (const Fault &fault : kFaults) {
    if (fault.number != number)
      continue;
    std::fprintf(stderr,
                 "%s: error: internal fault (%s, %s) in graph-diff or the MLIR "
                 "libraries; the input's error, if any, is printed above\n",
                 tool, fault.name, fault.meaning);
    _exit(2);
  }
  dieOf(number);
}

void graphdiff::superviseTool(const char *tool) {
  const char *off = std::getenv(kNoForkVariable);
  if (off && *off && std::strcmp(off, "0") != 0)
    return;
  void *memory = mmap(nullptr, sizeof(Shared), PROT_READ | PROT_WRITE,
                      MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (memory == MAP_FAILED)
    return;
  Shared *page = new (memory) Shared();

  // Signals that arrive while the processes split wait until the supervisor
  // forwards them.
  sigset_t forwarded, mask;
  sigemptyset(&forwarded);
  for (int number : kForwarded)
    sigaddset(&forwarded, number);
  sigprocmask(SIG_BLOCK, &forwarded, &mask);
#ifdef __linux__
  pid_t parent = getpid();
#endif
  pid_t child = fork();
  if (child < 0) {
    // Run unsupervised rather than not at all.
    sigprocmask(SIG_SETMASK, &mask, nullptr);
    munmap(memory, sizeof(Shared));
    return;
  }
  if (child > 0)
    supervise(tool, child, *page, mask);

  shared = page;
#ifdef __linux__
  // If the supervisor is killed (SIGKILL cannot be forwarded), the child
  // stops too, removing its temporary files.
  prctl(PR_SET_PDEATHSIG, SIGTERM);
#endif
  sigprocmask(SIG_SETMASK, &mask, nullptr);
#ifdef __linux__
  if (getppid() != parent)
    raise(SIGTERM);
#endif
#ifdef GRAPHDIFF_SANITIZED
  __sanitizer_set_death_callback(markSanitizerReport);
#endif
}

/// `path` made absolute in `out` (the child might change directory).
static bool absolutePath(const char *path, char (&out)[PATH_MAX]) {
  size_t length = std::strlen(path);
  if (path[0] == '/') {
    if (length >= sizeof(out))
      return false;
    std::memcpy(out, path, length + 1);
    return true;
  }
  if (!getcwd(out, sizeof(out)))
    return false;
  size_t prefix = std::strlen(out);
  if (prefix + 1 + length >= sizeof(out))
    return false;
  out[prefix] = '/';
  std::memcpy(out + prefix + 1, path, length + 1);
  return true;
}

void graphdiff::noteTemporaryFile(const char *path) {
  if (!shared)
    return;
  char absolute[PATH_MAX];
  if (!absolutePath(path, absolute))
    return;
  for (Slot &slot : shared->slots) {
    int free = 0;
    if (!slot.state.compare_exchange_strong(free, 1))
      continue;
    std::memcpy(slot.path, absolute, std::strlen(absolute) + 1);
    slot.state.store(2);
    return;
  }
}

void graphdiff::forgetTemporaryFile(const char *path) {
  if (!shared)
    return;
  char absolute[PATH_MAX];
  if (!absolutePath(path, absolute))
    return;
  // Only the thread that noted a path forgets it: a full slot changes under
  // no one else.
  for (Slot &slot : shared->slots) {
    if (slot.state.load() == 2 && std::strcmp(slot.path, absolute) == 0) {
      slot.state.store(0);
      return;
    }
  }
}
