#!/usr/bin/env python3
"""Checks that graph-diff-api reports as a break everything abidiff reports.

    abidiff-covered.py [--table] GRAPH_DIFF_API DIR

For each DIR/CASE holding v1.so and v2.so (sorted by CASE), runs libabigail's
`abidiff v1.so v2.so` and `GRAPH_DIFF_API v1.so v2.so --format=json`. Every
function or variable abidiff lists as removed ([D]) or changed ([C]) must be
covered by a breaking change of graph-diff-api:

- a removed one, by a break whose object (the innermost object of its old or
  new path: `sub`, `geo._ZN3geo3dot...`) is its symbol;
- a changed one, by a break whose object's name appears in abidiff's account
  of it: the function itself, or a type that account names (`struct point` in
  "in pointed to type 'struct point'", `pair_t` in its signature). graph-diff-api
  reports a layout change once, on the type, where abidiff reports it on each
  function that reaches the type.

Additions ([A]) are not breaks. Prints one line per case (with --table, a
Markdown table of the verdicts instead) and exits 1 if anything abidiff
reports is not covered.
"""

import json
import os
import re
import subprocess
import sys

ENTRY = re.compile(r"^  \[([DCA])\] '([^']*)'(?:\s+\{([^}]*)\})?")
IDENTIFIER = re.compile(r"[A-Za-z_~][A-Za-z0-9_]*(?:::~?[A-Za-z_][A-Za-z0-9_]*)*")
TYPE_KEYWORDS = ("struct ", "class ", "union ", "enum ")


def declared_name(declaration):
    """The qualified name in abidiff's 'function int f(int)', 'int counter'."""
    text = declaration
    for prefix in ("function ", "method "):
        if text.startswith(prefix):
            text = text[len(prefix):].split("(", 1)[0]
            break
    text = re.sub(r"\[[^\]]*\]$", "", text.strip())
    return text.split()[-1].lstrip("*&") if text.split() else text


def abidiff_entries(text):
    """(marker, name, symbol, block) for each [D]/[C]/[A] entry."""
    entries = []
    for line in text.splitlines():
        match = ENTRY.match(line)
        if match:
            marker, declaration, symbol = match.groups()
            entries.append([marker, declared_name(declaration), symbol, line])
        elif entries and line.startswith("   "):
            entries[-1][3] += "\n" + line
        elif line.strip():
            # A section header ends the entry before it.
            if entries and not line.startswith(" "):
                entries.append(None)
    return [tuple(e) for e in entries if e is not None]


def demangle(names):
    mangled = [n for n in names if n.startswith("_Z")]
    if not mangled:
        return {}
    out = subprocess.run(["c++filt"], input="\n".join(mangled) + "\n",
                         capture_output=True, text=True, check=True).stdout
    return dict(zip(mangled, out.splitlines()))


def innermost(path):
    """The innermost object of a change path: `a.b(x)` -> `b`."""
    cut = len(path)
    for mark in ("(", "->", "/"):
        at = path.find(mark)
        if at >= 0:
            cut = min(cut, at)
    return path[:cut].split(".")[-1]


def broken_names(report):
    """Names of the objects graph-diff-api reports a break on: symbols,
    demangled qualified function names, bare type names."""
    objects = set()
    for group in report["groups"]:
        for change in group["changes"]:
            if not change["breaking"] or change["suppressed"]:
                continue
            for path in (change["old_path"], change["new_path"]):
                if path:
                    objects.add(innermost(path))
    names = set()
    demangled = demangle(objects)
    for name in objects:
        names.add(name)
        for keyword in TYPE_KEYWORDS:
            if name.startswith(keyword):
                names.add(name[len(keyword):])
        if name in demangled:
            names.add(demangled[name].split("(", 1)[0])
    return names


def tokens(block):
    found = set()
    for token in IDENTIFIER.findall(block):
        found.add(token)
        found.add(token.split("::")[-1])
    return found


def check_case(tool, case_dir):
    old, new = (os.path.join(case_dir, f) for f in ("v1.so", "v2.so"))
    abi = subprocess.run(["abidiff", old, new], capture_output=True, text=True)
    if abi.returncode & 3:
        sys.exit(f"abidiff failed on {case_dir}:\n{abi.stdout}{abi.stderr}")
    ours = subprocess.run([tool, old, new, "--format=json"],
                          capture_output=True, text=True)
    if ours.returncode not in (0, 1):
        sys.exit(f"graph-diff-api failed on {case_dir}:\n{ours.stderr}")
    report = json.loads(ours.stdout)
    names = broken_names(report)
    entries = abidiff_entries(abi.stdout)
    reported, missing = [], []
    for marker, name, symbol, block in entries:
        if marker == "A":
            continue
        what = ("removed " if marker == "D" else "changed ") + name
        reported.append(what)
        if marker == "D":
            covered = (symbol or name) in names or name in names
        else:
            covered = bool(names & tokens(block))
        if not covered:
            missing.append(what)
    breaks = sorted(
        f"{c['kind']} {c['old_path'] or c['new_path']}"
        for g in report["groups"] for c in g["changes"]
        if c["breaking"] and not c["suppressed"])
    return abi.returncode, reported, ours.returncode, breaks, missing


def main():
    args = sys.argv[1:]
    table = args[:1] == ["--table"]
    if table:
        args = args[1:]
    if len(args) != 2:
        sys.exit(__doc__)
    tool, root = args
    failed = False
    if table:
        print("| pair | abidiff (exit) | graph-diff-api (exit) |")
        print("|---|---|---|")
    for case in sorted(os.listdir(root)):
        case_dir = os.path.join(root, case)
        if not os.path.exists(os.path.join(case_dir, "v1.so")):
            continue
        abi_exit, reported, our_exit, breaks, missing = check_case(tool, case_dir)
        failed |= bool(missing)
        if table:
            print(f"| {case} | {'; '.join(reported) or 'no change'} ({abi_exit})"
                  f" | {'; '.join(breaks) or 'no break'} ({our_exit}) |")
            continue
        status = "NOT COVERED: " + "; ".join(missing) if missing else "covered"
        print(f"{case}: abidiff {len(reported)} (exit {abi_exit}), "
              f"graph-diff-api {len(breaks)} breaks (exit {our_exit}): {status}")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
