#!/usr/bin/env bash
# Peak memory of graph-diff-profile against tfprof_diff.py on a pair of
# generated tfprof scope files of about 45,000 lines each (not a test: the
# numbers depend on the machine). tfprof_diff.py is not shipped here: give
# its path.
#
#   scripts/bench-profile-memory.sh path/to/tfprof_diff.py [LINES]
set -euo pipefail
script=${1:?usage: bench-profile-memory.sh path/to/tfprof_diff.py [LINES]}
lines=${2:-45000}
here=$(cd "$(dirname "$0")/.." && pwd)
tool=${GRAPH_DIFF_PROFILE:-$here/build/bin/graph-diff-profile}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Two scope files: a tree of scopes 4 levels deep, the second with every
# value rescaled and some scopes left out.
python3 - "$work" "$lines" <<'PY'
import random, sys
work, lines = sys.argv[1], int(sys.argv[2])
random.seed(45)
def spell(v):
    return "%dB" % v if v < 1000 else "%.2fKB" % (v / 1e3) if v < 1e6 else "%.2fMB" % (v / 1e6)
for name, scale, keep in (("a.scope", 1.0, 1.0), ("b.scope", 1.3, 0.97)):
    rng = random.Random(7)
    out = ["Profile:", "node name | requested bytes", "_TFProfRoot (--/9999.00MB)"]
    count = 0
    def walk(prefix, depth):
        global count
        for i in range(12 if depth < 3 else 20):
            if count >= lines:
                return
            path = "%s/s%d_%d" % (prefix, depth, i) if prefix else "s%d_%d" % (depth, i)
            value = rng.randint(0, 10**9)
            dropped = random.random() > keep
            if not dropped:
                out.append("  " * (depth + 1) + "%s (0B/%s)" % (path, spell(int(value * scale))))
            count += 1
            if depth < 3 and not dropped:
                walk(path, depth + 1)
    while count < lines:
        walk("r%d" % count, 0)
    open("%s/%s" % (work, name), "w").write("\n".join(out) + "\n")
PY
wc -l "$work/a.scope" "$work/b.scope"
peak() { { /usr/bin/time -v "$@" 2>&1 >/dev/null || true; } | awk -F': ' '/Maximum resident set size/ {print $2}'; }
ours=$(peak "$tool" "$work/a.scope" "$work/b.scope" --min_size 1MB)
theirs=$(peak python3 "$script" "$work/a.scope" "$work/b.scope" --min_size 1MB)
echo "peak RSS: graph-diff-profile ${ours} KB, tfprof_diff.py ${theirs} KB"
python3 -c "print('ratio: %.2f' % ($ours / $theirs))"
