"""Tests of the `graph_diff` Python module (run by test/Python/bindings.test)."""

import json
import math
import os
import threading

import pytest

import graph_diff

EXAMPLES = os.environ.get(
    "GRAPH_DIFF_EXAMPLES",
    os.path.join(os.path.dirname(__file__), "..", "..", "examples"),
)


def read_example(name):
    with open(os.path.join(EXAMPLES, "conv-block", name)) as f:
        return f.read()


SOURCE = read_example("source.mlir")
TARGET = read_example("target.mlir")


def test_json_report_matches_the_example():
    report = json.loads(graph_diff.diff(SOURCE, TARGET, format="json"))
    graph = report["graphs"][0]
    assert graph["source"] == "conv_block"
    summary = graph["summary"]
    assert summary["deleted"] == 1
    assert summary["inserted"] == 1
    assert summary["replaced"] == 6


def test_every_format_renders():
    assert graph_diff.diff(SOURCE, TARGET).startswith("module")
    assert "patch.plan @conv_block" in graph_diff.diff(SOURCE, TARGET)
    assert "summary:" in graph_diff.diff(SOURCE, TARGET, format="text")
    assert graph_diff.diff(SOURCE, TARGET, format="dot").startswith("digraph")
    assert "<!DOCTYPE html>" in graph_diff.diff(SOURCE, TARGET, format="html")


def test_identical_inputs_give_an_empty_plan():
    report = json.loads(graph_diff.diff(SOURCE, SOURCE, format="json", verify=True))
    assert all(
        g["summary"]["updated"] + g["summary"]["deleted"] + g["summary"]["inserted"]
        + g["summary"]["replaced"] == 0
        for g in report["graphs"]
    )


def test_verified_diff():
    assert "patch.plan" in graph_diff.diff(SOURCE, TARGET, verify=True)


def test_parse_error_is_located():
    with pytest.raises(graph_diff.GraphDiffError) as error:
        graph_diff.diff("func.func @f( {", TARGET, source_name="broken.mlir")
    assert "broken.mlir:1:" in str(error.value)
    assert isinstance(error.value, ValueError)


def test_unknown_format_is_an_error():
    with pytest.raises(ValueError, match="unknown format 'xml'"):
        graph_diff.diff(SOURCE, TARGET, format="xml")


def test_docstring_lists_every_format():
    for name in ("mlir", "text", "json", "dot", "html", "markdown", "model-explorer"):
        graph_diff.diff(SOURCE, TARGET, format=name)
        assert name in graph_diff.diff.__doc__


def test_option_that_does_not_apply_is_an_error():
    # As graph-diff-opt --no-fold --format=json (docs/Renderers.md).
    for name in ("mlir", "json", "dot", "html", "model-explorer"):
        with pytest.raises(ValueError, match=f"fold=False does not apply to format='{name}'"):
            graph_diff.diff(SOURCE, TARGET, format=name, fold=False)
    for name in ("text", "markdown"):
        assert graph_diff.diff(SOURCE, TARGET, format=name, fold=False)


def test_unregistered_dialect_needs_the_flag():
    src = '"foo.bar"() : () -> ()\n'
    with pytest.raises(graph_diff.GraphDiffError):
        graph_diff.diff(src, src)
    graph_diff.diff(src, src, allow_unregistered_dialects=True)


def chain(fused):
    """An ml_switcheroo LogicalGraph: x -> conv1 -> bn1 -> relu1 -> head."""
    nodes = [
        {"id": "x", "kind": "Input", "metadata": {}},
        {"id": "conv1", "kind": "Conv2d", "metadata": {"arg_0": "3"}},
        {"id": "bn1", "kind": "BatchNorm2d", "metadata": {}},
        {"id": "relu1", "kind": "ReLU", "metadata": {}},
        {"id": "head", "kind": "Linear", "metadata": {}},
    ]
    edges = [("x", "conv1"), ("conv1", "bn1"), ("bn1", "relu1"), ("relu1", "head")]
    if fused:
        nodes = [nodes[0], {"id": "fused", "kind": "ConvBnReLU",
                            "metadata": {"fused_from": ["conv1", "bn1", "relu1"]}},
                 nodes[4]]
        edges = [("x", "fused"), ("fused", "head")]
    return {
        "name": "net",
        "nodes": nodes,
        "edges": [{"source": s, "target": t} for s, t in edges],
    }


def test_logical_graphs_give_actions():
    actions = graph_diff.diff_logical_graphs(chain(False), chain(True))
    assert isinstance(actions, list)
    kinds = [a.get("type", a.get("action")) for a in actions]
    assert kinds, actions
    # Every member of the chain is acted on; the untouched input and head not.
    named = {a.get("node_id") for a in actions}
    assert {"conv1", "bn1", "relu1"} <= named
    assert "head" not in named and "x" not in named


def test_logical_graphs_unchanged_give_no_actions():
    assert graph_diff.diff_logical_graphs(chain(False), chain(False)) == []


def same_json(a, b):
    """Equal values of the same types, floats with the same sign."""
    if type(a) is not type(b):
        return False
    if isinstance(a, float):
        return a == b and math.copysign(1.0, a) == math.copysign(1.0, b)
    if isinstance(a, list):
        return len(a) == len(b) and all(map(same_json, a, b))
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same_json(a[k], b[k]) for k in a)
    return a == b


def test_logical_graph_numbers_keep_value_and_type():
    # Integers beyond 64 bits, integral floats, negative zero: each comes back
    # in the action's new_node as the same value of the same type.
    numbers = {
        "below": -(2**63) - 1,
        "unsigned": 2**64 - 1,
        "wide": 10**60 + 7,
        "one": 1.0,
        "hundred": 1e2,
        "negzero": -0.0,
        "tenth": 0.1,
        "big": 1e16,
        "list": [1.0, 2, -0.0, {"small": 3.5e-7}],
        "int": 3,
    }
    target = chain(True)
    target["nodes"][1]["metadata"].update(numbers)
    actions = graph_diff.diff_logical_graphs(chain(False), target)
    replaced = [a for a in actions if a["type"] == "ReplaceAction"]
    assert replaced, actions
    for action in replaced:
        metadata = dict(action["new_node"]["metadata"])
        del metadata["fused_from"]
        assert same_json(metadata, numbers), metadata


def test_bad_logical_graph_is_an_error():
    with pytest.raises(graph_diff.GraphDiffError, match="source.json"):
        graph_diff.diff_logical_graphs({"nodes": 3}, chain(False))


def test_diffs_run_in_threads():
    results = []

    def work():
        results.append(graph_diff.diff(SOURCE, TARGET, format="text"))

    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(set(results)) == 1
