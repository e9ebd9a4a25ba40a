#!/usr/bin/env python3
"""Runs every command the docs show, and compares every transcript.

usage: run-doc-commands.py --root SRC --bin BUILD/bin --work DIR
                           [--corpus DIR] [--versions DIR] [--build BUILD]
                           [--python EXE --python-path DIR] FILE.md...

What runs (docs/Testing.md, "The docs test"):
- each command of a ```sh or ```bash block: one per line, a line ending in
  a backslash continued on the next, `# ...` after a space a comment;
- each `$ command` of a transcript: a plain ``` block whose first line
  starts with `$ `. The lines after it, up to the next `$ ` line, are its
  output (stdout and stderr as they interleave), compared exactly, except
  that a line `...` (indented or not) stands for any number of lines;
- each ```python block, as one program: run by --python EXE with
  PYTHONPATH=--python-path (where `import graph_diff` finds the module);
  without --python (the module was not built) it is skipped and reported.

Every command must exit 0 unless the doc says otherwise, in an HTML comment
(invisible on the rendered page) on the lines just above the block:
  <!-- doc-test: exit 1 -->        every command of the block exits 1
  <!-- doc-test: exit 1 0 2 -->    one code per command, in order
  <!-- doc-test: setup CMD -->     run CMD first (it must exit 0): the files
                                   a transcript reads, a scratch git repo
  <!-- doc-test: skip REASON -->   do not run the block (root, network,
                                   minutes); counted and reported with REASON
  <!-- doc-test: needs ../shared/corpus -->  the block reads what an earlier
                                   block made from ../shared/corpus
  <!-- doc-test: output CMD -->    the block (of any language: ```mlir) is
                                   what CMD prints, compared as a transcript
  <!-- doc-test: file PATH -->     the block (of any language: ```cmake) is
                                   written to PATH, under the scratch
                                   directory, for the commands after it
  <!-- doc-test: replace OLD NEW -->  each command of the block (and its
                                   setup) runs with OLD replaced by NEW: the
                                   doc shows /opt/graph-diff, the test
                                   installs into $HOME/opt/graph-diff
  <!-- doc-test: needs build -->   the block needs the build tree (--build):
                                   without it, it is skipped and reported
An annotation must be followed by a block, `exit` must give one code or
one per command, and a `replace` OLD must occur in the block.

The commands of one file run in order, in a fresh directory (DIR/<file>/work)
that holds links to the repository's examples/, test/ and docs/, so they see
the paths the docs use and a later command reads what an earlier one wrote.
With --build (an uninstrumented build tree, which `cmake --install` can
install), the directory also links it as `build`, where the docs' commands
run from the repository's root find it.
Next to it, ../shared holds links to --corpus and --versions when given; a
command that mentions ../shared/corpus (or ../shared/versions) without it is
skipped (a block whose setup mentions it: all of it) and reported as such.
The tools come first on PATH, then LLVM's (split-file); HOME is the scratch
directory and git never looks above it; `$?` is the previous command's exit
code, as in the session a transcript shows (`$ echo $?`).
Exit code: 0 when everything that ran passed, 1 otherwise.
"""

import argparse
import difflib
import os
import re
import shutil
import subprocess
import sys

ANNOTATION = re.compile(r"^<!-- doc-test: (exit|setup|skip|needs|output|file|replace)\b\s*(.*?)\s*-->$")
LLVM_BIN = "/usr/lib/llvm-22/bin"


class DocError(Exception):
    pass


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


def join_continued(lines):
    """(offset, text) per logical line: backslash-newline joins lines."""
    out, pending, start = [], "", 0
    for i, line in enumerate(lines):
        if not pending:
            start = i
        if line.endswith("\\"):
            pending += line[:-1] + " "
            continue
        out.append((start, pending + line))
        pending = ""
    if pending:
        out.append((start, pending))
    return out


class Block:
    """A fenced block of commands: `kind` is 'script', 'transcript', 'output',
    'python' (its one command is the program) or 'file' (its one command is
    the path, the output its text)."""

    def __init__(self, line, kind):
        self.line, self.kind = line, kind
        self.commands = []  # (line, command, expected output lines or None)
        self.exits, self.setup, self.needs, self.skip = None, [], [], None
        self.replace = []  # (old, new)

    def replaced(self, command):
        for old, new in self.replace:
            command = command.replace(old, new)
        return command


def parse_transcript(first, lines):
    commands = []
    current = None
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("$ "):
            text, start = line[2:], i
            while text.endswith("\\") and i + 1 < len(lines):
                i += 1
                text = text[:-1] + " " + lines[i]
            current = [first + start, text.strip(), []]
            commands.append(current)
        elif current is not None:
            current[2].append(line)
        i += 1
    return [(n, c, out) for n, c, out in commands]


def blocks(path, name=None):
    """The command blocks of a markdown file, with their annotations; errors
    name the file `name` (default `path`)."""
    with open(path, encoding="utf-8") as f:
        text = f.read().split("\n")
    name = name or path
    found, pending = [], []
    i = 0
    while i < len(text):
        stripped = text[i].strip()
        match = ANNOTATION.match(stripped)
        if match:
            pending.append((i + 1, match.group(1), match.group(2)))
            i += 1
            continue
        if not stripped.startswith("```"):
            if pending and stripped:
                raise DocError(f"{name}:{pending[0][0]}: doc-test annotation not followed by a block")
            i += 1
            continue
        lang = stripped[3:].strip()
        end = i + 1
        while end < len(text) and text[end].strip() != "```":
            end += 1
        body = text[i + 1 : end]
        block = None
        files = [arg for _, what, arg in pending if what == "file"]
        if files:
            # A file the later commands read (a ```cmake project, say).
            path = files[-1]
            if not path or os.path.isabs(path) or ".." in path.split("/"):
                raise DocError(f"{name}:{pending[0][0]}: doc-test file needs a path inside the scratch directory")
            block = Block(i + 1, "file")
            block.commands = [(i + 1, path, body)]
        elif lang in ("sh", "bash"):
            block = Block(i + 1, "script")
            for offset, command in join_continued(body):
                command = strip_comment(command).strip()
                if command:
                    block.commands.append((i + 2 + offset, command, None))
        elif lang == "python":
            block = Block(i + 1, "python")
            block.commands = [(i + 1, "\n".join(body), None)]
        elif lang == "" and body and body[0].startswith("$ "):
            block = Block(i + 1, "transcript")
            block.commands = parse_transcript(i + 2, body)
        elif any(what == "output" for _, what, _ in pending):
            # A shown output (```mlir, say): the hidden command prints it.
            command = [arg for _, what, arg in pending if what == "output"][-1]
            block = Block(i + 1, "output")
            block.commands = [(i + 1, command, body)]
        if block is None and pending:
            raise DocError(f"{name}:{pending[0][0]}: doc-test annotation before a block that has no commands")
        if block is not None:
            for number, what, arg in pending:
                if what == "skip":
                    if not arg:
                        raise DocError(f"{name}:{number}: doc-test skip needs a reason")
                    block.skip = arg
                elif what == "output":
                    if not arg:
                        raise DocError(f"{name}:{number}: doc-test output needs a command")
                elif what == "file":
                    pass
                elif what == "replace":
                    parts = arg.split()
                    if len(parts) != 2:
                        raise DocError(f"{name}:{number}: doc-test replace takes OLD NEW")
                    if not any(parts[0] in c for _, c, _ in block.commands):
                        raise DocError(f"{name}:{number}: doc-test replace: {parts[0]} is in no command of the block")
                    block.replace.append(tuple(parts))
                elif what in ("setup", "needs"):
                    if not arg:
                        raise DocError(f"{name}:{number}: doc-test {what} needs an argument")
                    (block.setup if what == "setup" else block.needs).append(arg)
                else:
                    codes = arg.split()
                    if not codes or not all(c.isdigit() for c in codes):
                        raise DocError(f"{name}:{number}: doc-test exit takes exit codes")
                    if len(codes) not in (1, len(block.commands)):
                        raise DocError(
                            f"{name}:{number}: doc-test exit gives {len(codes)} codes for "
                            f"{len(block.commands)} commands"
                        )
                    block.exits = [int(c) for c in codes] * (len(block.commands) if len(codes) == 1 else 1)
            found.append(block)
        pending = []
        i = end + 1
    if pending:
        raise DocError(f"{name}:{pending[0][0]}: doc-test annotation not followed by a block")
    return found


def commands(path):
    """(line number, command) for each command of the file's blocks."""
    return [(n, c) for b in blocks(path) if b.kind != "file" for n, c, _ in b.commands]


def matches(expected, actual):
    """Whether `actual` lines are `expected`, a `...` line matching any run."""
    if not expected:
        return not actual
    if expected[0].strip() == "...":
        return any(matches(expected[1:], actual[k:]) for k in range(len(actual) + 1))
    return bool(actual) and actual[0] == expected[0] and matches(expected[1:], actual[1:])


def trim(lines):
    while lines and not lines[-1].strip():
        lines = lines[:-1]
    return lines


def run(command, work, env, status=0):
    """Runs `command` in bash with `$?` the previous command's `status`."""
    return subprocess.run(
        ["bash", "-c", f"set -o pipefail; (exit {status}); " + command],
        cwd=work,
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )


def prepare(root, base, shared, build=None):
    """A fresh work directory under `base` with the links the docs expect."""
    shutil.rmtree(base, ignore_errors=True)
    work = os.path.join(base, "work")
    os.makedirs(work)
    for link in ("examples", "test", "docs"):
        os.symlink(os.path.join(root, link), os.path.join(work, link))
    if build:
        os.symlink(os.path.abspath(build), os.path.join(work, "build"))
    os.makedirs(os.path.join(base, "shared"))
    for name, target in shared.items():
        os.symlink(os.path.abspath(target), os.path.join(base, "shared", name))
    return work


def run_python(program, work, env, python):
    """Runs a ```python block's `program` with the interpreter `python`."""
    return subprocess.run(
        [python, "-c", program],
        cwd=work,
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )


def run_file(name, root, base, shared, env, python=None, build=None):
    """Runs one file's blocks; returns the number of failures."""
    work = prepare(root, base, shared, build)
    env = dict(env, HOME=base, GIT_CEILING_DIRECTORIES=base, GIT_CONFIG_NOSYSTEM="1")
    failures = ran = compared = skipped = status = 0
    for block in blocks(os.path.join(root, name), name):
        if block.skip:
            skipped += len(block.commands)
            print(f"{name}:{block.line}: skipped {len(block.commands)} command(s): {block.skip}")
            continue
        if block.kind == "file":
            _, path, text = block.commands[0]
            os.makedirs(os.path.dirname(os.path.join(work, path)) or work, exist_ok=True)
            with open(os.path.join(work, path), "w", encoding="utf-8") as f:
                f.write("\n".join(text) + "\n")
            continue
        if block.kind == "python" and not python:
            skipped += 1
            print(f"{name}:{block.line}: skipped 1 command(s): needs the Python module (not built)")
            continue
        if "build" in block.needs and not build:
            skipped += len(block.commands)
            print(f"{name}:{block.line}: skipped {len(block.commands)} command(s): needs the build tree (no --build)")
            continue
        absent = [d for d in ("corpus", "versions") if d not in shared]
        needs = [[d for d in absent if f"../shared/{d}" in " ".join([c] + block.setup + block.needs)] for _, c, _ in block.commands]
        if any(needs):
            missing = sorted({d for n in needs for d in n})
            what = " and ".join(f"../shared/{d}" for d in missing)
            count = sum(1 for n in needs if n)
            skipped += count
            print(f"{name}:{block.line}: skipped {count} command(s): needs {what} (absent)")
            if (block.setup or block.needs) and count == len(needs):
                continue
        for setup in block.setup:
            result = run(block.replaced(setup), work, env)
            if result.returncode != 0:
                failures += 1
                print(f"{name}:{block.line}: FAILED setup (exit {result.returncode}): {setup}")
                print(result.stdout[-2000:], end="")
        for index, (number, command, shown) in enumerate(block.commands):
            if needs[index]:
                continue
            expected = block.exits[index] if block.exits else 0
            if block.kind == "python":
                result = run_python(command, work, env, python)
                command = "the python block"
            else:
                result = run(block.replaced(command), work, env, status)
            status = result.returncode
            ran += 1
            if result.returncode != expected:
                failures += 1
                print(f"{name}:{number}: FAILED exit {result.returncode}, expected {expected}: {command}")
                print(result.stdout[-2000:], end="")
                continue
            if shown is None:
                continue
            compared += 1
            actual = trim(result.stdout.split("\n"))
            if not matches(trim(shown), actual):
                failures += 1
                print(f"{name}:{number}: FAILED output differs from the doc: {command}")
                shown_lines = trim(shown)
                print("\n".join(difflib.unified_diff(shown_lines, actual, "shown", "actual", lineterm="")))
    print(f"{name}: {ran} commands ran ({compared} outputs compared), {skipped} skipped")
    return failures


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--root", required=True)
    parser.add_argument("--bin", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--corpus")
    parser.add_argument("--versions")
    parser.add_argument("--build", help="the build tree, linked as `build` (blocks that need it)")
    parser.add_argument("--python", help="the interpreter ```python blocks run with")
    parser.add_argument("--python-path", help="PYTHONPATH for ```python blocks")
    parser.add_argument("files", nargs="+")
    args = parser.parse_args()
    root = os.path.abspath(args.root)
    shared = {k: v for k, v in (("corpus", args.corpus), ("versions", args.versions)) if v and os.path.isdir(v)}
    env = dict(os.environ, LC_ALL="C")
    env["PATH"] = os.pathsep.join([os.path.abspath(args.bin), env.get("PATH", ""), LLVM_BIN])
    if args.python_path:
        env["PYTHONPATH"] = os.path.abspath(args.python_path)
    failures = 0
    try:
        for name in args.files:
            base = os.path.join(os.path.abspath(args.work), name.replace("/", "_"))
            failures += run_file(name, root, base, shared, env, args.python, args.build)
    except DocError as error:
        print(f"error: {error}")
        return 1
    if failures:
        print(f"{failures} command(s) FAILED")
        return 1
    print("all passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
