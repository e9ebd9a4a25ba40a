#!/usr/bin/env bash
# Sets up, builds, and runs every test (lit + FileCheck tests and the
# GoogleTest unit tests, all through lit). The last line says how many passed
# and failed; the exit code is non-zero if any failed.
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir=${BUILD_DIR:-build}

if [ "$(id -u)" -eq 0 ]; then bash scripts/setup.sh; else bash scripts/setup.sh || true; fi
bash scripts/build.sh

lit=/usr/lib/llvm-22/bin/lit
results=$(mktemp)
trap 'rm -f "$results"' EXIT
status=0
"$lit" -sv --xunit-xml-output "$results" "$build_dir/test" "$build_dir/test/Unit" || status=$?

python3 - "$results" <<'PY'
import sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
cases = root.iter("testcase")
passed = failed = skipped = 0
for case in cases:
    if case.find("failure") is not None or case.find("error") is not None:
        failed += 1
    elif case.find("skipped") is not None:
        skipped += 1
    else:
        passed += 1
print(f"graph-diff tests: {passed} passed, {failed} failed, {skipped} skipped")
PY
exit $status
