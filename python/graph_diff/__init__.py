"""graph-diff from Python: patch plans between two dataflow graphs.

    import graph_diff
    report = graph_diff.diff(source_mlir, target_mlir, format="json")
    actions = graph_diff.diff_logical_graphs(source_graph, target_graph)

Errors raise :class:`GraphDiffError` (a ``ValueError``) whose message is the
located diagnostics, as ``graph-diff-opt`` prints them.
"""

from ._graph_diff import GraphDiffError, diff, diff_logical_graphs

__all__ = ["GraphDiffError", "diff", "diff_logical_graphs"]
