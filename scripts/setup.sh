#!/usr/bin/env bash
# Installs everything graph-diff needs on Debian bookworm (run as root; idempotent,
# non-interactive). LLVM/MLIR 22 and clang-22 come from bookworm-security.
set -euo pipefail

packages=(
  llvm-22-dev libmlir-22-dev mlir-22-tools llvm-22-tools
  cmake ninja-build g++ libgtest-dev libbenchmark-dev
  python3 zlib1g-dev libzstd-dev libedit-dev libxml2-dev libcurl4-openssl-dev
  graphviz chromium
  pybind11-dev python3-dev python3-pytest
  # test/Python checks the module's type stubs with `mypy --strict`.
  python3-mypy
  parallel
  git
  # test/APIDiff/elf-abidiff.test checks graph-diff-api's ABI diffs of shared
  # libraries against libabigail's abidiff (UNSUPPORTED without it).
  abigail-tools
  # clingo (Debian's gringo package): runs compspec's is-compatible.lp as
  # the oracle of --format=compspec (test/APIDiff/compspec-oracle.py).
  gringo
  # scripts/build.sh compiles through ccache when it is installed: a second
  # checkout (CI's clone, a worktree) then compiles only what changed.
  ccache
)
# The sanitizer and fuzzing build (scripts/sanitize.sh, scripts/fuzz.sh):
# clang with its ASan/UBSan/libFuzzer runtimes. `setup.sh --no-sanitizers`
# leaves them out.
sanitizer_packages=(clang-22 libclang-rt-22-dev)
if [ "${1:-}" != "--no-sanitizers" ]; then
  packages+=("${sanitizer_packages[@]}")
fi

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "setup: all packages already installed" >&2
  exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
  echo "setup: missing packages (${missing[*]}); run this script as root" >&2
  exit 2
fi

echo "setup: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
echo "setup: done" >&2
