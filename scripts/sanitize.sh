#!/usr/bin/env bash
# The sanitizer stage of the tests (docs/Testing.md): builds graph-diff with
# clang-22, ASan+UBSan and the libFuzzer targets into build-asan/ (or
# $ASAN_BUILD_DIR), runs the whole lit suite against that build, then a short
# run of each fuzz target: a fixed number of executions from the seeds alone,
# with a fixed seed, so that it is the same run on every machine
# ($FUZZ_SMOKE_RUNS scales the counts below; 1 by default).
#
#   bash scripts/sanitize.sh                  # build, lit, fuzz smoke
#   bash scripts/sanitize.sh --configure      # only configure the build dir
#   bash scripts/sanitize.sh --results DIR    # also write JUnit XML into DIR
#
# The exit code is non-zero if a test or a fuzz target failed.
set -euo pipefail
cd "$(dirname "$0")/.."
asan_dir=${ASAN_BUILD_DIR:-build-asan}
smoke_scale=${FUZZ_SMOKE_RUNS:-1}
fuzz_targets=(diff check-plan switcheroo translate api sim profile pipeline)
# About 30 s each on a loaded 2-core machine under ASan+UBSan.
declare -A smoke_runs=([diff]=3000 [check-plan]=20000 [switcheroo]=30000
  [translate]=40000 [api]=15000 [sim]=3500 [profile]=20000 [pipeline]=3500)

configure_only=0
results=""
while [ $# -gt 0 ]; do
  case "$1" in
    --configure) configure_only=1 ;;
    --results) results=$2; shift ;;
    *) echo "sanitize.sh: unknown argument '$1'" >&2; exit 2 ;;
  esac
  shift
done

if ! command -v clang++-22 >/dev/null; then
  echo "sanitize.sh: clang++-22 not found; run scripts/setup.sh as root" >&2
  exit 2
fi
if [ ! -f "$asan_dir/build.ninja" ]; then
  launcher=()
  if command -v ccache >/dev/null; then
    launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
  fi
  # Release (-O3 -DNDEBUG) as the normal build and as Debian's libMLIR, so
  # that headers compile to the same layouts on both sides. Warnings are the
  # GCC build's job; clang's extra ones must not break this stage.
  cmake -G Ninja -S . -B "$asan_dir" -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
    -DGRAPH_DIFF_ENABLE_FUZZERS=ON -DGRAPH_DIFF_WERROR=OFF \
    "${launcher[@]}" >&2
fi
[ "$configure_only" -eq 1 ] && exit 0

export CCACHE_BASEDIR=${CCACHE_BASEDIR:-$(cd .. && pwd)}
start=$SECONDS
ninja -C "$asan_dir" >&2
echo "sanitize.sh: built $asan_dir in $((SECONDS - start)) s" >&2

eval "$(python3 test/Sanitizers/options.py)"
status=0
start=$SECONDS
lit_args=(-sv)
[ -n "$results" ] && lit_args+=(--xunit-xml-output "$results/asan-lit.xml")
/usr/lib/llvm-22/bin/lit "${lit_args[@]}" "$asan_dir/test" "$asan_dir/test/Unit" || status=$?
echo "sanitize.sh: lit under ASan+UBSan took $((SECONDS - start)) s" >&2

# Each target: its seeds, then a fixed number of mutants of them. Not from
# what earlier runs kept (fuzz.sh's corpus) and not for a fixed time: a
# fresh corpus, a fixed seed and a fixed count make the same run here as on
# a clean CI machine, whatever the speed, so that what CI would find is
# found before a change is submitted.
# The properties of known, open findings (test/Fuzz/open/skip) are not
# checked, as fuzz.sh does by default; everything else is.
unset GRAPH_DIFF_FUZZ_SKIP
fuzz_xml=""
for target in "${fuzz_targets[@]}"; do
  start=$SECONDS
  # Any finding fails the run: a sanitizer report, a crash, a timeout, or a
  # violated property (a plan that does not verify, an error without a
  # location, ...). The input is kept under $asan_dir/fuzz/artifacts/TARGET/;
  # replay it with $asan_dir/bin/graph-diff-fuzz-TARGET FILE.
  log="$asan_dir/fuzz/$target.log"
  runs=$((smoke_runs[$target] * smoke_scale))
  rm -rf "$asan_dir/fuzz/smoke-corpus/$target"
  if FUZZ_CORPUS_DIR="$asan_dir/fuzz/smoke-corpus/$target" \
    bash scripts/fuzz.sh "$target" 1800 -seed=1 -runs="$runs"; then
    fuzz_xml+="<testcase classname=\"fuzz\" name=\"$target\" time=\"$((SECONDS - start))\"/>"
    continue
  fi
  status=1
  what="finding"
  if [ -f "$log" ] && grep -q "graph-diff fuzz: property violated" "$log"; then
    what=$(grep -m1 "graph-diff fuzz: property violated" "$log" | sed 's/^graph-diff fuzz: //')
  elif [ -f "$log" ] && grep -qE "ERROR: (AddressSanitizer|LeakSanitizer|libFuzzer)|runtime error:" "$log"; then
    what=$(grep -m1 -E "ERROR: (AddressSanitizer|LeakSanitizer|libFuzzer)|runtime error:" "$log")
  fi
  echo "sanitize.sh: fuzz $target FAILED: $what" >&2
  grep -h "Test unit written to" "$log" >&2 2>/dev/null || true
  what=$(printf '%s' "$what" | sed 's/&/\&amp;/g; s/"/\&quot;/g; s/</\&lt;/g; s/>/\&gt;/g')
  fuzz_xml+="<testcase classname=\"fuzz\" name=\"$target\"><failure message=\"$what\"/></testcase>"
done
if [ -n "$results" ]; then
  echo "<testsuites><testsuite name=\"fuzz-smoke\">$fuzz_xml</testsuite></testsuites>" \
    > "$results/fuzz-smoke.xml"
fi
exit $status
