"""graph_diff.blame: the history of every op through a pass pipeline.

    b = graph_diff.blame("model.mlir", "builtin.module(cse,canonicalize)")
    for p in b.passes:                       # what each pass did
        print(p.index, p.name, p.created, p.updated, p.fused, p.erased)
    for op in b.outputs:                     # every op of the output
        print(op.name, op.op, op.origin, op.pass_name, op.from_)
    for op in b.inputs:                      # every op of the input
        print(op.name, [(f.pass_, f.fate) for f in op.fates], op.output)
    print(b.query("%1"))                     # as graph-diff-opt --blame=%1
    b.render("html"), b.to_dict(), b.output_text

The objects are read from the engine's one JSON document, the one
``graph-diff-opt --graph-diff-blame --blame-format=json`` writes
(docs/UserGuide.md, "Blame"); each object's ``to_dict()`` is its part of it.
Keys that are Python keywords end in ``_``: ``pass_``, ``from_``.
"""

from __future__ import annotations

import copy
import json
import os
from dataclasses import dataclass, field
from typing import Any, Dict, Optional, Tuple, Union

from . import _graph_diff

#: The formats ``Blame.render`` writes: graph-diff-opt's ``--blame-format``.
BLAME_FORMATS: Tuple[str, ...] = ("text", "json", "html")

Input = Union[str, "os.PathLike[str]"]


@dataclass(frozen=True)
class PassRun:
    """One pass that ran (the passes of a nested pipeline count once):
    its ``index`` (1, 2, ...) and ``name``, and how many ops it
    ``created``, ``updated`` (changed), ``fused`` (into ``fusions`` new
    ops), ``replaced`` one for one and ``erased``; ``graphs``: how many
    graphs it changed."""

    index: int
    name: str
    created: int
    updated: int
    fused: int
    fusions: int
    replaced: int
    erased: int
    graphs: int

    def to_dict(self) -> Dict[str, Any]:
        """Its object of the JSON document's ``passes``."""
        return {
            "index": self.index,
            "name": self.name,
            "created": self.created,
            "updated": self.updated,
            "fused": self.fused,
            "fusions": self.fusions,
            "replaced": self.replaced,
            "erased": self.erased,
            "graphs": self.graphs,
        }


@dataclass(frozen=True)
class Step:
    """One version of an output op before it, made by pass ``pass_``
    (named ``pass_name``): its ``origin`` (``updated``, ``fused``,
    ``replaced``, ``created``, ``recreated``), its ``op`` kind, the ``changes`` of an
    update (else empty) and the ``parts`` of a fusion or replacement (how
    many ops it was made from; else ``None``)."""

    pass_: int
    pass_name: str
    origin: str
    op: str
    changes: Tuple[str, ...]
    parts: Optional[int]
    data: Dict[str, Any] = field(compare=False, repr=False)

    def to_dict(self) -> Dict[str, Any]:
        """Its object of an output's ``history``."""
        return copy.deepcopy(self.data)


@dataclass(frozen=True)
class Fate:
    """What pass ``pass_`` (named ``pass_name``) did to an input op (or
    what it had become): ``fate`` (``updated``, ``fused``, ``replaced``,
    ``erased``, ``recreated``: a later pass made an identical constant), the
    ``op`` kind it became (``None`` if erased), the
    ``changes`` of an update and the ``parts`` of a fusion."""

    pass_: int
    pass_name: str
    fate: str
    op: Optional[str]
    changes: Tuple[str, ...]
    parts: Optional[int]
    data: Dict[str, Any] = field(compare=False, repr=False)

    def to_dict(self) -> Dict[str, Any]:
        """Its object of an input's ``fates``."""
        return copy.deepcopy(self.data)


@dataclass(frozen=True)
class OutputOp:
    """An op of the output: its ``name`` (as the output prints it), ``op``
    kind and ``line`` in ``Blame.output_text``; the ``origin`` of its last
    version (``input``: no pass changed it, ``updated``, ``fused``,
    ``replaced``, ``created``, ``recreated``) and the pass that made it, ``pass_`` and
    ``pass_name`` (``None`` for ``input``); ``from_``: the names of the
    input ops it comes from; ``history``: every version before it, oldest
    first; ``graph``: its graph's name."""

    name: str
    op: str
    line: int
    origin: str
    pass_: Optional[int]
    pass_name: Optional[str]
    from_: Tuple[str, ...]
    history: Tuple[Step, ...]
    graph: str
    data: Dict[str, Any] = field(compare=False, repr=False)

    @property
    def passes(self) -> Tuple[int, ...]:
        """The passes that made a version of it, oldest first, once each."""
        return tuple(sorted({step.pass_ for step in self.history}))

    def to_dict(self) -> Dict[str, Any]:
        """Its object of the JSON document's ``graphs[].outputs``."""
        return copy.deepcopy(self.data)


@dataclass(frozen=True)
class InputOp:
    """An op of the input: its ``name`` (as ``graph-diff-opt model.mlir``
    prints it), ``op`` kind and ``location`` (``file:line:col``, or "");
    ``fates``: what each pass that touched it did, in order (the passes not
    listed kept it); ``output``: the name of the output op it ended in, or
    ``None``; ``graph``: its graph's name."""

    name: str
    op: str
    location: str
    fates: Tuple[Fate, ...]
    output: Optional[str]
    graph: str
    data: Dict[str, Any] = field(compare=False, repr=False)

    @property
    def erased_by(self) -> Optional[int]:
        """The pass that erased it (or what it had become), or ``None``."""
        if self.fates and self.fates[-1].fate == "erased":
            return self.fates[-1].pass_
        return None

    def to_dict(self) -> Dict[str, Any]:
        """Its object of the JSON document's ``graphs[].inputs``."""
        return copy.deepcopy(self.data)


@dataclass(frozen=True)
class GraphBlame:
    """One graph (an ``lg.graph`` or a function with a body): its ``name``,
    the pass that made it (``created_by``, ``None`` if in the input) or
    removed it (``removed_by``, ``None`` if in the output), its ``outputs``
    in output order and its ``inputs`` in input order."""

    name: str
    created_by: Optional[int]
    removed_by: Optional[int]
    outputs: Tuple[OutputOp, ...]
    inputs: Tuple[InputOp, ...]
    data: Dict[str, Any] = field(compare=False, repr=False)

    def output(self, name: str) -> OutputOp:
        """The output op named ``name`` (``%1``, ``@id``); ``KeyError`` if
        none."""
        for op in self.outputs:
            if op.name == name:
                return op
        raise KeyError(f"no op of @{self.name}'s output is named {name}")

    def input(self, name: str) -> InputOp:
        """The input op named ``name``; ``KeyError`` if none."""
        for op in self.inputs:
            if op.name == name:
                return op
        raise KeyError(f"no op of @{self.name}'s input is named {name}")

    def to_dict(self) -> Dict[str, Any]:
        """Its object of the JSON document's ``graphs``."""
        return copy.deepcopy(self.data)


def _optional_int(value: Any) -> Optional[int]:
    return None if value is None else int(value)


class Blame:
    """The history of a pipeline run, as :func:`blame` returns it:
    ``passes``, ``graphs`` (and all their ``outputs`` and ``inputs``),
    the IR the pipeline left (``output_text``), and every report of
    ``graph-diff-opt --graph-diff-blame`` (``render``, ``query``)."""

    def __init__(self, run: _graph_diff.BlameRun) -> None:
        self._run = run
        self._json = run.render("json")
        data: Dict[str, Any] = json.loads(self._json)
        self._data = data
        #: The input and output as the history names them.
        self.input_name: str = data["input"]
        self.output_name: str = data["output"]
        #: The IR the pipeline left, as printed (the lines of ``OutputOp.line``).
        self.output_text: str = run.output()
        self.passes: Tuple[PassRun, ...] = tuple(
            PassRun(
                index=p["index"],
                name=p["name"],
                created=p["created"],
                updated=p["updated"],
                fused=p["fused"],
                fusions=p["fusions"],
                replaced=p["replaced"],
                erased=p["erased"],
                graphs=p["graphs"],
            )
            for p in data["passes"]
        )
        self.graphs: Tuple[GraphBlame, ...] = tuple(self._graph(g) for g in data["graphs"])

    def _pass_name(self, index: int) -> str:
        if 1 <= index <= len(self.passes):
            return self.passes[index - 1].name
        return "?"

    def _graph(self, g: Dict[str, Any]) -> GraphBlame:
        name: str = g["name"]
        outputs = tuple(
            OutputOp(
                name=o["name"],
                op=o["op"],
                line=o["line"],
                origin=o["origin"],
                pass_=_optional_int(o["pass"]),
                pass_name=None if o["pass"] is None else self._pass_name(o["pass"]),
                from_=tuple(o["from"]),
                history=tuple(
                    Step(
                        pass_=h["pass"],
                        pass_name=self._pass_name(h["pass"]),
                        origin=h["origin"],
                        op=h["op"],
                        changes=tuple(h.get("changes", ())),
                        parts=_optional_int(h.get("parts")),
                        data=h,
                    )
                    for h in o["history"]
                ),
                graph=name,
                data=o,
            )
            for o in g["outputs"]
        )
        inputs = tuple(
            InputOp(
                name=i["name"],
                op=i["op"],
                location=i["location"],
                fates=tuple(
                    Fate(
                        pass_=f["pass"],
                        pass_name=self._pass_name(f["pass"]),
                        fate=f["fate"],
                        op=f.get("op"),
                        changes=tuple(f.get("changes", ())),
                        parts=_optional_int(f.get("parts")),
                        data=f,
                    )
                    for f in i["fates"]
                ),
                output=i["output"],
                graph=name,
                data=i,
            )
            for i in g["inputs"]
        )
        return GraphBlame(
            name=name,
            created_by=_optional_int(g["created_by"]),
            removed_by=_optional_int(g["removed_by"]),
            outputs=outputs,
            inputs=inputs,
            data=g,
        )

    @property
    def outputs(self) -> Tuple[OutputOp, ...]:
        """Every op of the output, graph by graph."""
        return tuple(op for g in self.graphs for op in g.outputs)

    @property
    def inputs(self) -> Tuple[InputOp, ...]:
        """Every op of the input, graph by graph."""
        return tuple(op for g in self.graphs for op in g.inputs)

    def graph(self, name: str) -> GraphBlame:
        """The graph named ``name`` (without the ``@``); ``KeyError`` if
        none."""
        for g in self.graphs:
            if g.name == name:
                return g
        raise KeyError(f"no graph @{name}")

    def render(self, format: str = "text") -> str:
        """The history in ``format`` (one of :data:`BLAME_FORMATS`), as
        ``graph-diff-opt --graph-diff-blame --blame-format=FORMAT`` writes
        it: the listing (``text``), the JSON document (``json``) or the page
        (``html``)."""
        if format not in BLAME_FORMATS:
            raise ValueError(f"unknown blame format '{format}' (blame formats are text, json and html)")
        if format == "json":
            return self._json
        return self._run.render(format)

    def query(self, query: str) -> str:
        """The history of the ops ``query`` names, as ``graph-diff-opt
        --blame=QUERY`` prints it: ``%5`` or ``@id`` (ops of the output),
        ``FILE:LINE`` (the ops at that line of the output or of the input).
        Raises :class:`GraphDiffError` if it names none."""
        return self._run.query(query)

    def to_json(self) -> str:
        """The JSON document, as ``--blame-format=json`` writes it."""
        return self._json

    def to_dict(self) -> Dict[str, Any]:
        """The JSON document as a new dict (yours to change)."""
        return copy.deepcopy(self._data)

    def __repr__(self) -> str:
        return (
            f"<graph_diff.Blame {self.input_name} -> {self.output_name}: "
            f"{len(self.passes)} passes, {len(self.outputs)} output ops>"
        )


def _read(value: Input, name: Optional[str]) -> Tuple[str, bytes]:
    """(name, text) of the model: a path is read (and names it unless
    ``name`` does); a ``str`` with a newline or a ``{`` is MLIR text."""
    if isinstance(value, str) and ("\n" in value or "{" in value or not value.strip()):
        return ("input.mlir" if name is None else name, value.encode("utf-8"))
    if isinstance(value, (str, os.PathLike)):
        path = os.fspath(value)
        if not isinstance(path, str):
            raise TypeError("model is a bytes path: give it as str or pathlib.Path")
        with open(path, "rb") as f:
            return (path if name is None else name, f.read())
    raise TypeError(f"model is a path or MLIR text, not {type(value).__name__}")


def blame(
    model: Input,
    pipeline: str,
    *,
    input_name: Optional[str] = None,
    output_name: str = "output.mlir",
    allow_unregistered_dialects: bool = False,
) -> Blame:
    """Runs ``pipeline`` on ``model`` and returns the history of every op
    (:class:`Blame`), as ``graph-diff-opt model.mlir -pass-pipeline=PIPELINE
    --graph-diff-blame`` composes it.

    ``model``: a path (``str`` or ``os.PathLike``) or MLIR text (a ``str``
    holding a newline or a ``{``). ``pipeline``: ``builtin.module(...)``, as
    ``-pass-pipeline`` takes it, or the passes alone
    (``"cse,func.func(linalg-fuse-elementwise-ops)"``). ``input_name`` names
    the model in locations and the history (default the path, or
    ``input.mlir`` for text); ``output_name`` names the output (as ``-o``).

    Raises :class:`GraphDiffError` if the model is not valid IR, the
    pipeline does not parse or a pass fails; ``OSError`` if the path cannot
    be read.
    """
    if not isinstance(pipeline, str):
        raise TypeError(f"pipeline is a string, not {type(pipeline).__name__}")
    name, text = _read(model, input_name)
    run = _graph_diff.BlameRun(
        text,
        name,
        pipeline,
        output_name,
        allow_unregistered_dialects=bool(allow_unregistered_dialects),
    )
    return Blame(run)
