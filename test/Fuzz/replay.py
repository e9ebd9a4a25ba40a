#!/usr/bin/env python3
"""Replays every input kept in CRASHERS/TARGET/ through its fuzz target.

Usage: replay.py CRASHERS BIN_DIR

Each folder of CRASHERS names a target: its files are run by
BIN_DIR/graph-diff-fuzz-TARGET, with every property checked
(GRAPH_DIFF_FUZZ_SKIP empty). A folder without its target, or a target that
fails on one of its files, fails the replay.
"""
import os
import subprocess
import sys


def main():
    crashers, bin_dir = sys.argv[1:3]
    env = dict(os.environ, GRAPH_DIFF_FUZZ_SKIP="")
    failures = 0
    for target in sorted(os.listdir(crashers)):
        folder = os.path.join(crashers, target)
        if not os.path.isdir(folder):
            continue
        files = sorted(os.path.join(folder, f) for f in os.listdir(folder))
        tool = os.path.join(bin_dir, "graph-diff-fuzz-" + target)
        if not os.path.exists(tool):
            print(f"replay: no fuzz target {tool} for {folder}", file=sys.stderr)
            failures += 1
            continue
        run = subprocess.run([tool, *files], env=env, capture_output=True,
                             text=True)
        if run.returncode != 0:
            sys.stderr.write(run.stdout + run.stderr)
            print(f"replay: {target} failed on {folder}", file=sys.stderr)
            failures += 1
        else:
            print(f"replay: {target}: {len(files)} input(s) pass")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
