#!/usr/bin/env python3
"""Runs every command the docs show in a ```sh block.

usage: run-doc-commands.py --root SRC --bin BUILD/bin --work DIR FILE.md...

Each ```sh block of each file is a list of commands: one per line, a line
ending in a backslash continued on the next, `# ...` after a space a comment.
The commands of one file run in order, in a fresh directory (DIR/<file>)
that holds links to the repository's examples/, test/ and docs/ and, next to
it, ../shared when the repository has one: so they see the paths the docs
use, and a later command reads what an earlier one wrote (plan.mlir). The
tools come first on PATH. Exit codes follow the tools: 0 and 1 (differ) pass,
anything else fails. A command that reads ../shared is skipped when it is
absent. Setup and build steps are ```bash blocks: not run.
"""

import argparse
import os
import subprocess
import sys


def strip_comment(line):
    """`line` without a trailing `# comment` (a # after a space, unquoted)."""
    quote = None
    for i, c in enumerate(line):
        if quote:
            if c == quote:
                quote = None
        elif c in "'\"":
            quote = c
        elif c == "#" and (i == 0 or line[i - 1].isspace()):
            return line[:i].rstrip()
    return line.rstrip()


def commands(path):
    """(line number, command) for each command of the ```sh blocks."""
    found = []
    in_block = False
    pending, start = "", 0
    with open(path, encoding="utf-8") as f:
        for number, raw in enumerate(f, 1):
            line = raw.rstrip("\n")
            if not in_block:
                in_block = line.strip() == "```sh"
                continue
            if line.strip() == "```":
                in_block = False
                continue
            if not pending:
                start = number
            if line.endswith("\\"):
                pending += line[:-1] + " "
                continue
            command = strip_comment(pending + line).strip()
            pending = ""
            if command:
                found.append((start, command))
    return found


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--root", required=True)
    parser.add_argument("--bin", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("files", nargs="+")
    args = parser.parse_args()
    root = os.path.abspath(args.root)
    shared = os.path.normpath(os.path.join(root, "..", "shared"))
    have_shared = os.path.isdir(shared)
    env = dict(os.environ)
    env["PATH"] = os.path.abspath(args.bin) + os.pathsep + env.get("PATH", "")
    failures = 0
    for name in args.files:
        work = os.path.join(os.path.abspath(args.work), name.replace("/", "_"), "work")
        os.makedirs(work, exist_ok=True)
        for link in ("examples", "test", "docs"):
            target = os.path.join(work, link)
            if not os.path.lexists(target):
                os.symlink(os.path.join(root, link), target)
        if have_shared and not os.path.lexists(os.path.join(work, "..", "shared")):
            os.symlink(shared, os.path.join(work, "..", "shared"))
        ran = skipped = 0
        for number, command in commands(os.path.join(root, name)):
            if "../shared" in command and not have_shared:
                print(f"{name}:{number}: skipped (no ../shared): {command}")
                skipped += 1
                continue
            result = subprocess.run(
                ["bash", "-c", "set -o pipefail; " + command],
                cwd=work,
                env=env,
                stdin=subprocess.DEVNULL,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
            ran += 1
            if result.returncode not in (0, 1):
                failures += 1
                print(f"{name}:{number}: exit {result.returncode}: {command}")
                print(result.stderr[-2000:], end="")
        print(f"{name}: {ran} commands ran, {skipped} skipped")
    if failures:
        print(f"{failures} command(s) failed")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
