#!/usr/bin/env python3
"""Checks graph-diff-sim's caliper-format JSON against caliper's own output.

Every key of ours must be in the expected file, with the same metrics and
values within --tolerance; the diagonal must be 1; ours must hold exactly
--pairs off-diagonal keys, each written "a..b" with a <= b as strings.
Prints how many pairs were compared and the largest difference.
"""
import argparse
import json
import sys


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("ours")
    parser.add_argument("expected")
    parser.add_argument("--pairs", type=int, required=True)
    parser.add_argument("--tolerance", type=float, default=1e-12)
    args = parser.parse_args()
    with open(args.ours) as f:
        ours = json.load(f)
    with open(args.expected) as f:
        expected = json.load(f)
    problems = []
    off_diagonal = 0
    largest = 0.0
    for key, values in ours.items():
        a, sep, b = key.partition("..")
        if not sep or a > b:
            problems.append("key %r is not 'a..b' with a <= b" % key)
            continue
        if key not in expected:
            problems.append("key %r is not in the expected file" % key)
            continue
        if set(values) != set(expected[key]):
            problems.append("%s: metrics %s, expected %s"
                            % (key, sorted(values), sorted(expected[key])))
            continue
        if a == b:
            if any(v != 1 for v in values.values()):
                problems.append("%s: the diagonal must be 1" % key)
            continue
        off_diagonal += 1
        for metric, value in values.items():
            difference = abs(value - expected[key][metric])
            largest = max(largest, difference)
            if difference > args.tolerance:
                problems.append("%s %s: %r, expected %r"
                                % (key, metric, value, expected[key][metric]))
    if off_diagonal != args.pairs:
        problems.append("%d off-diagonal pairs, expected %d"
                        % (off_diagonal, args.pairs))
    for problem in problems:
        print("MISMATCH:", problem)
    print("compared %d pairs, largest difference %g" % (off_diagonal, largest))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
