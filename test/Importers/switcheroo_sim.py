#!/usr/bin/env python3
"""Checks exported action lists the way ml_switcheroo would use them.

The model is a straight-line program with one statement per source node, in
the client's topological order: `<id> = <kind>(<inputs' ids>)`. The client's
patcher applies the last action for each node_id (it indexes the plan as
`{a.node_id: a for a in plan}`): a DeleteAction drops the statement, a call
ReplaceAction (is_init false) makes it `<output_var> = <new kind>(<input_vars>)`.
Running the patched program must compute the target graph: the same nodes
(kept ones by id, new ones by new_node id), kinds, metadata and inputs, every
variable assigned before it is read.

  switcheroo_sim.py check SRC.json TGT.json ACTIONS.json
      simulates one patch (the lit cases use it).
  switcheroo_sim.py summary ACTIONS.json
      prints one line per action (`delete ID`, `init ID: NEW KIND`,
      `call ID: OUTPUT_VAR = NEW KIND(INPUT_VARS)`), for FileCheck.
  switcheroo_sim.py fuzz TRANSLATE OPT WORKDIR [--seeds N] [--first S]
      random graphs in the client's style, fused the way its GraphOptimizer
      fuses them (re-implemented here from its documented rules), each taken
      through import, diff (--verify), export and the simulation above.

Written for graph-diff's tests; the rules it mimics are described in
docs/SwitcherooInterop.md.
"""

import json
import os
import random
import subprocess
import sys
from collections import defaultdict, deque


class Failure(Exception):
    pass


# ---------------------------------------------------------------------------
# LogicalGraph helpers
# ---------------------------------------------------------------------------


def inputs_of(graph):
    """node id -> the ids of its inputs, in edge order."""
    ins = {n["id"]: [] for n in graph["nodes"]}
    for e in graph.get("edges", []):
        ins[e["target"]].append(e["source"])
    return ins


def topological(graph):
    """The client's topological order: Kahn's algorithm from the sorted roots,
    first in first out, successors in edge order; nodes left over (a cycle)
    last, in listing order."""
    nodes = {n["id"]: n for n in graph["nodes"]}
    succ = defaultdict(list)
    degree = {n["id"]: 0 for n in graph["nodes"]}
    for e in graph.get("edges", []):
        succ[e["source"]].append(e["target"])
        degree[e["target"]] += 1
    queue = deque(sorted(i for i, d in degree.items() if d == 0))
    order = []
    while queue:
        u = queue.popleft()
        order.append(nodes[u])
        for v in succ[u]:
            degree[v] -= 1
            if degree[v] == 0:
                queue.append(v)
    seen = {n["id"] for n in order}
    order += [n for n in graph["nodes"] if n["id"] not in seen]
    return order


def is_stateful(kind):
    """The client's `_is_likely_stateful`, for nodes without `stateful`."""
    return bool(kind) and (kind[0].isupper() or "Fused" in kind)


# ---------------------------------------------------------------------------
# The patch simulation
# ---------------------------------------------------------------------------


def simulate(source, actions):
    """Runs the patched program; returns {node: (kind, metadata, inputs)}."""
    by_id = {}
    for a in actions:
        if a["type"] not in ("DeleteAction", "ReplaceAction"):
            raise Failure("unknown action type %r" % a["type"])
        by_id[a["node_id"]] = a  # the client keeps the last one per node_id
    statements = topological(source)
    ids = {n["id"] for n in statements}
    for node_id in by_id:
        if node_id not in ids:
            raise Failure("an action names %r, which is no statement" % node_id)
    ins = inputs_of(source)
    env = {}  # variable -> node that computed it
    graph = {}
    for node in statements:
        action = by_id.get(node["id"])
        name, kind, meta = node["id"], node["kind"], node.get("metadata", {})
        var, reads = node["id"], ins[node["id"]]
        if action and action["type"] == "DeleteAction":
            continue
        if action and action["is_init"]:
            raise Failure("the last action for %r is an init replacement: "
                          "its call site would keep the old layer" % name)
        if action:
            new = action["new_node"]
            name, kind, meta = new["id"], new["kind"], new["metadata"]
            var, reads = action["output_var"], action["input_vars"]
            if not var:
                raise Failure("call replacement of %r assigns no variable" % node["id"])
        for r in reads:
            if r not in env:
                raise Failure("statement %r reads %r, which no earlier statement assigns"
                              % (name, r))
        if var in env:
            raise Failure("%r is assigned twice" % var)
        if name in graph:
            raise Failure("two statements compute node %r" % name)
        graph[name] = (kind, meta, [env[r] for r in reads])
        env[var] = name
    return graph


def as_graph(graph):
    ins = inputs_of(graph)
    return {n["id"]: (n["kind"], n.get("metadata", {}), ins[n["id"]]) for n in graph["nodes"]}


def check(source, target, actions):
    got, want = simulate(source, actions), as_graph(target)
    if got != want:
        lines = []
        for k in sorted(set(got) | set(want)):
            if got.get(k) != want.get(k):
                lines.append("  %s: patched %r, target %r" % (k, got.get(k), want.get(k)))
        raise Failure("the patched program is not the target:\n" + "\n".join(lines))
    # Unchanged nodes get no action: none that keeps the node as it was, or
    # that names a node the target has unchanged.
    src, tgt, ins = as_graph(source), want, inputs_of(source)
    for a in actions:
        n = a["node_id"]
        if n in tgt and src.get(n) == tgt[n]:
            raise Failure("unchanged node %r has an action" % n)
        if a["type"] == "ReplaceAction" and not a["is_init"]:
            new = a["new_node"]
            if (new["id"], new["kind"], new["metadata"], a["input_vars"], a["output_var"]) == \
               (n, src[n][0], src[n][1], ins[n], n):
                raise Failure("the replacement of %r changes nothing" % n)


# ---------------------------------------------------------------------------
# The client's GraphOptimizer, as its documentation and tests describe it
# ---------------------------------------------------------------------------

PATTERNS = [  # (sequence of kinds, replace_with), tried in this order
    (["Conv2d", "BatchNorm2d", "ReLU"], "FusedCBR"),
    (["Conv2d", "ReLU"], "ConvReLU"),
    (["Linear", "GELU"], "FusedLinearGELU"),
    (["LayerNorm", "ReLU"], "FusedNormAct"),
    (["Add", "relu"], "add_relu"),
    (["Linear", "Dropout"], "linear_dropout"),
]


def optimize(graph, patterns=PATTERNS):
    """Greedy fusion in the client's topological order. A chain starts at a
    node of the pattern's first kind and follows, kind by kind, the first
    out-edge (in edge order) to a node not yet fused. The fused node is
    `fused_<head id>` with the pattern's kind and the members' metadata merged
    in chain order (no fused_from, no stateful), listed where the head was.
    Edges: into the head and out of the tail are rerouted to the fused node,
    every other edge touching a member is dropped. The result has no name."""
    nodes = {n["id"]: n for n in graph["nodes"]}
    out = defaultdict(list)
    for e in graph["edges"]:
        out[e["source"]].append(e["target"])
    fused_of, head_tail, done, listed, chains = {}, {}, set(), [], []
    for node in topological(graph):
        if node["id"] in done:
            continue
        chain = None
        for sequence, kind in patterns:
            if node["kind"] != sequence[0]:
                continue
            ids = [node["id"]]
            for want in sequence[1:]:
                nxt = next((t for t in out[ids[-1]]
                            if t not in done and nodes[t]["kind"] == want), None)
                if nxt is None:
                    break
                ids.append(nxt)
            else:
                chain = (ids, kind)
                break
        if not chain:
            listed.append(node)
            continue
        ids, kind = chain
        fid = "fused_" + ids[0]
        meta = {}
        for m in ids:
            meta.update(nodes[m].get("metadata", {}))
        listed.append({"id": fid, "kind": kind, "metadata": meta})
        head_tail[fid] = (ids[0], ids[-1])
        chains.append(ids)
        for m in ids:
            done.add(m)
            fused_of[m] = fid
    edges = []
    for e in graph["edges"]:
        s, t = e["source"], e["target"]
        fs, ft = fused_of.get(s), fused_of.get(t)
        src = s if not fs else (fs if s == head_tail[fs][1] else None)
        tgt = t if not ft else (ft if t == head_tail[ft][0] else None)
        if src and tgt and src != tgt:
            edges.append({"source": src, "target": tgt})
    return {"name": "Model", "nodes": listed, "edges": edges}, chains


# ---------------------------------------------------------------------------
# Random source graphs in the client's style
# ---------------------------------------------------------------------------

BLOCKS = [
    ["Conv2d", "BatchNorm2d", "ReLU"], ["Conv2d", "ReLU"], ["Linear", "GELU"],
    ["LayerNorm", "ReLU"], ["Add", "relu"], ["Linear", "Dropout"],
    ["Conv2d", "BatchNorm2d"], ["MaxPool2d"], ["Flatten"], ["Linear"],
    ["ReLU"], ["Dropout"], ["Add"],
]
PREFIX = {"Conv2d": "conv", "BatchNorm2d": "bn", "ReLU": "relu", "Linear": "fc",
          "GELU": "gelu", "LayerNorm": "ln", "Add": "add", "relu": "act",
          "Dropout": "drop", "MaxPool2d": "pool", "Flatten": "flatten"}


def random_graph(rng):
    count = defaultdict(int)
    nodes, edges = [], []
    names = ["x"] + (["y"] if rng.random() < 0.3 else [])
    for n in names:
        nodes.append({"id": "Input_" + n, "kind": "Input", "metadata": {"name": n}})
    values = [n["id"] for n in nodes]
    for _ in range(rng.randint(1, 7)):
        for kind in rng.choice(BLOCKS):
            count[kind] += 1
            nid = "%s%d" % (PREFIX[kind], count[kind])
            meta = {}
            if kind in ("Conv2d", "Linear", "BatchNorm2d", "LayerNorm"):
                meta = {"arg_%d" % i: str(rng.choice([3, 8, 16, 64])) for i in range(rng.randint(1, 2))}
            nodes.append({"id": nid, "kind": kind, "metadata": meta})
            # Mostly the previous value; sometimes a branch from further back.
            first = values[-1] if rng.random() < 0.8 else rng.choice(values)
            srcs = [first]
            if kind == "Add" or rng.random() < 0.1:
                other = rng.choice(values)
                if other != first:
                    srcs.append(other)
            edges += [{"source": s, "target": nid} for s in srcs]
            values.append(nid)
    # The return: the last value, sometimes one more.
    outs = [values[-1]]
    if rng.random() < 0.3 and len(values) > len(names) + 1:
        extra = rng.choice(values[len(names):-1])
        outs.append(extra)
    nodes.append({"id": "output", "kind": "Output", "metadata": {}})
    edges += [{"source": s, "target": "output"} for s in outs]
    if rng.random() < 0.25:  # the importer must not care about listing order
        rng.shuffle(nodes)
    return {"name": "Net", "nodes": nodes, "edges": edges}


def check_chains(chains, actions, target):
    """Each fused chain: DeleteActions for all members but the sink (the
    tail), then, on the sink, an init ReplaceAction for a stateful kind and a
    call ReplaceAction whose output_var is the sink's id."""
    fused = {n["id"]: n for n in target["nodes"]}
    for ids in chains:
        head, tail = ids[0], ids[-1]
        deletes = {a["node_id"] for a in actions if a["type"] == "DeleteAction"}
        for m in ids[:-1]:
            if m not in deletes:
                raise Failure("chain %s: no DeleteAction for %r" % (ids, m))
        on_tail = [a for a in actions if a["node_id"] == tail]
        kind = fused["fused_" + head]["kind"]
        want = [True, False] if is_stateful(kind) else [False]
        got = [a.get("is_init") for a in on_tail if a["type"] == "ReplaceAction"]
        if got != want or len(on_tail) != len(want):
            raise Failure("chain %s: actions on the sink %r are %r" % (ids, tail, on_tail))
        for a in on_tail:
            if a["new_node"]["id"] != "fused_" + head:
                raise Failure("chain %s: the sink is replaced by %r" % (ids, a["new_node"]["id"]))
            if not a["is_init"] and a["output_var"] != tail:
                raise Failure("chain %s: output_var %r" % (ids, a["output_var"]))


def run(cmd):
    p = subprocess.run(cmd, capture_output=True, text=True)
    return p.returncode, p.stdout + p.stderr


def one_seed(seed, translate, opt, workdir):
    rng = random.Random(seed)
    source = random_graph(rng)
    target, chains = optimize(source)
    d = os.path.join(workdir, str(seed))
    os.makedirs(d, exist_ok=True)
    paths = {k: os.path.join(d, k) for k in
             ("src.json", "tgt.json", "src.mlir", "tgt.mlir", "plan.mlir", "actions.json")}
    for name, g in (("src.json", source), ("tgt.json", target)):
        with open(paths[name], "w") as f:
            json.dump(g, f, indent=1)
    for side in ("src", "tgt"):
        code, text = run([translate, "--import-switcheroo-json", paths[side + ".json"],
                          "-o", paths[side + ".mlir"]])
        if code:
            raise Failure("import of %s: exit %d\n%s" % (side, code, text))
    code, text = run([opt, paths["src.mlir"], paths["tgt.mlir"], "--verify",
                      "-o", paths["plan.mlir"]])
    # The optimizer names its graph Model: the plan renames the source's
    # graph (Net), a difference even without a chain.
    renamed = source["name"] != target["name"]
    if code != (1 if chains or renamed else 0):
        raise Failure("graph-diff-opt: exit %d (%d chains%s)\n%s"
                      % (code, len(chains), ", renamed" if renamed else "", text))
    code, text = run([translate, "--export-switcheroo-plan", paths["plan.mlir"],
                      "-o", paths["actions.json"]])
    if code:
        raise Failure("export: exit %d\n%s" % (code, text))
    with open(paths["actions.json"]) as f:
        actions = json.load(f)
    check(source, target, actions)
    check_chains(chains, actions, target)
    return len(chains)


MARKER = "// -----"


def translate_chunks(translate, translation, path):
    """The output of each `// -----` chunk of `path` ("" for a chunk that
    failed). To stdout: with -o, one failed chunk would leave no file."""
    p = subprocess.run([translate, translation, "--split-input-file",
                        "--output-split-marker=" + MARKER, path],
                       capture_output=True, text=True)
    return p.stdout.split(MARKER + "\n")


def batch(seeds, translate, opt, workdir):
    """All seeds through four tool runs: the graphs of every seed imported
    with --split-input-file, diffed as two modules (graphs paired by name:
    each seed's source and target are both called Net<seed> here), the plans
    exported with --split-input-file. Returns ({seed: error}, chains), or
    None if a whole-module step failed (then the caller goes seed by seed)."""
    cases = {}
    for seed in seeds:
        source = random_graph(random.Random(seed))
        target, chains = optimize(source)
        source["name"] = target["name"] = "Net%d" % seed
        cases[seed] = (source, target, chains)
    failed = {}
    modules = {}
    for side, index in (("src", 0), ("tgt", 1)):
        path = os.path.join(workdir, side + ".json")
        with open(path, "w") as f:
            f.write(("\n%s\n" % MARKER).join(json.dumps(cases[s][index]) for s in seeds))
        chunks = translate_chunks(translate, "--import-switcheroo-json", path)
        if len(chunks) != len(seeds):
            return None
        for seed, chunk in zip(seeds, chunks):
            lines = chunk.strip().splitlines()
            if not lines or lines[0] != "module {" or lines[-1] != "}":
                failed[seed] = "import of %s failed" % side
                continue
            modules.setdefault(seed, []).append("\n".join(lines[1:-1]))
    good = [s for s in seeds if s not in failed]
    # The targets once more, their nodes listed in reverse (the edges keep
    # their order: it is the order of each node's inputs): the plans must not
    # change by a byte.
    reversed_path = os.path.join(workdir, "tgt-reversed.json")
    with open(reversed_path, "w") as f:
        f.write(("\n%s\n" % MARKER).join(
            json.dumps(dict(cases[s][1], nodes=cases[s][1]["nodes"][::-1])) for s in good))
    modules_reversed = translate_chunks(translate, "--import-switcheroo-json", reversed_path)
    for name, texts in (("src", [modules[s][0] for s in good]),
                        ("tgt", [modules[s][1] for s in good]),
                        ("tgt-reversed", [m.strip()[len("module {"):-1] for m in modules_reversed])):
        with open(os.path.join(workdir, name + ".mlir"), "w") as f:
            f.write("module {\n%s\n}\n" % "\n".join(texts))
    plan = os.path.join(workdir, "plan.mlir")
    code, text = run([opt, os.path.join(workdir, "src.mlir"), os.path.join(workdir, "tgt.mlir"),
                      "--verify", "-o", plan])
    if code != (1 if any(cases[s][2] for s in good) else 0):
        return None
    run([opt, os.path.join(workdir, "src.mlir"), os.path.join(workdir, "tgt-reversed.mlir"),
         "-o", plan + ".reversed"])
    with open(plan) as a, open(plan + ".reversed") as b:
        if a.read() != b.read():
            raise Failure("the plans change when the target lists its nodes in reverse "
                          "(%s, %s.reversed)" % (plan, plan))
    plans, current = {}, None
    with open(plan) as f:
        for line in f:
            if line.startswith("  patch.plan @Net"):
                current = int(line.split()[1][4:])
                plans[current] = []
            if current is not None:
                plans[current].append(line[2:])
                if line == "  }\n":
                    current = None
    split = os.path.join(workdir, "plans.mlir")
    with open(split, "w") as f:
        f.write(("%s\n" % MARKER).join("module {\n%s}\n" % "".join(plans.get(s, [])) for s in good))
    outputs = translate_chunks(translate, "--export-switcheroo-plan", split)
    if len(outputs) != len(good):
        return None
    chains = 0
    for seed, output in zip(good, outputs):
        source, target, seed_chains = cases[seed]
        chains += len(seed_chains)
        try:
            if not output.strip():
                raise Failure("the export failed")
            actions = json.loads(output)
            check(source, target, actions)
            check_chains(seed_chains, actions, target)
        except Failure as e:
            failed[seed] = str(e)
    return failed, chains


def fuzz(args):
    translate, opt, workdir = args[:3]
    count, first = 300, 1
    rest = args[3:]
    while rest:
        flag, value = rest[0], int(rest[1])
        rest = rest[2:]
        if flag == "--seeds":
            count = value
        elif flag == "--first":
            first = value
    seeds = list(range(first, first + count))
    try:
        result = batch(seeds, translate, opt, workdir)
    except Failure as e:
        print("batch: %s" % e)
        return 1
    if result is None:
        print("batch: a whole-module step failed; running seed by seed")
        rerun, fused = seeds, 0
    else:
        rerun, fused = sorted(result[0]), result[1]
    # Seed by seed, each in its own directory, for the messages.
    failures = {}
    for seed in rerun:
        try:
            chains = one_seed(seed, translate, opt, workdir)
            if result is None:
                fused += chains
            else:
                failures[seed] = "%s (passes on its own)" % result[0][seed]
        except Failure as e:
            failures[seed] = "%s (files in %s/%d)" % (e, workdir, seed)
    for seed in sorted(failures)[:5]:
        print("seed %d: %s" % (seed, failures[seed]))
    print("%d seeds, %d fused chains, %d failed" % (count, fused, len(failures)))
    return 1 if failures else 0


def summary(actions):
    """One line per action, for FileCheck."""
    for a in actions:
        if a["type"] == "DeleteAction":
            print("delete %s" % a["node_id"])
            continue
        new = a["new_node"]
        if a["is_init"]:
            print("init %s: %s %s" % (a["node_id"], new["id"], new["kind"]))
        else:
            print("call %s: %s = %s %s(%s)" % (a["node_id"], a["output_var"], new["id"],
                                              new["kind"], ", ".join(a["input_vars"])))


def main(argv):
    if len(argv) == 3 and argv[1] == "summary":
        with open(argv[2]) as f:
            summary(json.load(f))
        return 0
    if len(argv) == 5 and argv[1] == "check":
        loaded = []
        for p in argv[2:5]:
            with open(p) as f:
                loaded.append(json.load(f))
        try:
            check(*loaded)
        except Failure as e:
            print("FAIL: %s" % e)
            return 1
        print("the patched program computes the target")
        return 0
    if len(argv) >= 5 and argv[1] == "fuzz":
        return fuzz(argv[2:])
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
