//===- SupervisorTest.cpp - Every tool's fault containment ----------------===//
//
// superviseTool (Support/Supervisor.h) in a death test: the statement calls
// it as a tool's main does, then plays the tool, which exits or dies; the
// death test sees what the user's shell would see of the supervisor. The
// tools' own test, on the input MLIR 22 corrupts its heap on, is
// test/graph-diff-opt/hostile-parser-fault.test.
//
//===----------------------------------------------------------------------===//

#include "GraphDiff/Support/Supervisor.h"

#include "gtest/gtest.h"

#include <csignal>
#include <cstdlib>
#include <fcntl.h>
#include <string>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace graphdiff;

namespace {

/// Dies of `number` as a crash does: with the default action (no LLVM
/// handler here), and without a core file.
[[noreturn]] void dieOf(int number) {
  struct rlimit noCore = {0, 0};
  setrlimit(RLIMIT_CORE, &noCore);
  std::signal(number, SIG_DFL);
  raise(number);
  _exit(99);
}

TEST(SupervisorTest, FaultIsExitTwoWithOneLine) {
  struct Case {
    int number;
    const char *line;
  };
  for (Case c :
       {Case{SIGSEGV, "SIGSEGV, segmentation fault"},
        Case{SIGABRT, "SIGABRT, aborted"}, Case{SIGBUS, "SIGBUS, bus error"},
        Case{SIGILL, "SIGILL, illegal instruction"},
        Case{SIGFPE, "SIGFPE, arithmetic exception"}}) {
    EXPECT_EXIT(
        {
          superviseTool("some-tool");
          dieOf(c.number);
        },
        testing::ExitedWithCode(2),
        std::string("^some-tool: error: internal fault \\(") + c.line +
            "\\) in graph-diff or the MLIR libraries; the input's error, if "
            "any, is printed above\n$");
  }
}

TEST(SupervisorTest, ExitCodesPassThrough) {
  for (int code : {0, 1, 2, 3, 74}) {
    EXPECT_EXIT(
        {
          superviseTool("some-tool");
          _exit(code);
        },
        testing::ExitedWithCode(code), "^$");
  }
}

// A closed pipe, Ctrl-C, `kill`: the supervisor dies of the same signal,
// silently.
TEST(SupervisorTest, OtherSignalsPassThrough) {
  for (int number : {SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGKILL}) {
    EXPECT_EXIT(
        {
          superviseTool("some-tool");
          dieOf(number);
        },
        testing::KilledBySignal(number), "^$");
  }
}

// `kill` or `timeout` signals the process it started, the supervisor: the
// child gets the signal, and both end as one process would have.
TEST(SupervisorTest, ForwardsTerminationSignals) {
  for (int number : {SIGTERM, SIGINT, SIGHUP}) {
    EXPECT_EXIT(
        {
          // As a tool started in the foreground: not ignoring the signal.
          std::signal(number, SIG_DFL);
          superviseTool("some-tool");
          kill(getppid(), number);
          // Only the forwarded signal ends this: a supervisor that did not
          // forward it would hang here.
          for (;;)
            pause();
        },
        testing::KilledBySignal(number), "^$");
  }
}

// The temporary file of an `-o` being written is removed when the tool
// dies, whatever state the dying process was in; a file no longer noted
// (renamed into place, or removed) is left alone.
TEST(SupervisorTest, RemovesTemporaryFilesOfADeadTool) {
  std::string noted =
      testing::TempDir() + "supervisor-noted-" + std::to_string(getpid());
  std::string forgotten =
      testing::TempDir() + "supervisor-forgotten-" + std::to_string(getpid());
  for (const std::string &path : {noted, forgotten}) {
    int fd = open(path.c_str(), O_CREAT | O_WRONLY | O_TRUNC, 0600);
    ASSERT_GE(fd, 0) << path;
    close(fd);
  }
  EXPECT_EXIT(
      {
        superviseTool("some-tool");
        noteTemporaryFile(noted.c_str());
        noteTemporaryFile(forgotten.c_str());
        forgetTemporaryFile(forgotten.c_str());
        dieOf(SIGSEGV);
      },
      testing::ExitedWithCode(2), "internal fault \\(SIGSEGV");
  EXPECT_NE(access(noted.c_str(), F_OK), 0);
  EXPECT_EQ(access(forgotten.c_str(), F_OK), 0);
  unlink(forgotten.c_str());
}

// GRAPH_DIFF_NO_FORK=1: one process, which dies of its fault (for gdb).
TEST(SupervisorTest, NoForkRunsUnsupervised) {
  EXPECT_EXIT(
      {
        setenv(kNoForkVariable, "1", 1);
        pid_t before = getpid();
        superviseTool("some-tool");
        if (getpid() != before)
          _exit(3);
        dieOf(SIGSEGV);
      },
      testing::KilledBySignal(SIGSEGV), "^$");
  // `0` and empty mean supervised.
  for (const char *value : {"0", ""}) {
    EXPECT_EXIT(
        {
          setenv(kNoForkVariable, value, 1);
          superviseTool("some-tool");
          dieOf(SIGSEGV);
        },
        testing::ExitedWithCode(2), "internal fault");
  }
}

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
// A sanitizer's report is not contained: the supervisor does not turn it
// into exit 2, which tests of bad input expect (test/Sanitizers/options.py
// makes a report abort, so that it fails every test).
TEST(SupervisorTest, SanitizerReportIsNotContained) {
  EXPECT_EXIT(
      {
        superviseTool("some-tool");
        volatile char *freed = new char[16];
        delete[] freed;
        freed[0] = 1;
        _exit(0);
      },
      [](int status) {
        return !(WIFEXITED(status) && WEXITSTATUS(status) == 2);
      },
      "AddressSanitizer: heap-use-after-free");
}
#endif
#endif

} // namespace
