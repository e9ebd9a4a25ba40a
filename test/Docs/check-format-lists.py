#!/usr/bin/env python3
"""Checks that the docs' lists of report formats name every format the tool
takes: the `--format=<value>` values of `graph-diff-opt --help` (on stdin),
against each list this script knows (below); prints what a list lacks.

usage: graph-diff-opt --help | check-format-lists.py --root SRC
"""

import argparse
import os
import re
import sys

# (file, pattern): every match's group 1 is a list of formats, separated by
# `|`, `, ` or ` or `, or named in backticks; each must hold every format. A
# file with no match is an error too (the sentence moved: update the pattern).
LISTS = [
    ("README.md", r"`--format=([a-z|-]+)` picks the report"),
    ("docs/UserGuide.md", r"`--format=([a-z|-]+)` picks the report"),
    ("docs/UserGuide.md", r"`format=([a-z|-]+)` \(the plan by default\)"),
    ("docs/Passes.md", r"How to print the diff: ([a-z, -]+)"),
    ("docs/Renderers.md", r"\| `--format=([a-z-]+)` \|"),
    ("docs/Library.md", r"the report as a string: (.*?) \|"),
    # The Python module's docstring and its unknown-format error.
    # (C++ string literals split over lines are joined first.)
    ("python/graph_diff/__init__.py", r"Formats \(``FORMATS``\): ([a-z, -]+)\."),
    ("lib/GraphDiff/Bindings/Python/GraphDiffModule.cpp", r"\(expected ([a-z, -]+)\)"),
]


def formats(help_text):
    """The values listed under the first `--format=<value>` of --help."""
    found, inside = [], False
    for line in help_text.splitlines():
        if re.match(r"^\s+--format=<value>", line):
            if found:
                break
            inside = True
            continue
        match = re.match(r"^\s+=([a-z-]+)\s", line)
        if inside and match:
            found.append(match.group(1))
        elif inside:
            break
    return found


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--root", required=True)
    args = parser.parse_args()
    wanted = formats(sys.stdin.read())
    if not wanted:
        print("error: no --format values in the help text")
        return 1
    print("formats: " + " ".join(wanted))
    bad = 0
    for name, pattern in LISTS:
        with open(os.path.join(args.root, name), encoding="utf-8") as f:
            text = f.read()
        if name.endswith(".cpp"):
            text = re.sub(r'"\s*\n\s*"', "", text)
        # A list in prose names each format in backticks.
        lists = [
            re.findall(r"`([a-z-]+)`", m.group(1)) if "`" in m.group(1)
            else re.split(r"[|,]\s*|\s+or\s+", m.group(1).strip())
            for m in re.finditer(pattern, text)
        ]
        if not lists:
            print(f"{name}: no list matches {pattern!r}")
            bad += 1
            continue
        # A table lists one format per row: its rows together are the list.
        if name.endswith("Renderers.md"):
            lists = [[f for l in lists for f in l]]
        for listed in lists:
            missing = [f for f in wanted if f not in listed]
            if missing:
                print(f"{name}: {' '.join(listed)}: lacks {' '.join(missing)}")
                bad += 1
    print(f"{len(LISTS)} lists checked, {bad} wrong")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
