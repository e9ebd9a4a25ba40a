#!/usr/bin/env python3
"""Synthesises a release history of caliper functiondb files for benchmarks.

  gen-functiondb.py OUTDIR [--versions 110] [--mb 4] [--seed 1]

Writes OUTDIR/functiondb-<version>.json ({version: {module: {function:
[args] | {Class: {method: [args]}}}}}, indented like caliper's, each about
--mb megabytes) and OUTDIR/manifest.txt. Each release changes the one before
it a little (modules, functions and arguments come and go), more at a minor
release and more again at a major one, so the matrices have structure.
Deterministic for a seed. Not a test: scripts/similarity-benchmark.sh times
graph-diff-sim on the result.
"""
import argparse
import json
import os
import random

WORDS = ("add apply batch build call cast check clip compute concat conv copy "
         "count decode dense dot drop dump embed encode eval fetch fill find "
         "fit flat fold gather get grad init join load log map mask max mean "
         "merge min norm pad parse pool pred push read reduce relu reshape "
         "run save scale scan scatter score select set shape slice sort split "
         "stack step sum tile top train update wrap write zero").split()


def name(rng, parts):
    return "_".join(rng.choice(WORDS) for _ in range(parts))


def signature(rng):
    return sorted({name(rng, 1) for _ in range(rng.randint(0, 6))})


def new_class(rng):
    return {"__init__": ["self"] + signature(rng),
            **{name(rng, 2): ["self"] + signature(rng)
               for _ in range(rng.randint(1, 8))}}


def new_module(rng):
    members = {}
    for _ in range(rng.randint(5, 40)):
        if rng.random() < 0.25:
            members[name(rng, 2).title().replace("_", "")] = new_class(rng)
        else:
            members[name(rng, 2)] = signature(rng)
    return members


def evolve(rng, db, rate):
    db = json.loads(json.dumps(db))
    modules = list(db)
    for module in rng.sample(modules, int(len(modules) * rate * 0.3)):
        del db[module]
    for _ in range(int(len(modules) * rate * 0.3)):
        db["pkg." + name(rng, 3).replace("_", ".")] = new_module(rng)
    for module, members in db.items():
        for member in list(members):
            r = rng.random()
            if r < rate * 0.5:
                # Replaced by a new one of its kind, so that releases keep
                # their size.
                was_class = isinstance(members.pop(member), dict)
                if was_class:
                    members[name(rng, 2).title().replace("_", "")] = \
                        new_class(rng)
                else:
                    members[name(rng, 2)] = signature(rng)
            elif r < rate * 1.5:
                value = members[member]
                if isinstance(value, list):
                    members[member] = signature(rng)
                else:
                    method = rng.choice(list(value))
                    value[method] = ["self"] + signature(rng)
    return db


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("outdir")
    parser.add_argument("--versions", type=int, default=110)
    parser.add_argument("--mb", type=float, default=4.0)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    os.makedirs(args.outdir, exist_ok=True)
    db = {}
    size = 0
    while size < args.mb * 1e6:
        module = new_module(rng)
        db["pkg." + name(rng, 3).replace("_", ".")] = module
        # Two levels deeper in the file than on its own, 8 more spaces a line.
        text = json.dumps(module, indent=4)
        size += len(text) + 8 * text.count("\n") + 40
    major, minor, patch = 0, 1, 0
    manifest = []
    for index in range(args.versions):
        if index:
            r = rng.random()
            if r < 0.05:
                major, minor, patch, rate = major + 1, 0, 0, 0.3
            elif r < 0.3:
                minor, patch, rate = minor + 1, 0, 0.08
            else:
                patch, rate = patch + 1, 0.01
            db = evolve(rng, db, rate)
        version = "%d.%d.%d" % (major, minor, patch)
        path = os.path.join(args.outdir, "functiondb-%s.json" % version)
        with open(path, "w") as f:
            json.dump({version: db}, f, indent=4)
        manifest.append(os.path.basename(path))
    with open(os.path.join(args.outdir, "manifest.txt"), "w") as f:
        f.write("\n".join(manifest) + "\n")


if __name__ == "__main__":
    main()
