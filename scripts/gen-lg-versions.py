#!/usr/bin/env python3
"""Synthesises a release history of one `lg` model for benchmarks.

  gen-lg-versions.py OUTDIR [--versions 30] [--nodes 5000] [--seed 1]

Writes OUTDIR/model-<version>.mlir, each an `lg.graph @model` of about
--nodes nodes, and OUTDIR/manifest.txt. Each version edits the one before it:
about 1% of the nodes are deleted (their users read the deleted node's
input), 1% inserted and 1% change kind. Deterministic for a seed. Not a test:
it feeds `graph-diff-sim --manifest` (docs/Similarity.md).
"""
import argparse
import os
import random

KINDS = ["Conv2d", "BatchNorm2d", "ReLU", "Add", "Linear", "Pool", "Norm"]
TYPE = "tensor<4xf32>"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("outdir")
    parser.add_argument("--versions", type=int, default=30)
    parser.add_argument("--nodes", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    os.makedirs(args.outdir, exist_ok=True)
    # node id -> (kind, [input ids]); "x" is the graph input.
    nodes = {}
    order = []
    for i in range(args.nodes):
        earlier = order[-50:] or ["x"]
        inputs = rng.sample(earlier, min(len(earlier), rng.choice([1, 1, 2])))
        nodes["n%d" % i] = (rng.choice(KINDS), inputs)
        order.append("n%d" % i)
    fresh = args.nodes
    manifest = []
    for v in range(args.versions):
        if v:
            for victim in rng.sample(order[:-1], len(order) // 100):
                replacement = nodes[victim][1][0]
                del nodes[victim]
                order.remove(victim)
                for node in order:
                    kind, inputs = nodes[node]
                    nodes[node] = (kind, [replacement if i == victim else i
                                          for i in inputs])
            for _ in range(len(order) // 100):
                at = rng.randrange(1, len(order))
                new = "n%d" % fresh
                fresh += 1
                nodes[new] = (rng.choice(KINDS), [order[at - 1]])
                order.insert(at, new)
            for node in rng.sample(order, len(order) // 100):
                nodes[node] = (rng.choice(KINDS), nodes[node][1])
        label = "1.%d.0" % v
        path = os.path.join(args.outdir, "model-%s.mlir" % label)
        with open(path, "w") as f:
            f.write("lg.graph @model(%%x: %s) -> %s {\n" % (TYPE, TYPE))
            for node in order:
                kind, inputs = nodes[node]
                operands = ", ".join("%" + i for i in inputs)
                f.write('  %%%s = lg.node @%s "%s"(%s) : (%s) -> %s\n' % (
                    node, node, kind, operands,
                    ", ".join([TYPE] * len(inputs)), TYPE))
            f.write("  lg.output %%%s : %s\n}\n" % (order[-1], TYPE))
        manifest.append(os.path.basename(path))
    with open(os.path.join(args.outdir, "manifest.txt"), "w") as f:
        f.write("\n".join(manifest) + "\n")


if __name__ == "__main__":
    main()
