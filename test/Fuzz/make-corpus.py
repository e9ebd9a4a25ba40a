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
  OUT_DIR/translate/   two LogicalGraph JSON parts of one test (in both
                       orders, and each with itself)
  OUT_DIR/api/         two functiondb or compspec JSON parts of one test
                       (likewise), and JSON a test's RUN line writes with
                       printf
  OUT_DIR/sim/         the functiondb and caliper result JSON parts of one
                       test, each alone and all together; every JSON lines
                       part; the JSON lines graph-diff-sim (TOOLS_DIR)
                       writes for the parts of a test
  OUT_DIR/profile/     tfprof scope file parts, each alone and paired with
                       the other parts of its test
  OUT_DIR/pipeline/    a pass list (one of PIPELINES, in turn) and an MLIR
                       part: those of the pass tests and the examples first,
                       MAX_PIPELINE_SEEDS in all

Parts are joined with the targets' separator, `\\n// -----\\n`. Full-line
comments (RUN and CHECK lines) are dropped from MLIR parts. The files of an
`Inputs` folder, like those of an example, are one test.
"""
import hashlib
import itertools
import json
import os
import re
import subprocess
import sys
import tempfile

SEPARATOR = "\n// -----\n"
SECTION = re.compile(r"^(?://|#)--- (\S+)\s*$")
# Parts larger than this are left out: they slow every execution down.
MAX_PART = 6000
# MLIR parts larger than this make no pipeline seed, and at most this many
# parts make one.
MAX_PIPELINE_PART = 3000
MAX_PIPELINE_SEEDS = 48
# At most this many parts of one test are paired with each other.
MAX_PAIRED = 8
# The pass lists of the pipeline seeds, given to the MLIR parts in turn.
PIPELINES = [
    "graph-snapshot\ncanonicalize\ncse\ngraph-diff",
    "graph-snapshot\nfunc.func(linalg-fuse-elementwise-ops)\ngraph-diff",
    "graph-snapshot\nsymbol-dce\ngraph-diff\ngraph-snapshot\ninline\n"
    "sccp\ngraph-diff",
    "graph-snapshot\nfunc.func(linalg-generalize-named-ops)\n"
    "loop-invariant-code-motion\ngraph-diff\ngraph-apply-plans",
]
# A `printf '...' > %t/NAME.json` of a RUN line: a file the test writes.
PRINTF = re.compile(r"printf '([^']*)' > %t/([\w.-]+\.(?:json|jsonl|scope))")


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


def unprintf(text):
    """The text printf prints for a format without conversions."""
    escapes = {"n": "\n", "t": "\t", "\\": "\\", '"': '"', "'": "'"}
    return re.sub(r"\\(.)", lambda m: escapes.get(m.group(1), m.group(0)),
                  text).replace("%%", "%")


def extra_parts_of(path):
    """What parts_of leaves out for the newer targets: a whole scope or JSON
    lines file, and the files a RUN line writes with printf."""
    try:
        text = open(path, encoding="utf-8").read()
    except (UnicodeDecodeError, OSError):
        return []
    parts = []
    if path.endswith((".scope", ".jsonl")):
        parts.append((os.path.basename(path), text))
    for match in PRINTF.finditer(text):
        parts.append((match.group(2), unprintf(match.group(1))))
    return parts


def json_kind(name, text, directory):
    """What a JSON part is: "graph" (a LogicalGraph), "api" (compspec),
    "sets" (a caliper result with requirements), "both" (a functiondb, for
    graph-diff-api and graph-diff-sim), or, for other JSON, what the test's
    folder is about ("none" outside those folders)."""
    try:
        value = json.loads(text)
    except ValueError:
        return {"APIDiff": "api", "Similarity": "sets",
                "Importers": "graph"}.get(directory, "none")
    if not isinstance(value, dict):
        return {"APIDiff": "api", "Similarity": "sets"}.get(directory, "none")
    nodes = value.get("nodes")
    if isinstance(nodes, list):
        if any(isinstance(n, dict) and "nodeid" in n for n in nodes):
            return "api"
        return "graph"
    if "requirements.txt" in value:
        return "sets"
    if value and all(isinstance(v, dict) for v in value.values()):
        return "both"
    return {"APIDiff": "api", "Similarity": "sets"}.get(directory, "none")


def sim_lines(tools, parts):
    """The JSON lines `graph-diff-sim batch` writes for `parts`, or None."""
    with tempfile.TemporaryDirectory() as tmp:
        paths = []
        for index, text in enumerate(parts):
            paths.append(os.path.join(tmp, f"v{index}.json"))
            with open(paths[-1], "w") as f:
                f.write(text)
        run = subprocess.run([os.path.join(tools, "graph-diff-sim"), "batch",
                              "-j", "1", *paths],
                             capture_output=True, text=True)
        return run.stdout if run.returncode == 0 and run.stdout else None


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
    counts = {"diff": 0, "check-plan": 0, "switcheroo": 0, "translate": 0,
              "api": 0, "sim": 0, "profile": 0, "pipeline": 0}

    def seed(kind, parts):
        write(out_dir, kind, SEPARATOR.join(parts))
        counts[kind] += 1

    for key in sorted(groups):
        graphs, plans = [], []
        for name, text in groups[key]:
            if name.endswith(".json"):
                if len(text) <= MAX_PART:
                    seed("switcheroo", [text])
                continue
            if not name.endswith(".mlir") and "#" not in name:
                continue
            text = clean_mlir(text)
            if len(text) > MAX_PART or not text.strip():
                continue
            (plans if "patch.plan" in text else graphs).append(text)
        graphs = graphs[:MAX_PAIRED]
        for source, target in itertools.product(graphs, repeat=2):
            seed("diff", [source, target])
            plan = plan_for(tool, source, target)
            if plan is not None and len(plan) <= MAX_PART:
                seed("check-plan", [source, target, plan])
            for hand_written in plans:
                seed("check-plan", [source, target, hand_written])

    # The newer targets; the files of an Inputs folder are one test too.
    groups = {}
    for path in files:
        in_folder = "/examples/" in path or "/Inputs/" in path
        key = os.path.dirname(path) if in_folder else path
        groups.setdefault(key, []).extend(parts_of(path) + extra_parts_of(path))
    mlir_parts = {}  # text -> whether it is of a pass test or an example
    for key in sorted(groups):
        directory = os.path.relpath(key, os.path.join(root, "test")).split(os.sep)[0]
        kinds = {"graph": [], "api": [], "sets": [], "lines": [], "scope": []}
        for name, text in groups[key]:
            if len(text) > MAX_PART or not text.strip():
                continue
            base = name.split("#")[0]
            if base.endswith(".json"):
                kind = json_kind(name, text, directory)
                if kind == "both":
                    kinds["api"].append(text)
                    kinds["sets"].append(text)
                elif kind != "none":
                    kinds[kind].append(text)
            elif base.endswith(".jsonl"):
                kinds["lines"].append(text)
            elif base.endswith(".scope") or "_TFProfRoot" in text:
                kinds["scope"].append(text)
            elif base.endswith(".mlir"):
                text = clean_mlir(text)
                if text.strip() and "patch.plan" not in text:
                    passes = directory in ("Transforms", "../examples")
                    mlir_parts[text] = mlir_parts.get(text, False) or passes
        for kind, target in (("graph", "translate"), ("api", "api"),
                             ("scope", "profile")):
            parts = kinds[kind][:MAX_PAIRED]
            for part in parts:
                if kind == "scope":
                    seed(target, [part])
            for first, second in itertools.product(parts, repeat=2):
                seed(target, [first, second])
        sets = kinds["sets"][:MAX_PAIRED]
        for part in sets:
            seed("sim", [part])
        if len(sets) > 1:
            seed("sim", sets)
            lines = sim_lines(tools, sets)
            if lines is not None and len(lines) <= MAX_PART:
                seed("sim", [lines])
        for part in kinds["lines"]:
            seed("sim", [part])
    # Each run of a pipeline is slow: the parts of the pass tests and the
    # examples, then others in an order of their hashes, up to a number.
    chosen = sorted((not passes, hashlib.sha1(text.encode()).hexdigest(), text)
                    for text, passes in mlir_parts.items()
                    if len(text) <= MAX_PIPELINE_PART)[:MAX_PIPELINE_SEEDS]
    for index, (_, _, text) in enumerate(chosen):
        seed("pipeline", [PIPELINES[index % len(PIPELINES)], text])
    print("seeds: " + ", ".join(f"{k} {v}" for k, v in counts.items()), file=sys.stderr)


if __name__ == "__main__":
    main()
