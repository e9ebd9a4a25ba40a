#!/usr/bin/env python3
"""compspec's facts for two compspec graphs, computed by compspec's own logic
program under clingo: the oracle graph-diff-api --format=compspec is checked
against (docs/APIDiff.md, "compspec compatibility").

    compspec-oracle.py --lp is-compatible.lp A.json B.json [--namespaces A,B]

prints the facts as compspec's Difference.run() returns them (a JSON object
from predicate name to argument lists, values as strings). is-compatible.lp
is compspec's (github compspec/compspec, compspec/asp/lp/); it is not shipped
here. The graphs are read as compspec's Graph.from_dict reads them, which this
script restates from its documented behaviour:

- nodes are kept by id, a repeated id keeping its first place and its last
  value; an empty id gets the next generated one (id0, id1, ...);
- each relation, in file order, sets its child's path to its parent's path
  at that moment (or, if no relation named the parent yet, the parent's
  `type:value`), then `->type:value`; a node no relation names has path "";
- `type:value` and every value are Python's str() of what json.load gives;
  an int value (not a bool) is a clingo number, anything else a string.

With --compare OURS.json, exits 1 if graph-diff-api's output differs from the
oracle's (facts compared as sets), 0 if equal.
"""
import argparse
import json
import subprocess
import sys


def load_graph(path):
    with open(path) as f:
        data = json.load(f)
    nodes = {}
    counter = 0
    for node in data.get("nodes", []):
        nodeid = node.get("nodeid")
        if not nodeid:
            nodeid = "id%d" % counter
            counter += 1
        nodes[str(nodeid)] = (node["name"], node["value"],
                              bool(node.get("is_connector", False)))
    lookup = {}
    relations = []
    for relation in data.get("relations", []):
        fromid, kind, toid = (relation["fromid"], relation["relation"],
                              relation["toid"])
        name, value, _ = nodes[toid]
        child = "%s:%s" % (name, value)
        if fromid in lookup:
            parent = lookup[fromid]
        else:
            pname, pvalue, _ = nodes[fromid]
            parent = "%s:%s" % (pname, pvalue)
        lookup[toid] = "%s->%s" % (parent, child)
        relations.append((fromid, kind, toid))
    return nodes, lookup, relations


def term(value):
    """A clingo term as compspec's argify makes it."""
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    text = str(value)
    return '"%s"' % (text.replace("\\", "\\\\").replace('"', '\\"')
                     .replace("\n", "\\n"))


def facts_for(path, ns):
    nodes, lookup, relations = load_graph(path)
    out = []
    for fromid, kind, toid in relations:
        out.append("relation(%s,%s,%s,%s)." % (term(ns), term(fromid),
                                               term(kind), term(toid)))
    for nodeid, (name, value, connector) in nodes.items():
        if connector:
            out.append("is_connector(%s,%s)." % (term(ns), term(nodeid)))
    for nodeid, (name, value, connector) in nodes.items():
        node_path = lookup.get(nodeid, "")
        out.append("node(%s,%s,%s,%s,%s)." % (term(ns), term(nodeid),
                                              term(name), term(value),
                                              term(node_path)))
        out.append("path(%s,%s)." % (term(ns), term(node_path)))
    return out


def parse_atoms(line):
    """The atoms of a clingo answer line, `name(a,b,...) ...`, each as its
    name and its arguments (strings unescaped, numbers as written)."""
    atoms, i = [], 0
    while i < len(line):
        if line[i] == " ":
            i += 1
            continue
        start = i
        while line[i] != "(":
            i += 1
        name, args = line[start:i], []
        i += 1
        while line[i] != ")":
            if line[i] == '"':
                i += 1
                value = []
                while line[i] != '"':
                    if line[i] == "\\":
                        i += 1
                        value.append({"n": "\n"}.get(line[i], line[i]))
                    else:
                        value.append(line[i])
                    i += 1
                args.append("".join(value))
                i += 1
            else:
                start = i
                while line[i] not in ",)":
                    i += 1
                args.append(line[start:i])
            if line[i] == ",":
                i += 1
        atoms.append((name, args))
        i += 1
    return atoms


def solve(lp, a, b, ns_a, ns_b):
    program = ["is_a(%s)." % term(ns_a), "is_b(%s)." % term(ns_b)]
    program += facts_for(a, ns_a) + facts_for(b, ns_b)
    run = subprocess.run(["clingo", "--outf=0", "-V0", "-n", "0", lp, "-"],
                         input="\n".join(program), capture_output=True,
                         text=True)
    if run.returncode not in (10, 30):  # satisfiable (all models)
        sys.exit("clingo failed (%d): %s" % (run.returncode, run.stderr))
    # The program is stratified: one answer set, its shown atoms on the first
    # line (empty when nothing is shown).
    lines = run.stdout.split("\n")
    result = {}
    for name, args in parse_atoms(lines[0] if lines[0] != "SATISFIABLE"
                                  else ""):
        result.setdefault(name, []).append(args)
    return result


def as_sets(facts):
    return {key: sorted(json.dumps(entry) for entry in value)
            for key, value in facts.items() if value}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--lp", required=True, help="compspec's is-compatible.lp")
    parser.add_argument("--namespaces", default="A,B")
    parser.add_argument("--compare", help="graph-diff-api's facts to compare")
    parser.add_argument("a")
    parser.add_argument("b")
    args = parser.parse_args()
    ns_a, ns_b = args.namespaces.split(",")
    facts = solve(args.lp, args.a, args.b, ns_a, ns_b)
    if not args.compare:
        print(json.dumps(facts, indent=4))
        return 0
    with open(args.compare) as f:
        ours = json.load(f)
    if as_sets(ours) == as_sets(facts):
        return 0
    print("differs from compspec's program:\n  oracle %s\n  ours   %s" %
          (json.dumps(as_sets(facts)), json.dumps(as_sets(ours))))
    return 1


if __name__ == "__main__":
    sys.exit(main())
