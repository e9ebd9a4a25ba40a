#!/usr/bin/env bash
# Sets up, builds, and runs every test (lit + FileCheck tests and the
# GoogleTest unit tests, all through lit), then the sanitizer stage
# (scripts/sanitize.sh: the same suite under ASan+UBSan and a short run of
# each fuzz target; SANITIZE=0 skips it). The last line says how many passed
# and failed in all; the exit code is non-zero if any failed.
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir=${BUILD_DIR:-build}

if [ "$(id -u)" -eq 0 ]; then bash scripts/setup.sh; else bash scripts/setup.sh || true; fi
bash scripts/build.sh

lit=/usr/lib/llvm-22/bin/lit
results=$(mktemp -d)
trap 'rm -rf "$results"' EXIT
status=0
start=$SECONDS
"$lit" -sv --xunit-xml-output "$results/lit.xml" "$build_dir/test" "$build_dir/test/Unit" || status=$?
echo "test.sh: lit took $((SECONDS - start)) s" >&2

sanitize_status=0
if [ "${SANITIZE:-1}" != 0 ]; then
  start=$SECONDS
  bash scripts/sanitize.sh --results "$results" || sanitize_status=$?
  [ "$sanitize_status" -eq 0 ] || status=1
  echo "test.sh: the sanitizer stage took $((SECONDS - start)) s" >&2
fi

python3 - "$results" "$sanitize_status" <<'PY'
import glob, os, sys, xml.etree.ElementTree as ET
names = {"lit.xml": "tests", "asan-lit.xml": "tests under ASan+UBSan",
         "fuzz-smoke.xml": "fuzz smoke runs"}
total = [0, 0, 0]
order = list(names)
paths = glob.glob(os.path.join(sys.argv[1], "*.xml"))
paths.sort(key=lambda p: (order.index(os.path.basename(p)) if os.path.basename(p) in order else len(order), p))
for path in paths:
    counts = [0, 0, 0]
    for case in ET.parse(path).getroot().iter("testcase"):
        if case.find("failure") is not None or case.find("error") is not None:
            counts[1] += 1
        elif case.find("skipped") is not None:
            counts[2] += 1
        else:
            counts[0] += 1
    total = [a + b for a, b in zip(total, counts)]
    name = names.get(os.path.basename(path), os.path.basename(path))
    print(f"  {name}: {counts[0]} passed, {counts[1]} failed, {counts[2]} skipped")
if sys.argv[2] != "0" and total[1] == 0:
    # The sanitizer stage failed before any test could (setup or build).
    print("  the sanitizer stage failed to set up or build: 1 failed")
    total[1] += 1
print(f"graph-diff tests: {total[0]} passed, {total[1]} failed, {total[2]} skipped")
PY
exit $status
