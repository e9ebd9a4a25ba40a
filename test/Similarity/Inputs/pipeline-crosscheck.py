#!/usr/bin/env python3
"""Checks one step of `graph-diff-sim --pipeline --format=csv` against a
diff of the same model and mlir-opt-22's output for the pipeline up to that
step (`graph-diff-sim MODEL STEP.mlir --format=csv`).

Usage: pipeline-crosscheck.py PIPELINE.csv STEP PAIR.csv
"""
import csv
import sys


def main():
    pipeline_csv, step, pair_csv = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    with open(pipeline_csv) as f:
        steps = list(csv.DictReader(f))
    with open(pair_csv) as f:
        rows = list(csv.DictReader(f))
    in_process = float(steps[step]["to_input"])
    # The pair's off-diagonal row: the model against mlir-opt's output.
    external = [float(r["structural_sim"]) for r in rows if r["a"] != r["b"]][0]
    print("step %d (%s): in-process %r, mlir-opt-22 %r"
          % (step, steps[step]["pass"], in_process, external))
    if in_process != external:
        print("MISMATCH")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
