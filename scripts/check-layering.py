#!/usr/bin/env python3
"""Checks that every include between components of graph-diff goes down the
layers declared below; exits 1 if one goes up or sideways.

  check-layering.py [--list] [--except FILE=COMPONENT]... ROOT

Reads the C++ and TableGen sources under ROOT/include/GraphDiff and
ROOT/lib/GraphDiff. A file belongs to the component of its folder
(`Graph`, `Differ`, ...; a dialect is `Dialect/<name>`, a part of a
product `API/Import`, `Profile/Render`, ...), and so does an included
`GraphDiff/...` path. A component may include its own headers and
those of components on lower layers only: not those of a higher layer, nor
those of another component on its own layer (siblings stay independent).
Each violation is printed as `file:line: ...`; a violation listed in
KNOWN_EXCEPTIONS is counted, not reported, and an exception that no longer
matches anything is an error too, so that the list only shrinks. A file in
a folder no layer names is an error: declare its layer. --list prints the
layers and the known exceptions; --except adds one (for the checker's own
test)."""

import argparse
import os
import re
import sys

# The layers, lowest first. Lower layers know nothing of higher ones.
LAYERS = [
    # What any component may use: JSON, escaping, names of nodes, units.
    ["Support"],
    # The dialects of the inputs: logical graphs, library APIs, profiles.
    ["Dialect/LG", "Dialect/API", "Dialect/Profile"],
    # The graph view of a body: nodes, slots, uses, order, names.
    ["Graph"],
    # The plan dialect: a plan relates two graphs, the graph view does not
    # know plans.
    ["Dialect/Patch"],
    # How inputs come in: MLIR text and ml_switcheroo JSON for the core;
    # each product's own inputs (API descriptions, profiles).
    ["Importers", "API/Import", "Profile/Import"],
    # The engine: graph pairs to a DiffResult and its plans.
    ["Differ"],
    # What reads a diff's result: applying and checking plans, and the
    # products built on the engine (API diffs, profile diffs, blame).
    ["Plan", "Blame", "API/Diff", "Profile/Diff"],
    # Reports of a diff, and each product's reports.
    ["Renderers", "API/Render", "Profile/Render"],
    # Passes that diff inside a pipeline and print reports.
    ["Transforms"],
    # The similarity of many versions, built on the API product (functiondb
    # inputs) and the core (MLIR inputs, the differ, its text report): its
    # inputs, its metrics and results, its matrices and heatmaps.
    ["Similarity/Import"],
    ["Similarity/Diff"],
    ["Similarity/Render"],
    # A whole diff from inputs to output (the library entry), the mlir-opt
    # plugin.
    ["Driver", "Plugin"],
    # What the tools share (the common options, --help and --version,
    # writing -o) and every tool's options and main.
    ["ToolSupport"],
    # The Python module.
    ["Bindings"],
]

# Includes that go against the layers today, each with why it is still
# there: (including file, included component) -> reason. None today.
KNOWN_EXCEPTIONS = {
}

# Folders whose subfolders are the components: the dialects, and the
# products, each as Import, Diff and Render.
GROUPS = ("Dialect", "API", "Profile", "Similarity")

SOURCE_SUFFIXES = (".h", ".cpp", ".td", ".inc", ".def")
INCLUDE = re.compile(r'^\s*(?:#\s*include|include)\s+"(GraphDiff/[^"]+)"')


def component_of(path):
    """The component of `path`, relative to include/GraphDiff or
    lib/GraphDiff (or a `GraphDiff/...` include); None at the top."""
    parts = path.split("/")
    if parts and parts[0] == "GraphDiff":
        parts = parts[1:]
    if len(parts) < 2:
        return None
    if parts[0] in GROUPS:
        return parts[0] + "/" + parts[1] if len(parts) > 2 else None
    return parts[0]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("root", help="the source tree (with include/, lib/)")
    parser.add_argument("--list", action="store_true",
                        help="print the layers and the known exceptions")
    parser.add_argument("--except", dest="extra", action="append", default=[],
                        metavar="FILE=COMPONENT",
                        help="one more known exception: FILE may include "
                             "COMPONENT")
    args = parser.parse_args()
    for extra in args.extra:
        path, _, component = extra.partition("=")
        KNOWN_EXCEPTIONS[(path, component)] = "given with --except"

    layer_of = {}
    for index, layer in enumerate(LAYERS):
        for component in layer:
            layer_of[component] = index
    if args.list:
        for index, layer in enumerate(LAYERS):
            print("layer %d: %s" % (index, ", ".join(layer)))
        for (path, component), reason in sorted(KNOWN_EXCEPTIONS.items()):
            print("exception: %s -> %s: %s" % (path, component, reason))
        return 0

    problems = []
    files = includes = 0
    used = set()
    for top in ("include", "lib"):
        base = os.path.join(args.root, top, "GraphDiff")
        for directory, subdirs, names in os.walk(base):
            subdirs.sort()
            for name in sorted(names):
                if not name.endswith(SOURCE_SUFFIXES):
                    continue
                path = os.path.join(directory, name)
                relative = os.path.relpath(path, args.root)
                source = component_of(os.path.relpath(path, base))
                if source is None:
                    continue
                files += 1
                if source not in layer_of:
                    problems.append("%s: component %s is on no layer: declare "
                                    "its layer in %s" %
                                    (relative, source, sys.argv[0]))
                    continue
                with open(path, encoding="utf-8", errors="replace") as f:
                    for number, line in enumerate(f, 1):
                        match = INCLUDE.match(line)
                        if not match:
                            continue
                        includes += 1
                        target = component_of(match.group(1))
                        if target is None or target == source:
                            continue
                        if target not in layer_of:
                            problems.append(
                                "%s:%d: includes %s, of %s, which is on no "
                                "layer" % (relative, number, match.group(1),
                                           target))
                            continue
                        if layer_of[target] < layer_of[source]:
                            continue
                        key = (relative, target)
                        if key in KNOWN_EXCEPTIONS:
                            used.add(key)
                            continue
                        where = ("a higher layer (%d)" % layer_of[target]
                                 if layer_of[target] > layer_of[source] else
                                 "the same layer")
                        problems.append(
                            "%s:%d: includes %s: %s (layer %d) may not include "
                            "%s, on %s" %
                            (relative, number, match.group(1), source,
                             layer_of[source], target, where))
    for key in sorted(set(KNOWN_EXCEPTIONS) - used):
        problems.append("%s -> %s: a known exception that no longer happens: "
                        "remove it from KNOWN_EXCEPTIONS" % key)
    for problem in problems:
        print(problem)
    print("%d files checked, %d includes, %d violations, %d known exceptions"
          % (files, includes, len(problems), len(used)))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
