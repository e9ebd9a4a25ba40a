#!/usr/bin/env python3
"""Compare two JSON files as JSON: `compare-json.py EXPECTED ACTUAL`.

compspec prints the facts of a model, a set: the order of the facts within a
predicate's list carries no meaning, so lists of facts (lists of lists) are
compared as multisets; everything else must be equal. Prints the first
difference and exits 1, or exits 0.
"""
import json
import sys


def canonical(value):
    if isinstance(value, dict):
        return {key: canonical(item) for key, item in value.items()}
    if isinstance(value, list):
        items = [canonical(item) for item in value]
        if all(isinstance(item, list) for item in items):
            return sorted(items, key=lambda item: json.dumps(item))
        return items
    return value


def main():
    expected_path, actual_path = sys.argv[1], sys.argv[2]
    with open(expected_path) as f:
        expected = canonical(json.load(f))
    with open(actual_path) as f:
        actual = canonical(json.load(f))
    if expected == actual:
        return 0
    print("JSON differs: expected %s, got %s" % (expected_path, actual_path))
    for key in sorted(set(expected) | set(actual)) if isinstance(expected, dict) and isinstance(actual, dict) else []:
        if expected.get(key) != actual.get(key):
            print("  key %r:\n    expected %s\n    actual   %s"
                  % (key, json.dumps(expected.get(key)), json.dumps(actual.get(key))))
    return 1


if __name__ == "__main__":
    sys.exit(main())
