"""graph-diff from Python: patch plans between two dataflow graphs.

    import graph_diff

    d = graph_diff.diff("before.mlir", "after.mlir")     # paths or MLIR text
    d.different, d.similarity, d.summary.deleted
    for action in d:                                       # typed actions
        print(action.kind, action.source, "->", action.target, action.stage)
    d.mapping, d.to_dict(), d.to_json()
    print(d.render("text"))     # any report graph-diff-opt writes

Formats (``FORMATS``): mlir, text, markdown, json, dot, html, model-explorer, stat.

    actions = graph_diff.diff_logical_graphs(source_graph, target_graph)

    b = graph_diff.blame("model.mlir", "builtin.module(cse,canonicalize)")
    b.passes, b.outputs, b.inputs, b.query("%1"), b.render("html")

``blame`` runs a pass pipeline and returns the history of every op
(graph-diff-opt's ``--graph-diff-blame``; see its module, ``_blame.py``).

``diff`` takes ``only=``, ``func=`` and ``verify=`` as graph-diff-opt's
``--only``, ``--func`` and ``--verify``; an option that does not apply to the
report asked for (``only`` with the plan, ``fold`` outside text and markdown,
``width`` or ``color`` outside text) raises ``ValueError`` naming it. An input
the engine refuses raises :class:`GraphDiffError` with its file, line, column
and message. Everything is read from the engine's one result (its JSON report,
docs/Report-JSON.md); nothing is diffed again in Python.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from typing import Any, Dict, Iterable, Iterator, List, Optional, Tuple, Union

from . import _graph_diff
from ._blame import (
    BLAME_FORMATS,
    Blame,
    Fate,
    GraphBlame,
    InputOp,
    OutputOp,
    PassRun,
    Step,
    blame,
)
from ._errors import GraphDiffError

__all__ = [
    "Action",
    "BLAME_FORMATS",
    "Blame",
    "Diff",
    "FORMATS",
    "Fate",
    "GraphBlame",
    "GraphDiffError",
    "GraphPair",
    "InputOp",
    "MappingEntry",
    "OutputOp",
    "PassRun",
    "Step",
    "Summary",
    "blame",
    "diff",
    "diff_logical_graphs",
]

#: The reports ``Diff.render`` writes: graph-diff-opt's ``--format`` values
#: and ``stat`` (its ``--stat``).
FORMATS: Tuple[str, ...] = (
    "mlir",
    "text",
    "markdown",
    "json",
    "dot",
    "html",
    "model-explorer",
    "stat",
)

#: An input: a path, or MLIR text (a ``str`` holding a newline or a ``{``).
Input = Union[str, "os.PathLike[str]"]


@dataclass(frozen=True)
class Summary:
    """The counts of docs/Report-JSON.md#summary: source nodes split into
    unchanged + updated + replaced + deleted; ``similarity`` in 0..1."""

    unchanged: int
    updated: int
    replaced: int
    deleted: int
    inserted: int
    similarity: float

    @staticmethod
    def _read(data: Dict[str, Any]) -> Summary:
        return Summary(
            unchanged=data["unchanged"],
            updated=data["updated"],
            replaced=data["replaced"],
            deleted=data["deleted"],
            inserted=data["inserted"],
            similarity=float(data["similarity"]),
        )


@dataclass(frozen=True)
class Action:
    """One action of a plan (docs/Report-JSON.md#actions).

    ``kind``: ``delete``, ``replace``, ``insert``, ``update``, ``add_input``,
    ``remove_input``, ``add_output``, ``remove_output`` or
    ``set_graph_attributes``. ``source``: the source node it acts on (the
    deleted or updated node, a replace's anchor, a removed input), else
    ``None``. ``target``: the target node it makes (a replace's, insert's or
    update's new node, an added input), else ``None``. ``stage``: the matcher
    stage that decided it (``id``, ``provenance``, ``location``,
    ``convention``, ``structure``) or ``None``. ``changes``: what an update
    changes (``kind``, ``attributes``, ``types``, ``inputs``, ``regions``,
    ``order``); empty for the other kinds. ``region``: the source nodes a
    replace rewrites (its anchor included), in topological order. ``graph``:
    the source graph of the plan. ``data``: the action's whole JSON object.
    """

    kind: str
    source: Optional[str]
    target: Optional[str]
    stage: Optional[str]
    changes: Tuple[str, ...]
    region: Tuple[str, ...]
    graph: str
    data: Dict[str, Any] = field(compare=False, repr=False)

    @staticmethod
    def _read(graph: str, data: Dict[str, Any]) -> Action:
        kind = data["kind"]
        source: Optional[str] = None
        target: Optional[str] = None
        if kind in ("delete", "update"):
            source = data["node"]["name"]
        elif kind == "replace":
            source = data["anchor"]["name"]
        elif kind == "remove_input":
            source = data["name"]
        if kind in ("replace", "insert", "update"):
            target = data["new_node"]["name"]
        elif kind == "add_input":
            target = data["name"]
        region = tuple(node["name"] for node in data.get("region", ()))
        return Action(
            kind=kind,
            source=source,
            target=target,
            stage=data.get("stage"),
            changes=tuple(data.get("changes", ())),
            region=region,
            graph=graph,
            data=data,
        )


@dataclass(frozen=True)
class MappingEntry:
    """What one source node became (docs/Report-JSON.md#mapping): its
    ``target`` (``None`` if deleted), ``status`` (``unchanged``, ``updated``,
    ``replaced``, ``deleted``), the ``stage`` that paired it, whether it was
    left unmatched as ``ambiguous``, and its ``graph``."""

    source: str
    target: Optional[str]
    status: str
    stage: Optional[str]
    ambiguous: bool
    graph: str


@dataclass(frozen=True)
class GraphPair:
    """One graph both inputs define, with its plan's actions and mapping."""

    source: str
    target: str
    source_nodes: int
    target_nodes: int
    summary: Summary
    actions: Tuple[Action, ...]
    mapping: Tuple[MappingEntry, ...]
    renamed: Optional[Tuple[str, str]]

    @staticmethod
    def _read(data: Dict[str, Any]) -> GraphPair:
        name = data["source"]
        renamed = data["renamed"]
        return GraphPair(
            source=name,
            target=data["target"],
            source_nodes=data["source_nodes"],
            target_nodes=data["target_nodes"],
            summary=Summary._read(data["summary"]),
            actions=tuple(Action._read(name, a) for a in data["actions"]),
            mapping=tuple(
                MappingEntry(
                    source=m["source"],
                    target=m["target"],
                    status=m["status"],
                    stage=m["stage"],
                    ambiguous=m["ambiguous"],
                    graph=name,
                )
                for m in data["mapping"]
            ),
            renamed=(renamed["source"], renamed["target"]) if renamed else None,
        )


def _names(value: Union[None, str, Iterable[str]], option: str) -> Optional[Tuple[str, ...]]:
    """`only=`/`func=` as a tuple: one string (commas separate kinds, as on
    the command line) or several."""
    if value is None:
        return None
    if isinstance(value, str):
        items = value.split(",") if option == "only" else [value]
    else:
        items = list(value)
    for item in items:
        if not isinstance(item, str):
            raise TypeError(f"{option}= takes strings, not {type(item).__name__}")
    if not items:
        raise ValueError(f"{option}= is empty: leave it out to keep everything")
    return tuple(items)


class Diff:
    """The diff of two inputs, as :func:`diff` returns it. Iterating gives
    the selected actions of every graph pair, in plan order; ``len`` counts
    them; ``bool`` is ``different``. One Diff may be used from several
    threads (it renders one report at a time)."""

    def __init__(
        self,
        session: _graph_diff.Session,
        source_name: str,
        target_name: str,
        only: Optional[Tuple[str, ...]],
        func: Optional[Tuple[str, ...]],
    ) -> None:
        self._session = session
        self.source_name = source_name
        self.target_name = target_name
        #: The action kinds ``only=`` selected (``None``: every action).
        self.only = only
        #: The graph globs ``func=`` selected (``None``: every graph).
        self.func = func
        self._json: Optional[str] = None
        self._report: Optional[Dict[str, Any]] = None
        self._graphs: Optional[Tuple[GraphPair, ...]] = None

    def render(
        self,
        format: str = "mlir",
        *,
        fold: Optional[bool] = None,
        width: Optional[int] = None,
        color: Optional[bool] = None,
    ) -> str:
        """The report in ``format`` (one of :data:`FORMATS`), as
        ``graph-diff-opt --format=FORMAT`` (``stat``: ``--stat``) writes it,
        of the graphs and actions ``func=`` and ``only=`` selected.

        ``fold=False`` (text, markdown) lists identical changes one by one;
        ``width`` (text) wraps at that many columns (default 100, 0 never);
        ``color=True`` (text) colours it with ANSI escapes. An option given
        for a report it does not apply to raises ``ValueError`` naming it.
        """
        if format not in FORMATS:
            raise ValueError(f"unknown format '{format}' (expected {', '.join(FORMATS[:-1])} or {FORMATS[-1]})")
        if self.only is not None and format == "mlir":
            raise ValueError(
                "only= does not apply to format 'mlir': a plan is never cut, it "
                "must stay applicable; only= applies to text, markdown, json, "
                "dot, html, model-explorer and stat"
            )
        if fold is not None and format not in ("text", "markdown"):
            raise ValueError(f"fold= does not apply to format '{format}'; it applies to text and markdown")
        if width is not None and format != "text":
            raise ValueError(f"width= does not apply to format '{format}'; it applies to text")
        if color is not None and format != "text":
            raise ValueError(f"color= does not apply to format '{format}'; it applies to text")
        if width is not None and (isinstance(width, bool) or not isinstance(width, int) or width < 0):
            raise ValueError(f"width= takes a number of columns (0: never wrap), not {width!r}")
        return self._session.render(
            format,
            fold=True if fold is None else bool(fold),
            width=100 if width is None else width,
            color=bool(color),
            only=list(self.only or ()),
            func=list(self.func or ()),
        )

    def to_json(self) -> str:
        """The JSON report (docs/Report-JSON.md), as ``--format=json``."""
        if self._json is None:
            self._json = self.render("json")
        return self._json

    def _data(self) -> Dict[str, Any]:
        if self._report is None:
            report: Dict[str, Any] = json.loads(self.to_json())
            self._report = report
        return self._report

    def to_dict(self) -> Dict[str, Any]:
        """The JSON report as a new dict (yours to change)."""
        result: Dict[str, Any] = json.loads(self.to_json())
        return result

    @property
    def different(self) -> bool:
        """Whether the (selected) graphs differ: graph-diff-opt's exit 1."""
        return self._session.different(func=list(self.func or ()))

    @property
    def summary(self) -> Summary:
        """The counts over every selected graph, graphs only one side has
        included (their nodes count as deleted or inserted)."""
        return Summary._read(self._data()["summary"])

    @property
    def similarity(self) -> float:
        """In 0..1: 1 for identical inputs (docs/Renderers.md)."""
        return self.summary.similarity

    @property
    def graphs(self) -> Tuple[GraphPair, ...]:
        """One entry per graph both inputs define, in output order."""
        if self._graphs is None:
            self._graphs = tuple(GraphPair._read(g) for g in self._data()["graphs"])
        return self._graphs

    @property
    def actions(self) -> Tuple[Action, ...]:
        """The selected actions of every graph pair, in plan order."""
        return tuple(a for g in self.graphs for a in g.actions)

    @property
    def mapping(self) -> Tuple[MappingEntry, ...]:
        """What every source node of every graph pair became (not narrowed
        by ``only=``: it is the node mapping, not actions)."""
        return tuple(m for g in self.graphs for m in g.mapping)

    @property
    def added_graphs(self) -> Tuple[str, ...]:
        """The graphs only the target defines."""
        return tuple(self._data()["added_graphs"])

    @property
    def removed_graphs(self) -> Tuple[str, ...]:
        """The graphs only the source defines."""
        return tuple(self._data()["removed_graphs"])

    def __iter__(self) -> Iterator[Action]:
        return iter(self.actions)

    def __len__(self) -> int:
        return len(self.actions)

    def __bool__(self) -> bool:
        """``different``: a rename, or a change ``only=`` leaves out, makes
        a diff true even with no action listed."""
        return self.different

    def __repr__(self) -> str:
        state = "different" if self.different else "same"
        return (
            f"<graph_diff.Diff {self.source_name} -> {self.target_name}: {state}, "
            f"{len(self)} actions, similarity {self.similarity:.1%}>"
        )


def _read_input(value: Input, name: Optional[str], default: str, option: str) -> Tuple[str, bytes]:
    """(name, text) of an input: a path is read (and names the input unless
    ``name`` does); a ``str`` with a newline or a ``{`` is MLIR text."""
    if isinstance(value, str) and ("\n" in value or "{" in value or not value.strip()):
        return (default if name is None else name, value.encode("utf-8"))
    if isinstance(value, (str, os.PathLike)):
        path = os.fspath(value)
        if not isinstance(path, str):
            raise TypeError(f"{option} is a bytes path: give it as str or pathlib.Path")
        with open(path, "rb") as f:
            return (path if name is None else name, f.read())
    raise TypeError(f"{option} is a path or MLIR text, not {type(value).__name__}")


def diff(
    source: Input,
    target: Input,
    *,
    only: Union[None, str, Iterable[str]] = None,
    func: Union[None, str, Iterable[str]] = None,
    verify: bool = False,
    ignore_locations: bool = True,
    ignore_discardable_attrs: bool = False,
    allow_unregistered_dialects: bool = False,
    source_name: Optional[str] = None,
    target_name: Optional[str] = None,
) -> Diff:
    """Diffs ``source`` against ``target`` and returns the :class:`Diff`.

    Each input is a path (``str`` or ``os.PathLike``) or MLIR text (a ``str``
    holding a newline or a ``{``; the empty string is an empty module).
    ``source_name``/``target_name`` name the inputs in reports and locations
    (graph-diff-opt's ``--label``; default the path, or ``source.mlir`` and
    ``target.mlir`` for text).

    ``only``: action kinds (a list, or one string with commas, as
    ``--only=fuse,delete``): the actions, ``to_dict()`` and every report but
    the plan list only those; ``render("mlir")`` then raises. ``func``: graph
    name globs (one or a list, as repeated ``--func``): every report, the
    summary and ``different`` cover only the matching graphs. ``verify``
    applies every plan and checks it rebuilds its target (``--verify``).
    ``ignore_locations``, ``ignore_discardable_attrs``: the structural
    matching options of the same names. ``allow_unregistered_dialects``:
    accept ops of dialects graph-diff does not know.

    Raises :class:`GraphDiffError` (file, line, column, message) if an input
    is not valid IR or a plan fails ``verify``; ``ValueError`` for an unknown
    kind or a bad glob; ``OSError`` if a path cannot be read.
    """
    only_kinds = _names(only, "only")
    funcs = _names(func, "func")
    _graph_diff.check_selection(list(only_kinds or ()), list(funcs or ()))
    src_name, src_text = _read_input(source, source_name, "source.mlir", "source")
    tgt_name, tgt_text = _read_input(target, target_name, "target.mlir", "target")
    session = _graph_diff.Session(
        src_text,
        src_name,
        tgt_text,
        tgt_name,
        verify=bool(verify),
        ignore_locations=bool(ignore_locations),
        ignore_discardable_attrs=bool(ignore_discardable_attrs),
        allow_unregistered_dialects=bool(allow_unregistered_dialects),
    )
    return Diff(session, src_name, tgt_name, only_kinds, funcs)


def diff_logical_graphs(source: Dict[str, Any], target: Dict[str, Any]) -> List[Dict[str, Any]]:
    """Diffs two ml_switcheroo LogicalGraph dicts (``{"name", "nodes",
    "edges"}``) and returns the action list its source patcher applies
    (``DeleteAction`` / ``ReplaceAction`` dicts). Every plan is verified
    first; an invalid graph raises :class:`GraphDiffError`."""
    return _graph_diff.diff_logical_graphs(source, target)
