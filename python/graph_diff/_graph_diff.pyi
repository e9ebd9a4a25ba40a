# Type stubs of the extension graph_diff._graph_diff
# (lib/GraphDiff/Bindings/Python/GraphDiffModule.cpp), which the package's
# __init__.py wraps. Installed next to the extension.

from typing import Any, Dict, List

class Session:
    def __init__(
        self,
        source: str | bytes,
        source_name: str,
        target: str | bytes,
        target_name: str,
        verify: bool,
        ignore_locations: bool,
        ignore_discardable_attrs: bool,
        allow_unregistered_dialects: bool,
    ) -> None: ...
    def render(
        self,
        format: str,
        fold: bool,
        width: int,
        color: bool,
        only: List[str],
        func: List[str],
    ) -> str: ...
    def different(self, func: List[str]) -> bool: ...

def check_selection(only: List[str], func: List[str]) -> None: ...
def action_kinds() -> List[str]: ...
def diff_logical_graphs(source: Any, target: Any) -> List[Dict[str, Any]]: ...

class BlameRun:
    def __init__(
        self,
        source: str | bytes,
        source_name: str,
        pipeline: str,
        output_name: str,
        allow_unregistered_dialects: bool,
    ) -> None: ...
    def render(self, format: str) -> str: ...
    def query(self, query: str) -> str: ...
    def output(self) -> str: ...
