#!/usr/bin/env python3
"""Checks a `graph-diff-opt --format=model-explorer` file against the rules
Model Explorer's loaders apply (github.com/google-ai-edge/model-explorer,
src/ui/src/common/utils.ts loadGraphsJson, the Graph/GraphNode types of
components/visualizer/common/input_graph.ts and types.ts, the namespace
handling of worker/graph_processor.ts, and SyncNavigationData of
components/visualizer/common/sync_navigation.ts):

- a graph collection: `label` and `graphs` present; graph ids unique;
- nodes: `id` (unique in its graph, not a group id `...___group___`),
  `label`, `namespace` strings; a namespace is `/`-separated with no empty
  component (the loader looks parents up by the raw string) and no `;`;
- `attrs`: {key, value} with string keys and values, keys unique per node;
- `incomingEdges`: sourceNodeId naming a node of the same graph,
  sourceNodeOutputId and targetNodeInputId strings, no duplicate edge;
- `outputsMetadata`/`inputsMetadata`: {id, attrs};
- `graphDiff.pairs` names every graph once, by side (null for the side a
  graph only one input has);
- sync navigation: `mappingEntries` of {leftNodeIds, rightNodeIds}, every id
  a node of a source (left) or target (right) graph, each id in at most one
  entry; the booleans and colours of the right types.

With --expect-deleted/--expect-new N (or --expect-summary, which reads them
from a text report) it also checks how many nodes Model
Explorer's diff highlight would mark (a node whose mapped nodes are all
missing on the other side, with the fallback to equal ids disabled).
Prints a summary line per graph pair, `(renamed)` at its end when
`graphDiff.pairs` says the plan renames the graph."""

import argparse
import json
import re
import sys

errors = []


def fail(message):
    errors.append(message)


def check_namespace(where, namespace):
    if not isinstance(namespace, str):
        return fail("%s: namespace is not a string" % where)
    if namespace == "":
        return
    if ";" in namespace:
        fail("%s: namespace %r holds ';' (the loader keeps only the last part)" % (where, namespace))
    parts = re.sub(r"\\/", "_", namespace).split("/")
    if any(part == "" for part in parts):
        fail("%s: namespace %r has an empty component" % (where, namespace))


def check_key_values(where, items, unique=True):
    if not isinstance(items, list):
        return fail("%s: not a list" % where)
    keys = set()
    for item in items:
        if not isinstance(item, dict) or not isinstance(item.get("key"), str):
            fail("%s: an entry without a string key" % where)
            continue
        value = item.get("value")
        if not isinstance(value, (str, dict)):
            fail("%s: %s has a value that is neither a string nor a special value" % (where, item["key"]))
        if unique and item["key"] in keys:
            fail("%s: key %s repeated" % (where, item["key"]))
        keys.add(item["key"])


def check_graph(graph):
    where = "graph %r" % graph.get("id")
    if not isinstance(graph.get("id"), str) or not graph["id"]:
        fail("a graph without an id")
    nodes = graph.get("nodes")
    if not isinstance(nodes, list):
        fail("%s: no nodes list" % where)
        return {}
    by_id = {}
    for node in nodes:
        node_id = node.get("id")
        if not isinstance(node_id, str) or not node_id:
            fail("%s: a node without an id" % where)
            continue
        if node_id in by_id:
            fail("%s: node id %s repeated" % (where, node_id))
        if node_id.endswith("___group___"):
            fail("%s: node id %s collides with a group id" % (where, node_id))
        by_id[node_id] = node
        if not isinstance(node.get("label"), str):
            fail("%s: node %s has no label" % (where, node_id))
        check_namespace("%s node %s" % (where, node_id), node.get("namespace"))
        if "attrs" in node:
            check_key_values("%s node %s attrs" % (where, node_id), node["attrs"])
        for key in ("inputsMetadata", "outputsMetadata"):
            for item in node.get(key, []):
                if not isinstance(item.get("id"), str):
                    fail("%s node %s: %s item without a string id" % (where, node_id, key))
                check_key_values("%s node %s %s" % (where, node_id, key), item.get("attrs", []))
        style = node.get("style")
        if style is not None and not all(isinstance(v, str) for v in style.values()):
            fail("%s node %s: style values must be strings" % (where, node_id))
    edges = 0
    for node in nodes:
        seen = set()
        for edge in node.get("incomingEdges", []):
            edges += 1
            source = edge.get("sourceNodeId")
            if source not in by_id:
                fail("%s: edge into %s from unknown node %r" % (where, node.get("id"), source))
            out, inp = edge.get("sourceNodeOutputId"), edge.get("targetNodeInputId")
            if not isinstance(out, str) or not isinstance(inp, str):
                fail("%s: edge into %s: output/input ids must be strings" % (where, node.get("id")))
            if (source, out, inp) in seen:
                fail("%s: edge into %s from %s repeated" % (where, node.get("id"), source))
            seen.add((source, out, inp))
    return by_id, edges


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("file")
    parser.add_argument("--expect-deleted", type=int)
    parser.add_argument("--expect-new", type=int)
    parser.add_argument("--expect-summary", metavar="TEXT_REPORT",
                        help="take the deleted and inserted counts from the "
                        "summary line of a --format=text report")
    parser.add_argument("--dump", action="store_true",
                        help="also print one line per node and per mapping entry")
    args = parser.parse_args()
    if args.expect_summary:
        text = open(args.expect_summary, encoding="utf-8").read()
        found = re.search(r"summary: .* (\d+) deleted, (\d+) inserted", text)
        if not found:
            sys.exit("error: no summary line in " + args.expect_summary)
        args.expect_deleted, args.expect_new = int(found.group(1)), int(found.group(2))
    data = json.load(open(args.file, encoding="utf-8"))
    # loadGraphsJson: a GraphCollection is an object with label and graphs.
    if not isinstance(data, dict) or data.get("label") is None or data.get("graphs") is None:
        sys.exit("error: not a Model Explorer graph collection (label and graphs)")
    if not isinstance(data["label"], str) or not isinstance(data["graphs"], list):
        sys.exit("error: label must be a string and graphs a list")
    graphs = {}
    for graph in data["graphs"]:
        if graph.get("id") in graphs:
            fail("graph id %r repeated" % graph.get("id"))
        graphs[graph.get("id")] = (graph, ) + tuple(check_graph(graph))
    # graphDiff.pairs names every graph by side; a graph only one side has
    # has null on the other (all its nodes then deleted, or new).
    pairs = data.get("graphDiff", {}).get("pairs", [])
    named = [p.get(side) for p in pairs for side in ("source", "target") if p.get(side) is not None]
    if sorted(named) != sorted(graphs):
        fail("graphDiff.pairs does not name every graph exactly once")
    left, right = {}, {}
    for pair in pairs:
        if pair.get("source") is None and pair.get("target") is None:
            fail("graphDiff.pairs: an entry with neither side")
        if pair.get("source") in graphs:
            left.update(graphs[pair["source"]][1])
        if pair.get("target") in graphs:
            right.update(graphs[pair["target"]][1])
    for key in ("disableMappingFallback", "showDiffHighlights"):
        if key in data and not isinstance(data[key], bool):
            fail("%s must be a boolean" % key)
    for key in ("deletedNodesBorderColor", "newNodesBorderColor"):
        if key in data and not isinstance(data[key], str):
            fail("%s must be a string" % key)
    left_map, right_map = {}, {}
    for entry in data.get("mappingEntries", []):
        lids, rids = entry.get("leftNodeIds"), entry.get("rightNodeIds")
        if not isinstance(lids, list) or not isinstance(rids, list):
            fail("a mapping entry without leftNodeIds and rightNodeIds lists")
            continue
        for ids, nodes, mapping, side in ((lids, left, left_map, "left"), (rids, right, right_map, "right")):
            for node_id in ids:
                if node_id not in nodes:
                    fail("mapping: %s id %r is no node of a %s graph" % (side, node_id, side))
                if node_id in mapping:
                    fail("mapping: %s id %r in two entries" % (side, node_id))
                mapping[node_id] = rids if side == "left" else lids
    # Model Explorer's diff highlight (renderDiffHighlights), fallback off.
    fallback = not data.get("disableMappingFallback", False)
    deleted = sum(1 for n in left if not any(m in right for m in left_map.get(n, [n] if fallback else [])))
    new = sum(1 for n in right if not any(m in left for m in right_map.get(n, [n] if fallback else [])))
    for pair in pairs:
        sides = []
        for side in ("source", "target"):
            graph = graphs.get(pair.get(side))
            if graph is None:
                sides.append("no %s graph" % side)
            else:
                sides.append("%s: %d nodes, %d edges" % (pair[side], len(graph[1]), graph[2]))
        print("; ".join(sides) + (" (renamed)" if pair.get("renamed") else ""))
    if args.dump:
        for graph in data["graphs"]:
            for node in graph["nodes"]:
                attrs = {a["key"]: a["value"] for a in node.get("attrs", [])}
                print("node %s | %s | %s | ns=%s | status=%s | from %s" % (
                    graph["id"], node["id"], node["label"], node["namespace"], attrs.get("status", "-"),
                    ",".join(e["sourceNodeId"] + ":" + e["sourceNodeOutputId"] for e in node.get("incomingEdges", []))))
        for entry in data.get("mappingEntries", []):
            print("map %s -> %s" % (",".join(entry["leftNodeIds"]), ",".join(entry["rightNodeIds"])))
    print("mapping: %d entries; highlighted: %d deleted, %d new" % (
        len(data.get("mappingEntries", [])), deleted, new))
    if args.expect_deleted is not None and deleted != args.expect_deleted:
        fail("expected %d deleted highlights, got %d" % (args.expect_deleted, deleted))
    if args.expect_new is not None and new != args.expect_new:
        fail("expected %d new highlights, got %d" % (args.expect_new, new))
    if errors:
        for message in errors[:20]:
            print("error: " + message)
        sys.exit("error: %d problems" % len(errors))
    print("model-explorer ok")


if __name__ == "__main__":
    main()
