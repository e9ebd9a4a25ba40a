#!/usr/bin/env bash
# Times graph-diff-api against libabigail's abidiff (Debian abigail-tools) on
# one pair of shared libraries with DWARF. A benchmark, not a test.
#   bash scripts/bench-abidiff.sh OLD.so NEW.so [RUNS]
#   bash scripts/bench-abidiff.sh --zstd ZSTD_GIT_DIR [OLD_TAG NEW_TAG [RUNS]]
# The second form builds libzstd.so at two release tags (default v1.5.5 and
# v1.5.6) from a git clone of github.com/facebook/zstd, with -g (and its -O3), into
# /tmp/graph-diff-abidiff-bench. Each tool runs RUNS times (default 3); the
# fastest wall time and the peak memory are printed, then each tool's verdict.
set -euo pipefail
cd "$(dirname "$0")/.."
api=${BUILD_DIR:-build}/bin/graph-diff-api
if [ "${1:-}" = "--zstd" ]; then
  repo=$2
  old_tag=${3:-v1.5.5}
  new_tag=${4:-v1.5.6}
  runs=${5:-3}
  dir=/tmp/graph-diff-abidiff-bench
  for tag in "$old_tag" "$new_tag"; do
    if [ ! -f "$dir/$tag/lib/libzstd.so" ]; then
      rm -rf "${dir:?}/$tag" && mkdir -p "$dir/$tag"
      git -C "$repo" archive "$tag" lib | tar -x -C "$dir/$tag"
      echo "building libzstd $tag (-g -O3)" >&2
      make -C "$dir/$tag/lib" libzstd MOREFLAGS=-g -j"$(nproc)" >/dev/null
    fi
  done
  old=$dir/$old_tag/lib/libzstd.so
  new=$dir/$new_tag/lib/libzstd.so
else
  old=$1
  new=$2
  runs=${3:-3}
fi
for lib in "$old" "$new"; do
  debug=$(readelf -S -W "$lib" |
    awk '{ for (i = 1; i <= NF; ++i) if ($i == ".debug_info") print $(i + 4) }')
  echo "$lib: $(stat -L -c %s "$lib") bytes, $((16#${debug:-0})) bytes of .debug_info" >&2
done
best() {
  local label=$1
  shift
  local fastest="" line
  for _ in $(seq "$runs"); do
    # abidiff and graph-diff-api exit non-zero when the ABI changed.
    line=$(/usr/bin/time -f "%e %M" "$@" 2>&1 >/dev/null | tail -1) || true
    if [ -z "$fastest" ] || awk -v a="${line%% *}" -v b="${fastest%% *}" 'BEGIN { exit !(a < b) }'; then
      fastest=$line
    fi
  done
  echo "$label: ${fastest%% *} s wall (best of $runs), ${fastest##* } KB peak"
}
best "abidiff       " abidiff "$old" "$new"
best "graph-diff-api" "$api" "$old" "$new"
echo "abidiff verdict:" >&2
abidiff "$old" "$new" | head -3 >&2 || true
echo "graph-diff-api verdict:" >&2
"$api" "$old" "$new" | tail -1 >&2 || true
