#!/usr/bin/env bash
# Configures and builds graph-diff into build/ (or $BUILD_DIR) with Ninja.
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir=${BUILD_DIR:-build}
launcher=()
# ccache, when installed, shares objects between checkouts (CCACHE_BASEDIR
# makes its keys independent of where the checkout lives).
if command -v ccache >/dev/null; then
  launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
  export CCACHE_BASEDIR=${CCACHE_BASEDIR:-$(cd .. && pwd)}
fi
if [ ! -f "$build_dir/build.ninja" ]; then
  cmake -G Ninja -S . -B "$build_dir" -DCMAKE_BUILD_TYPE=Release "${launcher[@]}" >&2
fi
ninja -C "$build_dir" >&2
