#!/usr/bin/env bash
# Times the HTML viewer in headless Chromium on big models (not a test):
# a DenseNet-201-shaped linalg model (~4300 nodes) and a residual tower of
# ~23000 nodes, both from test/Renderers/Inputs/gen_model.py, each diffed
# against upstream --linalg-fuse-elementwise-ops. For each page: its size,
# the time graph-diff-opt takes to write it, and, over RUNS loads, the times
# from navigation start to the first picture drawn (data-first-frame-ms: the
# page draws each pair's picture as soon as its first data is read) and to
# the end of the page's script (data-load-ms, which includes reading and
# parsing the whole page), the script alone, and the worst frames (#bench=1:
# everything in view, both views), the first node details (which read the
# IR) and a search; then the medians of the two load times, and whether
# the median first frame meets issue 16's goal (the page opens in under 2 s,
# 20k nodes included). This is where that time is measured: the viewer
# tests (test/Renderers/viewer-*.test) check that the first frame is drawn,
# not how long it took, which depends on how busy the machine is.
#   bash scripts/viewer-benchmark.sh [DIR] [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:-/tmp/graph-diff-viewer-bench}
runs=${2:-3}
opt=${BUILD_DIR:-build}/bin/graph-diff-opt
mkdir -p "$dir"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) cores"
bench() {
  local name=$1
  shift
  python3 test/Renderers/Inputs/gen_model.py "$@" > "$dir/$name.mlir"
  "$opt" "$dir/$name.mlir" --linalg-fuse-elementwise-ops -o "$dir/$name-fused.mlir"
  local start end
  start=$(date +%s.%N)
  "$opt" "$dir/$name.mlir" "$dir/$name-fused.mlir" --format=html -o "$dir/$name.html" || [ $? -eq 1 ]
  end=$(date +%s.%N)
  local nodes
  nodes=$(grep -o '<p class="caption">[0-9]* source nodes, [0-9]* target nodes' "$dir/$name.html" | head -1 | sed 's/<[^>]*>//')
  printf '%s: %s; page %s bytes, written in %.2f s\n' "$name" "$nodes" \
    "$(stat -c %s "$dir/$name.html")" "$(echo "$end - $start" | bc)"
  for run in $(seq "$runs"); do
    timeout 300 chromium --headless --disable-dev-shm-usage --no-sandbox --disable-gpu \
      --disable-background-networking --disable-component-update --no-first-run \
      --user-data-dir="$dir/profile" --window-size=1400,1000 \
      --dump-dom "file://$(realpath "$dir/$name.html")#bench=1" 2> /dev/null |
      grep -o '<body[^>]*>' | sed -e 's/<body //' -e 's/>$//' -e "s/^/  run $run: /"
  done | tee "$dir/$name.runs"
  python3 - "$dir/$name.runs" <<'PY'
import re, statistics, sys
runs = open(sys.argv[1]).read()
for key in ("first-frame", "load"):
    values = [int(v) for v in re.findall(r'data-%s-ms="([0-9]+)"' % key, runs)]
    if values:
        median = statistics.median(values)
        print("  median data-%s-ms: %d (%d runs)" % (key, median, len(values)))
        if key == "first-frame":
            print("  first frame under 2000 ms (issue 16's goal): %s" % ("yes" if median < 2000 else "NO"))
PY
}
bench densenet201 densenet201
bench tower1000 tower 1000
