#!/usr/bin/env bash
# Diffs every corpus model against itself after real mlir-opt pipelines and
# prints a Markdown table: plan actions against a lower bound, source nodes
# left unmatched although unchanged, ambiguous nodes, whether the plan
# verifies, diff time. This is the table of docs/MatchingTables.md, summed
# per pipeline in docs/Measuring.md.
#
# usage: scripts/corpus-report.sh [BUILD_DIR] [CORPUS_DIR]
#   BUILD_DIR  holds bin/graph-diff-match-stats (default: build)
#   CORPUS_DIR the model corpus (default: ../shared/corpus)
# Exits 1 if any plan fails to verify.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
corpus=${2:-$root/../shared/corpus}
stats=$build/bin/graph-diff-match-stats
mlir_opt=${MLIR_OPT:-/usr/lib/llvm-22/bin/mlir-opt}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

tosa_pipeline='--pass-pipeline=builtin.module(func.func(tosa-optional-decompositions,tosa-to-linalg-named,tosa-to-linalg,tosa-to-arith{include-apply-rescale=true},tosa-to-tensor),canonicalize,cse,func.func(linalg-fuse-elementwise-ops),canonicalize,cse)'

# name|mlir-opt arguments (one word each, no spaces inside)
pipelines=(
  "fuse|--linalg-fuse-elementwise-ops"
  "canon+cse|--canonicalize --cse"
  "generalize+fuse|--linalg-generalize-named-ops --linalg-fuse-elementwise-ops"
)

echo "| model | pipeline | debuginfo | graph | src nodes | tgt nodes | actions | lower bound | unchanged unmatched | ambiguous | verified | diff ms | actions by kind |"
echo "|---|---|---|---|---:|---:|---:|---:|---:|---:|---|---:|---|"
status=0
for model in "$corpus"/linalg/*.mlir "$corpus"/tosa/*.mlir; do
  name=$(basename "$(dirname "$model")")/$(basename "$model" .mlir)
  cases=("${pipelines[@]}")
  if [[ $model == */tosa/* ]]; then
    cases+=("tosa-to-linalg|$tosa_pipeline")
  fi
  for entry in "${cases[@]}"; do
    label=${entry%%|*}
    read -r -a args <<<"${entry#*|}"
    for debuginfo in no yes; do
      extra=()
      [[ $debuginfo == yes ]] && extra=(--mlir-print-debuginfo)
      target=$work/target.mlir
      if ! "$mlir_opt" "$model" "${args[@]}" "${extra[@]}" -o "$target" 2>"$work/err"; then
        echo "| $name | $label | $debuginfo | (mlir-opt failed: $(head -c 80 "$work/err" | tr '\n|' '  ')) | | | | | | | | | |"
        continue
      fi
      # Exit 1 only says the graphs differ; 2 is trouble (or an unverified plan).
      rc=0
      "$stats" "$model" "$target" >"$work/out" 2>"$work/err" || rc=$?
      if [[ $rc == 2 ]]; then
        status=1
      fi
      if [[ ! -s $work/out ]]; then
        echo "| $name | $label | $debuginfo | (graph-diff failed: $(head -c 80 "$work/err" | tr '\n|' '  ')) | | | | | | | | | |"
        status=1
        continue
      fi
      while IFS=$'\t' read -r graph src tgt actions bound unmatched ambiguous verified seconds kinds; do
        ms=$(awk -v s="$seconds" 'BEGIN { printf "%.1f", s * 1000 }')
        echo "| $name | $label | $debuginfo | @$graph | $src | $tgt | $actions | $bound | $unmatched | $ambiguous | $verified | $ms | ${kinds//,/, } |"
      done <"$work/out"
    done
  done
done
exit $status
