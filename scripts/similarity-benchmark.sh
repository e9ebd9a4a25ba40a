#!/usr/bin/env bash
# Times graph-diff-sim at caliper's real scale: 110 versions (6,105 pairs) of a
# ~4 MB functiondb each, synthesised by scripts/gen-functiondb.py. Not a test.
#   bash scripts/similarity-benchmark.sh [DIR] [VERSIONS] [MB]
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:-/tmp/graph-diff-sim-bench}
versions=${2:-110}
mb=${3:-4}
sim=${BUILD_DIR:-build}/bin/graph-diff-sim
if [ ! -f "$dir/manifest.txt" ]; then
  echo "generating $versions versions of ~$mb MB in $dir" >&2
  python3 scripts/gen-functiondb.py "$dir" --versions "$versions" --mb "$mb"
fi
du -sh "$dir" >&2
# graph-diff-sim measured as one process, without the supervisor
# (Support/Supervisor.h), whose fork would split the peak memory between two.
export GRAPH_DIFF_NO_FORK=1
run() {
  local label=$1
  shift
  /usr/bin/time -f "$label: %e s wall, %U s user, %S s system, %M KB peak" "$@"
}
run "json, all cores" "$sim" --manifest="$dir/manifest.txt" --format=json -o "$dir/sims.json"
run "json, 1 thread" "$sim" --manifest="$dir/manifest.txt" --format=json --jobs=1 -o "$dir/sims.1.json"
cmp "$dir/sims.json" "$dir/sims.1.json"
run "html with per-pair summaries" "$sim" --manifest="$dir/manifest.txt" --format=html -o "$dir/sims.html"
run "batch shard 0/4" "$sim" batch --manifest="$dir/manifest.txt" --shard=0/4 -o "$dir/shard-0.jsonl"
ls -la "$dir/sims.json" "$dir/sims.html" >&2
