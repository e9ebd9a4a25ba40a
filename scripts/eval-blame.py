#!/usr/bin/python3
"""Scores graph-diff-opt --graph-diff-blame against the ground truth of locations.

  eval-blame.py [--corpus DIR] [--models a,b] [--pipelines x,y]

For each corpus model x multi-pass pipeline of eval-ground-truth.py:
`--snapshot-op-locations` gives every input op a location of its own (its
line:col in the printed input), then graph-diff-opt runs the pipeline on it,
printing debug info, with `--graph-diff-blame --blame-format=json`. The
output's locations say which input ops each output op truly comes from (its
location is, or is fused from, theirs; constants that lost theirs by their
text, as eval-ground-truth.py pairs them); blame's `from` says which ones it
comes from by the composed history. A blamed pair (input op, output op) is
correct if the truth has it, wrong if not and either op has a true partner,
unscored if neither has one (or if the input op has none and went into a
fusion or a replacement on its way, whose new op took another's location, as
eval-ground-truth.py leaves a fused-away op unscored). Precision = correct / (correct + wrong); recall
= traced input ops with a blamed partner among their true ones / traced input
ops (merged constants count once, as in eval-ground-truth.py). Prints one
Markdown row per case; exits 1 if a case failed. Python 3 standard library
only.
"""
import argparse
import importlib.util
import json
import os
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
_spec = importlib.util.spec_from_file_location("eval_ground_truth",
                                               os.path.join(HERE, "eval-ground-truth.py"))
gt = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(gt)
from mlir_text import read_module  # noqa: E402


def multi_pass(pipeline):
    """Whether a pipeline of the truth table runs several passes."""
    return len(pipeline) > 1 or any("," in argument for argument in pipeline)


class Score:
    FIELDS = ["src", "tgt", "traced_src", "pairs", "correct", "wrong", "unscored",
              "recalled", "merged", "passes", "changed"]

    def __init__(self):
        for field in self.FIELDS:
            setattr(self, field, 0)

    def add(self, other):
        for field in self.FIELDS:
            setattr(self, field, getattr(self, field) + getattr(other, field))


def score_graph(src_fn, tgt_fn, graph):
    score = Score()
    src_ops, tgt_ops = src_fn.ops, tgt_fn.ops
    score.src, score.tgt = len(src_ops), len(tgt_ops)
    pairs = gt.truth_relation(src_ops, tgt_ops, gt.source_location_index(src_ops))
    by_content = gt.content_pairs(src_ops, tgt_ops, pairs)
    pairs |= by_content
    src_partners = [set() for _ in src_ops]
    tgt_partners = [set() for _ in tgt_ops]
    for i, j in pairs:
        src_partners[i].add(j)
        tgt_partners[j].add(i)
    score.traced_src = sum(1 for p in src_partners if p)

    src_index, tgt_index = src_fn.index_by_ref(), tgt_fn.index_by_ref()
    if len(graph["outputs"]) != len(tgt_ops):
        raise gt.Trouble("@%s: blame lists %d output ops, the output has %d" % (
            graph["name"], len(graph["outputs"]), len(tgt_ops)))
    # Input ops that went into a fusion or a replacement on their way: their
    # own location may vanish (the new op takes another's), so a pair of one
    # without a true partner is not knowable.
    absorbed = set()
    for entry in graph["inputs"]:
        if any(f["fate"] in ("fused", "replaced") for f in entry["fates"]):
            i = src_index.get(entry["name"])
            if i is not None:
                absorbed.add(i)
    blamed = [set() for _ in src_ops]
    for out in graph["outputs"]:
        j = tgt_index.get(out["name"])
        if j is None:
            raise gt.Trouble("blame names an unknown output op %s" % out["name"])
        for name in out["from"]:
            i = src_index.get(name)
            if i is None:
                raise gt.Trouble("blame names an unknown input op %s" % name)
            blamed[i].add(j)
            score.pairs += 1
            if (i, j) in pairs:
                score.correct += 1
            elif src_partners[i] or (tgt_partners[j] and i not in absorbed):
                score.wrong += 1
                gt.detail("wrong: %s from %s; truly from %s" % (
                    gt.describe(tgt_ops[j]), gt.describe(src_ops[i]),
                    ", ".join(gt.describe(src_ops[k]) for k in sorted(tgt_partners[j]))
                    or "nothing"))
            else:
                score.unscored += 1
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
        if not partners:
            continue
        if blamed[i] & partners:
            if i in merge_of:
                if merge_of[i] in recalled_merges:
                    continue
                recalled_merges.add(merge_of[i])
            score.recalled += 1
        elif i not in merge_of:
            gt.detail("missed: %s; truly -> %s, blamed -> %s" % (
                gt.describe(src_ops[i]),
                ", ".join(gt.describe(tgt_ops[k]) for k in sorted(partners)),
                ", ".join(gt.describe(tgt_ops[k]) for k in sorted(blamed[i])) or "nothing"))
    return score


def score_blame(source_printed, target_printed, report):
    src = read_module(source_printed)
    tgt = read_module(target_printed)
    total = Score()
    total.passes = len(report["passes"])
    total.changed = sum(1 for p in report["passes"] if p["graphs"])
    for graph in report["graphs"]:
        if graph["name"] not in tgt or graph["name"] not in src:
            # A graph only one side has: nothing to score in it.
            continue
        total.add(score_graph(src[graph["name"]], tgt[graph["name"]], graph))
    return total


def evaluate(args, model, prep, pipeline, work):
    base = os.path.join(work, "case")
    source_input = model
    if prep == "wrap":
        source_input = base + ".prep.mlir"
        gt.wrap_in_callee(model, source_input)
    elif prep:
        source_input = base + ".prep.mlir"
        code, _, err = gt.run([args.differ, model] + prep + ["-o", source_input])
        if code:
            raise gt.Trouble("preparation failed: " + gt.first_line(err))
    source_located = base + ".src.loc.mlir"
    code, _, err = gt.run([args.differ, source_input,
                           "--snapshot-op-locations=filename=" + base + ".src.mlir",
                           "--mlir-print-debuginfo", "-o", source_located])
    if code:
        raise gt.Trouble("--snapshot-op-locations failed: " + gt.first_line(err))
    target_located = base + ".tgt.loc.mlir"
    blame = base + ".blame.json"
    code, _, err = gt.run([args.differ, source_located] + pipeline +
                          ["--mlir-print-debuginfo", "-o", target_located,
                           "--graph-diff-blame=" + blame, "--blame-format=json"])
    if code:
        raise gt.Trouble("graph-diff-opt --graph-diff-blame failed: " + gt.first_line(err))
    with open(blame) as f:
        report = json.load(f)
    printed = {}
    for side, located in (("source", source_located), ("target", target_located)):
        printed[side] = os.path.join(work, side + ".scope.mlir")
        code, _, err = gt.run([args.differ, located, "--mlir-print-debuginfo",
                               "--mlir-print-local-scope", "-o", printed[side]])
        if code:
            raise gt.Trouble("could not print %s: %s" % (located, gt.first_line(err)))
    return score_blame(printed["source"], printed["target"], report)


HEADER = ("| model | pipeline | passes (changed) | src | tgt | traced src | blamed pairs "
          "| precision | recall | wrong | unscored |")


def row(model, label, score):
    return "| %s | %s | %d (%d) | %d | %d | %d | %d | %s | %s | %d | %d |" % (
        model, label, score.passes, score.changed, score.src, score.tgt, score.traced_src,
        score.pairs, gt.ratio(score.correct, score.correct + score.wrong),
        gt.ratio(score.recalled, score.traced_src - score.merged), score.wrong,
        score.unscored)


def main():
    root = os.path.dirname(HERE)
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", default=os.path.join(root, "..", "shared", "corpus"))
    parser.add_argument("--models", help="comma-separated model names (default: all)")
    parser.add_argument("--pipelines", help="comma-separated pipeline labels "
                        "(default: every multi-pass one)")
    parser.add_argument("--differ", default=os.path.join(root, "build", "bin", "graph-diff-opt"),
                        help="the graph-diff-opt that runs the pipelines and blames")
    parser.add_argument("--details", action="store_true",
                        help="list every wrong pair and missed input op on stderr")
    args = parser.parse_args()
    if args.details:
        gt.DETAILS.append(True)

    with tempfile.TemporaryDirectory() as work:
        models = []
        for kind in (gt.LINALG, gt.TOSA):
            directory = os.path.join(args.corpus, kind)
            for name in sorted(os.listdir(directory)):
                if name.endswith(".mlir"):
                    models.append((kind, name[:-5], os.path.join(directory, name)))
        arith = os.path.join(work, "arith-300.mlir")
        code, _, err = gt.run(["/usr/bin/python3", os.path.join(HERE, "gen-arith-graph.py"),
                               "--ops", "300", "--edit", "none", "--live", arith, os.devnull])
        if code:
            raise SystemExit("eval-blame: gen-arith-graph.py failed: " + err)
        models.append((gt.ARITH, "arith-300", arith))
        if args.models:
            wanted = args.models.split(",")
            models = [m for m in models if m[1] in wanted]
        pipelines = [p for p in gt.PIPELINES if multi_pass(p[2])]
        if args.pipelines:
            wanted = args.pipelines.split(",")
            pipelines = [p for p in gt.PIPELINES if p[0] in wanted]
        print(HEADER)
        print("|" + "|".join(["---"] * 2 + ["---:"] * 9) + "|")
        status = 0
        for kind, name, path in models:
            for label, prep, pipeline, applies in pipelines:
                if kind not in applies:
                    continue
                gt.log("%s %s" % (name, label))
                try:
                    score = evaluate(args, path, prep, pipeline, work)
                    print(row("%s/%s" % (kind, name), label, score))
                except gt.Trouble as trouble:
                    print("| %s/%s | %s | (%s) |%s" % (kind, name, label, trouble, " |" * 8))
                    status = 1
                sys.stdout.flush()
        return status


if __name__ == "__main__":
    sys.exit(main())
