"""A small program using graph_diff the way its docs show, checked with
`mypy --strict` and run by test/Python/test_graph_diff.py."""

import pathlib
import sys
from typing import Dict, List, Optional

import graph_diff


def fused_regions(d: graph_diff.Diff) -> Dict[str, List[str]]:
    regions: Dict[str, List[str]] = {}
    for action in d:
        if action.kind == "replace" and action.target is not None:
            regions[action.target] = list(action.region)
    return regions


def blamed(model: str) -> str:
    b: graph_diff.Blame = graph_diff.blame(pathlib.Path(model), "builtin.module(cse,canonicalize)")
    erased: List[str] = [i.name for i in b.inputs if i.erased_by is not None]
    last: Optional[int] = b.outputs[-1].pass_ if b.outputs else None
    counts = ", ".join(f"{p.name} {p.erased}" for p in b.passes)
    history: str = b.query(b.outputs[0].name) if b.outputs else ""
    return f"blame: {counts}; erased {erased}; last {last}; {len(history.splitlines())} lines"


def main(source: str, target: str) -> int:
    try:
        d = graph_diff.diff(pathlib.Path(source), target, verify=True)
    except graph_diff.GraphDiffError as error:
        where: Optional[int] = error.line
        print(f"{error.file}:{where}:{error.column}: {error.message}")
        return 2
    summary: graph_diff.Summary = d.summary
    similarity: float = d.similarity
    print(f"{summary.deleted} deleted, similarity {similarity:.1%}")
    for kind_changes in (a.changes for a in d if a.kind == "update"):
        print("update:", ", ".join(kind_changes))
    for entry in d.mapping:
        stage: Optional[str] = entry.stage
        print(entry.source, "->", entry.target, entry.status, stage)
    print(fused_regions(d))
    text: str = d.render("text", width=80, fold=False)
    report: Dict[str, object] = d.to_dict()
    print(len(text), report["version"], len(d.to_json()))
    selected = graph_diff.diff(source, target, only=["fuse"], func="conv*")
    print(selected.different, [a.kind for a in selected], selected.render("stat"))
    print(blamed(source))
    return 1 if d.different else 0


if __name__ == "__main__":
    sys.exit(0 if main(sys.argv[1], sys.argv[2]) in (0, 1) else 2)
