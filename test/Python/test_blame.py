"""Tests of graph_diff.blame, the history of every op through a pass
pipeline (run by test/Python/bindings.test). The values are those
test/Blame/blame.mlir pins for graph-diff-opt --graph-diff-blame, and the
objects are checked against the CLI's JSON document for the same run."""

import dataclasses
import json
import os
import pathlib
import subprocess
import sys

import pytest

import graph_diff

BIN = os.environ.get("GRAPH_DIFF_BIN")

# Two graphs: @block, where generalization then fusion makes one generic of
# three named ops and an unused constant is erased; @scale, where one op is
# generalized, then given an init of its own.
MODEL = """func.func @block(%x: tensor<4x8xf32>, %b: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %one = arith.constant 1.000000e+00 : f32
  %e = tensor.empty() : tensor<4x8xf32>
  %add = linalg.add ins(%x, %b : tensor<4x8xf32>, tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) -> tensor<4x8xf32>
  %fill = linalg.fill ins(%zero : f32) outs(%e : tensor<4x8xf32>) -> tensor<4x8xf32>
  %relu = linalg.max ins(%add, %fill : tensor<4x8xf32>, tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) -> tensor<4x8xf32>
  return %relu : tensor<4x8xf32>
}

func.func @scale(%x: tensor<8xf32>, %y: tensor<8xf32>) -> tensor<8xf32> {
  %p = linalg.mul ins(%x, %y : tensor<8xf32>, tensor<8xf32>) outs(%x : tensor<8xf32>) -> tensor<8xf32>
  return %p : tensor<8xf32>
}
"""

PIPELINE = "builtin.module(func.func(linalg-generalize-named-ops,linalg-fuse-elementwise-ops),canonicalize)"


@pytest.fixture(scope="module")
def run():
    return graph_diff.blame(MODEL, PIPELINE, input_name="model.mlir", output_name="out.mlir")


def test_blame_summarizes_each_pass(run):
    assert isinstance(run, graph_diff.Blame)
    assert (run.input_name, run.output_name) == ("model.mlir", "out.mlir")
    assert run.passes == (
        graph_diff.PassRun(1, "linalg-generalize-named-ops", created=0, updated=4, fused=0,
                           fusions=0, replaced=0, erased=1, graphs=2),
        graph_diff.PassRun(2, "linalg-fuse-elementwise-ops", created=1, updated=1, fused=3,
                           fusions=1, replaced=0, erased=0, graphs=2),
        graph_diff.PassRun(3, "canonicalize", created=0, updated=0, fused=0,
                           fusions=0, replaced=0, erased=0, graphs=0),
    )
    assert [g.name for g in run.graphs] == ["block", "scale"]
    assert all(g.created_by is None and g.removed_by is None for g in run.graphs)
    assert "3 passes" in repr(run) and "5 output ops" in repr(run)


def test_output_ops_say_which_pass_made_them_from_what(run):
    block = run.graph("block")
    assert [(o.name, o.op, o.line, o.origin, o.pass_) for o in block.outputs] == [
        ("%cst", "arith.constant", 5, "input", None),
        ("%0", "tensor.empty", 6, "input", None),
        ("%1", "linalg.generic", 7, "fused", 2),
    ]
    fused = block.output("%1")
    assert fused.pass_name == "linalg-fuse-elementwise-ops"
    assert fused.from_ == ("%1", "%2", "%3")
    # The passes before: each named op generalized by #1, then fused by #2.
    assert [(s.pass_, s.pass_name, s.origin, s.op, s.changes, s.parts) for s in fused.history] == [
        (1, "linalg-generalize-named-ops", "updated", "linalg.generic", ("kind",), None),
        (1, "linalg-generalize-named-ops", "updated", "linalg.generic", ("kind",), None),
        (1, "linalg-generalize-named-ops", "updated", "linalg.generic", ("kind",), None),
        (2, "linalg-fuse-elementwise-ops", "fused", "linalg.generic", (), 3),
    ]
    assert fused.passes == (1, 2)
    assert block.output("%cst").history == () and block.output("%cst").passes == ()
    # In @scale, fusion gave the generic an init of its own: a new op.
    empty, scale = run.graph("scale").outputs
    assert (empty.name, empty.op, empty.origin, empty.pass_, empty.from_) == (
        "%0", "tensor.empty", "created", 2, ())
    assert (scale.name, scale.op, scale.origin, scale.pass_, scale.from_) == (
        "%1", "linalg.generic", "updated", 2, ("%0",))
    assert [(s.pass_, s.origin, s.changes) for s in scale.history] == [
        (1, "updated", ("kind",)), (2, "updated", ("inputs",))]
    assert [o.graph for o in run.outputs] == ["block"] * 3 + ["scale"] * 2
    # Each line is the op's line in the output the pipeline left.
    lines = run.output_text.split("\n")
    assert lines[fused.line - 1].lstrip().startswith("%1 = linalg.generic")
    assert lines[empty.line - 1].lstrip().startswith("%0 = tensor.empty")
    assert lines[scale.line - 1].lstrip().startswith("%1 = linalg.generic")
    with pytest.raises(KeyError):
        block.output("%9")


def test_input_ops_say_what_became_of_them(run):
    block = run.graph("block")
    assert [(i.name, i.op, [(f.pass_, f.fate, f.op) for f in i.fates], i.output) for i in block.inputs] == [
        ("%cst", "arith.constant", [], "%cst"),
        ("%cst_0", "arith.constant", [(1, "erased", None)], None),
        ("%0", "tensor.empty", [], "%0"),
        ("%1", "linalg.add", [(1, "updated", "linalg.generic"), (2, "fused", "linalg.generic")], "%1"),
        ("%2", "linalg.fill", [(1, "updated", "linalg.generic"), (2, "fused", "linalg.generic")], "%1"),
        ("%3", "linalg.max", [(1, "updated", "linalg.generic"), (2, "fused", "linalg.generic")], "%1"),
    ]
    add = block.input("%1")
    assert add.location == "model.mlir:5:10"
    assert add.fates[0].changes == ("kind",) and add.fates[0].parts is None
    assert add.fates[1].pass_name == "linalg-fuse-elementwise-ops" and add.fates[1].parts == 3
    assert add.erased_by is None
    assert block.input("%cst_0").erased_by == 1
    assert block.input("%cst_0").fates[0].pass_name == "linalg-generalize-named-ops"
    assert len(run.inputs) == 7


def test_to_dict_is_the_json_document(run):
    document = run.to_dict()
    assert document == json.loads(run.to_json()) == json.loads(run.render("json"))
    assert document["version"] == 1
    assert [p.to_dict() for p in run.passes] == document["passes"]
    for graph, data in zip(run.graphs, document["graphs"]):
        assert graph.to_dict() == data
        assert [o.to_dict() for o in graph.outputs] == data["outputs"]
        assert [i.to_dict() for i in graph.inputs] == data["inputs"]
        for o, od in zip(graph.outputs, data["outputs"]):
            assert [s.to_dict() for s in o.history] == od["history"]
            assert (o.name, o.op, o.line, o.origin, o.pass_, list(o.from_)) == (
                od["name"], od["op"], od["line"], od["origin"], od["pass"], od["from"])
        for i, idata in zip(graph.inputs, data["inputs"]):
            assert [f.to_dict() for f in i.fates] == idata["fates"]
    # A new dict each time.
    document["passes"][0]["erased"] = 99
    assert run.to_dict()["passes"][0]["erased"] == 1
    assert run.passes[0].erased == 1


def test_objects_are_frozen(run):
    with pytest.raises(dataclasses.FrozenInstanceError):
        run.passes[0].erased = 2  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        run.outputs[0].name = "%x"  # type: ignore[misc]


@pytest.mark.skipif(not BIN, reason="GRAPH_DIFF_BIN not set")
def test_the_cli_writes_the_same(run, tmp_path):
    model = tmp_path / "model.mlir"
    model.write_text(MODEL)
    opt = os.path.join(BIN, "graph-diff-opt")

    def cli(*flags):
        done = subprocess.run(
            [opt, "model.mlir", "-o", "out.mlir", "-pass-pipeline=" + PIPELINE, *flags],
            cwd=tmp_path, capture_output=True, text=True,
        )
        assert done.returncode == 0, done.stderr
        return done.stdout

    assert run.to_json() == cli("--graph-diff-blame=-", "--blame-format=json")
    assert json.loads(cli("--graph-diff-blame=-", "--blame-format=json")) == run.to_dict()
    assert run.render() == run.render("text") == cli("--graph-diff-blame=-")
    assert run.render("html") == cli("--graph-diff-blame=-", "--blame-format=html")
    assert run.output_text == (tmp_path / "out.mlir").read_text()
    for query in ("%1", "out.mlir:7", "model.mlir:3"):
        assert run.query(query) == cli("--graph-diff-blame=-", "--blame=" + query)


def test_query_prints_one_op_history(run):
    assert run.query("model.mlir:3") == (
        "%cst_0 arith.constant at model.mlir:3:10 (graph @block)\n"
        "  #1 linalg-generalize-named-ops  erased\n"
    )
    with pytest.raises(graph_diff.GraphDiffError) as error:
        run.query("%9")
    assert error.value.message == "%9: no op of the output is named %9"


def test_pipeline_forms_and_inputs(run, tmp_path):
    # The passes alone nest as -pass-pipeline's anchored form does.
    bare = graph_diff.blame(
        MODEL,
        "func.func(linalg-generalize-named-ops,linalg-fuse-elementwise-ops),canonicalize",
        input_name="model.mlir", output_name="out.mlir",
    )
    assert bare.to_json() == run.to_json()
    # A path names the input; text is input.mlir; output.mlir by default.
    path = tmp_path / "m.mlir"
    path.write_text(MODEL)
    by_path = graph_diff.blame(path, "cse")
    assert (by_path.input_name, by_path.output_name) == (str(path), "output.mlir")
    assert by_path.graph("block").input("%1").location == str(path) + ":5:10"
    assert graph_diff.blame(str(path), "cse").to_json() == by_path.to_json()
    by_text = graph_diff.blame(MODEL, "cse")
    assert by_text.input_name == "input.mlir"
    assert [p.name for p in by_text.passes] == ["cse"] and by_text.passes[0].erased == 1
    # No pass: every op is its input op.
    none = graph_diff.blame(MODEL, "builtin.module()")
    assert none.passes == () and all(o.origin == "input" for o in none.outputs)


def test_errors_are_graph_diff_errors():
    with pytest.raises(graph_diff.GraphDiffError) as error:
        graph_diff.blame("func.func @f( {", "cse", input_name="broken.mlir")
    assert (error.value.file, error.value.line, error.value.column) == ("broken.mlir", 1, 14)
    with pytest.raises(graph_diff.GraphDiffError, match="'bogus' does not refer to a registered pass"):
        graph_diff.blame(MODEL, "builtin.module(bogus)")
    # A pass that fails: the located error it reported.
    unknown = (
        "func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {\n"
        '  %0 = "test.unknown"(%a) : (tensor<4xf32>) -> tensor<4xf32>\n'
        "  return %0 : tensor<4xf32>\n}\n"
    )
    with pytest.raises(graph_diff.GraphDiffError) as error:
        graph_diff.blame(unknown, "one-shot-bufferize", input_name="u.mlir",
                         allow_unregistered_dialects=True)
    assert (error.value.file, error.value.line, error.value.message) == ("u.mlir", 2, "op was not bufferized")
    with pytest.raises(graph_diff.GraphDiffError):
        graph_diff.blame(unknown, "cse")
    assert graph_diff.blame(unknown, "cse", allow_unregistered_dialects=True).passes[0].name == "cse"


def test_bad_arguments(run):
    with pytest.raises(ValueError, match="unknown blame format 'svg'"):
        run.render("svg")
    with pytest.raises(TypeError, match="model is a path or MLIR text"):
        graph_diff.blame(3, "cse")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="pipeline is a string"):
        graph_diff.blame(MODEL, ["cse"])  # type: ignore[arg-type]
    with pytest.raises(FileNotFoundError):
        graph_diff.blame("no-such-file.mlir", "cse")


def test_types_catch_blame_mistakes(tmp_path):
    pytest.importorskip("mypy", reason="mypy (python3-mypy) is not installed")
    package = os.path.dirname(graph_diff.__file__)
    code = tmp_path / "uses.py"
    code.write_text(
        "import graph_diff\n"
        "b = graph_diff.blame('m.mlir', 'cse')\n"
        "fused: list[str] = [o.name for o in b.outputs if o.origin == 'fused']\n"
        "first: int = b.passes[0].erased + len(b.graph('f').inputs[0].fates)\n"
        "print(b.outputs[0].pass_ + 1)\n"
        "b.render('html', width=3)\n"
    )
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--cache-dir", str(tmp_path / "cache"), str(code)],
        capture_output=True, text=True, env=dict(os.environ, MYPYPATH=os.path.dirname(package)),
    )
    assert done.returncode == 1, done.stdout + done.stderr
    errors = [line for line in done.stdout.splitlines() if ": error:" in line]
    assert [line.split(":")[1] for line in errors] == ["5", "6"], done.stdout
    assert 'Unsupported operand types for + ("None" and "int")' in done.stdout
    assert 'Unexpected keyword argument "width"' in done.stdout
