#!/usr/bin/env bash
# What --graph-diff-blame costs on top of the pipeline it follows (issue 33:
# at most 2x the pipeline's own time, memory within one extra copy of the IR):
#
#   bash scripts/bench-blame.sh [OPS] [RUNS]
#
# A generated graph of OPS tensor arith ops (default 20000) runs a 20-pass
# pipeline (elementwise to linalg, fusion, generalization, unit-dim folding,
# sccp, symbol-dce, licm, with canonicalize and cse between), RUNS times
# (default 3) each without and with blame, alternating, in one process each
# (GRAPH_DIFF_NO_FORK=1). Prints the medians of wall time, user CPU and peak
# memory, and their ratios. A benchmark: nothing here is a test.
set -euo pipefail
cd "$(dirname "$0")/.."
ops=${1:-20000} runs=${2:-3}
tool=${GRAPH_DIFF_OPT:-build/bin/graph-diff-opt}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 scripts/gen-arith-graph.py --ops "$ops" --edit none --live "$work/model.mlir" /dev/null >&2
passes=(--convert-elementwise-to-linalg --linalg-fuse-elementwise-ops --canonicalize --cse
  --linalg-generalize-named-ops --canonicalize --cse --linalg-fold-unit-extent-dims
  --canonicalize --cse --sccp --canonicalize --cse --symbol-dce --canonicalize --cse
  --linalg-fuse-elementwise-ops --canonicalize --cse --loop-invariant-code-motion)
export GRAPH_DIFF_NO_FORK=1
measure() {
  /usr/bin/time -f '%e %U %M' -o "$work/time" "$tool" "$work/model.mlir" "${passes[@]}" \
    -o /dev/null "$@" >/dev/null
  cat "$work/time"
}
for ((i = 0; i < runs; ++i)); do
  measure >>"$work/plain"
  measure --graph-diff-blame="$work/blame.txt" >>"$work/blame"
done
python3 - "$work/plain" "$work/blame" "$ops" <<'PY'
import statistics, sys
def medians(path):
    rows = [list(map(float, line.split())) for line in open(path)]
    return [statistics.median(col) for col in zip(*rows)]
plain, blame, ops = medians(sys.argv[1]), medians(sys.argv[2]), sys.argv[3]
print("bench-blame: %s ops, 20 passes, medians" % ops)
print("  pipeline alone: %.2f s wall, %.2f s user, %.0f MB" % (plain[0], plain[1], plain[2] / 1024))
print("  with blame:     %.2f s wall, %.2f s user, %.0f MB" % (blame[0], blame[1], blame[2] / 1024))
print("  ratio:          %.2fx wall, %.2fx user, %.2fx memory" %
      (blame[0] / plain[0], blame[1] / plain[1], blame[2] / plain[2]))
PY
