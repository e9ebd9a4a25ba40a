#!/usr/bin/env python3
"""Generate an id-less func.func graph of N ops (arith/math on f32 scalars,
a random DAG with mostly local edges, like an unrolled model), optionally
shuffled into another topological order with renamed values and with E
random constant edits. For timing the differ against parsing.

usage: structure-gen.py N OUT [--seed S] [--shuffle] [--edits E]
"""
import argparse
import random

parser = argparse.ArgumentParser()
parser.add_argument("n", type=int)
parser.add_argument("out")
parser.add_argument("--seed", type=int, default=1)
parser.add_argument("--shuffle", action="store_true")
parser.add_argument("--edits", type=int, default=0)
args = parser.parse_args()

rng = random.Random(1)  # the graph itself is fixed for a given N
n = args.n
ops = []  # (kind, operands or value)
consts = max(1, n // 50)
for i in range(n):
    if i < consts:
        ops.append(("const", float(i) + 0.25))
        continue
    kind = rng.choice(["addf", "mulf", "subf", "maximumf", "exp", "negf"])
    def pick():
        # Mostly recent values, sometimes a far one or a constant.
        r = rng.random()
        if r < 0.1:
            return rng.randrange(consts)
        if r < 0.2:
            return rng.randrange(i)
        return rng.randrange(max(consts, i - 8), i) if i > consts else rng.randrange(consts)
    if kind in ("exp", "negf"):
        ops.append((kind, [pick()]))
    else:
        ops.append((kind, [pick(), pick()]))
users = [0] * n
for kind, operands in ops:
    if kind != "const":
        for o in operands:
            users[o] += 1
outputs = [i for i in range(n) if users[i] == 0]

erng = random.Random(args.seed)
edited = set(erng.sample(range(consts), min(args.edits, consts))) if args.edits else set()

order = list(range(n))
names = list(range(n))
if args.shuffle:
    srng = random.Random(args.seed)
    deps = [[] if k == "const" else sorted(set(o)) for k, o in ops]
    children = [[] for _ in range(n)]
    pending = [len(d) for d in deps]
    for i, d in enumerate(deps):
        for p in d:
            children[p].append(i)
    ready = [i for i in range(n) if pending[i] == 0]
    order = []
    while ready:
        j = srng.randrange(len(ready))
        ready[j], ready[-1] = ready[-1], ready[j]
        v = ready.pop()
        order.append(v)
        for c in children[v]:
            pending[c] -= 1
            if pending[c] == 0:
                ready.append(c)
    srng.shuffle(names)

with open(args.out, "w") as f:
    f.write("func.func @g(%x: f32) -> (" + ", ".join(["f32"] * len(outputs)) + ") {\n")
    for i in order:
        kind, operands = ops[i]
        name = "%%v%d" % names[i]
        if kind == "const":
            value = operands + (100.0 if i in edited else 0.0)
            f.write("  %s = arith.constant %s : f32\n" % (name, repr(value)))
        elif kind in ("exp", "negf"):
            f.write("  %s = %s.%s %%v%d : f32\n" % (name, "math" if kind == "exp" else "arith", kind, names[operands[0]]))
        else:
            f.write("  %s = arith.%s %%v%d, %%v%d : f32\n" % (name, kind, names[operands[0]], names[operands[1]]))
    f.write("  return " + ", ".join("%%v%d" % names[o] for o in outputs) + " : " + ", ".join(["f32"] * len(outputs)) + "\n}\n")
