#!/usr/bin/env python3
"""Builds the seed corpora of the fuzz targets from the tests.

Usage: make-corpus.py SOURCE_ROOT TOOLS_DIR OUT_DIR

Reads every file under SOURCE_ROOT/test and SOURCE_ROOT/examples, splits it
as the tests do (`split-file` sections `//--- name` and `#--- name`, or
`// -----` chunks) and writes, one file per seed, named by its SHA-1:

  OUT_DIR/diff/        source and target (two MLIR parts of one test, in
                       both orders, and each part with itself)
  OUT_DIR/check-plan/  source, target and plan: the plan graph-diff-opt
                       (TOOLS_DIR) prints for a diff seed, and every plan a
                       test writes, with that test's sources and targets
  OUT_DIR/switcheroo/  every JSON part of a test

Parts are joined with the targets' separator, `\\n// -----\\n`. Full-line
comments (RUN and CHECK lines) are dropped from MLIR parts.
"""
import hashlib
import itertools
import os
import re
import subprocess
import sys
import tempfile

SEPARATOR = "\n// -----\n"
SECTION = re.compile(r"^(?://|#)--- (\S+)\s*$")
# Parts larger than this are left out: they slow every execution down.
MAX_PART = 6000
# At most this many parts of one test are paired with each other.
MAX_PAIRED = 8


def parts_of(path):
    """(name, text) for each part of a test file."""
    try:
        text = open(path, encoding="utf-8").read()
    except (UnicodeDecodeError, OSError):
        return []
    lines = text.splitlines(keepends=True)
    sections, name, body = [], None, []
    for line in lines:
        match = SECTION.match(line)
        if match:
            if name is not None:
                sections.append((name, "".join(body)))
            name, body = match.group(1), []
        elif name is not None:
            body.append(line)
    if name is not None:
        sections.append((name, "".join(body)))
        return sections
    if path.endswith((".mlir", ".json")):
        base = os.path.basename(path)
        chunks = re.split(r"^// -----\s*$", text, flags=re.M)
        return [(f"{base}#{i}", chunk) for i, chunk in enumerate(chunks)]
    return []


def clean_mlir(text):
    kept = [l for l in text.splitlines() if not l.lstrip().startswith("//")]
    return "\n".join(kept).strip() + "\n"


def write(out_dir, kind, blob):
    data = blob.encode()
    directory = os.path.join(out_dir, kind)
    os.makedirs(directory, exist_ok=True)
    with open(os.path.join(directory, hashlib.sha1(data).hexdigest()), "wb") as f:
        f.write(data)


def plan_for(tool, source, target):
    """The plan graph-diff-opt prints for source -> target, or None."""
    with tempfile.TemporaryDirectory() as tmp:
        paths = []
        for name, text in (("source.mlir", source), ("target.mlir", target)):
            paths.append(os.path.join(tmp, name))
            with open(paths[-1], "w") as f:
                f.write(text)
        run = subprocess.run([tool, *paths], capture_output=True, text=True)
        return run.stdout if run.returncode in (0, 1) else None


def main():
    root, tools, out_dir = sys.argv[1:4]
    tool = os.path.join(tools, "graph-diff-opt")
    files = []
    for top in ("test", "examples"):
        for dirpath, dirnames, filenames in os.walk(os.path.join(root, top)):
            dirnames[:] = sorted(d for d in dirnames if d != "Fuzz")
            files += [os.path.join(dirpath, f) for f in sorted(filenames)]
    # Examples are one test: their files pair with each other.
    groups = {}
    for path in files:
        key = os.path.dirname(path) if "/examples/" in path else path
        groups.setdefault(key, []).extend(parts_of(path))
    counts = {"diff": 0, "check-plan": 0, "switcheroo": 0}
    for key in sorted(groups):
        graphs, plans = [], []
        for name, text in groups[key]:
            if name.endswith(".json"):
                if len(text) <= MAX_PART:
                    write(out_dir, "switcheroo", text)
                    counts["switcheroo"] += 1
                continue
            if not name.endswith(".mlir") and "#" not in name:
                continue
            text = clean_mlir(text)
            if len(text) > MAX_PART or not text.strip():
                continue
            (plans if "patch.plan" in text else graphs).append(text)
        graphs = graphs[:MAX_PAIRED]
        for source, target in itertools.product(graphs, repeat=2):
            write(out_dir, "diff", source + SEPARATOR + target)
            counts["diff"] += 1
            plan = plan_for(tool, source, target)
            if plan is not None and len(plan) <= MAX_PART:
                write(out_dir, "check-plan", SEPARATOR.join([source, target, plan]))
                counts["check-plan"] += 1
            for hand_written in plans:
                write(out_dir, "check-plan", SEPARATOR.join([source, target, hand_written]))
                counts["check-plan"] += 1
    print("seeds: " + ", ".join(f"{k} {v}" for k, v in counts.items()), file=sys.stderr)


if __name__ == "__main__":
    main()
