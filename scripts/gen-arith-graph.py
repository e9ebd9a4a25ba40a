#!/usr/bin/python3
"""Writes a pair of id-less `func.func` graphs of tensor arith ops for benchmarks.

  gen-arith-graph.py --ops N --edit KIND [--seed S] [--rate R] SRC TGT

SRC is one `func.func @main` of N ops (`arith.addf`, `arith.mulf`,
`arith.subf`, `arith.maximumf`, `arith.negf`, `arith.constant`), each reading
recent values, printed as `mlir-opt` prints it (values numbered `%0`, `%1`,
... in order, no locations, no ids). TGT is SRC after edits of one KIND at
about one op in R (default 100):

  none     TGT is SRC
  fuse     `%m = arith.mulf %a, %b` whose only user is `arith.addf %m, %c`
           becomes one `math.fma %a, %b, %c` (a 2-op chain fused into one)
  delete   an op is removed; its users read its first operand instead
  attr     an `arith.addf`/`arith.mulf`/`arith.subf` gains
           `fastmath<fast>` (an attribute change)
  shuffle  independent neighbours are swapped: same graph, another order

With `--functions K`, SRC is a module of K such functions `@f0` ..
`@f<K-1>` of about N/K ops each (each from its own seed), and TGT is SRC with
the edits made in one of them only (`@f<K/2>`): the case of a large module
in which one function was edited.

Deterministic for a seed. Not a test: scripts/bench.sh feeds it to
graph-diff-opt and graph-diff-parse-floor (docs/Performance.md).
"""
import argparse
import random
import sys

TYPE = "tensor<4x8xf32>"
ARGS = 4
BINARY = ["arith.addf", "arith.mulf", "arith.subf", "arith.maximumf"]
# How far back an operand reaches: values stay local, as in real models.
WINDOW = 16


def build(rng, count):
    """The source ops: [kind, [operand ids], attr], ids < 0 are arguments."""
    ops = []
    private = set()  # products that only their multiply-add reads
    while len(ops) < count:
        n = len(ops)

        def pick():
            while True:
                v = rng.randrange(max(-ARGS, n - WINDOW), n)
                if v not in private:
                    return v

        roll = rng.random()
        if roll < 0.1 and n + 2 <= count:
            # A fusable multiply-add: the product has no other user.
            ops.append(["arith.mulf", [pick(), pick()], ""])
            ops.append(["arith.addf", [n, pick()], ""])
            private.add(n)
            continue
        if roll < 0.15:
            ops.append(["arith.constant", [], "dense<%d.0>" % rng.randrange(8)])
        elif roll < 0.25:
            ops.append(["arith.negf", [pick()], ""])
        else:
            ops.append([rng.choice(BINARY), [pick(), pick()], ""])
    return ops


def users_of(ops):
    users = [[] for _ in ops]
    for i, (_, operands, _) in enumerate(ops):
        for v in operands:
            if v >= 0:
                users[v].append(i)
    return users


def edit(rng, ops, kind, rate):
    """Returns the target as a list of ops (ids are positions in `ops`,
    kept as they are; None marks a removed op) and the order to print."""
    ops = [[k, list(o), a] for k, o, a in ops]
    order = list(range(len(ops)))
    if kind == "none":
        return ops, order
    chosen = [i for i in range(len(ops)) if rng.random() < 1.0 / rate]
    if kind == "fuse":
        users = users_of(ops)
        for i in range(len(ops)):
            if ops[i][0] != "arith.addf" or rng.random() >= 10.0 / rate:
                continue
            m = ops[i][1][0]
            if m < 0 or ops[m] is None or ops[m][0] != "arith.mulf" or users[m] != [i]:
                continue
            ops[i] = ["math.fma", ops[m][1] + [ops[i][1][1]], ""]
            ops[m] = None
    elif kind == "delete":
        replacement = {}
        for i in chosen:
            if ops[i][0] == "arith.constant":
                continue
            first = ops[i][1][0]
            replacement[i] = replacement.get(first, first)
            ops[i] = None
        for op in ops:
            if op is not None:
                op[1] = [replacement.get(v, v) for v in op[1]]
    elif kind == "attr":
        for i in chosen:
            if ops[i][0] in ("arith.addf", "arith.mulf", "arith.subf"):
                ops[i][2] = "fastmath<fast>"
    elif kind == "shuffle":
        for i in chosen:
            if i + 1 >= len(order):
                continue
            a, b = order[i], order[i + 1]
            if a not in ops[b][1]:
                order[i], order[i + 1] = b, a
    else:
        sys.exit("gen-arith-graph.py: unknown edit kind " + kind)
    return ops, order


def write(path, ops, order, live):
    """Writes a module of one function `@main` (see write_function)."""
    with open(path, "w") as out:
        out.write("module {\n")
        write_function(out, "main", ops, order, live)
        out.write("}\n")


def write_function(out, name, ops, order, live):
    """Prints the ops in `order`; the function returns the last op, or with
    `live` every op no other op reads (so that no op is dead)."""
    names = {}
    results = [max(i for i, op in enumerate(ops) if op is not None)] if ops else []
    if live:
        used = set(v for op in ops if op is not None for v in op[1])
        results = [i for i, op in enumerate(ops) if op is not None and i not in used]
    types = ", ".join([TYPE] * len(results))
    args = ", ".join("%%arg%d: %s" % (i, TYPE) for i in range(ARGS))
    out.write("  func.func @%s(%s) -> (%s) {\n" % (name, args, types))
    for i in order:
        op = ops[i]
        if op is None:
            continue
        value = "%%%d" % len(names)
        names[i] = value
        kind, operands, attr = op
        values = ", ".join(
            names[v] if v >= 0 else "%%arg%d" % (v + ARGS) for v in operands)
        if kind == "arith.constant":
            out.write("    %s = arith.constant %s : %s\n" % (value, attr, TYPE))
        elif attr:
            out.write("    %s = %s %s %s : %s\n" % (value, kind, values, attr, TYPE))
        else:
            out.write("    %s = %s %s : %s\n" % (value, kind, values, TYPE))
    values = ", ".join(names[i] for i in results)
    out.write("    return %s : %s\n  }\n" % (values, types))


def write_module(source, target, args):
    """`--functions K`: K functions, the edits in `@f<K/2>` only."""
    edited = args.functions // 2
    changed = moved = 0
    with open(source, "w") as src, open(target, "w") as tgt:
        src.write("module {\n")
        tgt.write("module {\n")
        for f in range(args.functions):
            seed = args.seed * 1000003 + f
            ops = build(random.Random(seed), args.ops // args.functions)
            order = list(range(len(ops)))
            write_function(src, "f%d" % f, ops, order, args.live)
            if f == edited:
                edit_ops, edit_order = edit(random.Random(seed * 7919 + 1), ops,
                                            args.edit, args.rate)
                changed = sum(1 for a, b in zip(ops, edit_ops) if a != b)
                moved = sum(1 for i, j in enumerate(edit_order) if i != j)
                write_function(tgt, "f%d" % f, edit_ops, edit_order, args.live)
            else:
                write_function(tgt, "f%d" % f, ops, order, args.live)
        src.write("}\n")
        tgt.write("}\n")
    sys.stderr.write("gen-arith-graph.py: %d functions of %d ops, %s in @f%d: "
                     "%d ops changed or removed, %d moved\n"
                     % (args.functions, args.ops // args.functions, args.edit,
                        edited, changed, moved))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("source")
    parser.add_argument("target")
    parser.add_argument("--ops", type=int, default=10000)
    parser.add_argument("--edit", default="fuse",
                        choices=["none", "fuse", "delete", "attr", "shuffle"])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rate", type=int, default=100,
                        help="about one edit per RATE ops")
    parser.add_argument("--live", action="store_true",
                        help="return every value no op reads, so that no op is dead")
    parser.add_argument("--functions", type=int, default=0,
                        help="a module of this many functions, one edited")
    args = parser.parse_args()
    if args.functions > 0:
        write_module(args.source, args.target, args)
        return
    rng = random.Random(args.seed)
    ops = build(rng, args.ops)
    write(args.source, ops, list(range(len(ops))), args.live)
    target, order = edit(random.Random(args.seed * 7919 + 1), ops, args.edit, args.rate)
    write(args.target, target, order, args.live)
    changed = sum(1 for a, b in zip(ops, target) if a != b)
    moved = sum(1 for i, j in enumerate(order) if i != j)
    sys.stderr.write("gen-arith-graph.py: %d ops, %s: %d ops changed or removed, %d moved\n"
                     % (len(ops), args.edit, changed, moved))


if __name__ == "__main__":
    main()
