#!/usr/bin/env python3
"""Shuffle the bodies of the functions of an MLIR file (as `mlir-opt` prints
it: ops of a function body indented by four spaces) into another valid
topological order, rename every top-level SSA value, and optionally apply one
edit. Used by the invariance tests: the differ must see through all of it.

usage: structure-shuffle.py IN OUT [--seed N] [--edit-constant] [--keep-names]

--keep-names only reorders: the plan of a reordered source must be byte for
byte the plan of the original.

--edit-constant changes the value of one randomly chosen float `arith.constant`
(seeded), so that the expected plan is exactly one update of that constant.
Prints the source name of the edited constant (e.g. `%cst_12`) on stdout.
"""

import argparse
import random
import re
import sys

NAME = re.compile(r"%([A-Za-z0-9_$.\-]+)")
DEF = re.compile(r"^    (%[A-Za-z0-9_$.\-]+)(?::\d+)?(?:, %[A-Za-z0-9_$.\-]+)* = ")
FLOAT = re.compile(r"(dense<)?(-?\d+\.\d+(?:[eE][-+]?\d+)?)")


def split_ops(body):
    """The top-level ops of a function body: lists of lines."""
    ops = []
    for line in body:
        starts = line.startswith("    ") and not line.startswith("     ")
        if starts and not line.lstrip().startswith(("}", "^")):
            ops.append([line])
        else:
            ops[-1].append(line)
    return ops


def defined(op):
    """The top-level names an op defines (`%x`, `%x:2` defines `%x`)."""
    head = op[0]
    match = DEF.match(head)
    if not match:
        return []
    lhs = head.split(" = ", 1)[0].strip()
    return [part.strip().split(":")[0] for part in lhs.split(",")]


def shuffle_body(body, rng, rename):
    ops = split_ops(body)
    terminator = ops.pop()
    defs = {}
    for index, op in enumerate(ops):
        for name in defined(op):
            defs[name] = index
    # Dependencies: any mention of a top-level name (operands and values
    # captured by nested regions alike).
    deps = []
    for index, op in enumerate(ops):
        text = "\n".join(op)
        mentioned = {"%" + m for m in NAME.findall(text)}
        deps.append({defs[m] for m in mentioned if m in defs and defs[m] != index})
    users = [[] for _ in ops]
    pending = [len(d) for d in deps]
    for index, producers in enumerate(deps):
        for producer in producers:
            users[producer].append(index)
    ready = [i for i, count in enumerate(pending) if count == 0]
    order = []
    while ready:
        pick = ready.pop(rng.randrange(len(ready)))
        order.append(pick)
        for user in users[pick]:
            pending[user] -= 1
            if pending[user] == 0:
                ready.append(user)
    assert len(order) == len(ops), "cycle in function body"
    names = sorted(defs, key=lambda n: defs[n])
    numbers = list(range(len(rename), len(rename) + len(names)))
    rng.shuffle(numbers)
    for name, number in zip(names, numbers):
        rename[name] = "%%v%d" % number
    out = []
    for index in order + [None]:
        out.extend(terminator if index is None else ops[index])
    return out


def apply_rename(lines, rename):
    def sub(match):
        return rename.get("%" + match.group(1), match.group(0))

    return [NAME.sub(sub, line) for line in lines]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("input")
    parser.add_argument("output")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--edit-constant", action="store_true")
    parser.add_argument("--keep-names", action="store_true")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    lines = open(args.input).read().split("\n")

    edited = None
    if args.edit_constant:
        candidates = [
            i
            for i, line in enumerate(lines)
            if " = arith.constant " in line and FLOAT.search(line.split(" = ", 1)[1])
        ]
        if candidates:
            i = rng.choice(candidates)
            edited = lines[i].strip().split(" = ", 1)[0]
            head, rest = lines[i].split(" = ", 1)

            def bump(match):
                return (match.group(1) or "") + repr(float(match.group(2)) + 0.5)

            lines[i] = head + " = " + FLOAT.sub(bump, rest, count=1)

    out, body, in_body = [], [], False
    rename = {}
    for line in lines:
        if in_body:
            if line.startswith("  }"):
                out.extend(shuffle_body(body, rng, rename))
                out.append(line)
                in_body, body = False, []
            else:
                body.append(line)
        else:
            out.append(line)
            if re.match(r"^  func\.func .*\{$", line):
                in_body = True
    if not args.keep_names:
        out = apply_rename(out, rename)
    open(args.output, "w").write("\n".join(out))
    if edited:
        print(edited)


if __name__ == "__main__":
    sys.exit(main())
