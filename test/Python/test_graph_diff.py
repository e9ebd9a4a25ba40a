"""Tests of the `graph_diff` Python module (run by test/Python/bindings.test)."""

import json
import math
import os
import pathlib
import pickle
import re
import subprocess
import sys
import threading

import pytest

import graph_diff

EXAMPLES = os.environ.get(
    "GRAPH_DIFF_EXAMPLES",
    os.path.join(os.path.dirname(__file__), "..", "..", "examples"),
)


def read_example(name: str) -> str:
    with open(os.path.join(EXAMPLES, "conv-block", name)) as f:
        return f.read()


SOURCE = read_example("source.mlir")
TARGET = read_example("target.mlir")


SOURCE_PATH = os.path.join(EXAMPLES, "conv-block", "source.mlir")
TARGET_PATH = os.path.join(EXAMPLES, "conv-block", "target.mlir")
BIN = os.environ.get("GRAPH_DIFF_BIN")

TWO_FUNCS = """func.func @f(%a: f32) -> f32 {
  %0 = arith.addf %a, %a : f32
  return %0 : f32
}
func.func @g(%a: f32) -> f32 {
  %0 = arith.mulf %a, %a : f32
  return %0 : f32
}
"""


def test_diff_returns_the_result():
    d = graph_diff.diff(SOURCE, TARGET)
    assert isinstance(d, graph_diff.Diff)
    assert d.different is True
    assert d.similarity == 0.5
    assert d.summary == graph_diff.Summary(
        unchanged=1, updated=1, replaced=6, deleted=1, inserted=1, similarity=0.5
    )
    assert [g.source for g in d.graphs] == ["conv_block"]
    assert d.graphs[0].source_nodes == 9 and d.graphs[0].target_nodes == 5
    assert d.added_graphs == () and d.removed_graphs == ()
    assert "different" in repr(d) and "50.0%" in repr(d)


def test_actions_are_typed():
    d = graph_diff.diff(SOURCE, TARGET)
    actions = list(d)
    assert len(d) == len(actions) == 11
    assert all(isinstance(a, graph_diff.Action) for a in actions)
    assert [a.kind for a in actions].count("replace") == 2
    fused = next(a for a in actions if a.kind == "replace")
    assert fused.source == "@relu1" and fused.target == "@fused_relu1"
    assert fused.region == ("@conv1", "@bn1", "@relu1")
    assert fused.stage == "provenance" and fused.changes == ()
    assert fused.graph == "conv_block"
    update = next(a for a in actions if a.kind == "update")
    assert (update.source, update.target, update.changes) == ("@pool", "@pool", ("inputs",))
    assert update.stage == "id"
    dropout = next(a for a in actions if a.source == "@dropout")
    assert dropout.kind == "delete" and dropout.target is None
    insert = next(a for a in actions if a.kind == "insert")
    assert insert.source is None and insert.target == "@softmax"
    # The whole JSON object is there too, and each field is read from it.
    assert fused.data["init"] in (True, False)
    assert [a.data for a in actions] == d.to_dict()["graphs"][0]["actions"]


def test_mapping_covers_every_source_node():
    d = graph_diff.diff(SOURCE, TARGET)
    assert len(d.mapping) == 9
    by_source = {m.source: m for m in d.mapping}
    assert by_source["@conv1"].target == "@fused_relu1"
    assert by_source["@conv1"].status == "replaced"
    assert by_source["@dropout"].target is None
    assert by_source["@dropout"].status == "deleted"
    assert by_source["@fc"].status == "unchanged"
    assert all(m.graph == "conv_block" and m.ambiguous is False for m in d.mapping)


def test_to_dict_and_to_json_are_the_json_report():
    d = graph_diff.diff(SOURCE, TARGET)
    report = d.to_dict()
    assert report["schema"] == "graph-diff-report" and report["version"] == 1
    assert report == json.loads(d.to_json())
    assert d.to_json() == d.render("json")
    summary = report["graphs"][0]["summary"]
    assert (summary["deleted"], summary["inserted"], summary["replaced"]) == (1, 1, 6)
    # A new dict each time: changing one leaves the result alone.
    report["summary"]["deleted"] = 99
    assert d.to_dict()["summary"]["deleted"] == 1
    assert d.summary.deleted == 1


def test_paths_and_path_likes():
    by_str = graph_diff.diff(SOURCE_PATH, TARGET_PATH)
    by_path = graph_diff.diff(pathlib.Path(SOURCE_PATH), pathlib.Path(TARGET_PATH))
    assert by_str.to_dict()["source_file"] == SOURCE_PATH
    assert by_path.to_dict()["target_file"] == TARGET_PATH
    assert by_str.to_json() == by_path.to_json()
    # Text and a path give the same diff; the names are the only difference.
    by_text = graph_diff.diff(SOURCE, TARGET, source_name=SOURCE_PATH, target_name=TARGET_PATH)
    assert by_text.to_json() == by_str.to_json()
    labelled = graph_diff.diff(SOURCE_PATH, TARGET_PATH, source_name="a", target_name="b")
    assert labelled.to_dict()["source_file"] == "a"
    assert graph_diff.diff(SOURCE, TARGET).to_dict()["source_file"] == "source.mlir"


def test_missing_path_is_an_os_error():
    with pytest.raises(FileNotFoundError):
        graph_diff.diff("no-such-file.mlir", TARGET_PATH)
    with pytest.raises(TypeError, match="source is a path or MLIR text"):
        graph_diff.diff(3, TARGET_PATH)  # type: ignore[arg-type]


FORMAT_STARTS = {
    "mlir": "module",
    "text": "--- source.mlir\n+++ target.mlir\n",
    "markdown": "",
    "json": "{",
    "dot": "digraph",
    "html": "<!DOCTYPE html>",
    "model-explorer": "{",
    "stat": " ",
}


def test_every_format_renders():
    assert set(FORMAT_STARTS) == set(graph_diff.FORMATS)
    d = graph_diff.diff(SOURCE, TARGET)
    for format, start in FORMAT_STARTS.items():
        assert d.render(format).startswith(start), format
    assert "patch.plan @conv_block" in d.render()
    assert "summary:" in d.render("text")
    assert "| " in d.render("markdown")
    assert "similarity 50.0%" in d.render("stat")


@pytest.mark.skipif(not BIN, reason="GRAPH_DIFF_BIN not set")
def test_every_format_is_what_the_tool_writes():
    # FORMATS is every --format value the tool's --help lists, and stat.
    help_text = subprocess.run(
        [os.path.join(BIN, "graph-diff-opt"), "--help"], capture_output=True, text=True
    ).stdout
    listed = help_text.split("--format=<value>", 1)[1].split("\n  -", 1)[0]
    tool_formats = re.findall(r"^\s+=([a-z-]+)\s", listed, re.M)
    assert tool_formats and set(graph_diff.FORMATS) == set(tool_formats) | {"stat"}
    d = graph_diff.diff(SOURCE_PATH, TARGET_PATH, verify=True)
    for format in graph_diff.FORMATS:
        flag = ["--stat"] if format == "stat" else ["--format=" + format]
        tool = subprocess.run(
            [os.path.join(BIN, "graph-diff-opt"), SOURCE_PATH, TARGET_PATH] + flag,
            capture_output=True, text=True,
        )
        assert tool.returncode == 1, tool.stderr
        assert d.render(format) == tool.stdout, format


def test_unknown_format_is_an_error():
    with pytest.raises(ValueError, match="unknown format 'xml'"):
        graph_diff.diff(SOURCE, TARGET).render("xml")


def test_options_that_do_not_apply_are_errors():
    d = graph_diff.diff(SOURCE, TARGET)
    with pytest.raises(ValueError, match="fold= does not apply to format 'json'"):
        d.render("json", fold=False)
    with pytest.raises(ValueError, match="width= does not apply to format 'markdown'"):
        d.render("markdown", width=80)
    with pytest.raises(ValueError, match="color= does not apply to format 'html'"):
        d.render("html", color=True)
    with pytest.raises(ValueError, match="fold= does not apply to format 'mlir'"):
        d.render(fold=True)
    # Where they apply, they do what the tool's --no-fold, --width, --color do.
    assert d.render("text", fold=False) != d.render("text")
    assert d.render("markdown", fold=False) != d.render("markdown")
    assert max(map(len, d.render("text", width=40).splitlines())) <= 40
    assert "\x1b[" in d.render("text", color=True)
    assert "\x1b[" not in d.render("text")
    with pytest.raises(ValueError, match="width= takes a number of columns"):
        d.render("text", width=-1)


def test_only_selects_actions():
    d = graph_diff.diff(SOURCE, TARGET, only="fuse")
    assert d.only == ("fuse",)
    # A fusion comes with the deletes it absorbs.
    assert sorted(a.kind for a in d) == ["delete"] * 4 + ["replace"] * 2
    assert all(a.kind == "replace" or a.data["absorbed_by"] for a in d)
    assert d.to_dict()["selection"]["only"] == ["fuse"]
    # The summary and the mapping are not narrowed; the reports are.
    assert d.summary == graph_diff.diff(SOURCE, TARGET).summary
    assert len(d.mapping) == 9
    assert "Dropout" not in d.render("text")
    assert [a.kind for a in graph_diff.diff(SOURCE, TARGET, only=["delete", "insert"])] == [
        "insert", "delete"
    ]
    assert len(graph_diff.diff(SOURCE, TARGET, only="delete,insert")) == 2


def test_only_does_not_apply_to_the_plan():
    d = graph_diff.diff(SOURCE, TARGET, only="delete")
    with pytest.raises(ValueError, match="only= does not apply to format 'mlir'"):
        d.render()
    with pytest.raises(ValueError, match="only= does not apply to format 'mlir'"):
        d.render("mlir")


def test_unknown_kind_and_bad_glob_are_errors():
    with pytest.raises(ValueError, match="^only=frobnicate: not an action kind"):
        graph_diff.diff(SOURCE, TARGET, only="frobnicate")
    with pytest.raises(ValueError, match=r"^func=\[: invalid glob pattern"):
        graph_diff.diff(SOURCE, TARGET, func="[")
    with pytest.raises(ValueError, match="only= is empty"):
        graph_diff.diff(SOURCE, TARGET, only=[])


def test_func_selects_graphs():
    target = TWO_FUNCS.replace("arith.addf", "arith.subf")
    whole = graph_diff.diff(TWO_FUNCS, target)
    assert whole.different and [g.source for g in whole.graphs] == ["f", "g"]
    same = graph_diff.diff(TWO_FUNCS, target, func="g")
    assert same.func == ("g",)
    assert same.different is False and len(same) == 0
    assert [g.source for g in same.graphs] == ["g"]
    assert same.similarity == 1.0
    assert same.to_dict()["selection"]["func"] == ["g"]
    assert "@f" not in same.render("mlir")
    changed = graph_diff.diff(TWO_FUNCS, target, func=["f", "h*"])
    assert changed.different is True
    assert [g.source for g in changed.graphs] == ["f"]
    assert "patch.plan @f" in changed.render("mlir")


def test_identical_inputs_give_an_empty_plan():
    d = graph_diff.diff(SOURCE, SOURCE, verify=True)
    assert d.different is False
    assert d.similarity == 1.0
    assert list(d) == []
    assert all(m.status == "unchanged" for m in d.mapping)


def test_verified_diff():
    assert "patch.plan" in graph_diff.diff(SOURCE, TARGET, verify=True).render()


def test_parse_error_is_located():
    with pytest.raises(graph_diff.GraphDiffError) as error:
        graph_diff.diff("func.func @f( {", TARGET, source_name="broken.mlir")
    e = error.value
    assert isinstance(e, ValueError)
    assert (e.file, e.line, e.column) == ("broken.mlir", 1, 14)
    assert e.message == "expected non-function type"
    assert str(e).startswith("broken.mlir:1:14: error: expected non-function type")


def test_error_in_a_file_names_the_file(tmp_path):
    bad = tmp_path / "bad.mlir"
    bad.write_text("func.func @f() {\n  %0 = arith.addf : f32\n}\n")
    with pytest.raises(graph_diff.GraphDiffError) as error:
        graph_diff.diff(SOURCE_PATH, bad)
    assert (error.value.file, error.value.line) == (str(bad), 2)
    assert error.value.column is not None and error.value.message


def test_error_without_a_location():
    e = graph_diff.GraphDiffError("error: something went wrong\nnote: more")
    assert (e.file, e.line, e.column) == (None, None, None)
    assert e.message == "something went wrong"
    copy = pickle.loads(pickle.dumps(e))
    assert type(copy) is graph_diff.GraphDiffError and copy.message == e.message


def test_docstrings_list_every_format():
    # FORMATS is checked against the tool's --help above; the module's
    # docstring names each (test/Docs/format-lists.test checks its list too).
    for name in graph_diff.FORMATS:
        assert f" {name}" in graph_diff.__doc__, name


def test_fold_applies_to_text_and_markdown_only():
    # As graph-diff-opt --no-fold --format=json (docs/Renderers.md).
    d = graph_diff.diff(SOURCE, TARGET)
    for name in ("mlir", "json", "dot", "html", "model-explorer", "stat"):
        with pytest.raises(ValueError, match=f"^fold= does not apply to format '{name}'"):
            d.render(name, fold=False)
    for name in ("text", "markdown"):
        assert d.render(name, fold=False)


def test_unregistered_dialect_needs_the_flag():
    src = '"foo.bar"() : () -> ()\n'
    with pytest.raises(graph_diff.GraphDiffError) as error:
        graph_diff.diff(src, src)
    assert error.value.file == "source.mlir" and error.value.line == 1
    assert graph_diff.diff(src, src, allow_unregistered_dialects=True).different is False


def mypy_strict(tmp_path, *files):
    """mypy --strict on `files`, finding graph_diff where it was built."""
    package = os.path.dirname(graph_diff.__file__)
    return subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--cache-dir", str(tmp_path / "cache")]
        + list(files),
        capture_output=True,
        text=True,
        env=dict(os.environ, MYPYPATH=os.path.dirname(package)),
    )


def test_typed_usage_passes_mypy_strict(tmp_path):
    pytest.importorskip("mypy", reason="mypy (python3-mypy) is not installed")
    example = os.path.join(os.path.dirname(__file__), "Inputs", "typed_usage.py")
    # The example, and the package itself against the extension's stubs.
    run = mypy_strict(tmp_path, example, os.path.dirname(graph_diff.__file__))
    assert run.returncode == 0, run.stdout + run.stderr
    # Mistakes the types catch: render() returns str, not a dict; a
    # misspelt option; an action's source may be None.
    wrong = tmp_path / "wrong.py"
    wrong.write_text(
        "import graph_diff\n"
        "x: dict[str, int] = graph_diff.diff('a.mlir', 'b.mlir').render('json')\n"
        "graph_diff.diff('a.mlir', 'b.mlir', onyl='fuse')\n"
        "for a in graph_diff.diff('a.mlir', 'b.mlir'):\n"
        "    print(a.source.upper())\n"
    )
    run = mypy_strict(tmp_path, str(wrong))
    assert run.returncode == 1, run.stdout + run.stderr
    assert "wrong.py:2: error: Incompatible types in assignment" in run.stdout
    assert 'wrong.py:3: error: Unexpected keyword argument "onyl"' in run.stdout
    assert 'wrong.py:5: error: Item "None" of "Optional[str]" has no attribute "upper"' in run.stdout


def test_typed_usage_runs():
    example = os.path.join(os.path.dirname(__file__), "Inputs", "typed_usage.py")
    run = subprocess.run(
        [sys.executable, example, SOURCE_PATH, TARGET_PATH], capture_output=True, text=True
    )
    assert run.returncode == 0, run.stderr
    assert "similarity 50.0%" in run.stdout
    # No two nodes of the lg graph are the same: cse erases none.
    assert "blame: cse 0, canonicalize 0; erased []; last None; 3 lines" in run.stdout


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
        results.append(graph_diff.diff(SOURCE, TARGET).render("text"))

    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(set(results)) == 1


def test_one_result_renders_in_threads():
    d = graph_diff.diff(SOURCE, TARGET)
    expected = {format: d.render(format) for format in graph_diff.FORMATS}
    failures = []

    def work(format):
        for _ in range(3):
            if d.render(format) != expected[format] or not d.different:
                failures.append(format)

    threads = [threading.Thread(target=work, args=(f,)) for f in graph_diff.FORMATS]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert failures == []


def test_truth_is_different():
    assert graph_diff.diff(SOURCE, TARGET)
    assert not graph_diff.diff(SOURCE, SOURCE)
    # Nothing listed, yet different: only= left the changes out.
    d = graph_diff.diff(SOURCE, TARGET, only="add_input")
    assert len(d) == 0 and d and d.different
