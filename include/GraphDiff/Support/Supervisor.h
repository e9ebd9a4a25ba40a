//===- Supervisor.h - Contain a tool's crashes ------------------*- C++ -*-===//
//
// Part of graph-diff.
//
// MLIR's parser can corrupt the heap on malformed input and carry on: MLIR
// 22 reads the input of docs/Testing.md ("Containing faults") with a use
// after free in its error path, prints the located error, and the process
// dies later, anywhere (glibc's malloc aborts at a thread's exit). A signal
// handler in the same process cannot make that sound: once the heap is
// corrupt, nothing after the fault can be trusted. So every graph-diff tool
// runs in a child process of its own, and the process the user started only
// waits for it:
//   - the child exits: its exit code is passed on unchanged;
//   - the child dies of a fault (SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT,
//     SIGTRAP, SIGSYS): the supervisor prints one line, `<tool>: error:
//     internal fault (SIGABRT) ...`, and exits 2, as for any trouble;
//   - the child dies of any other signal (SIGPIPE from a closed pipe, SIGINT,
//     SIGTERM, SIGKILL): the supervisor dies of the same signal.
// Termination signals sent to the supervisor alone (`kill`, `timeout`) are
// passed on to the child; a Ctrl-C reaches both, and the supervisor outlives
// the child. A temporary `-o` file the child was writing is removed.
//
// GRAPH_DIFF_NO_FORK=1 runs the tool in the one process, unsupervised (to
// run it under gdb, for one).
//
//===----------------------------------------------------------------------===//

#ifndef GRAPHDIFF_SUPPORT_SUPERVISOR_H
#define GRAPHDIFF_SUPPORT_SUPERVISOR_H

namespace graphdiff {

/// The environment variable that turns the supervisor off: set to anything
/// but empty or `0`.
inline constexpr const char kNoForkVariable[] = "GRAPH_DIFF_NO_FORK";

/// Every tool's main calls this first, before it reads an option or an
/// input: it forks, returns in the child, which runs the tool, and never
/// returns in the parent, which supervises the child as the file comment
/// says and exits (or dies) as described there. `tool` names the tool in the
/// fault line. Returns at once, without forking, under GRAPH_DIFF_NO_FORK or
/// if the process cannot fork.
void superviseTool(const char *tool);

/// Records that `path` is a temporary file the tool is writing, to be
/// removed by the supervisor if the tool dies before it is renamed or
/// removed. A no-op when unsupervised (and for a path too long to record).
/// Safe to call from any thread.
void noteTemporaryFile(const char *path);

/// Forgets a path noted by noteTemporaryFile: it was renamed or removed.
void forgetTemporaryFile(const char *path);

} // namespace graphdiff

#endif // GRAPHDIFF_SUPPORT_SUPERVISOR_H
