#!/usr/bin/env bash
# Runs one fuzz target (docs/Testing.md), building it first if needed:
#
#   bash scripts/fuzz.sh TARGET SECONDS [libFuzzer options...]
#
# TARGET is diff, check-plan, switcheroo, translate, api, sim, profile or
# pipeline. The seeds are made from the tests
# (test/Fuzz/make-corpus.py) into build-asan/fuzz/seeds/TARGET; what the run
# finds interesting is kept in build-asan/fuzz/corpus/TARGET for the next
# run (or in $FUZZ_CORPUS_DIR); a crash or a violated property is saved under
# build-asan/fuzz/artifacts/TARGET/ and makes the exit code non-zero.
#
# Properties that a known, open finding violates (test/Fuzz/open/skip, one
# name a line) are not checked, so that a run goes on to find something
# else; set GRAPH_DIFF_FUZZ_SKIP yourself (empty: check them all) to choose.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ $# -lt 2 ]; then
  echo "usage: scripts/fuzz.sh TARGET SECONDS [libFuzzer options]" >&2
  echo "  TARGET: diff check-plan switcheroo translate api sim profile pipeline" >&2
  exit 2
fi
target=$1 seconds=$2
shift 2
case "$target" in
  diff | check-plan) dicts=(mlir) ;;
  switcheroo | translate) dicts=(json) ;;
  api) dicts=(json api) ;;
  sim) dicts=(json sim) ;;
  profile) dicts=(profile) ;;
  pipeline) dicts=(mlir passes) ;;
  *)
    echo "fuzz.sh: unknown target '$target' (diff, check-plan, switcheroo," \
      "translate, api, sim, profile, pipeline)" >&2
    exit 2
    ;;
esac
asan_dir=${ASAN_BUILD_DIR:-build-asan}
if [ -z "${GRAPH_DIFF_FUZZ_SKIP+set}" ]; then
  GRAPH_DIFF_FUZZ_SKIP=$(sed -e 's/#.*//' -e '/^[[:space:]]*$/d' test/Fuzz/open/skip 2>/dev/null |
    tr -s ' \n' ',' | sed 's/,$//')
fi
export GRAPH_DIFF_FUZZ_SKIP

bash scripts/sanitize.sh --configure
export CCACHE_BASEDIR=${CCACHE_BASEDIR:-$(cd .. && pwd)}
ninja -C "$asan_dir" "graph-diff-fuzz-$target" graph-diff-opt graph-diff-sim >&2
eval "$(python3 test/Sanitizers/options.py)"
export ASAN_SYMBOLIZER_PATH=/usr/lib/llvm-22/bin/llvm-symbolizer

# Seeds again whenever a test or the script that makes them changed.
fuzz_dir=$asan_dir/fuzz
stamp=$fuzz_dir/seeds.stamp
if [ ! -f "$stamp" ] || [ test/Fuzz/make-corpus.py -nt "$stamp" ] ||
  [ -n "$(find test examples -newer "$stamp" ! -path test/Fuzz ! -path 'test/Fuzz/*' -print -quit)" ]; then
  rm -rf "$fuzz_dir/seeds"
  python3 test/Fuzz/make-corpus.py . "$asan_dir/bin" "$fuzz_dir/seeds"
  touch "$stamp"
fi
corpus_dir=${FUZZ_CORPUS_DIR:-$fuzz_dir/corpus/$target}
mkdir -p "$corpus_dir" "$fuzz_dir/artifacts/$target"
dict=$fuzz_dir/$target.dict
for name in "${dicts[@]}"; do cat "test/Fuzz/$name.dict"; done >"$dict"

log=$fuzz_dir/$target.log
marker=$fuzz_dir/$target.started
touch "$marker"
echo "fuzz.sh: running graph-diff-fuzz-$target for at most $seconds s${*:+ ($*)} (log: $log)" >&2
[ -n "$GRAPH_DIFF_FUZZ_SKIP" ] && echo "fuzz.sh: not checked (open findings): $GRAPH_DIFF_FUZZ_SKIP" >&2
status=0
start=$SECONDS
"$asan_dir/bin/graph-diff-fuzz-$target" "$corpus_dir" \
  "$fuzz_dir/seeds/$target" -dict="$dict" -max_total_time="$seconds" \
  -timeout=30 -print_final_stats=1 \
  -artifact_prefix="$fuzz_dir/artifacts/$target/" "$@" >"$log" 2>&1 || status=$?
grep -E '^#[0-9]+ +(INITED|DONE)|ERROR|property violated|SUMMARY|^artifact_prefix|Test unit written' \
  "$log" >&2 || true
runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
findings=$(find "$fuzz_dir/artifacts/$target" -type f -newer "$marker" | wc -l)
echo "fuzz $target: ${runs:-?} executions in $((SECONDS - start)) s (${rate:-?}/s), $findings finding(s), exit $status" >&2
exit "$status"
