#!/usr/bin/env bash
# Runs fuzz targets one after another, for a fuzzing campaign whose runs add
# up (docs/Testing.md, "Fuzzing record"):
#
#   bash scripts/fuzz-campaign.sh SECONDS ROUNDS [TARGET...]
#
# Each round runs every TARGET (default: all eight) for SECONDS under
# `nice -n 19`, from its kept corpus, with a seed of its own (one more than
# the last seed the record holds). Each run appends one line to
# build-asan/fuzz/campaign.tsv: date, target, seed, seconds, executions,
# executions/s, findings, exit code. A run that finds something stops the
# campaign, so that the finding is looked at first; `--keep-going` goes on.
set -euo pipefail
cd "$(dirname "$0")/.."
keep_going=0
if [ "${1:-}" = --keep-going ]; then
  keep_going=1
  shift
fi
if [ $# -lt 2 ]; then
  echo "usage: scripts/fuzz-campaign.sh [--keep-going] SECONDS ROUNDS [TARGET...]" >&2
  exit 2
fi
seconds=$1 rounds=$2
shift 2
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(diff check-plan switcheroo translate api sim profile pipeline)
asan_dir=${ASAN_BUILD_DIR:-build-asan}
record=$asan_dir/fuzz/campaign.tsv
mkdir -p "$asan_dir/fuzz"
[ -f "$record" ] || printf 'date\ttarget\tseed\tseconds\texecutions\tper_second\tfindings\texit\n' >"$record"
seed=$(awk -F'\t' 'NR > 1 && $3 + 0 > max { max = $3 + 0 } END { print max + 100 }' "$record")
for ((round = 1; round <= rounds; ++round)); do
  for target in "${targets[@]}"; do
    seed=$((seed + 1))
    start=$SECONDS
    status=0
    summary=$(nice -n 19 bash scripts/fuzz.sh "$target" "$seconds" -seed="$seed" 2>&1 | tail -1) || status=$?
    echo "$summary" >&2
    runs=$(sed -n 's/^fuzz [^:]*: \([0-9]*\) executions.*/\1/p' <<<"$summary")
    rate=$(sed -n 's/.*(\([0-9.?]*\)\/s).*/\1/p' <<<"$summary")
    findings=$(sed -n 's/.*, \([0-9]*\) finding(s).*/\1/p' <<<"$summary")
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$(date -u +%FT%TZ)" "$target" "$seed" \
      "$((SECONDS - start))" "${runs:-0}" "${rate:-?}" "${findings:-?}" "$status" >>"$record"
    if [ "$status" != 0 ] && [ "$keep_going" = 0 ]; then
      echo "fuzz-campaign: $target stopped (exit $status); see $asan_dir/fuzz/artifacts/$target/" >&2
      exit "$status"
    fi
  done
done
awk -F'\t' 'NR > 1 { runs[$2] += $5 } END { for (t in runs) printf "fuzz-campaign: %s: %d executions recorded\n", t, runs[t] }' "$record" | sort >&2
