#!/usr/bin/env python3
"""Sums the table of scripts/eval-ground-truth.py per pipeline.

  python3 scripts/eval-ground-truth.py > gt.md
  python3 scripts/summarize-ground-truth.py < gt.md

Prints the summary table of docs/Measuring.md ("Ground truth"): per pipeline,
in the order eval-ground-truth.py runs them, the models it ran on by family, how
many rows meet the goals of test/Eval/Inputs/meets_goals.py, the lowest and
highest precision, recall and actions/bound, and the unchanged nodes left
unmatched summed; then the count of rows that meet the goals.
"""
import collections
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "test", "Eval", "Inputs"))
from meets_goals import COLUMNS  # noqa: E402

sys.path.insert(0, os.path.dirname(__file__))
PIPELINES = __import__("eval-ground-truth").PIPELINES  # noqa: E402


def meets(row):
    limit = 1.05 * min(int(row["bound"]), int(row["file_order"]))
    return (float(row["precision"]) >= 0.99 and float(row["recall"]) >= 0.97
            and int(row["unchanged_unmatched"]) == 0 and int(row["actions"]) <= limit)


def span(values):
    """The lowest and highest of the numbers among `values` ("-": none)."""
    numbers = sorted((v for v in values if v.replace(".", "", 1).isdigit()), key=float)
    if not numbers:
        return "-"
    low, high = numbers[0], numbers[-1]
    return low if low == high else "%s-%s" % (low, high)


def main():
    by_pipeline = collections.OrderedDict()
    for line in sys.stdin:
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) != len(COLUMNS) or "/" not in cells[0]:
            continue
        row = dict(zip(COLUMNS, cells))
        by_pipeline.setdefault(row["pipeline"], []).append(row)
    print("| pipeline | models | meet the goals | precision | recall | unchanged unmatched "
          "| actions x bound |")
    print("|---|---|---:|---:|---:|---:|---:|")
    total = met = 0
    order = {name: k for k, (name, *_rest) in enumerate(PIPELINES)}
    for pipeline, rows in sorted(by_pipeline.items(),
                                 key=lambda item: order.get(item[0], len(order))):
        families = collections.Counter(row["model"].split("/")[0] for row in rows)
        good = sum(1 for row in rows if meets(row))
        total += len(rows)
        met += good
        print("| %s | %s | %d of %d | %s | %s | %d | %s |" % (
            pipeline, ", ".join("%s %d" % item for item in families.items()), good, len(rows),
            span([row["precision"] for row in rows]), span([row["recall"] for row in rows]),
            sum(int(row["unchanged_unmatched"]) for row in rows),
            span([row["x_bound"] for row in rows])))
    print()
    print("%d of the %d rows meet the goals." % (met, total))


if __name__ == "__main__":
    main()
