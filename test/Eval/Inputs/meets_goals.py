#!/usr/bin/python3
"""Checks rows of scripts/eval-ground-truth.py against issue 11's goals.

  meets_goals.py ROWS < table.md

Every row (a Markdown table row naming a model) must have precision >= 0.99,
recall >= 0.97, no unchanged node left unmatched, and at most 1.05 x the
smaller of the lower bound and the file-order plan in actions. Prints each
row with the goals it misses; exits 1 if any, or if the table does not have
exactly ROWS rows.
"""
import sys

COLUMNS = ["model", "pipeline", "src", "tgt", "traced_src", "traced_tgt", "by_content",
           "precision", "recall", "wrong", "unscored", "unchanged_unmatched", "regions",
           "swallowed", "ambiguous", "actions", "bound", "x_bound", "file_order"]


def main():
    expected = int(sys.argv[1])
    rows, failed = 0, 0
    for line in sys.stdin:
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) != len(COLUMNS) or "/" not in cells[0]:
            continue
        row = dict(zip(COLUMNS, cells))
        rows += 1
        missed = []
        if float(row["precision"]) < 0.99:
            missed.append("precision %s < 0.99" % row["precision"])
        if float(row["recall"]) < 0.97:
            missed.append("recall %s < 0.97" % row["recall"])
        if int(row["unchanged_unmatched"]) != 0:
            missed.append("%s unchanged nodes unmatched" % row["unchanged_unmatched"])
        limit = 1.05 * min(int(row["bound"]), int(row["file_order"]))
        if int(row["actions"]) > limit:
            missed.append("%s actions > %.1f" % (row["actions"], limit))
        if missed:
            failed += 1
            print("%s %s: %s" % (row["model"], row["pipeline"], "; ".join(missed)))
    print("%d rows, %d miss the goals" % (rows, failed))
    return 1 if failed or rows != expected else 0


if __name__ == "__main__":
    sys.exit(main())
