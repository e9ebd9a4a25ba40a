#!/usr/bin/python3
"""Scores graph-diff-opt's node mapping against the ground truth of locations.

  eval-ground-truth.py [--corpus DIR] [--models a,b] [--pipelines x,y]
  eval-ground-truth.py --pair SRC TGT [--report JSON]

For each corpus model x pipeline: `mlir-opt --snapshot-op-locations` gives
every source op a unique location (its line:col in the printed source), the
pipeline runs printing debug info, and the locations say which source ops
each target op comes from (its location is, or is fused from, theirs). Both
files are then printed without locations, `graph-diff-opt --format=json`
diffs that pair, and its `mapping` and `replace` regions are scored against
the truth. `--pair` scores two files that already carry locations (each
source op a location of its own); `--report` reads the JSON report from a
file instead of running graph-diff-opt. Prints one Markdown row per case;
progress goes to stderr. The columns are defined in docs/Measuring.md
("Ground truth"). Exits 1 if a row is an error (mlir-opt or graph-diff-opt
failed), 2 if --pair could not be scored. Python 3 standard library only.
"""
import argparse
import difflib
import json
import os
import re
import subprocess
import sys
import tempfile

from mlir_text import location_leaves, normalized_text, read_module, count_functions

SIGNATURE_ACTIONS = {"add_input", "remove_input", "add_output", "remove_output",
                     "set_graph_attributes"}

TOSA_TO_LINALG = (
    "--pass-pipeline=builtin.module(func.func(tosa-optional-decompositions,"
    "tosa-to-linalg-named,tosa-to-linalg,tosa-to-arith{include-apply-rescale=true},"
    "tosa-to-tensor),canonicalize,cse,func.func(linalg-fuse-elementwise-ops),"
    "canonicalize,cse)")

BUFFERIZE_BOUNDARIES = "--one-shot-bufferize=bufferize-function-boundaries"

# label, arguments before the snapshot (the source is the model after them),
# the pipeline, which kinds of model it runs on: linalg and tosa (the corpus),
# arith (a graph of tensor arith ops from scripts/gen-arith-graph.py), multi
# (a model of several functions; the corpus has none), or model names (where
# mlir-opt-22 fails on the others).
LINALG, TOSA, ARITH = "linalg", "tosa", "arith"
PIPELINES = [
    ("fold-unit-dims", [], ["--linalg-fold-unit-extent-dims"], {LINALG}),
    ("elementwise-to-linalg", [], ["--convert-elementwise-to-linalg"], {LINALG, ARITH}),
    ("elementwise+fuse", [], ["--convert-elementwise-to-linalg",
                              "--linalg-fuse-elementwise-ops"], {ARITH}),
    ("generalize+fuse", [], ["--linalg-generalize-named-ops",
                             "--linalg-fuse-elementwise-ops"], {LINALG}),
    ("fuse", [], ["--linalg-fuse-elementwise-ops"], {LINALG}),
    ("one-shot-bufferize", [], ["--one-shot-bufferize"], {LINALG}),
    ("canonicalize", [], ["--canonicalize"], {LINALG, TOSA, ARITH}),
    ("cse", [], ["--cse"], {LINALG, TOSA, ARITH}),
    ("canon+cse", [], ["--canonicalize", "--cse"], {LINALG, TOSA, ARITH}),
    ("inline", [], ["--inline"], {"multi"}),
    # No corpus model has two functions: this one moves the body into a
    # private callee that a new @forward calls once.
    ("inline-wrapped", "wrap", ["--inline"], {LINALG}),
    ("specialize", ["--linalg-generalize-named-ops"],
     ["--linalg-specialize-generic-ops"], {LINALG}),
    ("tosa-to-linalg", [], [TOSA_TO_LINALG], {TOSA}),
    # The way most real pipelines bufferize: function arguments and results
    # become buffers too.
    ("bufferize-boundaries", [], [BUFFERIZE_BOUNDARIES], {LINALG}),
    ("inline-scalar-operands", ["--linalg-generalize-named-ops"],
     ["--linalg-inline-scalar-operands"], {LINALG}),
    ("generalize+fuse+fold", [],
     ["--linalg-generalize-named-ops", "--linalg-fuse-elementwise-ops",
      "--linalg-fold-unit-extent-dims", "--canonicalize", "--cse"], {"lenet", "alexnet"}),
    ("generalize+fuse+canon+cse", [],
     ["--linalg-generalize-named-ops", "--linalg-fuse-elementwise-ops",
      "--canonicalize", "--cse"], {LINALG}),
    # Bufferized models lowered to loops: each linalg op becomes a loop nest.
    ("linalg-to-loops", [BUFFERIZE_BOUNDARIES], ["--convert-linalg-to-loops"],
     {LINALG}),
    ("linalg-to-loops+licm+canon", [BUFFERIZE_BOUNDARIES],
     ["--convert-linalg-to-loops", "--loop-invariant-code-motion",
      "--canonicalize"], {LINALG}),
    ("linalg-to-affine+lower-affine", [BUFFERIZE_BOUNDARIES],
     ["--convert-linalg-to-affine-loops", "--lower-affine"], {LINALG}),
    ("linalg-to-parallel-loops", [BUFFERIZE_BOUNDARIES],
     ["--convert-linalg-to-parallel-loops"], {LINALG}),
    ("generalize", [], ["--linalg-generalize-named-ops"], {LINALG}),
    ("empty-tensor-elimination", [],
     ["--eliminate-empty-tensors", "--empty-tensor-to-alloc-tensor"], {LINALG}),
    ("bufferize+dealloc", [],
     [BUFFERIZE_BOUNDARIES, "--buffer-deallocation-pipeline"], {LINALG}),
    ("bufferize+hoist+stack", [BUFFERIZE_BOUNDARIES],
     ["--buffer-hoisting", "--promote-buffers-to-stack"], {LINALG}),
    ("fold-memref-aliases", [BUFFERIZE_BOUNDARIES],
     ["--fold-memref-alias-ops", "--canonicalize"], {LINALG}),
    ("sccp+symbol-dce", [], ["--sccp", "--symbol-dce"], {LINALG, TOSA, ARITH}),
    ("fold-unit-dims-slices", [],
     ["--linalg-fold-unit-extent-dims=use-rank-reducing-slices"], {LINALG}),
    ("tosa-constant-fold", [],
     ["--tosa-layerwise-constant-fold", "--tosa-make-broadcastable"], {TOSA}),
    ("tosa-to-linalg+bufferize", [TOSA_TO_LINALG], [BUFFERIZE_BOUNDARIES], {TOSA}),
    ("fuse+bufferize+loops", [],
     ["--linalg-fuse-elementwise-ops", BUFFERIZE_BOUNDARIES,
      "--convert-linalg-to-loops", "--canonicalize", "--cse"], {LINALG}),
    ("generalize+bufferize", ["--linalg-generalize-named-ops"],
     [BUFFERIZE_BOUNDARIES], {LINALG}),
]


def log(message):
    sys.stderr.write("eval-ground-truth: " + message + "\n")


def run(args):
    """Runs a command; returns (exit code, stdout, stderr)."""
    done = subprocess.run(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          universal_newlines=True)
    return done.returncode, done.stdout, done.stderr


def first_line(text):
    lines = [line for line in text.strip().splitlines() if line.strip()]
    return (lines[0] if lines else "").replace("|", "/")[:160]


class Trouble(Exception):
    pass


class Skip(Exception):
    """A case that does not apply to a model (no row)."""


def strip_locations(opt, located, plain):
    code, _, err = run([opt, located, "-o", plain])
    if code:
        raise Trouble("mlir-opt could not print %s: %s" % (located, first_line(err)))


def diff(differ, source, target):
    code, out, err = run([differ, source, target, "--format=json"])
    if code not in (0, 1):
        raise Trouble("graph-diff-opt exit %d: %s" % (code, first_line(err)))
    try:
        return json.loads(out)
    except ValueError as error:
        raise Trouble("graph-diff-opt printed no JSON report: %s" % error)


# --- Scoring ---------------------------------------------------------------


class Score:
    FIELDS = ["src", "tgt", "traced_src", "traced_tgt", "by_content", "pairs", "correct",
              "wrong", "wrong_vanished", "unscored", "recalled", "merged", "unchanged_unmatched", "regions",
              "bad_regions", "swallowed", "ambiguous", "actions", "bound",
              "file_order"]

    def __init__(self):
        for field in self.FIELDS:
            setattr(self, field, 0)

    def add(self, other):
        for field in self.FIELDS:
            setattr(self, field, getattr(self, field) + getattr(other, field))


def truth_relation(src_ops, tgt_ops, source_locs):
    """Pairs (i, j): source op i's location is among target op j's.

    `source_locs` maps a location leaf to the index of the source op that
    carries it (its own location first, else a nested op's)."""
    pairs = set()
    for j, op in enumerate(tgt_ops):
        for leaf in location_leaves(op.loc):
            i = source_locs.get(leaf)
            if i is not None:
                pairs.add((i, j))
    return pairs


def content_pairs(src_ops, tgt_ops, pairs):
    """Pairs for constants that lost their location: MLIR's folder gives the
    constants it moves or merges `loc(unknown)`. A target op without a traced
    source, that reads no value and holds no region, stands for the untraced
    source ops of the same text (the first of several such targets takes
    them all)."""
    traced_src = set(i for i, _ in pairs)
    traced_tgt = set(j for _, j in pairs)

    def leaf(op):
        return "%" not in op.text and "{\n" not in op.text

    by_text = {}
    for i, op in enumerate(src_ops):
        if i not in traced_src and leaf(op):
            by_text.setdefault(op.text, []).append(i)
    found = set()
    for j, op in enumerate(tgt_ops):
        if j not in traced_tgt and leaf(op) and by_text.get(op.text):
            for i in by_text.pop(op.text):
                found.add((i, j))
    return found


def source_location_index(src_ops):
    own, nested = {}, {}
    for i, op in enumerate(src_ops):
        leaves = location_leaves(op.loc)
        for leaf in leaves:
            own.setdefault(leaf, i)
        for leaf in op.nested_leaves:
            nested.setdefault(leaf, i)
    for leaf, i in nested.items():
        own.setdefault(leaf, i)
    return own


def components(n_src, n_tgt, pairs):
    """Connected components of the truth: lists of (sources, targets)."""
    parent = list(range(n_src + n_tgt))

    def find(x):
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for i, j in pairs:
        parent[find(i)] = find(n_src + j)
    groups = {}
    for x in range(n_src + n_tgt):
        groups.setdefault(find(x), ([], []))
        if x < n_src:
            groups[find(x)][0].append(x)
        else:
            groups[find(x)][1].append(x - n_src)
    return list(groups.values())


DETAILS = []


def detail(message):
    """With --details, one line on stderr per finding."""
    if DETAILS:
        log("  " + message)


def describe(op):
    return "%s %s" % (op.ref, op.opname)


def score_graph(src_fn, tgt_fn, graph):
    score = Score()
    src_ops, tgt_ops = src_fn.ops, tgt_fn.ops
    score.src, score.tgt = len(src_ops), len(tgt_ops)
    pairs = truth_relation(src_ops, tgt_ops, source_location_index(src_ops))
    by_content = content_pairs(src_ops, tgt_ops, pairs)
    score.by_content = len(set(j for _, j in by_content))
    pairs |= by_content
    src_partners = [set() for _ in src_ops]
    tgt_partners = [set() for _ in tgt_ops]
    for i, j in pairs:
        src_partners[i].add(j)
        tgt_partners[j].add(i)
    score.traced_src = sum(1 for p in src_partners if p)
    score.traced_tgt = sum(1 for p in tgt_partners if p)

    # Content under the truth: every value is named by the truth component
    # of the op that makes it, so a use of a fused op's result reads as a
    # use of the source op it stands for.
    groups = components(len(src_ops), len(tgt_ops), pairs)
    src_group, tgt_group = {}, {}
    for number, (sources, targets) in enumerate(groups):
        for i in sources:
            src_group[i] = number
        for j in targets:
            tgt_group[j] = number
    src_text = [normalized_text(op, src_fn, lambda i: "c%d" % src_group[i]) for op in src_ops]
    tgt_text = [normalized_text(op, tgt_fn, lambda j: "c%d" % tgt_group[j]) for op in tgt_ops]

    # The tool's mapping, by the names graph-diff gives nodes.
    src_index, tgt_index = src_fn.index_by_ref(), tgt_fn.index_by_ref()
    mapped = {}
    for entry in graph["mapping"]:
        i = src_index.get(entry["source"])
        if i is None:
            raise Trouble("the report names an unknown source node %s" % entry["source"])
        if entry.get("ambiguous"):
            score.ambiguous += 1
        if entry["target"] is None:
            continue
        j = tgt_index.get(entry["target"])
        if j is None:
            raise Trouble("the report names an unknown target node %s" % entry["target"])
        mapped[i] = (j, entry["status"])

    for i, (j, status) in mapped.items():
        score.pairs += 1
        if (i, j) in pairs:
            score.correct += 1
        elif src_partners[i] or (status != "replaced" and tgt_partners[j]):
            # i has a true counterpart elsewhere, or i is said to be kept as
            # j although j is another op (a fused-away i is not knowable).
            score.wrong += 1
            if not src_partners[i]:
                score.wrong_vanished += 1
            detail("wrong pair (%s): %s -> %s; truly -> %s" % (
                status, describe(src_ops[i]), describe(tgt_ops[j]),
                ", ".join(describe(tgt_ops[k]) for k in sorted(src_partners[i])) or "nothing"))
        else:
            score.unscored += 1
    # A merge (several untraced source constants of one text, one target
    # constant by content) is one source op kept and the others erased:
    # MLIR's folder replaces a duplicate constant with the one it already
    # holds and gives that one `loc(unknown)`, so which one was kept is not
    # knowable. Recall asks for one pair per merge (any member); the other
    # members leave the denominator.
    merged = {}
    for i, j in by_content:
        merged.setdefault(j, []).append(i)
    merge_of = {}
    for j, members in merged.items():
        if len(members) > 1:
            score.merged += len(members) - 1
            for i in members:
                merge_of[i] = j
    recalled_merges = set()
    for i, partners in enumerate(src_partners):
        if partners and i in mapped and mapped[i][0] in partners:
            if i in merge_of:
                if merge_of[i] in recalled_merges:
                    continue
                recalled_merges.add(merge_of[i])
            score.recalled += 1
        elif partners:
            detail("missed: %s -> %s; truly -> %s" % (
                describe(src_ops[i]),
                describe(tgt_ops[mapped[i][0]]) if i in mapped else "nothing",
                ", ".join(describe(tgt_ops[k]) for k in sorted(partners)[:4])
                + (" (+%d)" % (len(partners) - 4) if len(partners) > 4 else "")))
        if len(partners) == 1:
            j = next(iter(partners))
            if tgt_partners[j] == {i} and src_text[i] == tgt_text[j] and i not in mapped:
                score.unchanged_unmatched += 1
                detail("unchanged, unmatched: %s = %s" % (describe(src_ops[i]), describe(tgt_ops[j])))

    for action in graph["actions"]:
        if action["kind"] in SIGNATURE_ACTIONS:
            continue
        score.actions += 1
        if action["kind"] != "replace":
            continue
        score.regions += 1
        j = tgt_index.get(action["new_node"]["name"])
        members = [src_index.get(node["name"]) for node in action["region"]]
        swallowed = [i for i in members if src_partners[i] and j not in src_partners[i]]
        score.swallowed += len(swallowed)
        for i in swallowed:
            detail("swallowed into %s: %s, truly -> %s" % (
                describe(tgt_ops[j]), describe(src_ops[i]),
                ", ".join(describe(tgt_ops[k]) for k in sorted(src_partners[i]))))
        if swallowed or not any(j in src_partners[i] for i in members):
            score.bad_regions += 1

    for sources, targets in groups:
        if (len(sources) == 1 and len(targets) == 1
                and src_text[sources[0]] == tgt_text[targets[0]]):
            continue
        score.bound += max(len(sources), len(targets))
    score.file_order = file_order_actions(src_ops, tgt_ops, src_fn, tgt_fn)
    return score


def file_order_actions(src_ops, tgt_ops, src_fn, tgt_fn):
    """Plan size of pairing ops in file order: the longest common subsequence
    of the op texts with every SSA name blanked; a pair whose inputs differ
    under that pairing is an update, the rest deletes and inserts."""
    blank = lambda _: "_"
    a = [normalized_text(op, src_fn, blank) for op in src_ops]
    b = [normalized_text(op, tgt_fn, blank) for op in tgt_ops]
    matcher = difflib.SequenceMatcher(None, a, b, autojunk=False)
    partner = {}
    for block in matcher.get_matching_blocks():
        for k in range(block.size):
            partner[block.a + k] = block.b + k
    src_id = [normalized_text(op, src_fn, lambda i: "p%d" % partner.get(i, -1 - i))
              for op in src_ops]
    tgt_id = [normalized_text(op, tgt_fn, lambda j: "p%d" % j) for op in tgt_ops]
    updates = sum(1 for i, j in partner.items() if src_id[i] != tgt_id[j])
    return (len(src_ops) - len(partner)) + (len(tgt_ops) - len(partner)) + updates


def score_files(source_located, target_located, report):
    src = read_module(source_located)
    tgt = read_module(target_located)
    total = Score()
    for graph in report["graphs"]:
        if graph["source"] not in src or graph["target"] not in tgt:
            raise Trouble("the report names a graph the inputs lack: @%s" % graph["source"])
        total.add(score_graph(src[graph["source"]], tgt[graph["target"]], graph))
    return total


# --- Output ----------------------------------------------------------------

HEADER = ("| model | pipeline | src | tgt | traced src | traced tgt | by content | precision | recall "
          "| wrong pairs (vanished) | unscored | unchanged unmatched | regions (bad) | swallowed "
          "| ambiguous | actions | bound | x bound | file order |")


def ratio(a, b, digits=3):
    return ("%.*f" % (digits, a / b)) if b else "-"


def row(model, pipeline, score):
    return "| %s | %s | %d | %d | %d | %d | %d | %s | %s | %d (%d) | %d | %d | %d (%d) | %d | %d | %d | %d | %s | %d |" % (
        model, pipeline, score.src, score.tgt, score.traced_src, score.traced_tgt,
        score.by_content,
        ratio(score.correct, score.correct + score.wrong),
        ratio(score.recalled, score.traced_src - score.merged), score.wrong, score.wrong_vanished,
        score.unscored,
        score.unchanged_unmatched, score.regions, score.bad_regions, score.swallowed,
        score.ambiguous, score.actions, score.bound, ratio(score.actions, score.bound, 2),
        score.file_order)


def error_row(model, pipeline, message):
    return "| %s | %s | (%s) |%s" % (model, pipeline, message, " |" * 16)


def print_header():
    print(HEADER)
    print("|" + "|".join(["---"] * 2 + ["---:"] * 17) + "|")


# --- Driver ----------------------------------------------------------------


WRAPPABLE = re.compile(r'^(\s*)func\.func @(\w+)\((%arg0: [^ ,)]+)\) -> ([^ {]+) \{$', re.M)


def wrap_in_callee(model, output):
    """Writes `model` with its function @f renamed @f_impl (private) and a
    new @f that calls it: a module of two functions for --inline."""
    with open(model) as f:
        text = f.read()
    match = WRAPPABLE.search(text)
    if not match:
        raise Skip("no function of one argument and one result to wrap")
    indent, name, argument, result = match.groups()
    argument_type = argument.split(": ", 1)[1]
    caller = ("{0}func.func @{1}({2}) -> {3} {{\n"
              "{0}  %0 = func.call @{1}_impl(%arg0) : ({4}) -> {3}\n"
              "{0}  return %0 : {3}\n{0}}}\n").format(indent, name, argument, result,
                                                   argument_type)
    callee = "%sfunc.func private @%s_impl(%s) -> %s {" % (indent, name, argument, result)
    with open(output, "w") as f:
        f.write(text[:match.start()] + caller + callee + text[match.end():])


def evaluate_model(args, model, label, prep, pipeline, work):
    base = os.path.join(work, "case")
    source_input = model
    if prep == "wrap":
        source_input = base + ".prep.mlir"
        wrap_in_callee(model, source_input)
    elif prep:
        source_input = base + ".prep.mlir"
        code, _, err = run([args.opt, model] + prep + ["-o", source_input])
        if code:
            raise Trouble("mlir-opt (preparation) failed: " + first_line(err))
    # Printed with locations but without --mlir-print-local-scope, which
    # would drop the dialect resources (LeNet's weights).
    snapshot = base + ".src.mlir"
    source_located = base + ".src.loc.mlir"
    code, _, err = run([args.opt, source_input,
                        "--snapshot-op-locations=filename=" + snapshot,
                        "--mlir-print-debuginfo", "-o", source_located])
    if code:
        raise Trouble("mlir-opt --snapshot-op-locations failed: " + first_line(err))
    target_located = base + ".tgt.loc.mlir"
    code, _, err = run([args.opt, source_located] + pipeline +
                       ["--mlir-print-debuginfo", "-o", target_located])
    if code:
        raise Trouble("mlir-opt failed: " + first_line(err))
    return score_pair(args, source_located, target_located, work)


def score_pair(args, source_located, target_located, work, report_file=None):
    """Scores a pair of located files. mlir-opt prints each again twice:
    without locations for the differ (dialect resources kept), and with every
    location inline for read_module (--mlir-print-local-scope, which leaves
    the resources out)."""
    printed = {}
    for side, located in (("source", source_located), ("target", target_located)):
        printed[side] = os.path.join(work, side + ".scope.mlir")
        code, _, err = run([args.opt, located, "--mlir-print-debuginfo",
                            "--mlir-print-local-scope", "-o", printed[side]])
        if code:
            raise Trouble("mlir-opt could not read %s: %s" % (located, first_line(err)))
        strip_locations(args.opt, located, os.path.join(work, side + ".mlir"))
    source_plain = os.path.join(work, "source.mlir")
    target_plain = os.path.join(work, "target.mlir")
    if report_file:
        with open(report_file) as f:
            report = json.load(f)
    else:
        report = diff(args.differ, source_plain, target_plain)
    return score_files(printed["source"], printed["target"], report)


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", default=os.path.join(root, "..", "shared", "corpus"))
    parser.add_argument("--models", help="comma-separated model names (default: all)")
    parser.add_argument("--pipelines", help="comma-separated pipeline labels (default: all)")
    parser.add_argument("--differ", default=os.path.join(root, "build", "bin", "graph-diff-opt"),
                        help="the graph-diff-opt to score")
    parser.add_argument("--opt", default=os.environ.get("MLIR_OPT", "/usr/lib/llvm-22/bin/mlir-opt"),
                        help="the mlir-opt that runs the pipelines")
    parser.add_argument("--pair", nargs=2, metavar=("SRC", "TGT"),
                        help="score two files that carry locations")
    parser.add_argument("--report", help="with --pair: the JSON report to score")
    parser.add_argument("--details", action="store_true",
                        help="list every wrong pair, swallowed region member and unchanged "
                             "unmatched node on stderr")
    args = parser.parse_args()
    if args.details:
        DETAILS.append(True)

    with tempfile.TemporaryDirectory() as work:
        if args.pair:
            print_header()
            try:
                score = score_pair(args, args.pair[0], args.pair[1], work, args.report)
                print(row(os.path.basename(args.pair[0]), "pair", score))
            except Trouble as trouble:
                print(error_row(os.path.basename(args.pair[0]), "pair", trouble))
                return 2
            return 0
        models = []
        for kind in (LINALG, TOSA):
            directory = os.path.join(args.corpus, kind)
            for name in sorted(os.listdir(directory)):
                if name.endswith(".mlir"):
                    models.append((kind, name[:-5], os.path.join(directory, name)))
        # Tensor arith ops, which --convert-elementwise-to-linalg rewrites
        # (the corpus models have none).
        arith = os.path.join(work, "arith-300.mlir")
        code, _, err = run(["/usr/bin/python3", os.path.join(root, "scripts", "gen-arith-graph.py"),
                            "--ops", "300", "--edit", "none", "--live", arith, os.devnull])
        if code:
            raise SystemExit("eval-ground-truth: gen-arith-graph.py failed: " + err)
        models.append((ARITH, "arith-300", arith))
        if args.models:
            wanted = args.models.split(",")
            models = [m for m in models if m[1] in wanted]
        pipelines = PIPELINES
        if args.pipelines:
            wanted = args.pipelines.split(",")
            pipelines = [p for p in PIPELINES if p[0] in wanted]
        print_header()
        status = 0
        for kind, name, path in models:
            functions = count_functions(path)
            for label, prep, pipeline, applies in pipelines:
                if "multi" in applies and functions < 2:
                    log("%s %s: skipped (one function)" % (name, label))
                    continue
                if kind not in applies and name not in applies and "multi" not in applies:
                    continue
                log("%s %s" % (name, label))
                try:
                    score = evaluate_model(args, path, label, prep, pipeline, work)
                    print(row("%s/%s" % (kind, name), label, score))
                except Skip as skip:
                    log("%s %s: skipped (%s)" % (name, label, skip))
                except Trouble as trouble:
                    print(error_row("%s/%s" % (kind, name), label, trouble))
                    status = 1
                sys.stdout.flush()
        return status


if __name__ == "__main__":
    sys.exit(main())
