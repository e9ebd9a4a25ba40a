"""graph_diff.GraphDiffError: an input the engine refused, with its location.

The extension (lib/GraphDiff/Bindings/Python) raises it with the located
diagnostics as graph-diff-opt prints them; this module must not import the
extension, which imports it when it raises.
"""

from __future__ import annotations

import re
from typing import Optional

# "before.mlir:3:9: error: expected ..." (the file name may hold colons).
_LOCATED = re.compile(r"^(?P<file>.+?):(?P<line>\d+):(?P<column>\d+): error: (?P<message>.*)$")
# "error: ..." or "name: error: ..." without a line and column.
_UNLOCATED = re.compile(r"^(?:(?P<file>.+?): )?error: (?P<message>.*)$")


class GraphDiffError(ValueError):
    """An input graph-diff cannot diff: a syntax or verifier error, a graph
    that cannot be viewed as one, a plan that fails ``verify=True``.

    ``str(error)`` is every diagnostic as graph-diff-opt prints them
    (``before.mlir:3:9: error: ...`` with the source line and notes);
    ``file``, ``line``, ``column`` and ``message`` are those of the first
    error (``line`` and ``column`` are 1-based, ``None`` when the error has
    no location).
    """

    diagnostics: str
    file: Optional[str]
    line: Optional[int]
    column: Optional[int]
    message: str

    def __init__(self, diagnostics: str) -> None:
        super().__init__(diagnostics)
        self.diagnostics = diagnostics
        self.file = self.line = self.column = None
        self.message = diagnostics.split("\n", 1)[0]
        lines = diagnostics.split("\n")
        for line in lines:
            located = _LOCATED.match(line)
            if located:
                self.file = located["file"]
                self.line = int(located["line"])
                self.column = int(located["column"])
                self.message = located["message"]
                return
        for line in lines:
            unlocated = _UNLOCATED.match(line)
            if unlocated:
                self.file = unlocated["file"]
                self.message = unlocated["message"]
                return

    def __reduce__(self) -> tuple[type[GraphDiffError], tuple[str]]:
        return (type(self), (self.diagnostics,))
