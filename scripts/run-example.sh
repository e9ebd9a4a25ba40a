#!/usr/bin/env bash
# Sets up, builds, and runs graph-diff-opt on the bundled example: a small
# convolution block before and after an optimizer fused Conv2d, BatchNorm2d and
# ReLU into one node.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "$(id -u)" -eq 0 ]; then bash scripts/setup.sh; else bash scripts/setup.sh || true; fi
bash scripts/build.sh
status=0
"${BUILD_DIR:-build}/bin/graph-diff-opt" examples/conv-block/source.mlir \
  examples/conv-block/target.mlir --verify "$@" || status=$?
# Exit codes follow diff(1): 1 means "the graphs differ", which is the point.
[ "$status" -le 1 ]
